import { useTranslation } from "~/components/ui/root-data";
import type { IngressRow, ServiceRow } from "~/lib/kubernetes/tab-view";
import { NameCell, StaticRow } from "./expandable-row";
import { ObjectLink } from "./object-link";

/** Backstage's `ServicesAccordions`: the service's type and where it answers. */
export function ServiceRows({ rows }: { rows: ServiceRow[] }) {
  const t = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      {rows.map((row) => (
        <StaticRow key={row.link.drawer} testId={row.link.drawer}>
          <NameCell name={<ObjectLink link={row.link} />} kind="Service" />
          <div className="col-span-12 text-sm sm:col-span-8">
            <p>{t("kubernetes.rows.type", { type: row.type })}</p>
            {row.clusterIP ? <p>{t("kubernetes.rows.clusterIP", { ip: row.clusterIP })}</p> : null}
            {row.externalName ? <p>{t("kubernetes.rows.externalName", { name: row.externalName })}</p> : null}
            {row.ports.length > 0 ? <p>{t("kubernetes.rows.ports", { ports: row.ports.join(", ") })}</p> : null}
            {row.loadBalancer.length > 0 ? <p>{t("kubernetes.rows.loadBalancer", { addresses: row.loadBalancer.join(", ") })}</p> : null}
          </div>
        </StaticRow>
      ))}
    </div>
  );
}

/** Backstage's `IngressesAccordions`: the ingress's rules, host and path to backend. */
export function IngressRows({ rows }: { rows: IngressRow[] }) {
  const t = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      {rows.map((row) => (
        <StaticRow key={row.link.drawer} testId={row.link.drawer}>
          <NameCell name={<ObjectLink link={row.link} />} kind="Ingress" />
          <ul className="col-span-12 text-sm break-all sm:col-span-8">{row.rules.length === 0 ? <li>{t("kubernetes.rows.noRules")}</li> : row.rules.map((rule) => <li key={rule}>{rule}</li>)}</ul>
        </StaticRow>
      ))}
    </div>
  );
}
