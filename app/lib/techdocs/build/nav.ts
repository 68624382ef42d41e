import { DocsBuildError } from "./mkdocs-config.server";
import { MAX_NAV_DEPTH } from "./limits";

// The navigation: mkdocs.yml's nav when there is one, otherwise the docs
// folder's structure as mkdocs makes it (index first, then files and folders
// by name, folders as sections). Titles of pages are filled in after the
// pages are rendered (a nav title wins, then front matter, then the first
// H1, then the file name: mkdocs' order).

/** A nav entry before page titles are known: a page (source), a section (children) or a link (url). */
export type NavNode = { title?: string; source?: string; url?: string; children?: NavNode[] };

/** The page path of a Markdown source (mkdocs' use_directory_urls): `index.md` -> '', `a/b.md` -> 'a/b/', `a/README.md` -> 'a/'. */
export function pagePathOf(source: string, sources: ReadonlySet<string>): string {
  const slash = source.lastIndexOf("/");
  const folder = slash < 0 ? "" : source.slice(0, slash + 1);
  const file = source.slice(slash + 1);
  const stem = file.replace(/\.(md|markdown)$/i, "");
  if (stem === "index") return folder;
  if (stem.toLowerCase() === "readme" && !sources.has(`${folder}index.md`)) return folder;
  return `${folder}${stem}/`;
}

export function isIndexSource(source: string, sources: ReadonlySet<string>): boolean {
  return pagePathOf(source, sources) === source.slice(0, source.lastIndexOf("/") + 1);
}

/** A title from a file or folder name, as mkdocs makes it: dashes and underscores to spaces, capitalised when all lower case. */
export function titleFromName(name: string): string {
  const title = name.replace(/\.(md|markdown)$/i, "").replace(/[-_]/g, " ");
  return title.toLowerCase() === title ? title.charAt(0).toUpperCase() + title.slice(1) : title;
}

/** The title of a page with no nav title, front matter title or H1. */
export function titleFromSource(source: string, sources: ReadonlySet<string>): string {
  const path = pagePathOf(source, sources);
  if (path === "") return "Home";
  if (isIndexSource(source, sources)) {
    const folder = path.slice(0, -1);
    return titleFromName(folder.slice(folder.lastIndexOf("/") + 1));
  }
  return titleFromName(source.slice(source.lastIndexOf("/") + 1));
}

/** mkdocs.yml's nav, checked: paths inside the docs folder, pages that exist (a missing one is a note, as mkdocs warns). */
export function navFromConfig(raw: unknown[], sources: ReadonlySet<string>, notes: string[]): NavNode[] {
  const walk = (entries: unknown[], depth: number): NavNode[] => {
    if (depth > MAX_NAV_DEPTH) throw new DocsBuildError(`The nav in mkdocs.yml is nested deeper than ${MAX_NAV_DEPTH} sections.`);
    const nodes: NavNode[] = [];
    for (const entry of entries) {
      if (typeof entry === "string") {
        const node = navTarget(undefined, entry, sources, notes);
        if (node) nodes.push(node);
      } else if (entry && typeof entry === "object" && !Array.isArray(entry)) {
        const pairs = Object.entries(entry as Record<string, unknown>);
        if (pairs.length !== 1) {
          notes.push(`A nav entry in mkdocs.yml has ${pairs.length} keys instead of one (Title: page.md) and was ignored.`);
          continue;
        }
        const [title, value] = pairs[0]!;
        if (Array.isArray(value)) nodes.push({ title, children: walk(value, depth + 1) });
        else if (typeof value === "string") {
          const node = navTarget(title, value, sources, notes);
          if (node) nodes.push(node);
        } else notes.push(`The nav entry '${title}' in mkdocs.yml is neither a page, a link nor a section, and was ignored.`);
      } else if (entry !== null && entry !== undefined) {
        notes.push("A nav entry in mkdocs.yml is neither a page, a link nor a section, and was ignored.");
      }
    }
    return nodes;
  };
  return walk(raw, 1);
}

function navTarget(title: string | undefined, target: string, sources: ReadonlySet<string>, notes: string[]): NavNode | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
    if (/^https?:\/\//i.test(target)) return { title: title ?? target, url: target };
    notes.push(`The nav link '${target}' in mkdocs.yml is not an http(s) URL and was ignored.`);
    return undefined;
  }
  const [pathPart] = splitFragment(target);
  const parts = pathPart.replace(/\\/g, "/").split("/");
  if (parts.includes("..")) throw new DocsBuildError(`The nav entry '${target}' in mkdocs.yml points outside the docs folder ('..' is not allowed in nav paths).`);
  if (pathPart.startsWith("/")) {
    notes.push(`The nav entry '${target}' in mkdocs.yml is an absolute path; nav paths are relative to the docs folder. It was ignored.`);
    return undefined;
  }
  const source = parts.filter((part) => part && part !== ".").join("/");
  if (!sources.has(source)) {
    notes.push(`The nav entry '${target}' in mkdocs.yml points to a page that is not in the docs folder; it was left out of the navigation.`);
    return undefined;
  }
  // A fragment (`page.md#part`) is dropped: the nav names pages; the page's table of contents has its parts.
  return { title, source };
}

function splitFragment(target: string): [string, string] {
  const hash = target.indexOf("#");
  return hash < 0 ? [target, ""] : [target.slice(0, hash), target.slice(hash + 1)];
}

/** The navigation of a site without nav: the folder structure, index first, then files and folders by name. */
export function navFromFolders(sources: readonly string[]): NavNode[] {
  const sourceSet = new Set(sources);
  type Folder = { pages: string[]; folders: Map<string, Folder> };
  const root: Folder = { pages: [], folders: new Map() };
  for (const source of sources) {
    const parts = source.split("/");
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.get(part);
      if (!next) folder.folders.set(part, (next = { pages: [], folders: new Map() }));
      folder = next;
    }
    folder.pages.push(source);
  }
  const walk = (folder: Folder): NavNode[] => {
    type Entry = { key: string; index: boolean; node: NavNode };
    const entries: Entry[] = [];
    for (const source of folder.pages) {
      const name = source.slice(source.lastIndexOf("/") + 1);
      entries.push({ key: name, index: isIndexSource(source, sourceSet), node: { source } });
    }
    for (const [name, child] of folder.folders) {
      const children = walk(child);
      if (children.length) entries.push({ key: name, index: false, node: { title: titleFromName(name), children } });
    }
    entries.sort((a, b) => (a.index !== b.index ? (a.index ? -1 : 1) : a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return entries.map((entry) => entry.node);
  };
  return walk(root);
}

/** The sources in the order the nav shows them, once each. */
export function sourcesInNavOrder(nodes: readonly NavNode[]): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  const walk = (list: readonly NavNode[]) => {
    for (const node of list) {
      if (node.source && !seen.has(node.source)) {
        seen.add(node.source);
        order.push(node.source);
      }
      if (node.children) walk(node.children);
    }
  };
  walk(nodes);
  return order;
}
