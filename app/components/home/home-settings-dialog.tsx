import { Form } from "react-router";
import { useTranslation } from "~/components/shell/root-data";
import { Link } from "~/components/ui/link";
import type { HomeWidgetId } from "~/lib/home/home-widgets";

/**
 * The home page's settings, opened by the URL (?customize=1) so it renders
 * on the server and works without JavaScript. The draft lives in the URL
 * too: 'Move up' and 'Move down' are GET submissions that reorder it; Save
 * posts the arrangement to the page's action.
 */
export function HomeSettingsDialog({ order, shown }: { order: HomeWidgetId[]; shown: HomeWidgetId[] }) {
  const t = useTranslation();
  const name = (id: HomeWidgetId) => t(`home.widgets.${id}`);
  return (
    <div className="fixed inset-0 z-40 grid place-items-center bg-black/40 p-4">
      <dialog open aria-modal="true" aria-labelledby="home-settings-title" className="relative w-full max-w-lg rounded bg-white p-6 text-slate-900 shadow-xl dark:bg-slate-900 dark:text-slate-100">
        <h2 id="home-settings-title" className="text-xl font-semibold">
          {t("home.customize.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("home.customize.help")}</p>
        <Form method="post" className="mt-4 flex flex-col gap-4">
          <input type="hidden" name="customize" value="1" />
          <ol className="flex flex-col gap-2">
            {order.map((id, index) => (
              <li key={id} className="flex items-center justify-between gap-2 rounded border border-slate-200 px-3 py-2 dark:border-slate-700">
                <input type="hidden" name="widget" value={id} />
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="show" value={id} defaultChecked={shown.includes(id)} aria-label={t("home.customize.show", { widget: name(id) })} />
                  {name(id)}
                </label>
                <span className="flex gap-1">
                  <button type="submit" formMethod="get" name="move" value={`up:${id}`} disabled={index === 0} aria-label={t("home.customize.moveUp", { widget: name(id) })} title={t("home.customize.moveUp", { widget: name(id) })} className="grid h-8 w-8 place-items-center rounded hover:bg-black/10 disabled:opacity-30">
                    ↑
                  </button>
                  <button type="submit" formMethod="get" name="move" value={`down:${id}`} disabled={index === order.length - 1} aria-label={t("home.customize.moveDown", { widget: name(id) })} title={t("home.customize.moveDown", { widget: name(id) })} className="grid h-8 w-8 place-items-center rounded hover:bg-black/10 disabled:opacity-30">
                    ↓
                  </button>
                </span>
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="submit" name="intent" value="reset" className="mr-auto rounded px-3 py-2 text-sm underline">
              {t("home.customize.reset")}
            </button>
            <Link to="/" className="rounded border border-slate-300 px-4 py-2 dark:border-slate-600">
              {t("home.customize.cancel")}
            </Link>
            <button type="submit" name="intent" value="save" className="rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
              {t("home.customize.save")}
            </button>
          </div>
        </Form>
      </dialog>
    </div>
  );
}
