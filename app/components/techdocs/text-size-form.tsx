import { Form, useLocation } from "react-router";
import { useTranslation } from "~/components/ui/root-data";
import { TEXT_SIZES, type TextSize } from "~/lib/techdocs/addons/text-size";

// The text size add-on's control: a form posting to /docs/text-size, which
// keeps the choice for the user and comes back here. With JavaScript a
// choice applies as soon as it is made.

export function TextSizeForm({ textSize, returnTo }: { textSize: TextSize; returnTo?: string }) {
  const t = useTranslation();
  const location = useLocation();
  const back = returnTo ?? `${location.pathname}${location.search}`;
  return (
    <Form method="post" action="/docs/text-size" preventScrollReset className="flex items-center gap-2 text-sm" data-testid="text-size-form">
      <input type="hidden" name="returnTo" value={back} />
      <label className="flex items-center gap-2">
        <span>{t("techdocs.addons.textSize")}</span>
        <select
          name="textSize"
          defaultValue={String(textSize)}
          key={textSize}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
          className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
        >
          {TEXT_SIZES.map((size) => (
            <option key={size} value={size}>
              {t("techdocs.addons.textSizeValue", { size })}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="rounded border border-slate-300 px-2 py-1 font-semibold dark:border-slate-600">
        {t("techdocs.addons.textSizeSave")}
      </button>
    </Form>
  );
}
