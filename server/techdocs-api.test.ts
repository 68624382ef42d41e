import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeGithubApi, type FakeGithubApi } from "../tests/support/fake-github-api";
import { startFakeGitlabApi, type FakeGitlabApi } from "../tests/support/fake-gitlab-api";
import { eventually } from "../tests/support/fake-scm";
import { commitFiles } from "../tests/support/git-smart-http";
import { API_AUTHORIZATION, guestSessionCookie, startServer, type RunningServer } from "../tests/support/server";

// /api/techdocs on the built server, as Backstage's TechDocs client and a
// browser call it: docs in a local folder beside the catalog file, on a fake
// GitHub (tarballs) and a fake GitLab (archives), built by Atrium and
// published to a local folder; a guest who may read only entities labelled
// `public`.

const component = (name: string, ref: string, labels: Record<string, string> = { public: "yes" }) =>
  JSON.stringify({
    apiVersion: "backstage.io/v1alpha1",
    kind: "Component",
    metadata: { name, labels, annotations: { "backstage.io/techdocs-ref": ref } },
    spec: { type: "service", owner: "team-a", lifecycle: "production" },
  });

type Event = { event: string; data: unknown };

function parseEvents(text: string): Event[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: (.*)$/m.exec(block)?.[1];
      return { event, data: data === undefined ? undefined : JSON.parse(data) };
    });
}

/** A request sent exactly as written, with no URL normalisation (fetch would resolve '..' itself). */
function rawGet(url: string, rawPath: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, path: rawPath, headers }, (response) => {
      let body = "";
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("the TechDocs API", () => {
  let dir: string;
  let publishDir: string;
  let github: FakeGithubApi;
  let gitlab: FakeGitlabApi;
  let server: RunningServer;
  let guest: string;
  const api = (pathname: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has("authorization") && !headers.has("cookie")) headers.set("authorization", API_AUTHORIZATION.authorization);
    return fetch(`${server.url}/api/techdocs${pathname}`, { redirect: "manual", ...init, headers });
  };
  const sync = async (name: string, init: RequestInit = {}) => {
    const response = await api(`/sync/default/component/${name}`, { ...init, headers: { accept: "text/event-stream", ...(init.headers as Record<string, string>) } });
    return { response, events: parseEvents(await response.text()) };
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "atrium-techdocs-api-"));
    publishDir = path.join(dir, "published");
    github = await startFakeGithubApi();
    gitlab = await startFakeGitlabApi();
    github.addRepo("acme", "payments", { "mkdocs.yml": "site_name: Payments\n", "docs/index.md": "# Payments\n\nFirst version.\n" });
    gitlab.addProject("platform/deployer", { "mkdocs.yml": "site_name: Deployer\n", "docs/index.md": "# Deployer\n\nShips things.\n" });
    const docs = (folder: string, files: Record<string, string>) => {
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(dir, folder, name)), { recursive: true });
        writeFileSync(path.join(dir, folder, name), text);
      }
    };
    docs("handbook", {
      "mkdocs.yml": "site_name: Handbook\nnav:\n  - Home: index.md\n  - Guide: guide.md\n",
      "docs/index.md": "# Welcome\n\nThe handbook.\n\n![Logo](img/logo.svg)\n",
      "docs/guide.md": "# Guide\n\nHow we work.\n",
      "docs/img/logo.svg": '<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>',
    });
    docs("escaping/docs", { "index.md": "# Escaping\n" });
    docs("escaping", { "mkdocs.yml": "site_name: Escaping\n" });
    writeFileSync(path.join(dir, "secret.txt"), "TOP SECRET");
    symlinkSync(path.join(dir, "secret.txt"), path.join(dir, "escaping", "docs", "leak.md"));
    docs("broken/docs", { "index.md": "# No config\n" });
    writeFileSync(
      path.join(dir, "catalog.yaml"),
      [
        component("handbook", "dir:./handbook"),
        component("escaping", "dir:./escaping"),
        component("broken", "dir:./broken"),
        component("secret", "dir:./handbook", {}),
        component("payments", `url:${github.url}/acme/payments/tree/main/`),
        component("deployer", `url:${gitlab.url}/platform/deployer/-/tree/main/`),
      ].join("\n---\n"),
    );
    server = await startServer(`
auth:
  signInPage: [guest]
permission:
  enabled: true
  policy:
    roles:
      - name: public-readers
        members: ['*']
        permissions:
          - permission: catalog.entity.read
            conditions: { rule: HAS_LABEL, params: { label: public } }
catalog:
  locations:
    - type: file
      target: ${path.join(dir, "catalog.yaml")}
  rules: [{ allow: [Component, Location] }]
integrations:
  github: [{ host: '${github.host}', apiBaseUrl: '${github.apiBaseUrl}', token: ${github.token} }]
  gitlab: [{ host: '${gitlab.host}', apiBaseUrl: '${gitlab.apiBaseUrl}', token: ${gitlab.token} }]
techdocs:
  builder: local
  publisher: { type: local, local: { publishDirectory: '${publishDir}' } }
  build: { throttle: { milliseconds: 1 } }
`);
    await eventually(async () => (await api("/metadata/entity/default/component/deployer")).ok, "the catalog to hold the entities", 20_000);
    guest = await guestSessionCookie(server);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await github?.close();
    await gitlab?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("syncs a local folder as server-sent events: log lines, then finish updated, then cached", async () => {
    const first = await sync("handbook");
    expect(first.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(first.events.filter((event) => event.event === "log").length).toBeGreaterThan(1);
    expect(first.events.at(-1)).toEqual({ event: "finish", data: { updated: true } });
    const second = await sync("handbook");
    expect(second.events.at(-1)).toEqual({ event: "finish", data: { updated: false } });
    writeFileSync(path.join(dir, "handbook", "docs", "guide.md"), "# Guide\n\nHow we work today.\n");
    expect((await sync("handbook")).events.at(-1)).toEqual({ event: "finish", data: { updated: true } });
    expect(await (await api("/static/docs/default/component/handbook/guide/index.html")).text()).toContain("How we work today.");
  });

  it("rebuilds GitHub docs after a commit, and downloads nothing while the ref is unchanged", async () => {
    expect((await sync("payments")).events.at(-1)).toEqual({ event: "finish", data: { updated: true } });
    const downloads = github.tarballRequests.length;
    expect((await sync("payments")).events.at(-1)).toEqual({ event: "finish", data: { updated: false } });
    expect(github.tarballRequests.length).toBe(downloads);
    const parent = github.git.head("acme/payments.git", "main")!;
    const commit = commitFiles(github.git, "acme/payments.git", { branch: "main", parent, files: { "docs/index.md": "# Payments\n\nSecond version.\n" }, message: "Docs" }).commit;
    expect((await sync("payments")).events.at(-1)).toEqual({ event: "finish", data: { updated: true } });
    expect(await (await api("/static/docs/default/component/payments/index.html")).text()).toContain("Second version.");
    expect((await (await api("/metadata/techdocs/default/component/payments")).json()).etag).toBe(commit);
  });

  it("builds GitLab docs from the repository archive", async () => {
    expect((await sync("deployer")).events.at(-1)).toEqual({ event: "finish", data: { updated: true } });
    expect(await (await api("/static/docs/default/component/deployer/index.html")).text()).toContain("Ships things.");
    expect(gitlab.archiveRequests.length).toBe(1);
  });

  it("answers Backstage's legacy JSON to a client that does not ask for events", async () => {
    writeFileSync(path.join(dir, "handbook", "docs", "index.md"), "# Welcome\n\nThe handbook, legacy.\n");
    const updated = await api("/sync/default/component/handbook");
    expect(updated.status).toBe(201);
    expect(await updated.json()).toEqual({ message: "Docs updated or did not need updating" });
    expect((await api("/sync/default/component/handbook")).status).toBe(304);
    const failed = await api("/sync/default/component/broken");
    expect(failed.status).toBe(500);
    expect((await failed.json()).error.message).toContain("No mkdocs.yml found");
  });

  it("reports bad sources as the stream's error, in words a reader understands", async () => {
    expect((await sync("escaping")).events.at(-1)).toEqual({ event: "error", data: "The symlink 'docs/leak.md' points outside the docs folder, which TechDocs refuses" });
    expect((await sync("broken")).events.at(-1)).toEqual({
      event: "error",
      data: "No mkdocs.yml found: the documentation folder needs an mkdocs.yml (or mkdocs.yaml) next to its docs folder.",
    });
    expect((await api("/metadata/techdocs/default/component/broken")).status).toBe(404);
  });

  it("serves published files with their types, an ETag, and a restrictive policy on HTML and SVG", async () => {
    await sync("handbook");
    const page = await api("/static/docs/default/component/handbook/index.html");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    const etag = page.headers.get("etag")!;
    expect((await api("/static/docs/default/component/handbook/index.html", { headers: { "if-none-match": etag, ...API_AUTHORIZATION } })).status).toBe(304);
    const svg = await api("/static/docs/default/component/handbook/img/logo.svg");
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(svg.headers.get("content-security-policy")).toContain("sandbox");
    const metadata = await api("/static/docs/default/component/handbook/techdocs_metadata.json");
    expect(metadata.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect((await api("/static/docs/Default/Component/Handbook/guide/")).status).toBe(200);
    expect((await api("/static/docs/default/component/handbook/nothing.html")).status).toBe(404);
  });

  it("never serves a file outside the entity's site", async () => {
    for (const attempt of [
      "/api/techdocs/static/docs/default/component/handbook/../../../../secret.txt",
      "/api/techdocs/static/docs/default/component/handbook/%2e%2e/%2e%2e/payments/index.html",
      "/api/techdocs/static/docs/default/component/handbook/..%2f..%2fpayments%2findex.html",
      "/api/techdocs/static/docs/default/component/handbook/img%5c..%5c..%5cindex.html",
    ]) {
      const response = await rawGet(server.url, attempt, API_AUTHORIZATION);
      expect([400, 404], attempt).toContain(response.status);
      expect(response.body).not.toContain("Second version.");
    }
  });

  it("answers the metadata of a published site and of the entity, with Backstage's 404s", async () => {
    await sync("handbook");
    const techdocs = await (await api("/metadata/techdocs/default/component/handbook")).json();
    expect(techdocs).toMatchObject({ site_name: "Handbook", etag: expect.any(String), build_timestamp: expect.any(Number) });
    expect(techdocs.files).toContain("index.html");
    const entity = await (await api("/metadata/entity/default/component/handbook")).json();
    expect(entity.metadata.name).toBe("handbook");
    expect(entity.locationMetadata).toEqual({ type: "dir", target: path.join(dir, "handbook") });
    const missing = await api("/metadata/techdocs/default/component/ghost");
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe("Unable to get metadata for 'component:default/ghost'");
    expect((await api("/metadata/entity/default/component/ghost")).status).toBe(404);
  });

  it("lets a browser fetch static files with the cookie it gets from /cookie", async () => {
    await sync("handbook");
    expect((await fetch(`${server.url}/api/techdocs/static/docs/default/component/handbook/index.html`)).status).toBe(401);
    const cookie = await api("/cookie", { headers: { cookie: guest } });
    expect(cookie.status).toBe(200);
    const { expiresAt } = await cookie.json();
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
    const renewed = cookie.headers
      .getSetCookie()
      .find((value) => value.startsWith("atrium-session="))!
      .split(";")[0];
    const image = await fetch(`${server.url}/api/techdocs/static/docs/default/component/handbook/img/logo.svg`, { headers: { cookie: renewed } });
    expect(image.status).toBe(200);
  });

  it("answers 404 for an entity the caller may not read, whatever they ask", async () => {
    await api("/sync/default/component/secret");
    expect((await api("/static/docs/default/component/secret/index.html")).status).toBe(200);
    const asGuest = { headers: { cookie: guest } };
    const page = await api("/static/docs/default/component/secret/index.html", asGuest);
    expect(page.status).toBe(404);
    expect((await page.json()).error.message).toBe("Entity not found for component:default/secret");
    expect((await api("/metadata/techdocs/default/component/secret", asGuest)).status).toBe(404);
    expect((await api("/metadata/entity/default/component/secret", asGuest)).status).toBe(404);
    expect((await sync("secret", asGuest)).response.status).toBe(404);
    expect((await api("/static/docs/default/component/handbook/index.html", asGuest)).status).toBe(200);
  });

  it("syncs every entity with docs now and then, as a task of the scheduler", async () => {
    const tasks = await (await fetch(`${server.url}/api/techdocs/.backstage/scheduler/v1/tasks`, { headers: API_AUTHORIZATION })).json();
    expect(tasks.tasks.map((task: { taskId: string }) => task.taskId)).toEqual(["techdocs:sync-all"]);
  });
});
