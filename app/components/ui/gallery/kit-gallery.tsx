import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "../root-data";
import { CodeBlock } from "../code-block";
import { UrlDialog } from "../dialog";
import { CopyTextButton } from "../copy-text-button";
import { DismissibleBanner } from "../dismissible-banner";
import { EmptyState } from "../empty-state";
import { ErrorPanel } from "../error-panel";
import { Gauge, LinearGauge } from "../gauge";
import { InfoCard } from "../info-card";
import { Link } from "../link";
import { Markdown } from "../markdown";
import { DropdownMenu } from "../menu";
import { NoInformation, PermissionRequiredAlert } from "../notices";
import { Header, PAGE_THEMES } from "../page";
import { Pagination } from "../pagination";
import { errorResponseBodyOf } from "../response-error";
import { ResponseErrorPanel } from "../response-error-panel";
import { Select } from "../select";
import { StatusBadge, STATUSES } from "../status-badge";
import { Table } from "../table";
import { ExpandableAlertPanel, WarningPanel } from "../warning-panel";
import { GALLERY_OPTIONS, GALLERY_ROWS, GALLERY_COLUMNS } from "./gallery-samples";

// The gallery's sections, one per kit component, each showing the states a
// page can put it in. The samples are illustrations, named as such.

export const GALLERY_BANNER_ID = "ui-kit-gallery-banner";
/** The query parameter that opens the gallery's example dialog. */
export const GALLERY_DIALOG_PARAM = "kit-dialog";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`kit-${id}`} data-kit-section={id} className="flex flex-col gap-3">
      <h2 id={`kit-${id}`} className="border-b border-slate-200 pb-1 text-xl font-semibold dark:border-slate-800">
        {title}
      </h2>
      {children}
    </section>
  );
}

const sampleError = {
  name: "TypeError",
  message: "Cannot read properties of undefined (reading 'spec')",
  stack: "TypeError: Cannot read properties of undefined (reading 'spec')\n    at aboutCard (about-card.tsx:12:7)\n    at renderCard (entity-cards.tsx:20:3)",
};

export function KitGallery({ dismissed, samples }: { dismissed: readonly string[] | undefined; samples: { markdownHtml: string; codeHtml: string } }) {
  const t = useTranslation();
  const location = useLocation();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-10 px-6 py-6">
      <Section id="banner" title="Dismissible banner">
        <DismissibleBanner id={GALLERY_BANNER_ID} dismissed={dismissed}>
          This is the gallery's banner: dismiss it and it stays dismissed for you.
        </DismissibleBanner>
      </Section>

      <Section id="panels" title="Warning, alert and error panels">
        <WarningPanel title="The entity has no owner" message="Set spec.owner so people know whom to ask." />
        <WarningPanel title="Some relations could not be resolved" severity="error">
          <p>component:default/ghost is not in the catalog.</p>
        </WarningPanel>
        <ExpandableAlertPanel title="Three pods restarted" severity="warning" summary="The last restart was 4 minutes ago.">
          <p>Container api restarted 3 times; last termination reason OOMKilled.</p>
        </ExpandableAlertPanel>
        <ErrorPanel error={sampleError} />
        <ResponseErrorPanel body={errorResponseBodyOf({ status: 503, statusText: "Service Unavailable", body: "upstream timed out", request: { method: "GET", url: "/api/kubernetes/clusters" } })} />
        <PermissionRequiredAlert permission="catalog.entity.delete">You may not unregister this entity.</PermissionRequiredAlert>
        <NoInformation />
      </Section>

      <Section id="status" title="Status badges">
        <ul className="flex flex-wrap gap-6">
          {STATUSES.map((status) => (
            <li key={status}>
              <StatusBadge status={status} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="gauges" title="Gauges and usage bars">
        <div className="flex flex-wrap gap-6">
          <Gauge value={20} label="Below a third" />
          <Gauge value={50} label="Below two thirds" />
          <Gauge value={90} label="Above two thirds" />
          <Gauge value={6} max={8} unit=" GiB" label="Out of 8 GiB" />
        </div>
        <dl className="grid max-w-xl grid-cols-[8rem_1fr] items-center gap-3 text-sm">
          {[Number.NaN, 20, 65, 95, 120].map((percent) => (
            <div key={String(percent)} className="contents">
              <dt>{Number.isNaN(percent) ? "not a number" : `${percent}%`}</dt>
              <dd className="flex flex-col gap-2">
                <LinearGauge percent={percent} />
                <LinearGauge percent={percent} thin />
              </dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="table" title="Table with filters">
        <Table id="kit" title="Services (examples)" columns={GALLERY_COLUMNS} rows={GALLERY_ROWS} rowKey={(row) => row.name} filters={["lifecycle", "owner"]} searchable pageSize={5} />
        <Table id="kit-empty" title="An empty table" columns={GALLERY_COLUMNS} rows={[]} rowKey={(row) => row.name} />
      </Section>

      <Section id="select" title="Select inputs">
        <form method="get" className="flex max-w-md flex-col gap-4">
          <Select name="short" label="A short list (native)" options={GALLERY_OPTIONS.slice(0, 4)} placeholder={t("uiKit.table.allResults")} />
          <Select name="long" label={`A long list of ${GALLERY_OPTIONS.length} options (virtualised with JavaScript)`} options={GALLERY_OPTIONS} defaultValue={GALLERY_OPTIONS[0]?.value} />
        </form>
      </Section>

      <Section id="menus-dialogs" title="Menus and dialogs">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          A menu is a &lt;details&gt; of links without JavaScript and Headless UI&apos;s Menu with it (arrow keys, Home, End, Escape). A dialog opened by the URL is a page with a Close link without
          JavaScript and Headless UI&apos;s Dialog with it (Tab stays inside, Escape closes).
        </p>
        <div className="flex items-center gap-4">
          <DropdownMenu
            label="An example menu"
            buttonClassName="rounded border border-slate-300 px-3 py-1 text-sm font-medium dark:border-slate-600"
            groups={[
              {
                heading: "Links",
                entries: [
                  { kind: "link", label: "Open the example dialog", to: `/dev/ui-kit?${GALLERY_DIALOG_PARAM}` },
                  { kind: "link", label: "Backstage (outside)", to: "https://backstage.io" },
                ],
              },
              { heading: "Other entries", entries: [{ kind: "disabled", label: "A disabled entry", title: "Disabled, with the reason as its title" }] },
            ]}
            testId="kit-menu"
          />
          <Link to={`/dev/ui-kit?${GALLERY_DIALOG_PARAM}`} className="text-brand-600 underline dark:text-brand-300">
            Open the example dialog
          </Link>
        </div>
        {new URLSearchParams(location.search).has(GALLERY_DIALOG_PARAM) ? (
          <UrlDialog title="An example dialog" closeTo="/dev/ui-kit" size="narrow" testId="kit-dialog">
            <p>Opened by the URL (?{GALLERY_DIALOG_PARAM}). Close it with the × link, Escape or a click outside.</p>
            <label className="mt-3 flex flex-col gap-1 text-sm">
              A field inside the dialog
              <input name="example" className="rounded border border-slate-300 bg-white p-2 dark:border-slate-600 dark:bg-slate-900" />
            </label>
          </UrlDialog>
        ) : null}
      </Section>

      <Section id="pagination" title="Pagination">
        <Pagination links={{ previous: "/dev/ui-kit?page=1", next: "/dev/ui-kit?page=3" }}>
          <span>11-20 of 42</span>
        </Pagination>
      </Section>

      <Section id="cards" title="Info card, links and copy">
        <div className="grid gap-4 md:grid-cols-2">
          <InfoCard id="kit-example" title="About" subheader="An info card with a deep link" deepLink={{ title: "View the catalog", link: "/catalog" }}>
            <p className="flex items-center gap-2">
              <code className="font-mono">npm run dev</code>
              <CopyTextButton text="npm run dev" />
            </p>
          </InfoCard>
          <InfoCard id="kit-links" title="Links">
            <ul className="flex flex-col gap-2">
              <li>
                <Link to="/catalog" className="underline">
                  An in-app link
                </Link>
              </li>
              <li>
                <Link to="https://backstage.io" className="underline">
                  An external link
                </Link>
              </li>
              <li>
                <Link to="javascript:alert(1)" className="underline" data-testid="rejected-link">
                  A javascript: link, rejected
                </Link>
              </li>
            </ul>
          </InfoCard>
        </div>
      </Section>

      <Section id="empty-state" title="Empty state">
        <EmptyState
          title="No templates yet"
          description="Register a template to let teams start new components."
          missing="content"
          action={
            <Link to="/catalog" className="rounded bg-brand-600 px-4 py-2 font-semibold text-white">
              Register one
            </Link>
          }
        />
      </Section>

      <Section id="markdown" title="Markdown and code">
        <Markdown html={samples.markdownHtml} />
        <CodeBlock html={samples.codeHtml} language="yaml" label="catalog-info.yaml" />
      </Section>

      <Section id="themes" title={t("uiKit.gallery.themes")}>
        <div className="grid gap-3 md:grid-cols-2">
          {PAGE_THEMES.map((theme) => (
            <div key={theme} className="overflow-hidden rounded">
              <Header theme={theme} title={theme} />
            </div>
          ))}
        </div>
      </Section>
    </div>
  );
}
