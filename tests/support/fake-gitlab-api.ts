import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { execFileSync } from "node:child_process";
import { basicCredentials, commitFiles, createGitRepos, isolatedGitEnv, readJson, sendJson, type GitRepos } from "./git-smart-http";

// A faithful fake of GitLab on 127.0.0.1: REST API v4 under /api/v4 (as the
// gitlab integration's apiBaseUrl `<baseUrl>/api/v4`) with GitLab's paths,
// status codes and bodies for namespaces, the current user, groups and
// projects, and every project a real bare repository served over git's smart
// HTTP at `<url>/<namespace path>/<project>.git` by `git http-backend`.
// The API takes `PRIVATE-TOKEN: <t>` or `Authorization: Bearer <t>`; git takes
// Basic with user `oauth2` (or any) and the token as password.

export type FakeGitlabGroup = { id: number; name: string; path: string; full_path: string };
export type FakeGitlabProject = {
  id: number;
  name: string;
  path: string;
  namespace: { id: number; kind: "user" | "group"; full_path: string };
  visibility: string;
  topics: string[];
  description: string | null;
  created: Record<string, unknown>;
};

export type FakeGitlabApi = {
  url: string;
  host: string;
  apiBaseUrl: string;
  git: GitRepos;
  token: string;
  user: { id: number; username: string };
  groups: FakeGitlabGroup[];
  projects: FakeGitlabProject[];
  requests: Array<{ method: string; path: string; privateToken?: string; authorization?: string }>;
  /** The archives downloaded: the commit and the folder asked for. */
  archiveRequests: Array<{ sha: string; path?: string }>;
  /** A project of a group (created when missing) with files on `main`, as if pushed earlier; `files` null deletes. Returns the new commit. */
  addProject(fullPath: string, files: Record<string, string | null>): string;
  close(): Promise<void>;
};

const API = "/api/v4";

export async function startFakeGitlabApi(
  options: {
    token?: string;
    username?: string;
    groups?: string[];
    /** Answer archive downloads with a redirect to this URL (its path and query kept), as a GitLab serving them from elsewhere would. */
    archivesRedirectTo?: string;
  } = {},
): Promise<FakeGitlabApi> {
  const token = options.token ?? "glpat-fake-token-0123456789";
  const user = { id: 1, username: options.username ?? "jane" };
  const git = createGitRepos();
  let nextId = 100;
  const groups: FakeGitlabGroup[] = (options.groups ?? []).map((fullPath) => ({ id: nextId++, name: fullPath.split("/").pop()!, path: fullPath.split("/").pop()!, full_path: fullPath }));
  const projects: FakeGitlabProject[] = [];
  const requests: FakeGitlabApi["requests"] = [];
  const archiveRequests: FakeGitlabApi["archiveRequests"] = [];
  let url = "";

  const notFound = (response: ServerResponse, what = "404 Not found") => sendJson(response, 404, { message: what });
  const namespaceOf = (idOrPath: string) => {
    if (idOrPath === String(user.id) || idOrPath.toLowerCase() === user.username.toLowerCase())
      return { id: user.id, kind: "user" as const, full_path: user.username, path: user.username, name: user.username };
    const group = groups.find((candidate) => String(candidate.id) === idOrPath || candidate.full_path.toLowerCase() === idOrPath.toLowerCase());
    return group ? { id: group.id, kind: "group" as const, full_path: group.full_path, path: group.path, name: group.name } : undefined;
  };
  const projectBody = (project: FakeGitlabProject) => {
    const full = `${project.namespace.full_path}/${project.path}`;
    const bare = `${full}.git`;
    const branches = git.exists(bare) ? git.git(bare, "for-each-ref", "--format=%(refname:short)", "refs/heads").split("\n").filter(Boolean) : [];
    return {
      id: project.id,
      name: project.name,
      path: project.path,
      path_with_namespace: full,
      name_with_namespace: full.split("/").join(" / "),
      namespace: { id: project.namespace.id, kind: project.namespace.kind, full_path: project.namespace.full_path },
      visibility: project.visibility,
      topics: project.topics,
      description: project.description,
      default_branch: branches[0] ?? null,
      web_url: `${url}/${full}`,
      http_url_to_repo: `${url}/${bare}`,
      ssh_url_to_repo: `git@127.0.0.1:${bare}`,
    };
  };

  const authorized = (request: IncomingMessage) => request.headers["private-token"] === token || /^bearer\s+(.+)$/i.exec(request.headers.authorization ?? "")?.[1] === token;

  async function api(request: IncomingMessage, response: ServerResponse, path: string, query: URLSearchParams) {
    if (!authorized(request)) return sendJson(response, 401, { message: "401 Unauthorized" });
    const method = request.method ?? "GET";
    const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
    const body = method === "GET" ? {} : await readJson(request);
    const search = query.get("search")?.toLowerCase();
    const searched = (list: FakeGitlabProject[]) => list.filter((project) => !search || project.name.toLowerCase().includes(search) || project.path.toLowerCase().includes(search));

    if (method === "GET" && parts[0] === "user" && parts.length === 1) return sendJson(response, 200, { id: user.id, username: user.username, name: user.username, state: "active" });
    if (method === "GET" && parts[0] === "namespaces" && parts.length === 2) {
      const namespace = namespaceOf(parts[1]);
      return namespace ? sendJson(response, 200, namespace) : notFound(response, "404 Namespace Not Found");
    }
    if (method === "GET" && parts[0] === "groups" && parts.length === 1) {
      return sendJson(
        response,
        200,
        groups.filter((group) => !search || group.full_path.toLowerCase().includes(search)).map((group) => ({ ...group, web_url: `${url}/groups/${group.full_path}` })),
      );
    }
    if (method === "GET" && parts[0] === "groups" && parts[2] === "projects" && parts.length === 3) {
      const group = namespaceOf(parts[1]);
      if (!group || group.kind !== "group") return notFound(response, "404 Group Not Found");
      return sendJson(response, 200, searched(projects.filter((project) => project.namespace.kind === "group" && project.namespace.id === group.id)).map(projectBody));
    }
    if (method === "GET" && parts[0] === "users" && parts[2] === "projects" && parts.length === 3) {
      const owner = namespaceOf(parts[1]);
      if (!owner || owner.kind !== "user") return notFound(response, "404 User Not Found");
      return sendJson(response, 200, searched(projects.filter((project) => project.namespace.kind === "user")).map(projectBody));
    }
    if (method === "POST" && parts[0] === "projects" && parts.length === 1) {
      const namespace = body.namespace_id === undefined ? namespaceOf(String(user.id)) : namespaceOf(String(body.namespace_id));
      if (!namespace) return notFound(response, "404 Namespace Not Found");
      const name = typeof body.name === "string" ? body.name : "";
      const projectPath = typeof body.path === "string" ? body.path : name;
      if (!name || !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(projectPath)) return sendJson(response, 400, { message: { path: ["can contain only letters, digits, '_', '-' and '.'"] } });
      if (projects.some((project) => project.namespace.id === namespace.id && project.path.toLowerCase() === projectPath.toLowerCase())) {
        return sendJson(response, 400, { message: { project_namespace: ["has already been taken"], name: ["has already been taken"], path: ["has already been taken"] } });
      }
      const project: FakeGitlabProject = {
        id: nextId++,
        name,
        path: projectPath,
        namespace: { id: namespace.id, kind: namespace.kind, full_path: namespace.full_path },
        visibility: typeof body.visibility === "string" ? body.visibility : "private",
        topics: Array.isArray(body.topics) ? body.topics.map(String) : [],
        description: typeof body.description === "string" ? body.description : null,
        created: body,
      };
      projects.push(project);
      git.create(`${namespace.full_path}/${projectPath}.git`, "main");
      return sendJson(response, 201, projectBody(project));
    }
    // Repository reads TechDocs makes: a ref's commit, and the repository's archive at a commit (tar.gz, GitLab's default format).
    if (method === "GET" && parts[0] === "projects" && parts[2] === "repository" && (parts[3] === "commits" || parts[3] === "archive" || parts[3] === "archive.tar.gz")) {
      const project = projects.find((candidate) => String(candidate.id) === parts[1] || `${candidate.namespace.full_path}/${candidate.path}` === parts[1]);
      if (!project) return notFound(response, "404 Project Not Found");
      const bare = `${project.namespace.full_path}/${project.path}.git`;
      const commitOf = (ref: string) => {
        if (!/^[A-Za-z0-9._/-]+$/.test(ref) || ref.startsWith("-")) return undefined;
        try {
          return git.git(bare, "rev-parse", "--verify", "--quiet", `${ref}^{commit}`) || undefined;
        } catch {
          return undefined;
        }
      };
      if (parts[3] === "commits") {
        const sha = parts.length > 4 ? commitOf(parts.slice(4).join("/")) : undefined;
        if (!sha) return notFound(response, "404 Commit Not Found");
        return sendJson(response, 200, { id: sha, short_id: sha.slice(0, 8), title: git.git(bare, "log", "-1", "--format=%s", sha) });
      }
      if (options.archivesRedirectTo) {
        response.writeHead(302, { Location: new URL(`${API}${path}?${query}`, options.archivesRedirectTo).href }).end();
        return;
      }
      const branch = projectBody(project).default_branch;
      const sha = commitOf(query.get("sha") ?? branch ?? "HEAD");
      if (!sha) return notFound(response, "404 File Not Found");
      archiveRequests.push({ sha, path: query.get("path") ?? undefined });
      const folder = query.get("path");
      const archive = execFileSync("git", ["archive", "--format=tar.gz", `--prefix=${project.path}-${sha}-${sha}/`, sha, ...(folder ? ["--", folder] : [])], {
        cwd: git.dir(bare),
        env: isolatedGitEnv(),
        maxBuffer: 256 * 1024 * 1024,
      });
      response.writeHead(200, { "Content-Type": "application/x-gzip", "Content-Length": archive.length }).end(archive);
      return;
    }
    if (method === "GET" && parts[0] === "projects" && parts.length === 2) {
      const project = projects.find((candidate) => String(candidate.id) === parts[1] || `${candidate.namespace.full_path}/${candidate.path}` === parts[1]);
      return project ? sendJson(response, 200, projectBody(project)) : notFound(response, "404 Project Not Found");
    }
    return notFound(response);
  }

  function gitRoute(request: IncomingMessage, response: ServerResponse, path: string, query: string) {
    const match = /^\/(.+?\.git)(\/(?:info\/refs|git-upload-pack|git-receive-pack|HEAD|objects\/.*))$/.exec(path);
    if (!match) return false;
    const project = projects.find((candidate) => `${candidate.namespace.full_path}/${candidate.path}.git`.toLowerCase() === match[1].toLowerCase());
    if (!project) return false;
    if (basicCredentials(request.headers.authorization)?.password !== token) {
      response.writeHead(401, { "WWW-Authenticate": 'Basic realm="GitLab"', "Content-Type": "text/plain" }).end("HTTP Basic: Access denied");
      return true;
    }
    git.serve(request, response, `${project.namespace.full_path}/${project.path}.git${match[2]}`, query);
    return true;
  }

  const server: Server = createServer((request, response) => {
    const raw = request.url ?? "/";
    const [path, query = ""] = raw.split("?");
    requests.push({ method: request.method ?? "GET", path: raw, privateToken: request.headers["private-token"] as string | undefined, authorization: request.headers.authorization });
    if (path.startsWith(`${API}/`)) {
      api(request, response, path.slice(API.length), new URLSearchParams(query)).catch((error: unknown) => {
        if (!response.headersSent) sendJson(response, 400, { error: String(error) });
      });
      return;
    }
    if (gitRoute(request, response, path, query)) return;
    response.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  return {
    url,
    host: `127.0.0.1:${port}`,
    apiBaseUrl: `${url}${API}`,
    git,
    token,
    user,
    groups,
    projects,
    requests,
    archiveRequests,
    addProject(fullPath, files) {
      const segments = fullPath.split("/");
      const projectPath = segments.pop()!;
      const groupPath = segments.join("/");
      let group = groups.find((candidate) => candidate.full_path === groupPath);
      if (!group) groups.push((group = { id: nextId++, name: segments.at(-1)!, path: segments.at(-1)!, full_path: groupPath }));
      let project = projects.find((candidate) => candidate.namespace.id === group.id && candidate.path === projectPath);
      const bare = `${groupPath}/${projectPath}.git`;
      if (!project) {
        project = {
          id: nextId++,
          name: projectPath,
          path: projectPath,
          namespace: { id: group.id, kind: "group", full_path: groupPath },
          visibility: "private",
          topics: [],
          description: null,
          created: {},
        };
        projects.push(project);
        git.create(bare, "main");
      }
      return commitFiles(git, bare, { branch: "main", parent: git.head(bare, "main"), files, message: "Update" }).commit;
    },
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
