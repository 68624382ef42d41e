import type { ReactNode } from "react";
import { EntityRefLink } from "~/components/catalog/entity-ref-link";
import { Avatar } from "~/components/ui/avatar";
import { Link } from "~/components/ui/link";
import { Pagination } from "~/components/ui/pagination";
import { useTranslation } from "~/components/ui/root-data";
import { entityRoute } from "~/lib/catalog/entity-route";
import type { CardView, OwnershipAggregation } from "~/lib/catalog/entity-page/entity-page-view";
import type { Presentations } from "~/lib/catalog/presentation";
import { CardField } from "./about-card";
import { InfoCard } from "./info-card";

// Backstage's org plugin cards for User and Group pages, rendered on the
// server (app/lib/catalog/entity-page/org-cards.server.ts reads them): the
// paging and the direct/aggregated switch are links, so they work without
// JavaScript and every view is a URL.

type View<Name extends CardView["card"]> = Extract<CardView, { card: Name }>;

const muted = "text-slate-600 dark:text-slate-400";

function RefList({ refs, presentations }: { refs: string[]; presentations: Presentations }) {
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1">
      {refs.map((ref) => (
        <li key={ref}>
          <EntityRefLink entityRef={ref} presentations={presentations} defaultKind="group" />
        </li>
      ))}
    </ul>
  );
}

function Email({ email }: { email: string }) {
  return (
    <Link to={`mailto:${email}`} className="text-brand-600 hover:underline dark:text-brand-300">
      {email}
    </Link>
  );
}

function Profile({ title, picture, children }: { title: string; picture?: string; children: ReactNode }) {
  const t = useTranslation();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <Avatar name={title} picture={picture} alt={picture ? t("entityPage.org.picture", { name: title }) : undefined} size="lg" />
      <dl className="grid min-w-0 flex-1 grid-cols-1 gap-4">{children}</dl>
    </div>
  );
}

export function UserProfileCard({ view, presentations }: { view: View<"userProfile">; presentations: Presentations }) {
  const t = useTranslation();
  return (
    <InfoCard id="user-profile" title={view.title} subheader={view.description}>
      <Profile title={view.title} picture={view.picture}>
        {view.email ? (
          <CardField label={t("entityPage.org.email")}>
            <Email email={view.email} />
          </CardField>
        ) : null}
        <CardField label={t("entityPage.org.memberOf")}>
          {view.memberOf.length ? <RefList refs={view.memberOf} presentations={presentations} /> : <span className={muted}>{t("entityPage.cards.empty")}</span>}
        </CardField>
      </Profile>
    </InfoCard>
  );
}

export function GroupProfileCard({ view, presentations }: { view: View<"groupProfile">; presentations: Presentations }) {
  const t = useTranslation();
  return (
    <InfoCard id="group-profile" title={view.title} subheader={view.description}>
      <Profile title={view.title} picture={view.picture}>
        <CardField label={t("entityPage.org.entityRef")}>
          <code className="text-sm">{view.entityRef}</code>
        </CardField>
        {view.email ? (
          <CardField label={t("entityPage.org.email")}>
            <Email email={view.email} />
          </CardField>
        ) : null}
        {view.parent ? (
          <CardField label={t("entityPage.org.parentGroup")}>
            <EntityRefLink entityRef={view.parent} presentations={presentations} defaultKind="group" />
          </CardField>
        ) : null}
        {view.children.length ? (
          <CardField label={t("entityPage.org.childGroups")}>
            <RefList refs={view.children} presentations={presentations} />
          </CardField>
        ) : null}
      </Profile>
    </InfoCard>
  );
}

export function MembersListCard({ view }: { view: View<"membersList"> }) {
  const t = useTranslation();
  const subheader = `${t("entityPage.org.membersOf", { groupName: view.groupTitle })}${view.pages > 1 ? `, ${t("entityPage.org.membersPage", { page: view.page, nbPages: view.pages })}` : ""}`;
  return (
    <InfoCard id="members-list" title={`${t("entityPage.org.members")} (${view.total})`} subheader={subheader}>
      {view.members.length === 0 ? (
        <p className={muted}>{t("entityPage.org.noMembers")}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {view.members.map((member) => (
            <li key={member.entityRef} className="flex min-w-0 items-center gap-3 rounded border border-slate-200 p-3 dark:border-slate-800">
              <Avatar name={member.displayName} picture={member.picture} size="sm" />
              <div className="min-w-0">
                <Link to={entityRoute(member.entityRef)} className="block truncate font-semibold text-brand-600 hover:underline dark:text-brand-300">
                  {member.displayName}
                </Link>
                {member.email ? (
                  <span className="block truncate text-sm">
                    <Email email={member.email} />
                  </span>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {view.pages > 1 ? <Pagination links={view.links} label={t("entityPage.org.membersPages")} /> : null}
    </InfoCard>
  );
}

export function OwnershipCard({ view }: { view: View<"ownership"> }) {
  const t = useTranslation();
  const option = (value: OwnershipAggregation, label: string) => {
    const active = view.aggregation === value;
    return (
      <Link
        to={view.links[value]}
        aria-current={active ? "true" : undefined}
        className={`rounded px-2 py-1 text-sm font-semibold ${active ? "bg-brand-600 text-white" : "text-brand-600 hover:bg-brand-100/40 dark:text-brand-300"}`}
      >
        {label}
      </Link>
    );
  };
  return (
    <InfoCard
      id="ownership"
      title={t("entityPage.org.ownership")}
      actions={
        <div role="group" aria-label={t("entityPage.org.ownershipType")} className="flex flex-wrap gap-1">
          {option("direct", t("entityPage.org.directRelations"))}
          {option("aggregated", t("entityPage.org.aggregatedRelations"))}
        </div>
      }
    >
      {view.boxes.length === 0 ? (
        <p className={muted}>{t("entityPage.org.ownsNothing")}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          {view.boxes.map((box) => {
            const name = (box.type ?? box.kind).toLocaleUpperCase("en-US");
            return (
              <li key={`${box.kind}:${box.type ?? ""}`}>
                <Link to={box.href} className="flex flex-col items-center rounded bg-brand-600 px-3 py-4 text-white shadow hover:bg-brand-700">
                  <span className="text-2xl font-bold">{box.count}</span> <span className="text-sm font-bold break-all">{name}</span> <span className="text-xs">{box.kind}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </InfoCard>
  );
}
