import { useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useHref, useNavigate } from "react-router";
import { EntityRefLink } from "~/components/catalog/entity-ref-link";
import { useTranslation } from "~/components/ui/root-data";
import type { InspectorTabData } from "~/lib/catalog/entity-dialogs";
import { entityRoute } from "~/lib/catalog/entity-route";
import { layoutAncestry, NODE_HEIGHT, NODE_WIDTH, type PlacedNode } from "~/lib/catalog/inspector/ancestry-layout";
import { lookupPresentation, type Presentations } from "~/lib/catalog/presentation";

type AncestryData = Extract<InspectorTabData, { tab: "ancestry" }>;
const ZOOMED = 2;

/**
 * The entity's ancestors as a graph drawn on the server (the entity at the
 * bottom, each parent above its child) and the same chain as a list. With
 * JavaScript a click on the graph zooms it in and out.
 */
export function AncestryTab({ data }: { data: AncestryData }) {
  const t = useTranslation();
  const layout = layoutAncestry(data.rootEntityRef, data.nodes);
  const mounted = useHydrated();
  const [zoom, setZoom] = useState(1);
  const root = lookupPresentation(data.presentations, data.rootEntityRef);
  const topDown = [...layout.nodes].sort((a, b) => a.y - b.y || a.x - b.x);

  return (
    <div>
      <h3 className="text-lg font-semibold">{t("entityDialogs.inspector.ancestry.title")}</h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("entityDialogs.inspector.ancestry.description")}</p>
      {mounted ? (
        <div className="mt-3 flex justify-end">
          <button
            type="button"
            onClick={() => setZoom(zoom === 1 ? ZOOMED : 1)}
            className="rounded border border-slate-300 px-2 py-1 text-xs font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            {zoom === 1 ? t("entityDialogs.inspector.ancestry.zoomIn") : t("entityDialogs.inspector.ancestry.zoomOut")}
          </button>
        </div>
      ) : null}
      <div className="mt-2 overflow-auto rounded border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-950">
        <svg
          role="img"
          aria-label={t("entityDialogs.inspector.ancestry.graphLabel", { entity: root.primaryTitle })}
          data-testid="ancestry-graph"
          data-zoom={zoom}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          width={layout.width * zoom}
          height={layout.height * zoom}
          className={`mx-auto max-w-none ${mounted ? "cursor-zoom-in" : ""}`}
          onClick={(event) => {
            // A click on the background zooms; a click on a node follows its link.
            if (!(event.target as Element).closest("a")) setZoom(zoom === 1 ? ZOOMED : 1);
          }}
        >
          <defs>
            <marker id="ancestry-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
              <path d="M0 0 L10 5 L0 10 z" className="fill-slate-500" />
            </marker>
          </defs>
          {layout.edges.map((edge) => (
            <line
              key={`${edge.from.entityRef}->${edge.to.entityRef}`}
              x1={edge.from.x + NODE_WIDTH / 2}
              y1={edge.from.y + NODE_HEIGHT}
              x2={edge.to.x + NODE_WIDTH / 2}
              y2={edge.to.y}
              markerEnd="url(#ancestry-arrow)"
              className="stroke-slate-500"
              strokeWidth={1.5}
            />
          ))}
          {layout.nodes.map((node) => (
            <GraphNode key={node.entityRef} node={node} presentations={data.presentations} current={node.entityRef === data.rootEntityRef} />
          ))}
        </svg>
      </div>
      <ol aria-label={t("entityDialogs.inspector.ancestry.listLabel")} data-testid="ancestry-list" className="mt-4 list-decimal space-y-1 pl-6 text-sm">
        {topDown.map((node) => (
          <li key={node.entityRef}>
            <EntityRefLink entityRef={node.entityRef} presentations={data.presentations} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function GraphNode({ node, presentations, current }: { node: PlacedNode; presentations: Presentations; current: boolean }) {
  const presentation = lookupPresentation(presentations, node.entityRef);
  const to = entityRoute(presentation.entityRef);
  const href = useHref(to);
  const navigate = useNavigate();
  // Long generated Location names would overflow the box.
  const label = presentation.primaryTitle.length > 34 ? `${presentation.primaryTitle.slice(0, 33)}…` : presentation.primaryTitle;
  return (
    <a
      href={href}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void navigate(to);
      }}
      data-entity-ref={presentation.entityRef}
    >
      <title>{presentation.secondaryTitle}</title>
      <rect x={node.x} y={node.y} width={NODE_WIDTH} height={NODE_HEIGHT} rx={6} className={current ? "fill-brand-600 stroke-brand-700" : "fill-white stroke-slate-400 dark:fill-slate-800"} />
      <text
        x={node.x + NODE_WIDTH / 2}
        y={node.y + NODE_HEIGHT / 2}
        dominantBaseline="middle"
        textAnchor="middle"
        className={`text-[13px] ${current ? "fill-white" : "fill-slate-900 dark:fill-slate-100"}`}
      >
        {label}
      </text>
    </a>
  );
}
