import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { eventually } from "../tests/support/fake-scm";
import { API_AUTHORIZATION, useServer } from "../tests/support/server";

// The embedded default's git host as a user and a git client meet it: a
// repository made with the git CLI (as publish:git leaves one, a bare
// repository under scaffolder.localGit.root) browsed through the portal's
// pages without JavaScript, cloned over HTTP with git itself, refused a push,
// and read by the catalog from its portal URL.

const BASE_URL = "http://localhost:7007";
const work = mkdtempSync(path.join(tmpdir(), "atrium-local-git-"));
const root = path.join(work, "repositories");
const gitEnv = { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1", GIT_TERMINAL_PROMPT: "0" };
const run = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env: gitEnv }).toString().trim();

const CATALOG_INFO = `apiVersion: backstage.io/v1alpha1
kind: Component
metadata:
  name: petstore
  description: Sells pets
spec:
  type: service
  lifecycle: experimental
  owner: group:default/platform
`;

/** A bare repository platform/petstore with a first commit, made the way a user would: a work tree pushed to it. */
function makeRepository(): string {
  const source = path.join(work, "source");
  mkdirSync(path.join(source, "src"), { recursive: true });
  writeFileSync(path.join(source, "README.md"), "# Petstore\n\nSells **pets**.\n");
  writeFileSync(path.join(source, "catalog-info.yaml"), CATALOG_INFO);
  writeFileSync(path.join(source, "src", "index.ts"), "export const answer = 42;\n");
  writeFileSync(path.join(source, "src", "<script>.txt"), "<script>alert(1)</script>\n");
  run(source, "init", "--quiet", "--initial-branch=main");
  run(source, "add", "--all");
  run(source, "-c", "user.name=Ada", "-c", "user.email=ada@example.com", "commit", "--quiet", "-m", "Scaffold petstore");
  const bare = path.join(root, "platform", "petstore.git");
  mkdirSync(path.dirname(bare), { recursive: true });
  run(work, "clone", "--quiet", "--bare", source, bare);
  writeFileSync(path.join(bare, "description"), "The pet store\n");
  return run(bare, "rev-parse", "main");
}

const commit = makeRepository();

const env = useServer(`
app:
  baseUrl: ${BASE_URL}
backend:
  baseUrl: ${BASE_URL}
scaffolder:
  localGit:
    root: ${root}
`);

afterAll(() => rmSync(work, { recursive: true, force: true }));

async function page(pathname: string) {
  const response = await env.get(pathname);
  return { status: response.status, html: await response.text() };
}

describe("the repository pages", () => {
  it("list the repositories at /git", async () => {
    const { status, html } = await page("/git");
    expect(status).toBe(200);
    expect(html).toContain('href="/git/platform/petstore"');
    expect(html).toContain("The pet store");
  });

  it("show the default branch's files, the clone command, the last commit and the README", async () => {
    const { status, html } = await page("/git/platform/petstore");
    expect(status).toBe(200);
    expect(html).toContain("<title>platform/petstore | ");
    expect(html).toContain(`git clone ${BASE_URL}/git/platform/petstore.git`);
    expect(html).toContain('href="/git/platform/petstore/tree/main/src"');
    expect(html).toContain('href="/git/platform/petstore/blob/main/catalog-info.yaml"');
    expect(html).toContain('href="/git/platform/petstore/blob/main/README.md"');
    expect(html).toContain(commit.slice(0, 7));
    expect(html).toContain("Scaffold petstore, by Ada");
    expect(html).toContain("Sells <strong>pets</strong>.");
  });

  it("show a folder and a file, escaping what the file holds", async () => {
    const folder = await page("/git/platform/petstore/tree/main/src");
    expect(folder.status).toBe(200);
    expect(folder.html).toContain('href="/git/platform/petstore/blob/main/src/index.ts"');
    expect(folder.html).toContain('href="/git/platform/petstore/blob/main/src/%3Cscript%3E.txt"');

    const file = await page("/git/platform/petstore/blob/main/catalog-info.yaml");
    expect(file.status).toBe(200);
    expect(file.html).toContain("Contents of catalog-info.yaml");
    expect(file.html.replace(/<[^>]+>/g, "")).toContain("name: petstore");

    const script = await page("/git/platform/petstore/blob/main/src/%3Cscript%3E.txt");
    expect(script.status).toBe(200);
    expect(script.html).not.toContain("<script>alert(1)</script>");
    expect(script.html).toContain("&#60;script&#62;alert(1)&#60;/script&#62;");

    const byCommit = await page(`/git/platform/petstore/blob/${commit}/src/index.ts`);
    expect(byCommit.status).toBe(200);
  });

  it("open the repository from its clone URL, as a template's Repository link does", async () => {
    const response = await env.get("/git/platform/petstore.git");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/git/platform/petstore");
  });

  it("answer 404 for what is not there, and never read outside the repository", async () => {
    for (const missing of [
      "/git/platform/unknown",
      "/git/platform/petstore/blob/main/nothing.txt",
      "/git/platform/petstore/tree/no-such-branch",
      "/git/platform/petstore/raw/main/README.md",
      "/git/platform/petstore.git/HEAD",
      "/git/platform/petstore.git/config",
    ]) {
      const { status, html } = await page(missing);
      expect(status, missing).toBe(404);
      expect(html, missing).not.toContain("repositoryformatversion");
    }
    // A dot segment, even percent-encoded, never reaches a route (server/request-guards.ts).
    expect((await env.get("/git/platform/petstore/blob/main/src%2F..%2F..%2F..%2Fconfig")).status).toBe(400);
  });
});

describe("cloning over HTTP", () => {
  it("clones with git itself, the files as committed", () => {
    const target = path.join(work, "clone");
    const result = spawnSync("git", ["clone", "--quiet", `${env.server.url}/git/platform/petstore.git`, target], { env: gitEnv, encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(readFileSync(path.join(target, "catalog-info.yaml"), "utf8")).toBe(CATALOG_INFO);
    expect(readFileSync(path.join(target, "src", "index.ts"), "utf8")).toBe("export const answer = 42;\n");
    expect(run(target, "rev-parse", "HEAD")).toBe(commit);
    expect(run(target, "rev-parse", "--abbrev-ref", "HEAD")).toBe("main");
  });

  it("refuses a push and leaves the repository as it was", async () => {
    const target = path.join(work, "clone");
    writeFileSync(path.join(target, "pushed.txt"), "should not land\n");
    run(target, "add", "pushed.txt");
    run(target, "-c", "user.name=Mallory", "-c", "user.email=m@example.com", "commit", "--quiet", "-m", "Push attempt");
    const push = spawnSync("git", ["push", "origin", "main"], { cwd: target, env: gitEnv, encoding: "utf8" });
    expect(push.status).not.toBe(0);
    expect(run(path.join(root, "platform", "petstore.git"), "rev-parse", "main")).toBe(commit);

    const advertise = await env.get("/git/platform/petstore.git/info/refs?service=git-receive-pack");
    expect(advertise.status).toBe(403);
    expect(await advertise.text()).toContain("Only git-upload-pack");
    const receive = await env.get("/git/platform/petstore.git/git-receive-pack", { method: "POST", body: "0000" });
    // No route takes a receive-pack: the repository page has no action.
    expect(receive.status).toBe(405);
  });

  it("answers the smart protocol's advertisement, and 404 for a repository that does not exist", async () => {
    const advertise = await env.get("/git/platform/petstore.git/info/refs?service=git-upload-pack");
    expect(advertise.status).toBe(200);
    expect(advertise.headers.get("content-type")).toBe("application/x-git-upload-pack-advertisement");
    expect(await advertise.text()).toContain(`${commit} refs/heads/main`);
    expect((await env.get("/git/platform/unknown.git/info/refs?service=git-upload-pack")).status).toBe(404);
    expect((await env.get("/git/platform/petstore/info/refs?service=git-upload-pack")).status).toBe(404);
    expect((await env.get("/git/..%2F..%2Fetc/petstore.git/info/refs?service=git-upload-pack")).status).toBe(400);
    expect((await env.get("/git/.hidden/petstore.git/info/refs?service=git-upload-pack")).status).toBe(404);
  });
});

describe("the catalog", () => {
  it("holds the example catalog's software templates, without processing errors", async () => {
    for (const name of ["node-service", "react-website", "typescript-library", "docs-site"]) {
      const template = await eventually(async () => {
        const found = await env.get(`/api/catalog/entities/by-name/template/default/${name}`, { headers: API_AUTHORIZATION });
        return found.ok ? ((await found.json()) as { spec: { type: string }; relations: Array<{ type: string; targetRef: string }>; status?: { items?: unknown[] } }) : undefined;
      }, `the ${name} template`);
      expect(template.status?.items ?? []).toEqual([]);
      expect(template.relations).toContainEqual(expect.objectContaining({ type: "ownedBy", targetRef: expect.stringMatching(/^group:default\//) }));
    }
  });

  it("registers a component from its portal URL, read from the repository on disk", async () => {
    const target = `${BASE_URL}/git/platform/petstore/blob/main/catalog-info.yaml`;
    const response = await env.get("/api/catalog/locations", {
      method: "POST",
      headers: { ...API_AUTHORIZATION, "content-type": "application/json" },
      body: JSON.stringify({ type: "url", target }),
    });
    expect(response.status).toBe(201);
    const entity = await eventually(async () => {
      const found = await env.get("/api/catalog/entities/by-name/component/default/petstore", { headers: API_AUTHORIZATION });
      return found.ok ? ((await found.json()) as { metadata: { description: string; annotations: Record<string, string> } }) : undefined;
    }, "the petstore component");
    expect(entity.metadata.description).toBe("Sells pets");
    expect(entity.metadata.annotations["backstage.io/managed-by-location"]).toBe(`url:${target}`);
  });

  it("refuses a file the repository does not have, without asking the network", async () => {
    const response = await env.get("/api/catalog/locations?dryRun=true", {
      method: "POST",
      headers: { ...API_AUTHORIZATION, "content-type": "application/json" },
      body: JSON.stringify({ type: "url", target: `${BASE_URL}/git/platform/petstore/blob/main/missing.yaml` }),
    });
    const body = await response.text();
    // As for any location whose file is missing (the catalog's own wording, Backstage's).
    expect(response.status, body).toBe(400);
    expect(body).toContain("Unable to read http://localhost:7007/git/platform/petstore/blob/main/missing.yaml, not found");
  });
});

const api = (pathname: string, init: RequestInit = {}) =>
  env.get(pathname, { ...init, headers: { ...API_AUTHORIZATION, "content-type": "application/json", ...(init.headers as Record<string, string>) } });

/** Runs a template through the scaffolder's API until its task completes; answers the completion's output. */
async function scaffold(template: string, values: Record<string, unknown>) {
  await eventually(async () => (await api(`/api/catalog/entities/by-name/template/default/${template}`)).ok, `the ${template} template`);
  const created = await api("/api/scaffolder/v2/tasks", { method: "POST", body: JSON.stringify({ templateRef: `template:default/${template}`, values }) });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await eventually(
    async () => {
      const current = (await (await api(`/api/scaffolder/v2/tasks/${id}`)).json()) as { status: string };
      if (current.status === "failed" || current.status === "cancelled") {
        throw new Error(`task ${current.status}: ${await (await api(`/api/scaffolder/v2/tasks/${id}/events`)).text()}`);
      }
      return current.status === "completed";
    },
    `the ${template} task to complete`,
    60_000,
  );
  const events = (await (await api(`/api/scaffolder/v2/tasks/${id}/events`)).json()) as Array<{ type: string; body: { output?: { links?: unknown[] } } }>;
  return events.find((event) => event.type === "completion")?.body.output;
}

async function entity(ref: string) {
  const [kind, rest] = ref.split(":");
  const [namespace, name] = rest.split("/");
  const response = await api(`/api/catalog/entities/by-name/${kind}/${namespace}/${name}`);
  expect(response.status, ref).toBe(200);
  return (await response.json()) as { metadata: Record<string, unknown>; spec: Record<string, unknown> };
}

describe("the example templates, end to end on the embedded default", () => {
  it("node-service: a repository on /git that clones, and the component in the catalog", async () => {
    const output = await scaffold("node-service", {
      name: "rent-reminder-service",
      description: "Sends rent reminders",
      owner: "group:default/payments-team",
      lifecycle: "experimental",
      port: 8081,
      repoUrl: "localhost?owner=payments-team&repo=rent-reminder-service",
    });
    expect(output?.links).toEqual([
      { title: "Repository", url: `${BASE_URL}/git/payments-team/rent-reminder-service.git` },
      { title: "Open in catalog", icon: "catalog", entityRef: "component:default/rent-reminder-service" },
    ]);
    expect((await entity("component:default/rent-reminder-service")).spec).toMatchObject({ type: "service", lifecycle: "experimental", owner: "group:default/payments-team" });

    const repository = await page("/git/payments-team/rent-reminder-service");
    expect(repository.status).toBe(200);
    expect(repository.html).toContain("Sends rent reminders");
    const checkout = path.join(work, "scaffolded");
    const cloned = spawnSync("git", ["clone", "--quiet", `${env.server.url}/git/payments-team/rent-reminder-service.git`, checkout], { env: gitEnv, encoding: "utf8" });
    expect(cloned.status, cloned.stderr).toBe(0);
    expect(JSON.parse(readFileSync(path.join(checkout, "package.json"), "utf8"))).toMatchObject({ name: "rent-reminder-service" });
    expect(run(checkout, "log", "--format=%an <%ae>|%s")).toBe("Keystone Living Scaffolder <scaffolder@keystone-living.example>|Initial commit");
  }, 90_000);

  it("react-website: the page title defaults to the name, and the APIs it calls are related", async () => {
    await scaffold("react-website", {
      name: "owner-statements-web",
      description: "Monthly statements for owners",
      owner: "group:default/renter-experience-team",
      consumesApis: ["api:default/lease-api"],
      repoUrl: "localhost?owner=renter-experience-team&repo=owner-statements-web",
    });
    const website = await entity("component:default/owner-statements-web");
    expect(website).toMatchObject({ metadata: { title: "owner-statements-web" }, spec: { type: "website", consumesApis: ["api:default/lease-api"] } });
    expect((await page("/git/renter-experience-team/owner-statements-web")).html).toContain("Create owner-statements-web from the React website template");
  }, 90_000);

  it("typescript-library: the scoped package name and the tags", async () => {
    await scaffold("typescript-library", {
      name: "money-format",
      description: "Formats amounts of money",
      owner: "group:default/payments-team",
      packageScope: "keystone-living",
      tags: ["money"],
      repoUrl: "localhost?owner=payments-team&repo=money-format",
    });
    expect((await entity("component:default/money-format")).metadata).toMatchObject({
      tags: ["typescript", "library", "money"],
      annotations: expect.objectContaining({ "npmjs.com/package-name": "@keystone-living/money-format" }),
    });
  }, 90_000);

  it("docs-site: documentation with TechDocs; without a runbook, fs:delete leaves it out", async () => {
    await scaffold("docs-site", {
      name: "leasing-handbook",
      description: "How leasing works",
      owner: "group:default/leasing-team",
      includeRunbook: false,
      repoUrl: "localhost?owner=leasing-team&repo=leasing-handbook",
    });
    expect(await entity("component:default/leasing-handbook")).toMatchObject({
      metadata: { title: "leasing-handbook", annotations: expect.objectContaining({ "backstage.io/techdocs-ref": "dir:." }) },
      spec: { type: "documentation" },
    });
    const docs = await page("/git/leasing-team/leasing-handbook/tree/main/docs");
    expect(docs.html).toContain("getting-started.md");
    expect(docs.html).not.toContain("runbook.md");
  }, 90_000);
});
