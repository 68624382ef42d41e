/**
 * Markdown rendered on the server by renderMarkdown (app/lib/markdown), which
 * sanitises it; this component only places the HTML. Never pass it HTML that
 * did not come from renderMarkdown. The `markdown` class is what underlines
 * its links (app/app.css, links inside running text).
 */
export function Markdown({ html, className = "" }: { html: string; className?: string }) {
  return (
    <div
      className={`markdown space-y-2 text-sm break-words [&_a]:text-sky-700 dark:[&_a]:text-sky-400 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 dark:[&_code]:bg-slate-800 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 [&_table]:border-collapse [&_td]:border [&_td]:border-slate-300 [&_td]:px-2 [&_th]:border [&_th]:border-slate-300 [&_th]:px-2 dark:[&_td]:border-slate-700 dark:[&_th]:border-slate-700 ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
