import { useTranslation } from "~/components/ui/root-data";
import type { AccessAnswer } from "~/lib/permission/access-explainer.server";

// The access page's answer: the decision (and its result on the entity),
// for a resource permission its resource type and, when conditional, the
// conditions and the plugin that evaluates them; the reason in the policy's
// words, the user's roles and the grants of the permission, each with its
// conditions and whether they hold.

const RESULT_STYLE = {
  ALLOW: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  DENY: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
  CONDITIONAL: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
} as const;

function Result({ result, testId }: { result: keyof typeof RESULT_STYLE; testId: string }) {
  const t = useTranslation();
  return (
    <span data-testid={testId} className={`rounded px-2 py-0.5 font-mono text-sm font-semibold ${RESULT_STYLE[result]}`}>
      {t(`settingsAccess.results.${result}`)}
    </span>
  );
}

export function AccessAnswerView({ answer }: { answer: AccessAnswer }) {
  const t = useTranslation();
  const { explanation } = answer;
  const isResource = answer.permission.type === "resource";
  return (
    <section aria-labelledby="access-answer" className="mt-6 max-w-4xl space-y-6 rounded bg-white p-6 shadow dark:bg-slate-900">
      <h2 id="access-answer" className="text-xl font-semibold">
        {t("settingsAccess.answerTitle", { user: answer.userEntityRef, permission: answer.permission.name })}
      </h2>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
        <dt className="font-semibold">{t("settingsAccess.decision")}</dt>
        <dd>
          <Result result={answer.decision.result} testId="access-decision" />
        </dd>
        {answer.permission.type === "resource" ? (
          <>
            <dt className="font-semibold">{t("settingsAccess.resourceType")}</dt>
            <dd data-testid="access-resource-type" className="font-mono text-sm">
              {answer.permission.resourceType}
            </dd>
          </>
        ) : null}
        {answer.conditions ? (
          <>
            <dt className="font-semibold">{t("settingsAccess.conditions")}</dt>
            <dd data-testid="access-conditions" className="font-mono text-sm">
              {answer.conditions}
            </dd>
          </>
        ) : null}
        {answer.decision.result === "CONDITIONAL" ? (
          <>
            <dt className="font-semibold">{t("settingsAccess.evaluatedBy")}</dt>
            <dd>{t("settingsAccess.evaluatedByPlugin", { pluginId: answer.decision.pluginId })}</dd>
          </>
        ) : null}
        {answer.entity ? (
          <>
            <dt className="font-semibold">{t("settingsAccess.decisionForEntity", { entity: answer.entity.ref })}</dt>
            <dd>
              <Result result={answer.entity.result} testId="access-entity-result" />
            </dd>
          </>
        ) : null}
        <dt className="font-semibold">{t("settingsAccess.reason")}</dt>
        <dd data-testid="access-reason">{explanation.reason}</dd>
        <dt className="font-semibold">{t("settingsAccess.ownership")}</dt>
        <dd className="font-mono text-sm">{answer.ownershipEntityRefs.join(", ")}</dd>
      </dl>
      {answer.entityMissing ? <p role="status">{t("settingsAccess.entityMissing", { entity: answer.entityMissing })}</p> : null}
      {answer.entityIgnored ? <p role="status">{t("settingsAccess.entityIgnored", { permission: answer.permission.name })}</p> : null}

      <div>
        <h3 className="font-semibold">{t("settingsAccess.roles")}</h3>
        {explanation.memberships.length === 0 ? (
          <p className="mt-2">{t("settingsAccess.noRoles")}</p>
        ) : (
          <table className="mt-2 w-full text-left text-sm">
            <thead>
              <tr>
                <th className="py-1 pr-4">{t("settingsAccess.role")}</th>
                <th className="py-1">{t("settingsAccess.memberThrough")}</th>
              </tr>
            </thead>
            <tbody>
              {explanation.memberships.map((membership) => (
                <tr key={membership.role} className="border-t border-slate-200 dark:border-slate-700">
                  <td className="py-1 pr-4">{membership.role}</td>
                  <td className="py-1 font-mono">{membership.via}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>

      <div>
        <h3 className="font-semibold">{t("settingsAccess.grants", { permission: answer.permission.name })}</h3>
        {explanation.grants.length === 0 ? (
          <p className="mt-2">{t("settingsAccess.noGrants")}</p>
        ) : (
          <table className="mt-2 w-full text-left text-sm">
            <thead>
              <tr>
                <th className="py-1 pr-4">{t("settingsAccess.role")}</th>
                <th className="py-1 pr-4">{t("settingsAccess.grantPermission")}</th>
                <th className="py-1 pr-4">{t("settingsAccess.grantConditions")}</th>
                {answer.entity && isResource ? <th className="py-1">{t("settingsAccess.grantHolds")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {explanation.grants.map((grant) => (
                <tr key={`${grant.role} ${grant.entry}`} className="border-t border-slate-200 dark:border-slate-700">
                  <td className="py-1 pr-4">{grant.role}</td>
                  <td className="py-1 pr-4 font-mono">{grant.permission}</td>
                  <td className="py-1 pr-4 font-mono">{grant.conditionsText ?? t("settingsAccess.unconditional")}</td>
                  {answer.entity && isResource ? <td className="py-1">{grant.holds === undefined ? "—" : grant.holds ? t("settingsAccess.yes") : t("settingsAccess.no")}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
