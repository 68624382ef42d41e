import { useTranslation } from "./root-data";

/** What shows when the app itself cannot boot: configuration or code that failed to load. */
export function BootErrorPage({ step, detail }: { step: "config" | "lazyPlugin" | "lazyChunk"; detail?: string }) {
  const t = useTranslation();
  const message = step === "config" ? t("bootError.config") : step === "lazyChunk" ? t("bootError.lazyChunk") : t("bootError.lazyPlugin");
  return (
    <main id="main" role="alert" className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-2xl font-semibold">{message}</h1>
      {detail ? <pre className="mt-4 overflow-auto rounded bg-slate-100 p-3 text-sm whitespace-pre-wrap dark:bg-slate-900">{detail}</pre> : null}
      {/* An empty href is this very URL, query included: the one reload that needs no JavaScript. */}
      {/* eslint-disable-next-line jsx-a11y/anchor-is-valid */}
      <a href="" className="mt-6 inline-block rounded bg-brand-600 px-4 py-2 font-medium text-white">
        {t("bootError.reload")}
      </a>
    </main>
  );
}
