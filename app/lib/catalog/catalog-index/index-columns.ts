import type { IndexRow } from "./index-row";

// The catalog table's columns per kind, as Backstage's CatalogTable chooses
// them: people and teams have no system, owner or lifecycle; systems and
// domains have an owner; locations show their targets. The type column goes
// when a type is chosen (every row would say the same), and a namespace
// column comes when the rows span more than one namespace.

export type IndexColumn = "name" | "namespace" | "system" | "owner" | "type" | "lifecycle" | "targets" | "description" | "tags" | "actions";

export function indexColumns(kind: string, rows: readonly Pick<IndexRow, "namespace">[], options: { typeChosen: boolean }): IndexColumn[] {
  const type: IndexColumn[] = options.typeChosen ? [] : ["type"];
  const specific: Record<string, IndexColumn[]> = {
    user: [],
    group: type,
    template: type,
    domain: ["owner"],
    system: ["owner"],
    location: [...type, "targets"],
  };
  const namespaces = new Set(rows.map((row) => row.namespace));
  const namespace: IndexColumn[] = namespaces.size > 1 ? ["namespace"] : [];
  return ["name", ...namespace, ...(specific[kind] ?? ["system", "owner", ...type, "lifecycle"]), "description", "tags", "actions"];
}
