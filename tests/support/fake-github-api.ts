import { createVerify, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { execFileSync } from "node:child_process";
import { basicCredentials, commitFiles, createGitRepos, isolatedGitEnv, readJson, sendJson, type GitRepos } from "./git-smart-http";

// A faithful fake of GitHub on 127.0.0.1: the REST API under /api/v3 (as
// GitHub Enterprise serves it, so the integration is `host: 127.0.0.1:<port>`
// with `apiBaseUrl: <url>/api/v3`) with GitHub's paths, status codes and
// bodies for what Atrium calls, and every repository it holds as a real bare
// repository served over git's smart HTTP at `<url>/<owner>/<repo>.git` by
// `git http-backend`; files are also served raw at `<url>/raw/<owner>/<repo>/<ref>/<path>`
// for the catalog's reader. Tokens are checked: the REST API takes
// `Authorization: token|Bearer <t>`, git takes Basic with the token as password.
// GitHub Apps given to it list their installations and get installation
// tokens for their app JWT (RS256, checked against the app's public key).

export type FakeGithubAccount = { login: string; type: "User" | "Organization"; teams?: string[] };
export type FakeGithubRepo = {
  owner: string;
  name: string;
  private: boolean;
  visibility: string;
  description: string | null;
  homepage: string | null;
  default_branch: string;
  topics: string[];
  collaborators: Record<string, string>;
  teams: Record<string, string>;
  protections: Record<string, unknown>;
  created: Record<string, unknown>;
};
export type FakePull = { number: number; title: string; body: string | null; head: string; base: string; draft: boolean; state: string; reviewers: string[]; team_reviewers: string[] };

export type FakeGithubApi = {
  url: string;
  host: string;
  apiBaseUrl: string;
  git: GitRepos;
  /** The token the authenticated user holds; any other is refused with 401. */
  token: string;
  user: string;
  accounts: Map<string, FakeGithubAccount>;
  repos: Map<string, FakeGithubRepo>;
  pulls: Map<string, FakePull[]>;
  /** Every request: method, path with query, and its Authorization header. */
  requests: Array<{ method: string; path: string; authorization?: string }>;
  /**
   * From now on the REST API answers as GitHub does once a limit is reached:
   * "primary", 403 with no requests remaining (x-ratelimit-remaining: 0);
   * "secondary", 429 with a Retry-After; undefined lifts the limit.
   */
  limitRate(kind: "primary" | "secondary" | undefined): void;
  /** The commits whose tarballs were downloaded, in order. */
  tarballRequests: string[];
  /** A repository with files on its default branch, as if pushed earlier. */
  addRepo(owner: string, name: string, files?: Record<string, string>, defaultBranch?: string): void;
  close(): Promise<void>;
};

const API = "/api/v3";

/** A GitHub App the fake knows: its id, the public half of its key (PEM), and the accounts it is installed on. */
export type FakeGithubApp = { appId: string; publicKey: string; installations: Array<{ id: number; account: string }> };

export async function startFakeGithubApi(
  options: { token?: string; user?: string; orgs?: Array<{ login: string; teams?: string[] }>; port?: number; apps?: FakeGithubApp[] } = {},
): Promise<FakeGithubApi> {
  const token = options.token ?? "ghp_fake_token_0123456789";
  const user = options.user ?? "octocat";
  const git = createGitRepos();
  const accounts = new Map<string, FakeGithubAccount>([[user.toLowerCase(), { login: user, type: "User" }]]);
  for (const org of options.orgs ?? []) accounts.set(org.login.toLowerCase(), { login: org.login, type: "Organization", teams: org.teams ?? [] });
  const repos = new Map<string, FakeGithubRepo>();
  const pulls = new Map<string, FakePull[]>();
  const requests: FakeGithubApi["requests"] = [];
  const tarballRequests: string[] = [];
  let rateLimit: "primary" | "secondary" | undefined;
  /** Installation tokens issued to apps, by token: the account each may act on. */
  const installationTokens = new Map<string, string>();
  let url = "";

  const key = (owner: string, name: string) => `${owner}/${name}`.toLowerCase();
  const notFound = (response: ServerResponse) => sendJson(response, 404, { message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" });
  const validation = (response: ServerResponse, message: string, errors: unknown[] = []) =>
    sendJson(response, 422, { message, errors, documentation_url: "https://docs.github.com/rest", status: "422" });

  function repoBody(repo: FakeGithubRepo) {
    const full = `${repo.owner}/${repo.name}`;
    const owner = accounts.get(repo.owner.toLowerCase());
    return {
      id: [...repos.keys()].indexOf(key(repo.owner, repo.name)) + 1,
      name: repo.name,
      full_name: full,
      private: repo.private,
      visibility: repo.visibility,
      owner: { login: repo.owner, type: owner?.type ?? "User" },
      html_url: `${url}/${full}`,
      description: repo.description,
      homepage: repo.homepage,
      url: `${url}${API}/repos/${full}`,
      clone_url: `${url}/${full}.git`,
      git_url: `git://${url.replace(/^https?:\/\//, "")}/${full}.git`,
      default_branch: repo.default_branch,
      topics: repo.topics,
    };
  }

  function createRepo(owner: string, body: Record<string, unknown>, response: ServerResponse, asOrg: boolean) {
    const name = typeof body.name === "string" ? body.name : "";
    if (!/^[A-Za-z0-9._-]+$/.test(name)) return validation(response, "Repository creation failed.", [{ resource: "Repository", code: "custom", field: "name", message: "name is invalid" }]);
    if (repos.has(key(owner, name))) {
      return validation(response, "Repository creation failed.", [{ resource: "Repository", code: "custom", field: "name", message: "name already exists on this account" }]);
    }
    const visibility = asOrg && typeof body.visibility === "string" ? body.visibility : body.private === false ? "public" : "private";
    const repo: FakeGithubRepo = {
      owner: accounts.get(owner.toLowerCase())?.login ?? owner,
      name,
      private: visibility !== "public",
      visibility,
      description: typeof body.description === "string" ? body.description : null,
      homepage: typeof body.homepage === "string" ? body.homepage : null,
      default_branch: "main",
      topics: [],
      collaborators: {},
      teams: {},
      protections: {},
      created: body,
    };
    repos.set(key(owner, name), repo);
    git.create(`${repo.owner}/${name}.git`, "main");
    // auto_init: GitHub's first commit, a README, so the repository has a default branch at once.
    if (body.auto_init === true) commitFiles(git, `${repo.owner}/${name}.git`, { branch: "main", files: { "README.md": `# ${name}\n` }, message: "Initial commit" });
    sendJson(response, 201, repoBody(repo));
  }

  const bearerOf = (request: IncomingMessage) => /^(?:token|bearer)\s+(.+)$/i.exec(request.headers.authorization ?? "")?.[1];
  const authorized = (request: IncomingMessage) => {
    const presented = bearerOf(request);
    return presented !== undefined && (presented === token || installationTokens.has(presented));
  };

  /** The app whose JWT (RS256, iss = app id, not expired) authorizes the request, as GitHub checks an app's JWT. */
  function appOf(request: IncomingMessage): FakeGithubApp | undefined {
    const [header, payload, signature] = (bearerOf(request) ?? "").split(".");
    if (!header || !payload || !signature) return undefined;
    let claims: { iss?: unknown; exp?: unknown; iat?: unknown };
    try {
      claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as typeof claims;
    } catch {
      return undefined;
    }
    const app = (options.apps ?? []).find((candidate) => candidate.appId === String(claims.iss));
    if (!app) return undefined;
    const valid = createVerify("RSA-SHA256").update(`${header}.${payload}`).verify(app.publicKey, Buffer.from(signature, "base64url"));
    const now = Date.now() / 1000;
    if (!valid || typeof claims.exp !== "number" || claims.exp < now || typeof claims.iat !== "number" || claims.iat > now + 60 || claims.exp - claims.iat > 600) return undefined;
    return app;
  }

  function appApi(request: IncomingMessage, response: ServerResponse, parts: string[]) {
    const app = appOf(request);
    if (!app) return sendJson(response, 401, { message: "A JSON web token could not be decoded", documentation_url: "https://docs.github.com/rest", status: "401" });
    if (request.method === "GET" && parts.length === 2 && parts[1] === "installations") {
      return sendJson(
        response,
        200,
        app.installations.map((installation) => ({ id: installation.id, app_id: Number(app.appId), account: { login: installation.account }, suspended_at: null })),
      );
    }
    const installation = app.installations.find((candidate) => String(candidate.id) === parts[2]);
    if (request.method === "POST" && parts[1] === "installations" && installation && parts[3] === "access_tokens") {
      const issued = `ghs_${randomBytes(12).toString("hex")}`;
      installationTokens.set(issued, installation.account.toLowerCase());
      return sendJson(response, 201, { token: issued, expires_at: new Date(Date.now() + 60 * 60 * 1000).toISOString(), permissions: { contents: "write", pull_requests: "write" } });
    }
    return notFound(response);
  }

  async function api(request: IncomingMessage, response: ServerResponse, path: string, query: URLSearchParams) {
    if (path.split("/")[1] === "app") return appApi(request, response, path.split("/").filter(Boolean));
    if (!authorized(request)) return sendJson(response, 401, { message: "Bad credentials", documentation_url: "https://docs.github.com/rest", status: "401" });
    const reset = String(Math.ceil(Date.now() / 1000) + 60);
    if (rateLimit === "primary") {
      return sendJson(
        response,
        403,
        { message: `API rate limit exceeded for user ID 1.`, documentation_url: "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api", status: "403" },
        { "x-ratelimit-limit": "5000", "x-ratelimit-remaining": "0", "x-ratelimit-used": "5000", "x-ratelimit-reset": reset },
      );
    }
    if (rateLimit === "secondary") {
      return sendJson(
        response,
        429,
        {
          message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
          documentation_url: "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api",
          status: "429",
        },
        { "retry-after": "60" },
      );
    }
    const method = request.method ?? "GET";
    const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
    const body = method === "GET" ? {} : await readJson(request);

    if (method === "GET" && parts[0] === "user" && parts.length === 1) return sendJson(response, 200, { login: user, type: "User" });
    if (method === "GET" && parts[0] === "user" && parts[1] === "repos") {
      const mine = [...repos.values()].filter((repo) => repo.owner.toLowerCase() === user.toLowerCase() || repo.collaborators[user] || accounts.get(repo.owner.toLowerCase())?.type === "Organization");
      const perPage = Number(query.get("per_page") ?? 30);
      const page = Number(query.get("page") ?? 1);
      const slice = mine.slice((page - 1) * perPage, page * perPage);
      const headers: Record<string, string> = {};
      if (page * perPage < mine.length) headers.Link = `<${url}${API}/user/repos?per_page=${perPage}&page=${page + 1}>; rel="next"`;
      return sendJson(response, 200, slice.map(repoBody), headers);
    }
    if (method === "POST" && parts[0] === "user" && parts[1] === "repos" && parts.length === 2) return createRepo(user, body, response, false);
    if (method === "GET" && parts[0] === "users" && parts.length === 2) {
      const account = accounts.get(parts[1].toLowerCase());
      return account ? sendJson(response, 200, { login: account.login, type: account.type }) : notFound(response);
    }
    if (parts[0] === "orgs" && parts.length >= 2) {
      const org = accounts.get(parts[1].toLowerCase());
      if (!org || org.type !== "Organization") return notFound(response);
      if (method === "POST" && parts[2] === "repos" && parts.length === 3) return createRepo(org.login, body, response, true);
      if (method === "GET" && parts[2] === "teams" && parts.length === 4) {
        return org.teams?.includes(parts[3]) ? sendJson(response, 200, { slug: parts[3], name: parts[3] }) : notFound(response);
      }
      // PUT /orgs/{org}/teams/{team}/repos/{owner}/{repo}
      if (method === "PUT" && parts[2] === "teams" && parts[4] === "repos" && parts.length === 7) {
        const repo = repos.get(key(parts[5], parts[6]));
        if (!repo || !org.teams?.includes(parts[3])) return notFound(response);
        repo.teams[parts[3]] = String(body.permission ?? "push");
        response.writeHead(204).end();
        return;
      }
      return notFound(response);
    }
    if (parts[0] === "repos" && parts.length >= 3) {
      const repo = repos.get(key(parts[1], parts[2]));
      // An installation token reaches only the repositories of the account the app is installed on.
      const account = installationTokens.get(bearerOf(request) ?? "");
      if (!repo || (account !== undefined && account !== repo.owner.toLowerCase())) return notFound(response);
      const bare = `${repo.owner}/${repo.name}.git`;
      const rest = parts.slice(3);
      if (method === "GET" && rest.length === 0) return sendJson(response, 200, repoBody(repo));
      // GET commits/{ref}: the commit a branch, tag or sha names (TechDocs reads a ref's version with it).
      if (method === "GET" && rest[0] === "commits" && rest.length >= 2) {
        const sha = commitOf(bare, rest.slice(1).join("/"));
        if (!sha) return validation(response, `No commit found for SHA: ${rest.slice(1).join("/")}`);
        return sendJson(response, 200, { sha, url: `${url}${API}/repos/${repo.owner}/${repo.name}/commits/${sha}`, commit: { message: git.git(bare, "log", "-1", "--format=%s", sha) } });
      }
      // GET tarball/{ref}: as GitHub, a redirect to the download host (here the fake's own /_codeload), which serves the gzipped tar.
      if (method === "GET" && rest[0] === "tarball") {
        const sha = commitOf(bare, rest.slice(1).join("/") || repo.default_branch);
        if (!sha) return notFound(response);
        response.writeHead(302, { Location: `${url}/_codeload/${repo.owner}/${repo.name}/legacy.tar.gz/${sha}` }).end();
        return;
      }
      if (method === "PUT" && rest[0] === "topics") {
        repo.topics = Array.isArray(body.names) ? body.names.map(String) : [];
        return sendJson(response, 200, { names: repo.topics });
      }
      if (method === "PUT" && rest[0] === "collaborators" && rest.length === 2) {
        repo.collaborators[rest[1]] = String(body.permission ?? "push");
        return sendJson(response, 201, { id: 1, repository: repoBody(repo), invitee: { login: rest[1] }, permissions: repo.collaborators[rest[1]] });
      }
      if (method === "PUT" && rest[0] === "branches" && rest[2] === "protection") {
        if (!git.head(bare, rest[1])) return sendJson(response, 404, { message: "Branch not found", documentation_url: "https://docs.github.com/rest", status: "404" });
        repo.protections[rest[1]] = body;
        return sendJson(response, 200, { url: `${url}${API}/repos/${repo.owner}/${repo.name}/branches/${rest[1]}/protection` });
      }
      // Git references: GET git/ref/heads/{branch} (and the older git/refs/heads/{branch}), POST git/refs.
      if (method === "GET" && rest[0] === "git" && (rest[1] === "ref" || rest[1] === "refs") && rest.length >= 4) {
        const ref = rest.slice(2).join("/");
        const sha = ref.startsWith("heads/") ? git.head(bare, ref.slice("heads/".length)) : undefined;
        if (!sha) return notFound(response);
        return sendJson(response, 200, refBody(repo, ref, sha));
      }
      if (method === "POST" && rest[0] === "git" && rest[1] === "refs" && rest.length === 2) {
        const ref = typeof body.ref === "string" ? body.ref : "";
        const sha = typeof body.sha === "string" ? body.sha : "";
        if (!/^refs\/heads\/[^\s]+$/.test(ref) || !/^[0-9a-f]{40}$/.test(sha)) return validation(response, "Reference name is invalid");
        const branch = ref.slice("refs/heads/".length);
        if (git.head(bare, branch)) return validation(response, "Reference already exists");
        try {
          git.git(bare, "cat-file", "-e", `${sha}^{commit}`);
        } catch {
          return validation(response, "Object does not exist");
        }
        git.git(bare, "update-ref", ref, sha);
        return sendJson(response, 201, refBody(repo, ref.slice("refs/".length), sha));
      }
      // Contents: GET and PUT /repos/{owner}/{repo}/contents/{path}
      if (rest[0] === "contents" && rest.length >= 2) {
        const filePath = rest.slice(1).join("/");
        if (method === "GET") {
          const ref = query.get("ref") ?? repo.default_branch;
          try {
            const sha = git.git(bare, "rev-parse", `${ref}:${filePath}`);
            const content = Buffer.from(git.show(bare, `${ref}:${filePath}`));
            return sendJson(response, 200, {
              type: "file",
              encoding: "base64",
              size: content.byteLength,
              name: filePath.split("/").pop(),
              path: filePath,
              sha,
              content: content.toString("base64"),
              html_url: `${url}/${repo.owner}/${repo.name}/blob/${ref}/${filePath}`,
            });
          } catch {
            return notFound(response);
          }
        }
        if (method === "PUT") {
          const branch = typeof body.branch === "string" ? body.branch : repo.default_branch;
          if (typeof body.message !== "string" || typeof body.content !== "string") return validation(response, 'Invalid request.\n\n"message" and "content" weren\'t supplied.');
          const parent = git.head(bare, branch);
          if (!parent) return sendJson(response, 404, { message: `Branch ${branch} not found`, documentation_url: "https://docs.github.com/rest", status: "404" });
          let existing: string | undefined;
          try {
            existing = git.git(bare, "rev-parse", `${parent}:${filePath}`);
          } catch {
            existing = undefined;
          }
          if (existing && body.sha === undefined) return validation(response, 'Invalid request.\n\n"sha" wasn\'t supplied.');
          if (existing && body.sha !== existing)
            return sendJson(response, 409, { message: `${filePath} does not match ${String(body.sha)}`, documentation_url: "https://docs.github.com/rest", status: "409" });
          const text = Buffer.from(body.content, "base64").toString("utf8");
          const { commit, blobs } = commitFiles(git, bare, { branch, parent, files: { [filePath]: text }, message: body.message });
          return sendJson(response, existing ? 200 : 201, {
            content: { name: filePath.split("/").pop(), path: filePath, sha: blobs[filePath], html_url: `${url}/${repo.owner}/${repo.name}/blob/${branch}/${filePath}` },
            commit: { sha: commit, message: body.message, html_url: `${url}/${repo.owner}/${repo.name}/commit/${commit}` },
          });
        }
      }
      // Pull requests
      if (rest[0] === "pulls") {
        const list = pulls.get(key(repo.owner, repo.name)) ?? [];
        if (method === "GET" && rest.length === 1)
          return sendJson(
            response,
            200,
            list.map((pull) => pullBody(repo, pull)),
          );
        if (method === "POST" && rest.length === 1) {
          const head = typeof body.head === "string" ? body.head.replace(/^[^:]+:/, "") : "";
          const base = typeof body.base === "string" ? body.base : repo.default_branch;
          if (typeof body.title !== "string" || !body.title) return validation(response, "Validation Failed", [{ resource: "PullRequest", field: "title", code: "missing_field" }]);
          const headSha = git.head(bare, head);
          const baseSha = git.head(bare, base);
          if (!headSha) return validation(response, "Validation Failed", [{ resource: "PullRequest", field: "head", code: "invalid" }]);
          if (!baseSha) return validation(response, "Validation Failed", [{ resource: "PullRequest", field: "base", code: "invalid" }]);
          if (headSha === baseSha) return validation(response, "Validation Failed", [{ resource: "PullRequest", code: "custom", message: `No commits between ${base} and ${head}` }]);
          if (list.some((pull) => pull.head === head && pull.state === "open")) {
            return validation(response, "Validation Failed", [{ resource: "PullRequest", code: "custom", message: `A pull request already exists for ${repo.owner}:${head}.` }]);
          }
          const number = [...pulls.values()].reduce((sum, pulls) => sum + pulls.length, 0) + 1;
          const pull: FakePull = {
            number,
            title: body.title,
            body: typeof body.body === "string" ? body.body : null,
            head,
            base,
            draft: body.draft === true,
            state: "open",
            reviewers: [],
            team_reviewers: [],
          };
          pulls.set(key(repo.owner, repo.name), [...list, pull]);
          return sendJson(response, 201, pullBody(repo, pull));
        }
        const pull = list.find((candidate) => String(candidate.number) === rest[1]);
        if (!pull) return notFound(response);
        if (method === "GET" && rest.length === 2) return sendJson(response, 200, pullBody(repo, pull));
        if (method === "POST" && rest[2] === "requested_reviewers") {
          pull.reviewers.push(...(Array.isArray(body.reviewers) ? body.reviewers.map(String) : []));
          pull.team_reviewers.push(...(Array.isArray(body.team_reviewers) ? body.team_reviewers.map(String) : []));
          return sendJson(response, 201, pullBody(repo, pull));
        }
      }
    }
    return notFound(response);
  }

  function refBody(repo: FakeGithubRepo, ref: string, sha: string) {
    return {
      ref: `refs/${ref}`,
      node_id: "REF",
      url: `${url}${API}/repos/${repo.owner}/${repo.name}/git/refs/${ref}`,
      object: { sha, type: "commit", url: `${url}${API}/repos/${repo.owner}/${repo.name}/git/commits/${sha}` },
    };
  }

  function pullBody(repo: FakeGithubRepo, pull: FakePull) {
    return {
      id: pull.number,
      number: pull.number,
      state: pull.state,
      title: pull.title,
      body: pull.body,
      draft: pull.draft,
      html_url: `${url}/${repo.owner}/${repo.name}/pull/${pull.number}`,
      url: `${url}${API}/repos/${repo.owner}/${repo.name}/pulls/${pull.number}`,
      head: { ref: pull.head, sha: git.head(`${repo.owner}/${repo.name}.git`, pull.head) },
      base: { ref: pull.base, sha: git.head(`${repo.owner}/${repo.name}.git`, pull.base) },
      requested_reviewers: pull.reviewers.map((login) => ({ login })),
      requested_teams: pull.team_reviewers.map((slug) => ({ slug })),
    };
  }

  function commitOf(bare: string, ref: string): string | undefined {
    if (!/^[A-Za-z0-9._/-]+$/.test(ref) || ref.startsWith("-")) return undefined;
    try {
      return git.git(bare, "rev-parse", "--verify", "--quiet", `${ref}^{commit}`) || undefined;
    } catch {
      return undefined;
    }
  }

  /** codeload's tarball: `<owner>-<repo>-<sha7>/` before every path, as GitHub names it; symlinks kept as git stores them. */
  function serveTarball(response: ServerResponse, rest: string) {
    const [owner, name, , sha] = rest.split("/").map(decodeURIComponent);
    const repo = owner && name ? repos.get(key(owner, name)) : undefined;
    const commit = repo && sha ? commitOf(`${repo.owner}/${repo.name}.git`, sha) : undefined;
    if (!repo || !commit) return response.writeHead(404, { "Content-Type": "text/plain" }).end("404: Not Found");
    tarballRequests.push(commit);
    const archive = execFileSync("git", ["archive", "--format=tar.gz", `--prefix=${repo.owner}-${repo.name}-${commit.slice(0, 7)}/`, commit], {
      cwd: git.dir(`${repo.owner}/${repo.name}.git`),
      env: isolatedGitEnv(),
      maxBuffer: 256 * 1024 * 1024,
    });
    response.writeHead(200, { "Content-Type": "application/x-gzip", "Content-Length": archive.length }).end(archive);
  }

  function gitRoute(request: IncomingMessage, response: ServerResponse, path: string, query: string) {
    const match = /^\/([^/]+)\/([^/]+?)\.git(\/.*)$/.exec(path);
    if (!match || !repos.has(key(match[1], match[2]))) return false;
    const credentials = basicCredentials(request.headers.authorization);
    const pushing = path.endsWith("/git-receive-pack") || query.includes("service=git-receive-pack");
    const repo = repos.get(key(match[1], match[2]))!;
    // Reading a public repository needs nothing; anything else needs the token.
    if ((pushing || repo.private) && credentials?.password !== token) {
      response.writeHead(401, { "WWW-Authenticate": 'Basic realm="GitHub"', "Content-Type": "text/plain" }).end("Invalid username or token.");
      return true;
    }
    git.serve(request, response, `${repo.owner}/${repo.name}.git${match[3]}`, query);
    return true;
  }

  /** Files as raw.githubusercontent.com serves them, `/raw/<owner>/<repo>/<ref>/<path>` (the integration's rawBaseUrl is `<url>/raw`). */
  function serveRaw(response: ServerResponse, rest: string) {
    const [owner, name, ref, ...file] = rest.split("/").map(decodeURIComponent);
    const repo = owner && name ? repos.get(key(owner, name)) : undefined;
    if (!repo || !ref || file.length === 0) return response.writeHead(404, { "Content-Type": "text/plain" }).end("404: Not Found");
    try {
      const content = git.show(`${repo.owner}/${repo.name}.git`, `${ref}:${file.join("/")}`);
      response.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" }).end(content);
    } catch {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("404: Not Found");
    }
  }

  const server: Server = createServer((request, response) => {
    const raw = request.url ?? "/";
    const [path, query = ""] = raw.split("?");
    requests.push({ method: request.method ?? "GET", path: raw, authorization: request.headers.authorization });
    if (path.startsWith(`${API}/`)) {
      api(request, response, path.slice(API.length), new URLSearchParams(query)).catch((error: unknown) => {
        if (!response.headersSent) sendJson(response, 400, { message: `Problems parsing JSON: ${String(error)}` });
      });
      return;
    }
    if (path.startsWith("/raw/") && request.method === "GET") return serveRaw(response, path.slice("/raw/".length));
    if (path.startsWith("/_codeload/") && request.method === "GET") return serveTarball(response, path.slice("/_codeload/".length));
    if (gitRoute(request, response, path, query)) return;
    response.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found");
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  return {
    url,
    host: `127.0.0.1:${port}`,
    apiBaseUrl: `${url}${API}`,
    git,
    token,
    user,
    accounts,
    repos,
    pulls,
    requests,
    tarballRequests,
    limitRate(kind) {
      rateLimit = kind;
    },
    addRepo(owner, name, files = {}, defaultBranch = "main") {
      const repo: FakeGithubRepo = {
        owner,
        name,
        private: false,
        visibility: "public",
        description: null,
        homepage: null,
        default_branch: defaultBranch,
        topics: [],
        collaborators: {},
        teams: {},
        protections: {},
        created: {},
      };
      repos.set(key(owner, name), repo);
      if (!accounts.has(owner.toLowerCase())) accounts.set(owner.toLowerCase(), { login: owner, type: "Organization", teams: [] });
      git.create(`${owner}/${name}.git`, defaultBranch);
      if (Object.keys(files).length) commitFiles(git, `${owner}/${name}.git`, { branch: defaultBranch, files, message: "Initial commit" });
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
