import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { basicCredentials, commitFiles, createGitRepos, readJson, sendJson, type GitRepos } from "./git-smart-http";

// A faithful fake of Azure DevOps Services on 127.0.0.1: the Git REST API of
// api-version 6.0 (`/{organization}/{project}/_apis/git/...`) with its paths,
// status codes and bodies for repositories, refs, items, pushes and pull requests,
// and every repository a real bare repository served over git's smart HTTP at
// `/{organization}/{project}/_git/{repo}` by `git http-backend`. A personal
// access token goes as Basic with any user name (`:<pat>`), an Entra token as
// Bearer; the API answers an unauthenticated call with 401 (Azure DevOps'
// 203 sign-in page is not imitated).

export type FakeAzureRepo = { id: string; name: string; organization: string; project: string };
export type FakeAzurePull = { pullRequestId: number; repositoryId: string; sourceRefName: string; targetRefName: string; title: string; description: string; status: string; isDraft: boolean };

export type FakeAzureDevOpsApi = {
  url: string;
  host: string;
  git: GitRepos;
  token: string;
  /** Projects that exist, as `organization/project`. */
  projects: Set<string>;
  repos: FakeAzureRepo[];
  pulls: FakeAzurePull[];
  requests: Array<{ method: string; path: string; authorization?: string }>;
  addRepo(organization: string, project: string, name: string, files?: Record<string, string>, branch?: string): FakeAzureRepo;
  close(): Promise<void>;
};

export async function startFakeAzureDevOpsApi(options: { token?: string; projects?: string[]; port?: number } = {}): Promise<FakeAzureDevOpsApi> {
  const token = options.token ?? "azure-pat-fake-0123456789";
  const git = createGitRepos();
  const projects = new Set((options.projects ?? ["acme/platform"]).map((project) => project.toLowerCase()));
  const projectIds = new Map<string, string>();
  const repos: FakeAzureRepo[] = [];
  const pulls: FakeAzurePull[] = [];
  const requests: FakeAzureDevOpsApi["requests"] = [];
  let url = "";

  const bareOf = (repo: FakeAzureRepo) => `${repo.organization}/${repo.project}/_git/${repo.name}`;
  const projectId = (organization: string, project: string) => {
    const key = `${organization}/${project}`.toLowerCase();
    if (!projectIds.has(key)) projectIds.set(key, randomUUID());
    return projectIds.get(key)!;
  };
  const error = (response: ServerResponse, status: number, message: string, typeKey: string) =>
    sendJson(response, status, {
      $id: "1",
      innerException: null,
      message,
      typeName: `Microsoft.TeamFoundation.Git.Server.${typeKey}, Microsoft.TeamFoundation.Git.Server`,
      typeKey,
      errorCode: 0,
      eventId: 3000,
    });
  const repoBody = (repo: FakeAzureRepo) => {
    const bare = bareOf(repo);
    const branches = git.git(bare, "for-each-ref", "--format=%(refname)", "refs/heads").split("\n").filter(Boolean);
    const base = `${url}/${repo.organization}/${repo.project}`;
    return {
      id: repo.id,
      name: repo.name,
      url: `${base}/_apis/git/repositories/${repo.id}`,
      project: {
        id: projectId(repo.organization, repo.project),
        name: repo.project,
        url: `${url}/${repo.organization}/_apis/projects/${projectId(repo.organization, repo.project)}`,
        state: "wellFormed",
      },
      ...(branches.length ? { defaultBranch: branches.includes("refs/heads/main") ? "refs/heads/main" : branches[0] } : {}),
      size: 0,
      remoteUrl: `${base}/_git/${repo.name}`,
      sshUrl: `git@ssh.127.0.0.1:v3/${repo.organization}/${repo.project}/${repo.name}`,
      webUrl: `${base}/_git/${repo.name}`,
      isDisabled: false,
    };
  };
  const pullBody = (pull: FakeAzurePull) => {
    const repo = repos.find((candidate) => candidate.id === pull.repositoryId)!;
    return {
      ...pull,
      repository: repoBody(repo),
      url: `${url}/${repo.organization}/${repo.project}/_apis/git/repositories/${repo.id}/pullRequests/${pull.pullRequestId}`,
      creationDate: new Date().toISOString(),
    };
  };
  const authorized = (request: IncomingMessage) => basicCredentials(request.headers.authorization)?.password === token || /^bearer\s+(.+)$/i.exec(request.headers.authorization ?? "")?.[1] === token;

  function addRepo(organization: string, project: string, name: string): FakeAzureRepo {
    const repo = { id: randomUUID(), name, organization, project };
    repos.push(repo);
    git.create(bareOf(repo), "main");
    return repo;
  }

  async function api(request: IncomingMessage, response: ServerResponse, organization: string, project: string, rest: string[], query: URLSearchParams) {
    if (!authorized(request)) {
      response.writeHead(401, { "WWW-Authenticate": "Bearer", "Content-Type": "text/plain" }).end("Unauthorized");
      return;
    }
    if (!query.get("api-version"))
      return error(
        response,
        400,
        'No api-version was supplied for the "POST" request. The version must be supplied either as part of the Accept header or as a query parameter.',
        "VssVersionNotSpecifiedException",
      );
    if (!projects.has(`${organization}/${project}`.toLowerCase()))
      return error(
        response,
        404,
        `TF200016: The following project does not exist: ${project}. Verify that the name of the project is correct and that the project exists on the specified Azure DevOps Server.`,
        "ProjectDoesNotExistWithNameException",
      );
    const method = request.method ?? "GET";
    const body = method === "GET" ? {} : await readJson(request);
    const inProject = repos.filter((repo) => repo.organization.toLowerCase() === organization.toLowerCase() && repo.project.toLowerCase() === project.toLowerCase());
    // rest: ["git", "repositories", ...]
    if (rest[0] !== "git" || rest[1] !== "repositories") return error(response, 404, "The resource cannot be found.", "NotFoundException");
    if (rest.length === 2 && method === "GET") return sendJson(response, 200, { value: inProject.map(repoBody), count: inProject.length });
    if (rest.length === 2 && method === "POST") {
      const name = typeof body.name === "string" ? body.name : "";
      if (!name) return error(response, 400, "The repository name is required.", "ArgumentNullException");
      if (inProject.some((repo) => repo.name.toLowerCase() === name.toLowerCase()))
        return error(response, 409, `TF400948: A Git repository with the name ${name} already exists.`, "GitRepositoryNameAlreadyExistsException");
      return sendJson(response, 201, repoBody(addRepo(organization, project, name)));
    }
    const repo = inProject.find((candidate) => candidate.id === rest[2] || candidate.name.toLowerCase() === rest[2]?.toLowerCase());
    if (!repo)
      return error(
        response,
        404,
        `TF401019: The Git repository with name or identifier ${rest[2]} does not exist or you do not have permissions for the operation you are attempting.`,
        "GitRepositoryNotFoundException",
      );
    const bare = bareOf(repo);
    const sub = rest.slice(3);
    if (sub.length === 0 && method === "GET") return sendJson(response, 200, repoBody(repo));
    if (sub[0] === "refs" && method === "GET") {
      const filter = query.get("filter");
      const refs = git
        .git(bare, "for-each-ref", "--format=%(refname) %(objectname)", "refs/heads")
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split(" "))
        .filter(([name]) => !filter || name.startsWith(`refs/${filter}`))
        .map(([name, objectId]) => ({ name, objectId, url: `${url}/${organization}/${project}/_apis/git/repositories/${repo.id}/refs?filter=${name.slice(5)}` }));
      return sendJson(response, 200, { value: refs, count: refs.length });
    }
    if (sub[0] === "items" && method === "GET") {
      // A file's content, as the items API answers a download (what the catalog's reader asks for).
      const itemPath = (query.get("path") ?? "").replace(/^\/+/, "");
      const version = query.get("version") ?? query.get("versionDescriptor.version") ?? "HEAD";
      try {
        const content = git.show(bare, `${version}:${itemPath}`);
        response.writeHead(200, { "Content-Type": "application/octet-stream" }).end(content);
        return;
      } catch {
        return error(response, 404, `TF401174: The item '/${itemPath}' could not be found in the repository '${repo.name}' at the version specified by '${version}'.`, "GitItemNotFoundException");
      }
    }
    if (sub[0] === "pushes" && method === "POST") {
      const refUpdates = Array.isArray(body.refUpdates) ? (body.refUpdates as Array<{ name: string; oldObjectId: string }>) : [];
      const commits = Array.isArray(body.commits)
        ? (body.commits as Array<{ comment: string; parents?: string[]; changes: Array<{ changeType: string; item: { path: string }; newContent?: { content: string; contentType: string } }> }>)
        : [];
      if (refUpdates.length !== 1 || commits.length !== 1) return error(response, 400, "A push must update one ref with one commit in this fake.", "InvalidArgumentValueException");
      const [update] = refUpdates;
      const branch = update.name.replace(/^refs\/heads\//, "");
      const current = git.head(bare, branch);
      const zero = "0000000000000000000000000000000000000000";
      if ((current ?? zero) !== update.oldObjectId) {
        // A new branch starts from the commit named as its old object (Azure's way of branching in one push).
        if (current || update.oldObjectId === zero) return error(response, 409, `TF402455: Pushes to this branch are not permitted; the ref ${update.name} has moved.`, "GitReferenceStaleException");
      }
      const files: Record<string, string | null> = {};
      for (const change of commits[0].changes) {
        const filePath = change.item.path.replace(/^\/+/, "");
        if (change.changeType === "delete") files[filePath] = null;
        else files[filePath] = change.newContent?.contentType === "base64encoded" ? Buffer.from(change.newContent.content, "base64").toString("utf8") : (change.newContent?.content ?? "");
      }
      // A new branch's base is its old object id, or the commit's parent when the old id is all zeros.
      const parent = current ?? (update.oldObjectId === zero ? commits[0].parents?.[0] : update.oldObjectId);
      const { commit } = commitFiles(git, bare, { branch, parent, files, message: commits[0].comment });
      return sendJson(response, 201, {
        pushId: Date.now() % 100000,
        commits: [{ commitId: commit, comment: commits[0].comment }],
        refUpdates: [{ repositoryId: repo.id, name: update.name, oldObjectId: update.oldObjectId, newObjectId: commit }],
        repository: repoBody(repo),
      });
    }
    if (sub[0]?.toLowerCase() === "pullrequests") {
      if (method === "GET" && sub.length === 1) {
        const list = pulls.filter((pull) => pull.repositoryId === repo.id);
        return sendJson(response, 200, { value: list.map(pullBody), count: list.length });
      }
      if (method === "POST" && sub.length === 1) {
        const source = String(body.sourceRefName ?? "");
        const target = String(body.targetRefName ?? "");
        if (!git.head(bare, source.replace(/^refs\/heads\//, "")) || !git.head(bare, target.replace(/^refs\/heads\//, ""))) {
          return error(
            response,
            400,
            "TF401398: The pull request cannot be activated because the source and/or the target branch no longer exists, or the requested refs are not branches",
            "InvalidArgumentValueException",
          );
        }
        if (pulls.some((pull) => pull.repositoryId === repo.id && pull.sourceRefName === source && pull.targetRefName === target && pull.status === "active")) {
          return error(response, 409, `TF401179: An active pull request for the source and target branch already exists.`, "GitPullRequestExistsException");
        }
        const pull: FakeAzurePull = {
          pullRequestId: pulls.length + 1,
          repositoryId: repo.id,
          sourceRefName: source,
          targetRefName: target,
          title: String(body.title ?? ""),
          description: String(body.description ?? ""),
          status: "active",
          isDraft: body.isDraft === true,
        };
        pulls.push(pull);
        return sendJson(response, 201, pullBody(pull));
      }
    }
    return error(response, 404, "The resource cannot be found.", "NotFoundException");
  }

  const server: Server = createServer((request, response) => {
    const raw = request.url ?? "/";
    const [path, query = ""] = raw.split("?");
    requests.push({ method: request.method ?? "GET", path: raw, authorization: request.headers.authorization });
    const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
    if (parts.length >= 3 && parts[2] === "_apis") {
      api(request, response, parts[0], parts[1], parts.slice(3), new URLSearchParams(query)).catch((caught: unknown) => {
        if (!response.headersSent) sendJson(response, 400, { message: String(caught) });
      });
      return;
    }
    if (parts.length >= 5 && parts[2] === "_git") {
      const repo = repos.find((candidate) => candidate.organization === parts[0] && candidate.project === parts[1] && candidate.name === parts[3]);
      if (repo) {
        if (!authorized(request)) {
          response.writeHead(401, { "WWW-Authenticate": 'Basic realm="Azure DevOps"', "Content-Type": "text/plain" }).end("Unauthorized");
          return;
        }
        git.serve(request, response, `${bareOf(repo)}/${parts.slice(4).join("/")}`, query);
        return;
      }
    }
    response.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found");
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  return {
    url,
    host: `127.0.0.1:${port}`,
    git,
    token,
    projects,
    repos,
    pulls,
    requests,
    addRepo(organization, project, name, files = {}, branch = "main") {
      projects.add(`${organization}/${project}`.toLowerCase());
      const repo = addRepo(organization, project, name);
      if (Object.keys(files).length) commitFiles(git, bareOf(repo), { branch, files, message: "Initial commit" });
      return repo;
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
