import type { ReactNode } from "react";
import { useTranslation } from "./root-data";
import { panelLook } from "./warning-panel";

/** The 'Permission required' alert: what the visitor lacks and, if known, the permission's name. */
export function PermissionRequiredAlert({ children, permission }: { children?: ReactNode; permission?: string }) {
  const t = useTranslation();
  return (
    <section role="alert" data-testid="permission-required" className={panelLook("warning")}>
      <h2 className="font-semibold">{t("uiKit.permission.title")}</h2>
      {children ? <div className="mt-1">{children}</div> : null}
      {permission ? <p className="mt-1 font-mono text-sm">{permission}</p> : null}
    </section>
  );
}

/** The info 'No information to display', for a card or section with nothing in it. */
export function NoInformation() {
  const t = useTranslation();
  return (
    <p role="status" className={panelLook("info")}>
      {t("uiKit.noInformation")}
    </p>
  );
}
