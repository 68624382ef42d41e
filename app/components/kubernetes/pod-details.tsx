import { Form, useActionData, useNavigation } from "react-router";
import { LinearGauge } from "~/components/ui/gauge";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/root-data";
import { StatusBadge } from "~/components/ui/status-badge";
import { formReplyOf, replyErrors } from "~/lib/forms/reply";
import { DELETE_POD_INTENT } from "~/lib/kubernetes/delete-pod";
import type { ContainerCard as ContainerCardView, DrawerError, KubernetesDrawerView, PodDrawerView } from "~/lib/kubernetes/drawer-view";
import { TAB_PARAMS } from "~/lib/kubernetes/tab-urls";
import type { UtilizationBars } from "~/lib/kubernetes/utilization";
import { TabLink } from "./tab-link";
import { useTabLinks } from "./use-tab-links";

/** Container cards sit in a grid whose columns are at least 22em wide (Backstage's `PodDrawer`). */
export const CARD_GRID = "grid gap-4 grid-cols-[repeat(auto-fill,minmax(min(22em,100%),1fr))]";

/** Backstage's `ResourceUtilization`: CPU and memory against requests and limits, a bar each. */
export function ResourceUtilization({ bars, compact = false }: { bars: UtilizationBars; compact?: boolean }) {
  const t = useTranslation();
  return (
    <section data-utilization="" className="flex flex-col gap-2">
      <h4 className="font-semibold">{t("kubernetes.drawer.resourceUtilization")}</h4>
      {[bars.cpuRequests, bars.cpuLimits, bars.memoryRequests, bars.memoryLimits].map((bar) => (
        <div key={bar.title} className="text-sm">
          <p>
            {bar.title}: {bar.totalFormatted}
          </p>
          <div className="flex items-center gap-2">
            <LinearGauge percent={bar.percent} thin={compact} label={`${bar.title}: ${bar.percent}%`} />
            <span className="w-12 shrink-0 text-right">{bar.percent}%</span>
          </div>
        </div>
      ))}
    </section>
  );
}

/**
 * The 'Delete Pod' button: a form post the entity page's action answers
 * (app/lib/kubernetes/delete-pod.server.ts); busy while it runs, and the
 * action's refusal below it.
 */
function DeletePodButton({ drawer }: { drawer: KubernetesDrawerView }) {
  const t = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === DELETE_POD_INTENT;
  const reply = formReplyOf(useActionData());
  const errors = !busy && reply?.initialValue?.intent === DELETE_POD_INTENT && reply.initialValue.pod === drawer.name ? replyErrors(reply) : [];
  return (
    <Form method="post" preventScrollReset className="flex flex-col items-start gap-2">
      <input type="hidden" name="intent" value={DELETE_POD_INTENT} />
      <input type="hidden" name="cluster" value={drawer.cluster} />
      <input type="hidden" name="namespace" value={drawer.namespace} />
      <input type="hidden" name="pod" value={drawer.name} />
      <button type="submit" disabled={busy} aria-busy={busy} className="rounded bg-red-700 px-3 py-1 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60">
        {busy ? <span aria-hidden="true" className="mr-2 inline-block h-3 w-3 animate-spin rounded-full border-2 border-white border-t-transparent" /> : null}
        {t("kubernetes.drawer.deletePod")}
        {busy ? <span className="sr-only"> {t("kubernetes.drawer.deleting")}</span> : null}
      </button>
      {errors.length > 0 ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errors.join(" ")}
        </p>
      ) : null}
    </Form>
  );
}

function ContainerCard({ card, terminal }: { card: ContainerCardView; terminal: boolean }) {
  const t = useTranslation();
  const links = useTabLinks();
  if (card.error) {
    return (
      <article data-container={card.name} className="rounded border border-slate-200 p-4 dark:border-slate-700">
        <h4 className="font-semibold">{card.name}</h4>
        <p className="text-red-700 dark:text-red-300">{card.error}</p>
      </article>
    );
  }
  const facts: Array<[string, string | number | undefined]> = [
    [t("kubernetes.container.image"), card.image],
    [t("kubernetes.container.started"), card.started],
    [t("kubernetes.container.completed"), card.completed],
    [t("kubernetes.container.executionTime"), card.executionTime],
    [t("kubernetes.container.status"), card.status],
    [t("kubernetes.container.restarts"), card.restarts],
  ];
  const button = "rounded border border-slate-300 px-3 py-1 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";
  return (
    <article data-container={card.name} className="flex flex-col gap-3 rounded border border-slate-200 p-4 dark:border-slate-700">
      <h4 className="font-semibold break-all">{card.name}</h4>
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-sm">
        {facts
          .filter(([, value]) => value !== undefined)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
      </dl>
      <section>
        <h5 className="font-semibold">{t("kubernetes.container.health")}</h5>
        <ul className="text-sm">
          {card.health.map((check) => (
            <li key={check.label}>
              <StatusBadge status={check.ok ? "ok" : "error"}>{check.label}</StatusBadge>
            </li>
          ))}
        </ul>
      </section>
      {card.utilization ? <ResourceUtilization bars={card.utilization} compact /> : null}
      <div className="flex gap-2">
        <TabLink to={links.with({ [TAB_PARAMS.logs]: card.name, [TAB_PARAMS.previous]: undefined, [TAB_PARAMS.events]: undefined })} className={button}>
          {t("kubernetes.container.logs")}
        </TabLink>
        {terminal ? (
          <TabLink to={links.with({ [TAB_PARAMS.terminal]: card.name, [TAB_PARAMS.logs]: undefined, [TAB_PARAMS.events]: undefined })} className={button}>
            {t("kubernetes.container.terminal")}
          </TabLink>
        ) : null}
      </div>
    </article>
  );
}

/** Backstage's `ErrorList` with its `FixDialog`: each error, and under 'Help' its cause, fix and where to look. */
function ErrorList({ errors }: { errors: DrawerError[] }) {
  const t = useTranslation();
  const links = useTabLinks();
  // As Backstage's pod drawer, the list and its heading appear only when there is something to fix.
  if (errors.length === 0) return null;
  return (
    <section aria-labelledby="kubernetes-drawer-errors" className="flex flex-col gap-2">
      <h3 id="kubernetes-drawer-errors" className="text-lg font-semibold">
        {t("kubernetes.drawer.errors")}
      </h3>
      <ul className="flex flex-col gap-2">
        {errors.map((error, index) => (
          <li key={`${error.type}-${index}`} data-error={error.type} className="rounded border border-slate-200 p-3 dark:border-slate-700">
            <StatusBadge status="error">{error.message}</StatusBadge>
            {error.help ? (
              <details className="mt-2">
                <summary className="cursor-pointer text-sm font-semibold text-brand-600 dark:text-brand-300">{t("kubernetes.help.button")}</summary>
                <div className="mt-2 flex flex-col gap-2 text-sm">
                  <p>
                    <strong>{t("kubernetes.help.detectedError")}</strong> {error.message}
                  </p>
                  <p>
                    <strong>{t("kubernetes.help.cause")}</strong> {error.help.cause}
                  </p>
                  <div>
                    <strong>{t("kubernetes.help.fix")}</strong>
                    <ul className="list-disc pl-5">
                      {error.help.actions.map((action) => (
                        <li key={action}>{action}</li>
                      ))}
                    </ul>
                  </div>
                  {error.help.fix.type === "docs" ? (
                    <Link to={error.help.fix.docsLink} className="font-semibold text-brand-600 hover:underline dark:text-brand-300">
                      {t("kubernetes.help.openDocs")}
                    </Link>
                  ) : error.help.fix.type === "logs" ? (
                    <TabLink
                      to={links.with({ [TAB_PARAMS.logs]: error.help.fix.container, [TAB_PARAMS.previous]: "1", [TAB_PARAMS.events]: undefined })}
                      className="font-semibold text-brand-600 hover:underline dark:text-brand-300"
                    >
                      {t("kubernetes.help.crashLogs")}
                    </TabLink>
                  ) : (
                    <TabLink
                      to={links.with({ [TAB_PARAMS.events]: "1", [TAB_PARAMS.logs]: undefined, [TAB_PARAMS.previous]: undefined })}
                      className="font-semibold text-brand-600 hover:underline dark:text-brand-300"
                    >
                      {t("kubernetes.help.events")}
                    </TabLink>
                  )}
                </div>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Backstage's `PodDrawer` body: IP, delete, utilization, pending conditions, container cards and errors. */
export function PodDetails({ drawer, pod }: { drawer: KubernetesDrawerView; pod: PodDrawerView }) {
  const t = useTranslation();
  return (
    <div className="flex flex-col gap-6" data-testid="kubernetes-pod">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {pod.podIP ? <p>{t("kubernetes.drawer.podIP", { ip: pod.podIP })}</p> : <span />}
        {pod.deleteEnabled ? <DeletePodButton drawer={drawer} /> : null}
      </div>
      {pod.utilization ? <ResourceUtilization bars={pod.utilization} /> : null}
      {pod.pending ? (
        <section data-pending="">
          <h3 className="font-semibold">{pod.pending.heading}</h3>
          <ul className="text-sm">
            {pod.pending.conditions.map((condition) => (
              <li key={condition.type}>
                <StatusBadge status={condition.level}>{condition.text}</StatusBadge>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {pod.containers.length > 0 ? (
        <section aria-labelledby="kubernetes-drawer-containers">
          <h3 id="kubernetes-drawer-containers" className="mb-2 text-lg font-semibold">
            {t("kubernetes.drawer.containers")}
          </h3>
          <div className={CARD_GRID}>
            {pod.containers.map((card) => (
              <ContainerCard key={card.name} card={card} terminal={pod.terminalAvailable} />
            ))}
          </div>
        </section>
      ) : null}
      <ErrorList errors={drawer.errors} />
    </div>
  );
}
