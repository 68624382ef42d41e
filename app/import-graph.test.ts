import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The layers of app/: the UI kit (app/components/ui/) sits at the bottom of
// the components and may use only itself and app/lib/; app/lib/ uses no
// component, route or root module. No module may reach itself through its
// imports when it runs. Imports are read with the TypeScript compiler's
// parser; the layer rules count type-only imports too (a type from above is
// still a dependency on it), the cycle rule does not (they are erased).

const APP = dirname(fileURLToPath(import.meta.url));
const KIT = join(APP, "components/ui");
const LIB = join(APP, "lib");
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "+types" ? [] : sourceFiles(path);
    return SOURCE.test(name) && !TEST.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The file an import names inside app/, or undefined for a package (and for the route types React Router generates). */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("~/") ? join(APP, specifier.slice(2)) : specifier.startsWith(".") ? resolve(dirname(from), specifier) : undefined;
  if (!base || specifier.includes("/+types/")) return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  // A stylesheet or other asset: not a module of the graph.
  if (!/\.(css|svg|png|json)$/.test(base)) throw new Error(`${relative(APP, from)}: cannot resolve ${specifier}`);
  return undefined;
}

type Edge = { target: string; typeOnly: boolean };

/** Whether an import or re-export brings in types only (erased when compiled, so it runs nothing). */
function isTypeOnly(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) return statement.isTypeOnly;
  const clause = statement.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return !clause.name && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((element) => element.isTypeOnly);
}

function importGraph(files: string[]): Map<string, Edge[]> {
  return new Map(
    files.map((file) => {
      const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
      const edges: Edge[] = [];
      for (const statement of source.statements) {
        if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
        const target = resolveImport(file, statement.moduleSpecifier.text);
        if (target) edges.push({ target, typeOnly: isTypeOnly(statement) });
      }
      return [file, edges];
    }),
  );
}

/** The modules each module runs first: type-only imports left out, since they cannot make an evaluation cycle. */
function runtimeGraph(graph: Map<string, Edge[]>): Map<string, string[]> {
  return new Map([...graph].map(([file, edges]) => [file, [...new Set(edges.filter((edge) => !edge.typeOnly).map((edge) => edge.target))]]));
}

/** Every cycle's path, found by depth-first search (each reported once, from where the search met it). */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, "active" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "active");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "active") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

const inside = (dir: string) => (file: string) => file.startsWith(`${dir}/`);
const name = (file: string) => relative(APP, file);

describe("the import graph of app/", () => {
  const graph = importGraph(sourceFiles(APP));

  it("sees the whole app (the walk itself works)", () => {
    expect(graph.get(join(APP, "root.tsx"))).toContainEqual({ target: join(APP, "components/shell/app-shell.tsx"), typeOnly: false });
    expect(graph.get(join(KIT, "link.tsx"))).toContainEqual({ target: join(KIT, "root-data.ts"), typeOnly: false });
    expect(graph.get(join(KIT, "root-data.ts"))).toContainEqual({ target: join(LIB, "root-data.ts"), typeOnly: true });
  });

  it("has no import cycle", () => {
    expect(findCycles(runtimeGraph(graph)).map((cycle) => cycle.map(name).join(" -> "))).toEqual([]);
  });

  it("keeps the UI kit at the bottom: it imports only itself and app/lib/", () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      inside(KIT)(file)
        ? targets
            .map((edge) => edge.target)
            .filter((target) => !inside(KIT)(target) && !inside(LIB)(target))
            .map((target) => `${name(file)} -> ${name(target)}`)
        : [],
    );
    expect(upward).toEqual([]);
  });

  it("keeps app/lib/ below every component, route and the root module", () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      inside(LIB)(file)
        ? targets
            .map((edge) => edge.target)
            .filter((target) => !inside(LIB)(target))
            .map((target) => `${name(file)} -> ${name(target)}`)
        : [],
    );
    expect(upward).toEqual([]);
  });

  it("finds a cycle and an upward import when there is one (the checks can fail)", () => {
    const a = join(KIT, "a.tsx");
    const b = join(APP, "components/shell/b.tsx");
    const cyclic = new Map([
      [a, [b]],
      [b, [a]],
    ]);
    expect(findCycles(cyclic).map((cycle) => cycle.map(name))).toEqual([["components/ui/a.tsx", "components/shell/b.tsx", "components/ui/a.tsx"]]);
    expect(resolveImport(join(KIT, "link.tsx"), "~/components/shell/app-shell")).toBe(join(APP, "components/shell/app-shell.tsx"));
    expect(resolveImport(join(KIT, "link.tsx"), "react-router")).toBeUndefined();
  });
});
