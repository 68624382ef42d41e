import { useLocation } from "react-router";
import { useTranslation } from "./root-data";
import { ErrorPanel } from "./error-panel";
import { Link } from "./link";

/** 'Error in {plugin}' with a Retry that reloads the same URL (a link, so it works without JavaScript). */
export function PluginErrorPanel({ plugin, error }: { plugin: string; error: { name: string; message: string; stack?: string } }) {
  const t = useTranslation();
  const location = useLocation();
  return (
    <ErrorPanel title={t("pluginError.title", { plugin })} error={error}>
      <Link to={`${location.pathname}${location.search}`} reloadDocument className="mt-3 inline-block rounded bg-red-700 px-3 py-1 text-sm font-medium text-white hover:bg-red-800">
        {t("pluginError.retry")}
      </Link>
    </ErrorPanel>
  );
}
