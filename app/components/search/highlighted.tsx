import { highlightParts } from "~/lib/search/query";

/** A highlighted field of a search result: matches in <mark>, everything else as text (React escapes it). */
export function Highlighted({ field, preTag, postTag }: { field: string; preTag: string; postTag: string }) {
  return (
    <>
      {highlightParts(field, preTag, postTag).map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-amber-200 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
