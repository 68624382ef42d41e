import { Controls, Handle, MarkerType, Position, ReactFlow, ReactFlowProvider, useNodesInitialized, useNodesState, useReactFlow, type Edge, type Node, type NodeProps } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useEffect, useMemo } from "react";
import { useRootData, useTranslation } from "~/components/ui/root-data";
import { Link } from "~/components/ui/link";
import { layoutGraph, LAYOUT_DEFAULTS, type Size } from "~/lib/catalog/graph/graph-layout";
import type { Direction } from "~/lib/catalog/graph/graph-query";
import { edgeId, type CatalogGraph, type GraphNode } from "~/lib/catalog/graph/graph-walk";
import { throttle } from "~/lib/catalog/graph/throttle";
import { nodeHref } from "./graph-list";

// The interactive graph: laid out by dagre, zoom and pan by @xyflow/react.
// Each node is a link to its entity's page, so a click (or Enter) selects it
// and opens the page. This module is only ever loaded lazily (graph-view.tsx).

type EntityNodeData = { node: GraphNode; href?: string };
type EntityFlowNode = Node<EntityNodeData, "entity">;

const SIDES: Record<Direction, { source: Position; target: Position }> = {
  LR: { source: Position.Right, target: Position.Left },
  RL: { source: Position.Left, target: Position.Right },
  TB: { source: Position.Bottom, target: Position.Top },
  BT: { source: Position.Top, target: Position.Bottom },
};

/** A first guess of a node's size, before the browser has measured it. */
function estimatedSize(node: GraphNode): Size {
  return { width: Math.min(320, Math.max(120, node.title.length * 8 + 32)), height: 52 };
}

function EntityNode({ data, selected, sourcePosition, targetPosition }: NodeProps<EntityFlowNode>) {
  const t = useTranslation();
  const { node, href } = data;
  const frame = `block rounded-md border px-3 py-2 text-left shadow-sm ${selected ? "ring-2 ring-brand-500" : ""} ${
    node.depth === 0 ? "border-brand-500 bg-brand-50 dark:bg-brand-900" : "border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-900"
  } ${node.missing ? "border-dashed opacity-80" : ""}`;
  const body = (
    <>
      <span className="block max-w-72 truncate text-sm font-semibold">{node.title}</span>
      <span className="block text-xs text-slate-600 dark:text-slate-300">
        {node.kind}
        {node.missing ? ` · ${t("catalogGraph.missing")}` : ""}
      </span>
    </>
  );
  return (
    <div data-entity-ref={node.id}>
      <Handle type="target" position={targetPosition ?? Position.Left} isConnectable={false} className="!opacity-0" />
      {href ? (
        <Link to={href} className={`${frame} text-slate-900 no-underline dark:text-slate-100`}>
          {body}
        </Link>
      ) : (
        <div className={frame} title={t("catalogGraph.missingHint")}>
          {body}
        </div>
      )}
      <Handle type="source" position={sourcePosition ?? Position.Right} isConnectable={false} className="!opacity-0" />
    </div>
  );
}

const NODE_TYPES = { entity: EntityNode };

/** Edges with their label's room, so dagre keeps labels clear of nodes and of each other. */
function layoutEdges(graph: CatalogGraph) {
  return graph.edges.map((edge) => ({ from: edge.from, to: edge.to, label: { width: edge.relations.join(" / ").length * 6 + 8, height: 16 } }));
}

function toFlow(graph: CatalogGraph, direction: Direction): { nodes: EntityFlowNode[]; edges: Edge[] } {
  const sides = SIDES[direction];
  const placed = layoutGraph(
    graph.nodes.map((node) => ({ id: node.id, size: estimatedSize(node) })),
    layoutEdges(graph),
    direction,
  );
  const nodes = graph.nodes.map((node): EntityFlowNode => ({
    id: node.id,
    type: "entity",
    position: placed.get(node.id) ?? { x: 0, y: 0 },
    data: { node, href: nodeHref(node) },
    sourcePosition: sides.source,
    targetPosition: sides.target,
    draggable: false,
    connectable: false,
    ariaLabel: `${node.title} (${node.kind})`,
  }));
  const edges = graph.edges.map((edge): Edge => ({
    id: edgeId(edge),
    source: edge.from,
    target: edge.to,
    label: edge.relations.join(" / "),
    markerEnd: { type: MarkerType.ArrowClosed },
    labelBgPadding: [4, 2],
    focusable: false,
  }));
  return { nodes, edges };
}

function Flow({ graph, direction, label, height }: { graph: CatalogGraph; direction: Direction; label: string; height: string }) {
  const theme = useRootData()?.preferences.theme ?? "auto";
  const initial = useMemo(() => toFlow(graph, direction), [graph, direction]);
  const [nodes, setNodes, onNodesChange] = useNodesState(initial.nodes);
  const { getNodes, fitView } = useReactFlow<EntityFlowNode>();
  const measured = useNodesInitialized();

  useEffect(() => setNodes(initial.nodes), [initial, setNodes]);

  // Once the browser knows the nodes' real sizes, lay out again with them: at most every 250 ms.
  const relayout = useMemo(
    () =>
      throttle(() => {
        const current = getNodes();
        const placed = layoutGraph(
          current.map((node) => ({ id: node.id, size: { width: node.measured?.width ?? estimatedSize(node.data.node).width, height: node.measured?.height ?? 52 } })),
          layoutEdges(graph),
          direction,
        );
        setNodes((previous) => previous.map((node) => ({ ...node, position: placed.get(node.id) ?? node.position })));
        requestAnimationFrame(() => void fitView({ padding: 0.1 }));
      }, LAYOUT_DEFAULTS.throttleMs),
    [getNodes, setNodes, fitView, graph, direction],
  );
  useEffect(() => {
    if (measured) relayout();
  }, [measured, relayout]);
  useEffect(() => relayout.cancel, [relayout]);

  return (
    <div role="figure" aria-label={label} data-testid="catalog-graph" style={{ height }} className="w-full rounded border border-slate-200 dark:border-slate-700">
      <ReactFlow
        nodes={nodes}
        edges={initial.edges}
        onNodesChange={onNodesChange}
        nodeTypes={NODE_TYPES}
        colorMode={theme === "auto" ? "system" : theme}
        nodesDraggable={false}
        nodesConnectable={false}
        fitView
        fitViewOptions={{ padding: 0.1 }}
        minZoom={0.05}
        maxZoom={2}
      >
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}

export default function GraphFlow(props: { graph: CatalogGraph; direction: Direction; label: string; height: string }) {
  return (
    <ReactFlowProvider>
      <Flow {...props} />
    </ReactFlowProvider>
  );
}
