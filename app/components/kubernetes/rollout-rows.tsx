import { useTranslation } from "~/components/ui/root-data";
import { StatusBadge } from "~/components/ui/status-badge";
import type { StepperStep } from "~/lib/kubernetes/rollout";
import type { CustomResourceRow, RolloutRow } from "~/lib/kubernetes/tab-view";
import { ExpandableRow, NameCell, StaticRow } from "./expandable-row";
import { ObjectLink } from "./object-link";
import { PodsTable } from "./pods-table";
import { useTabLinks } from "./use-tab-links";
import { PodCounts } from "./workload-rows";

const STEP_LOOK: Record<StepperStep["state"], string> = {
  completed: "border-emerald-600 bg-emerald-600 text-white dark:border-emerald-400 dark:bg-emerald-400 dark:text-slate-900",
  active: "border-brand-600 bg-white text-brand-700 dark:border-brand-300 dark:bg-slate-900 dark:text-brand-200",
  pending: "border-slate-300 bg-white text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-400",
};

/** Backstage's `StepsProgress`: the canary steps and 'Canary promoted', as an ordered list whose current step is marked. */
function CanaryStepper({ steps }: { steps: StepperStep[] }) {
  const t = useTranslation();
  return (
    <ol aria-label={t("kubernetes.rows.steps")} className="flex flex-wrap gap-3">
      {steps.map((step, index) => (
        <li key={index} data-step-state={step.state} aria-current={step.state === "active" ? "step" : undefined} className="flex items-start gap-2 text-sm">
          <span aria-hidden="true" className={`grid h-6 w-6 shrink-0 place-items-center rounded-full border-2 text-xs font-semibold ${STEP_LOOK[step.state]}`}>
            {step.state === "completed" ? "✓" : index + 1}
          </span>
          <span className={step.state === "active" ? "font-semibold" : undefined}>
            {step.label.kind === "text" ? (
              step.label.text
            ) : (
              <>
                {step.label.heading}
                {step.label.templates.map((template) => (
                  <span key={template} className="block">
                    {template}
                  </span>
                ))}
              </>
            )}
            <span className="sr-only"> ({t(`kubernetes.rows.stepState.${step.state}`)})</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Backstage's Argo `RolloutAccordions`: the bar with the paused and aborted badges, then the stepper and the pods. */
export function RolloutRows({ rows }: { rows: RolloutRow[] }) {
  const t = useTranslation();
  const links = useTabLinks();
  return (
    <div className="flex flex-col gap-2">
      {rows.map((row) => (
        <ExpandableRow
          key={row.link.drawer}
          testId={row.link.drawer}
          name={row.link.name}
          open={links.pagesPodsOf(row.link.drawer)}
          summary={
            <>
              <NameCell name={<ObjectLink link={row.link} />} kind="Rollout" />
              <div className="col-span-12 flex flex-col gap-1 text-sm sm:col-span-4">
                {row.autoscaler ? (
                  <ul data-autoscaler="">
                    {row.autoscaler.lines.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                ) : null}
                {row.paused ? <StatusBadge status="pending">{row.paused}</StatusBadge> : null}
                {row.aborted ? (
                  <span data-aborted="">
                    <StatusBadge status="aborted">{t("kubernetes.rows.aborted")}</StatusBadge>
                    {row.aborted.message ? <span className="block">{row.aborted.message}</span> : null}
                  </span>
                ) : null}
              </div>
              <PodCounts pods={row.pods} />
            </>
          }
        >
          <div className="flex flex-col gap-4">
            <CanaryStepper steps={row.stepper.steps} />
            <PodsTable rows={row.pods.rows} owner={row.link.name} ownerKey={row.link.drawer} />
          </div>
        </ExpandableRow>
      ))}
    </div>
  );
}

/** Other custom resources: name and kind, the drawer tells the rest (Backstage's `DefaultCustomResourceAccordions`). */
export function CustomResourceRows({ rows }: { rows: CustomResourceRow[] }) {
  return (
    <div className="flex flex-col gap-2">
      {rows.map((row) => (
        <StaticRow key={row.link.drawer} testId={row.link.drawer}>
          <NameCell name={<ObjectLink link={row.link} />} kind={row.kind} />
          <p className="col-span-12 text-sm text-slate-600 sm:col-span-8 dark:text-slate-400">{row.apiVersion}</p>
        </StaticRow>
      ))}
    </div>
  );
}
