import { getCollectionProps, getFormProps, useForm } from "@conform-to/react";
import { Form } from "react-router";
import { useTranslation } from "~/components/ui/root-data";
import { UrlDialog } from "~/components/ui/dialog";
import { FieldError, FormErrors } from "~/components/ui/field-error";
import { Link } from "~/components/ui/link";
import { withoutKey } from "~/lib/forms/controls";
import type { FormReply } from "~/lib/forms/reply";
import type { HomeWidgetId } from "~/lib/home/home-widgets";

/**
 * The home page's settings, opened by the URL (?customize=1) so it renders
 * on the server and works without JavaScript. The draft lives in the URL
 * too: 'Move up' and 'Move down' are GET submissions that reorder it; Save
 * posts the arrangement to the page's action (homeSettingsSchema), whose
 * refusal keeps the boxes as they were ticked and shows beside the list.
 * The kit's UrlDialog holds it: Escape, a click outside and Close go back to
 * the page without the dialog.
 */
export function HomeSettingsDialog({ order, shown, lastResult }: { order: HomeWidgetId[]; shown: HomeWidgetId[]; lastResult?: FormReply }) {
  const t = useTranslation();
  const name = (id: HomeWidgetId) => t(`home.widgets.${id}`);
  const [form, fields] = useForm<{ intent: string; widget: string[]; show: string[] }>({
    id: "home-settings",
    lastResult,
    defaultValue: { widget: order, show: shown },
    // No validation in the browser: 'Move up' and 'Move down' submit the same form as GET, without an intent.
  });
  const showBoxes = new Map(getCollectionProps(fields.show, { type: "checkbox", options: order }).map((props) => [props.value, withoutKey(props)]));
  const listErrors = [...(fields.widget.errors ?? []), ...(fields.show.errors ?? [])];
  return (
    <UrlDialog title={t("home.customize.title")} closeTo="/" size="narrow" testId="home-settings-dialog">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("home.customize.help")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
        <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.intent.errors ?? [])]} className="" />
        <input type="hidden" name="customize" value="1" />
        <ol className="flex flex-col gap-2" aria-describedby={listErrors.length ? fields.show.errorId : undefined}>
          {order.map((id, index) => (
            <li key={id} className="flex items-center justify-between gap-2 rounded border border-slate-200 px-3 py-2 dark:border-slate-700">
              <input type="hidden" name="widget" value={id} />
              <label className="flex items-center gap-2">
                <input {...showBoxes.get(id)} aria-describedby={listErrors.length ? fields.show.errorId : undefined} aria-label={t("home.customize.show", { widget: name(id) })} />
                {name(id)}
              </label>
              <span className="flex gap-1">
                <button
                  type="submit"
                  formMethod="get"
                  name="move"
                  value={`up:${id}`}
                  disabled={index === 0}
                  aria-label={t("home.customize.moveUp", { widget: name(id) })}
                  title={t("home.customize.moveUp", { widget: name(id) })}
                  className="grid h-8 w-8 place-items-center rounded hover:bg-black/10 disabled:opacity-30"
                >
                  ↑
                </button>
                <button
                  type="submit"
                  formMethod="get"
                  name="move"
                  value={`down:${id}`}
                  disabled={index === order.length - 1}
                  aria-label={t("home.customize.moveDown", { widget: name(id) })}
                  title={t("home.customize.moveDown", { widget: name(id) })}
                  className="grid h-8 w-8 place-items-center rounded hover:bg-black/10 disabled:opacity-30"
                >
                  ↓
                </button>
              </span>
            </li>
          ))}
        </ol>
        <FieldError id={fields.show.errorId} errors={listErrors} className="-mt-2" />
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
    </UrlDialog>
  );
}
