import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { basicCredentials, createGitRepos, readJson, sendJson, type GitRepos } from "./git-smart-http";

// A faithful fake of Bitbucket Cloud on 127.0.0.1: the 2.0 REST API under
// /2.0 (the integration's apiBaseUrl `<url>/2.0`) with its paths, status codes
// and paginated bodies for workspaces, projects and repositories, and every
// repository a real bare repository served over git's smart HTTP at
// `<url>/<workspace>/<repo>.git` by `git http-backend`. The API takes a Bearer
// access token or Basic `username:appPassword`; git takes Basic
// `x-token-auth:<token>` or `username:appPassword`.

export type FakeBitbucketRepo = { workspace: string; slug: string; project: string; description: string; is_private: boolean; created: Record<string, unknown> };

export type FakeBitbucketCloudApi = {
  url: string;
  host: string;
  apiBaseUrl: string;
  git: GitRepos;
  token: string;
  username: string;
  appPassword: string;
  /** Workspace slug → its project keys. */
  workspaces: Map<string, string[]>;
  repos: FakeBitbucketRepo[];
  requests: Array<{ method: string; path: string; authorization?: string }>;
  close(): Promise<void>;
};

export async function startFakeBitbucketCloudApi(options: { token?: string; workspaces?: Record<string, string[]> } = {}): Promise<FakeBitbucketCloudApi> {
  const token = options.token ?? "bitbucket-access-token-0123456789";
  const username = "jane";
  const appPassword = "app-password-0123456789";
  const git = createGitRepos();
  const workspaces = new Map(Object.entries(options.workspaces ?? { acme: ["PLAT", "WEB"] }));
  const repos: FakeBitbucketRepo[] = [];
  const requests: FakeBitbucketCloudApi["requests"] = [];
  let url = "";

  const error = (response: ServerResponse, status: number, message: string) => sendJson(response, status, { type: "error", error: { message } });
  const page = (values: unknown[], query: URLSearchParams) => {
    const pagelen = Number(query.get("pagelen") ?? 10);
    const number = Number(query.get("page") ?? 1);
    const slice = values.slice((number - 1) * pagelen, number * pagelen);
    return { size: values.length, page: number, pagelen, values: slice, ...(number * pagelen < values.length ? { next: `${url}/2.0/__page__?page=${number + 1}` } : {}) };
  };
  const repoBody = (repo: FakeBitbucketRepo) => ({
    type: "repository",
    slug: repo.slug,
    name: repo.slug,
    full_name: `${repo.workspace}/${repo.slug}`,
    is_private: repo.is_private,
    description: repo.description,
    scm: "git",
    project: { type: "project", key: repo.project },
    workspace: { type: "workspace", slug: repo.workspace },
    mainbranch: { type: "branch", name: git.git(`${repo.workspace}/${repo.slug}.git`, "for-each-ref", "--format=%(refname:short)", "refs/heads").split("\n").filter(Boolean)[0] ?? "main" },
    links: {
      html: { href: `${url}/${repo.workspace}/${repo.slug}` },
      clone: [
        { name: "https", href: `${url.replace("://", `://${username}@`)}/${repo.workspace}/${repo.slug}.git` },
        { name: "ssh", href: `git@127.0.0.1:${repo.workspace}/${repo.slug}.git` },
      ],
    },
  });
  const authorized = (request: IncomingMessage) => {
    const header = request.headers.authorization ?? "";
    if (/^bearer\s+(.+)$/i.exec(header)?.[1] === token) return true;
    const basic = basicCredentials(header);
    return basic?.username === username && basic.password === appPassword;
  };

  async function api(request: IncomingMessage, response: ServerResponse, parts: string[], query: URLSearchParams) {
    if (!authorized(request)) return error(response, 401, "Access token expired.");
    const method = request.method ?? "GET";
    const body = method === "GET" ? {} : await readJson(request);
    if (method === "GET" && parts[0] === "workspaces" && parts.length === 1) {
      return sendJson(
        response,
        200,
        page(
          [...workspaces.keys()].map((slug) => ({ type: "workspace", slug, name: slug, uuid: `{${slug}}` })),
          query,
        ),
      );
    }
    if (method === "GET" && parts[0] === "workspaces" && parts[2] === "projects" && parts.length === 3) {
      const projects = workspaces.get(parts[1]);
      if (!projects) return error(response, 404, `No workspace with identifier '${parts[1]}'.`);
      return sendJson(
        response,
        200,
        page(
          projects.map((key) => ({ type: "project", key, name: key })),
          query,
        ),
      );
    }
    if (parts[0] === "repositories" && parts.length === 2 && method === "GET") {
      if (!workspaces.has(parts[1])) return error(response, 404, `No workspace with identifier '${parts[1]}'.`);
      // Bitbucket's query language; the fake understands the one filter Atrium sends: project.key="KEY".
      const q = query.get("q");
      const projectKey = q ? /^project\.key\s*=\s*"([^"]*)"$/.exec(q)?.[1] : undefined;
      if (q && projectKey === undefined) return error(response, 400, `Invalid field name or filter: ${q}`);
      return sendJson(response, 200, page(repos.filter((repo) => repo.workspace === parts[1] && (projectKey === undefined || repo.project === projectKey)).map(repoBody), query));
    }
    if (parts[0] === "repositories" && parts.length === 3) {
      const [, workspace, slug] = parts;
      const existing = repos.find((repo) => repo.workspace === workspace && repo.slug === slug);
      if (method === "GET") return existing ? sendJson(response, 200, repoBody(existing)) : error(response, 404, `Repository ${workspace}/${slug} not found`);
      if (method === "POST") {
        const projects = workspaces.get(workspace);
        if (!projects) return error(response, 404, `No workspace with identifier '${workspace}'.`);
        if (existing) return error(response, 400, "Repository with this Slug and Owner already exists.");
        const project = (body.project as { key?: string } | undefined)?.key;
        if (project && !projects.includes(project)) return error(response, 400, `Project ${project} not found in workspace ${workspace}`);
        const repo: FakeBitbucketRepo = {
          workspace,
          slug,
          project: project ?? projects[0],
          description: typeof body.description === "string" ? body.description : "",
          is_private: body.is_private !== false,
          created: body,
        };
        repos.push(repo);
        git.create(`${workspace}/${slug}.git`, "main");
        return sendJson(response, 200, repoBody(repo));
      }
    }
    return error(response, 404, "Resource not found");
  }

  const server: Server = createServer((request, response) => {
    const raw = request.url ?? "/";
    const [path, query = ""] = raw.split("?");
    requests.push({ method: request.method ?? "GET", path: raw, authorization: request.headers.authorization });
    const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
    if (parts[0] === "2.0") {
      api(request, response, parts.slice(1), new URLSearchParams(query)).catch((caught: unknown) => {
        if (!response.headersSent) error(response, 400, String(caught));
      });
      return;
    }
    const match = /^\/([^/]+)\/([^/]+?)\.git(\/.*)$/.exec(path);
    const repo = match && repos.find((candidate) => candidate.workspace === match[1] && candidate.slug === match[2]);
    if (match && repo) {
      const basic = basicCredentials(request.headers.authorization);
      const ok = (basic?.username === "x-token-auth" && basic.password === token) || (basic?.username === username && basic.password === appPassword);
      if (!ok) {
        response.writeHead(401, { "WWW-Authenticate": 'Basic realm="Bitbucket.org HTTP"', "Content-Type": "text/plain" }).end("Unauthorized");
        return;
      }
      git.serve(request, response, `${repo.workspace}/${repo.slug}.git${match[3]}`, query);
      return;
    }
    response.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  return {
    url,
    host: `127.0.0.1:${port}`,
    apiBaseUrl: `${url}/2.0`,
    git,
    token,
    username,
    appPassword,
    workspaces,
    repos,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          git.remove();
          resolve();
        });
      }),
  };
}
