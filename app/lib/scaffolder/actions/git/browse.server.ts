import { data } from "react-router";
import { InputError, NotFoundError, PayloadTooLargeError } from "../../../errors";
import { escapeHtml, highlightCode, type CodeLanguage } from "../../../highlight/highlight-code.server";
import { renderMarkdown } from "../../../markdown/render-markdown.server";
import type { LocalGit } from "./local-git.server";

// What the pages /git and /git/:owner/:repo/* show, ready to render: the
// folder's entries with their links, or the file's text highlighted on the
// server (shiki, app/lib/highlight), and the folder's README as Markdown.

/** Files above this are named, not shown: a page holds at most this much text. */
export const MAX_SHOWN_BYTES = 512 * 1024;

const LANGUAGE_BY_EXTENSION: Record<string, CodeLanguage> = {
  yaml: "yaml",
  yml: "yaml",
  json: "json",
  graphql: "graphql",
  gql: "graphql",
  proto: "proto",
  ts: "typescript",
  tsx: "typescript",
  mts: "typescript",
  cts: "typescript",
  js: "typescript",
  jsx: "typescript",
  mjs: "typescript",
  cjs: "typescript",
};

/** The in-app path of a repository view; every segment percent-encoded. */
export function repositoryPath(owner: string, repo: string, view?: "tree" | "blob", ref?: string, filePath?: string): string {
  const parts = [owner, repo];
  if (view && ref) parts.push(view, ...ref.split("/"), ...(filePath ? filePath.split("/") : []));
  return `/git/${parts.map(encodeURIComponent).join("/")}`;
}

/** /git/:owner/:repo/{tree|blob}/{ref}/{path}: the view as the URL's splat names it; a 404 for a path this page does not have. */
export async function loadRepositoryView(localGit: LocalGit, params: { owner: string; repo: string; splat: string }) {
  const [view, ...rest] = params.splat.split("/").filter((segment) => segment !== "");
  if (view !== undefined && view !== "tree" && view !== "blob") throw data(`No page ${params.splat} in ${params.owner}/${params.repo}`, { status: 404, statusText: "Not Found" });
  let found;
  try {
    found = await localGit.browse({ owner: params.owner, repo: params.repo, view: view ?? "tree", rest }, MAX_SHOWN_BYTES);
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof InputError || error instanceof PayloadTooLargeError) throw data(error.message, { status: 404, statusText: "Not Found" });
    throw error;
  }
  const { owner, repo } = found;
  const crumbs = found.path ? found.path.split("/").map((name, index, all) => ({ name, to: repositoryPath(owner, repo, "tree", found.ref, all.slice(0, index + 1).join("/")) })) : [];
  const common = {
    owner,
    repo,
    description: found.description,
    defaultBranch: found.defaultBranch,
    ref: found.ref,
    path: found.path,
    remoteUrl: found.remoteUrl,
    rootTo: repositoryPath(owner, repo, "tree", found.ref),
    crumbs,
  };
  if (found.kind === "empty") return { ...common, kind: "empty" as const };
  const commit = { ...found.commit, shortHash: found.commit.hash.slice(0, 7) };
  if (found.kind === "tree") {
    const entries = found.entries.map((entry) => ({
      name: entry.name,
      type: entry.type,
      size: entry.size,
      to: entry.type === "commit" ? undefined : repositoryPath(owner, repo, entry.type === "tree" ? "tree" : "blob", found.ref, entry.path),
    }));
    const readme = found.readme ? { name: found.readme.name, html: readmeHtml(found.readme.name, found.readme.text) } : undefined;
    return { ...common, kind: "tree" as const, commit, entries, readme };
  }
  const name = found.path.split("/").pop() ?? found.path;
  const language = LANGUAGE_BY_EXTENSION[name.split(".").pop()?.toLowerCase() ?? ""];
  let html: string | undefined;
  if (found.content !== undefined) {
    html = language ? (await highlightCode(found.content, language)).html : `<pre class="shiki"><code>${escapeHtml(found.content)}</code></pre>`;
  }
  return { ...common, kind: "blob" as const, commit, size: found.size, binary: found.binary, tooLarge: found.tooLarge, language: language ?? "text", html };
}

function readmeHtml(name: string, text: string): string {
  if (/\.(md|markdown)$/i.test(name)) return renderMarkdown(text);
  return `<pre class="whitespace-pre-wrap">${escapeHtml(text)}</pre>`;
}

export type RepositoryView = Awaited<ReturnType<typeof loadRepositoryView>>;

/** /git: every repository with the path of its page. */
export async function listRepositories(localGit: LocalGit) {
  return (await localGit.list()).map((summary) => ({ ...summary, to: repositoryPath(summary.owner, summary.repo), remoteUrl: localGit.urls(summary.owner, summary.repo, "main").remoteUrl }));
}
