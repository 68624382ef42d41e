import { chmod, mkdir, mkdtemp, readFile, readdir, readlink, stat, symlink, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLocationReader } from "../../../catalog/processing/readers.server";
import { actionRun, type ActionRun } from "../action-context.test-support";
import { templateRendererLoader } from "../renderer.server";
import { createFetchPlainAction, createFetchPlainFileAction } from "./fetch-plain.server";
import { createFetchTemplateAction, createFetchTemplateFileAction } from "./fetch-template.server";

// The fetch actions against real directories: a template directory on disk
// (as the example catalog's file templates are), a workspace made by the
// task workspaces, and a source host on 127.0.0.1 for http(s) locations.

let server: Server;
let host: string;
const served = new Map<string, string>();
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? "");
    const body = served.get(request.url ?? "");
    if (body === undefined) {
      response.writeHead(404).end("not found");
      return;
    }
    response.writeHead(200, { "content-type": "text/plain" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const reader = () => createLocationReader({ readingAllow: [{ host }] });
const loadRenderer = templateRendererLoader();

/** A template directory: template.yaml and the files given, relative to it. */
async function templateDir(files: Record<string, string | Buffer>): Promise<{ dir: string; baseUrl: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), "atrium-template-"));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  await writeFile(path.join(dir, "template.yaml"), "kind: Template\n");
  return { dir, baseUrl: pathToFileURL(path.join(dir, "template.yaml")).href };
}

async function tree(root: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    const relative = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (entry.isSymbolicLink()) result[relative] = `-> ${await readlink(path.join(root, relative))}`;
    else if (entry.isFile()) result[relative] = await readFile(path.join(root, relative), "utf8");
    else result[`${relative}/`] = "";
  }
  return result;
}

describe("fetch:plain", () => {
  let run: ActionRun;
  beforeEach(async () => {
    run = await actionRun();
  });
  const action = () => createFetchPlainAction({ reader: reader() });

  it("copies the directory beside the template into the workspace, or into targetPath", async () => {
    const { baseUrl } = await templateDir({ "plain/a.txt": "A ${{ values.x }}", "plain/sub/b.txt": "B", "plain/.hidden": "H" });
    await run.run(action(), { url: "./plain" }, { templateInfo: { entityRef: "template:default/t", baseUrl } });
    await run.run(action(), { url: "./plain/sub", targetPath: "nested/dir" }, { templateInfo: { entityRef: "template:default/t", baseUrl } });
    expect(await tree(run.workspace.path)).toEqual({
      "a.txt": "A ${{ values.x }}",
      ".hidden": "H",
      "sub/": "",
      "sub/b.txt": "B",
      "nested/": "",
      "nested/dir/": "",
      "nested/dir/b.txt": "B",
    });
  });

  it("reads nothing outside the template's directory", async () => {
    const { baseUrl } = await templateDir({ "plain/a.txt": "A" });
    const info = { templateInfo: { entityRef: "template:default/t", baseUrl } };
    await expect(run.run(action(), { url: "../" }, info)).rejects.toThrow("Path '../' is outside the template's directory");
    await expect(run.run(action(), { url: "/etc" }, info)).rejects.toThrow(/is absolute/);
    await expect(run.run(action(), { url: "file:///etc" }, info)).rejects.toThrow("Only http(s) URLs can be fetched, got 'file:///etc'");
  });

  it("refuses a symbolic link in the skeleton that points outside it, and keeps one that stays inside", async () => {
    const secret = await mkdtemp(path.join(tmpdir(), "atrium-secret-"));
    await writeFile(path.join(secret, "key"), "private");
    const { dir, baseUrl } = await templateDir({ "plain/a.txt": "A" });
    await symlink("a.txt", path.join(dir, "plain/alias.txt"));
    await run.run(action(), { url: "./plain" }, { templateInfo: { entityRef: "template:default/t", baseUrl } });
    expect(await tree(run.workspace.path)).toEqual({ "a.txt": "A", "alias.txt": "-> a.txt" });

    await symlink(path.join(secret, "key"), path.join(dir, "plain/leak"));
    const again = await actionRun("task-2");
    await expect(again.run(action(), { url: "./plain" }, { templateInfo: { entityRef: "template:default/t", baseUrl } })).rejects.toThrow(
      "The skeleton's symbolic link 'leak' points outside the skeleton",
    );
    // A skeleton directory that is itself a link out of the template's directory is refused too.
    await symlink(secret, path.join(dir, "linked"));
    await expect(again.run(action(), { url: "./linked" }, { templateInfo: { entityRef: "template:default/t", baseUrl } })).rejects.toThrow(/through a symbolic link/);
  });

  it("writes nowhere outside the workspace: not through targetPath, not through a link placed in the workspace", async () => {
    const outside = await mkdtemp(path.join(tmpdir(), "atrium-outside-"));
    const { baseUrl } = await templateDir({ "plain/a.txt": "A" });
    const info = { templateInfo: { entityRef: "template:default/t", baseUrl } };
    await expect(run.run(action(), { url: "./plain", targetPath: "../escape" }, info)).rejects.toThrow("Path '../escape' is outside the workspace");
    await expect(run.run(action(), { url: "./plain", targetPath: outside }, info)).rejects.toThrow(/is absolute/);
    await symlink(outside, path.join(run.workspace.path, "out"));
    await expect(run.run(action(), { url: "./plain", targetPath: "out" }, info)).rejects.toThrow("Path 'out' leads outside the workspace through a symbolic link");
    await symlink(path.join(outside, "a.txt"), path.join(run.workspace.path, "a.txt"));
    await expect(run.run(action(), { url: "./plain" }, info)).rejects.toThrow("Path 'a.txt' leads outside the workspace through a symbolic link");
    expect(await readdir(outside)).toEqual([]);
  });

  it("needs the template's location for a relative URL, and reads only configured hosts", async () => {
    await expect(run.run(action(), { url: "./plain" })).rejects.toThrow("Failed to fetch, template location could not be determined and the fetch URL is relative, ./plain");
    await expect(run.run(action(), { url: "https://internal.example.net/skeleton" })).rejects.toThrow("No integration found for location https://internal.example.net/skeleton");
    await expect(run.run(action(), { url: "./skeleton" }, { templateInfo: { entityRef: "template:default/t", baseUrl: "http://169.254.169.254/latest/template.yaml" } })).rejects.toThrow(
      "No integration found for location http://169.254.169.254/latest/template.yaml",
    );
    await expect(run.run(action(), { url: `http://${host}/skeleton` })).rejects.toThrow(/Fetching a directory tree from .* is not supported/);
  });
});

describe("fetch:plain:file", () => {
  it("copies one file relative to a file template, or from a configured host, to targetPath", async () => {
    const run = await actionRun();
    const action = createFetchPlainFileAction({ reader: reader() });
    const { baseUrl } = await templateDir({ "files/readme.md": "# Read me" });
    await run.run(action, { url: "./files/readme.md", targetPath: "docs/README.md" }, { templateInfo: { entityRef: "template:default/t", baseUrl } });
    served.set("/repo/templates/LICENSE", "MIT");
    await run.run(action, { url: "../LICENSE", targetPath: "LICENSE" }, { templateInfo: { entityRef: "template:default/t", baseUrl: `http://${host}/repo/templates/x/template.yaml` } });
    expect(requests).toContain("/repo/templates/LICENSE");
    expect(await tree(run.workspace.path)).toEqual({ "docs/": "", "docs/README.md": "# Read me", LICENSE: "MIT" });
    await expect(run.run(action, { url: "./files/readme.md", targetPath: "../x" }, { templateInfo: { entityRef: "template:default/t", baseUrl } })).rejects.toThrow(/outside the workspace/);
    await expect(run.run(action, { url: "../../../etc/passwd", targetPath: "x" }, { templateInfo: { entityRef: "template:default/t", baseUrl } })).rejects.toThrow(/outside the template's directory/);
  });
});

describe("fetch:template", () => {
  let run: ActionRun;
  beforeEach(async () => {
    run = await actionRun();
  });
  const action = () => createFetchTemplateAction({ reader: reader(), loadRenderer });
  const runTemplate = async (files: Record<string, string | Buffer>, input: Record<string, unknown>) => {
    const { baseUrl } = await templateDir(files);
    await run.run(action(), { url: "./skeleton", ...input } as never, { templateInfo: { entityRef: "template:default/t", baseUrl } });
    return tree(run.workspace.path);
  };

  it("renders file contents and file and directory names with the values, and skips what renders empty", async () => {
    const result = await runTemplate(
      {
        "skeleton/README.md": "# ${{ values.name }}\n{% for item in values.items %}- ${{ item }}\n{% endfor %}",
        "skeleton/${{ values.name }}/index.js": "export const count = ${{ values.count }};",
        "skeleton/${{ 'dummy.txt' if values.showDummyFile else '' }}": "left out",
        "skeleton/${{ 'docs' if values.showDummyFile else '' }}/guide.md": "left out with its directory",
        "skeleton/.github/workflows/ci.yaml": "name: ${{ values.name }}",
      },
      { targetPath: "./target", values: { name: "my-service", count: 1234, items: ["first", "second"], showDummyFile: false } },
    );
    expect(result).toEqual({
      "target/": "",
      "target/README.md": "# my-service\n- first\n- second\n",
      "target/my-service/": "",
      "target/my-service/index.js": "export const count = 1234;",
      "target/.github/": "",
      "target/.github/workflows/": "",
      "target/.github/workflows/ci.yaml": "name: my-service",
    });
  });

  it("copies the contents matched by copyWithoutTemplating as they are, still rendering their paths", async () => {
    const result = await runTemplate(
      { "skeleton/.github/workflows/${{ values.name }}.yaml": "run: ${{ github.sha }}", "skeleton/app.txt": "${{ values.name }}" },
      { copyWithoutTemplating: [".github/workflows/*"], values: { name: "svc" } },
    );
    expect(result).toMatchObject({ ".github/workflows/svc.yaml": "run: ${{ github.sha }}", "app.txt": "svc" });
    expect(run.logs.some((line) => line.message.includes("without processing"))).toBe(true);
  });

  it("keeps both path and contents for the deprecated copyWithoutRender, with Backstage's warning", async () => {
    const result = await runTemplate(
      { "skeleton/raw/${{ values.name }}.txt": "${{ values.name }}", "skeleton/a.txt": "${{ values.name }}" },
      { copyWithoutRender: ["raw/**"], values: { name: "svc" } },
    );
    expect(result).toMatchObject({ "raw/${{ values.name }}.txt": "${{ values.name }}", "a.txt": "svc" });
    expect(run.logs).toContainEqual({ level: "warn", message: "[Deprecated] copyWithoutRender is deprecated Please use copyWithoutTemplating instead." });
  });

  it("renders a path whose template spans a directory copied without rendering as one whole, as Backstage does", async () => {
    const result = await runTemplate({ "skeleton/{% if values.keep %}raw/kept.txt{% endif %}": "k" }, { copyWithoutRender: ["{% if values.keep %}raw"], values: { keep: true } });
    expect(result).toEqual({ "{% if values.keep %}raw/": "", "raw/": "", "raw/kept.txt": "k" });
  });

  it("renders only the files with templateFileExtension, and drops the extension", async () => {
    const result = await runTemplate(
      { "skeleton/a.txt.njk": "${{ values.name }}", "skeleton/b.txt": "${{ values.name }}", "skeleton/${{ values.name }}.md": "x" },
      { templateFileExtension: true, values: { name: "svc" } },
    );
    expect(result).toEqual({ "a.txt": "svc", "b.txt": "${{ values.name }}", "svc.md": "x" });
    const custom = await actionRun("task-2");
    const { baseUrl } = await templateDir({ "skeleton/c.txt.tmpl": "${{ values.name }}" });
    await custom.run(action(), { url: "./skeleton", templateFileExtension: "tmpl", values: { name: "svc" } }, { templateInfo: { entityRef: "template:default/t", baseUrl } });
    expect(await tree(custom.workspace.path)).toEqual({ "c.txt": "svc" });
  });

  it("renders {{ cookiecutter.x }} in cookiecutter compatibility mode", async () => {
    const result = await runTemplate({ "skeleton/{{ cookiecutter.name }}/setup.py": "name='{{ cookiecutter.name }}'" }, { cookiecutterCompat: true, values: { name: "pkg" } });
    expect(result).toEqual({ "pkg/": "", "pkg/setup.py": "name='pkg'" });
  });

  it("keeps existing files unless replace is set", async () => {
    await writeFile(path.join(run.workspace.path, "a.txt"), "mine");
    expect(await runTemplate({ "skeleton/a.txt": "${{ values.v }}", "skeleton/b.txt": "${{ values.v }}" }, { values: { v: "new" } })).toEqual({ "a.txt": "mine", "b.txt": "new" });
    expect(await runTemplate({ "skeleton/a.txt": "${{ values.v }}" }, { values: { v: "newer" }, replace: true })).toMatchObject({ "a.txt": "newer", "b.txt": "new" });
  });

  it("copies binary files untouched and keeps file modes", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x24, 0x7b, 0x7b]);
    const { dir, baseUrl } = await templateDir({ "skeleton/logo.png": png, "skeleton/run.sh": "#!/bin/sh\necho ${{ values.name }}\n" });
    await chmod(path.join(dir, "skeleton/run.sh"), 0o755);
    await run.run(action(), { url: "./skeleton", values: { name: "svc" } }, { templateInfo: { entityRef: "template:default/t", baseUrl } });
    expect(await readFile(path.join(run.workspace.path, "logo.png"))).toEqual(png);
    expect((await stat(path.join(run.workspace.path, "run.sh"))).mode & 0o777).toBe(0o755);
    expect(await readFile(path.join(run.workspace.path, "run.sh"), "utf8")).toBe("#!/bin/sh\necho svc\n");
  });

  it("refuses a file name that renders to a path out of the workspace, and writes nothing outside", async () => {
    const parent = path.dirname(run.workspace.path);
    await expect(runTemplate({ "skeleton/${{ values.name }}/x.txt": "x" }, { values: { name: "../../escaped" } })).rejects.toThrow("Path '../../escaped/' is outside the workspace");
    expect(await readdir(parent)).not.toContain("escaped");
    // A path that renders with a leading slash is one Backstage skips (an empty first directory), so it is never written.
    const absolute = path.join(parent, "absolute-escape");
    expect(await runTemplate({ "skeleton/${{ values.name }}": "x" }, { values: { name: absolute } })).toEqual({});
    await expect(stat(absolute)).rejects.toThrow(/ENOENT/);
  });

  it("refuses conflicting options with Backstage's messages", async () => {
    await expect(runTemplate({ "skeleton/a": "" }, { copyWithoutRender: ["a"], copyWithoutTemplating: ["a"] })).rejects.toThrow(
      "Fetch action input copyWithoutRender and copyWithoutTemplating can not be used at the same time",
    );
    await expect(runTemplate({ "skeleton/a": "" }, { templateFileExtension: true, cookiecutterCompat: true })).rejects.toThrow(
      "Fetch action input extension incompatible with copyWithoutRender/copyWithoutTemplating and cookiecutterCompat",
    );
    await expect(runTemplate({ "skeleton/a": "" }, { copyWithoutTemplating: "a" })).rejects.toThrow("Fetch action input copyWithoutRender/copyWithoutTemplating must be an Array");
  });

  it("stops when the task is cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    const { baseUrl } = await templateDir({ "skeleton/a.txt": "a" });
    await expect(run.run(action(), { url: "./skeleton", values: {} }, { templateInfo: { entityRef: "template:default/t", baseUrl }, signal: controller.signal })).rejects.toThrow();
    expect(await readdir(run.workspace.path)).toEqual([]);
  });
});

describe("fetch:template:file", () => {
  it("renders one file to targetPath, keeping an existing one unless replace is set", async () => {
    const run = await actionRun();
    const action = createFetchTemplateFileAction({ reader: reader(), loadRenderer });
    const { baseUrl } = await templateDir({ "files/config.yaml": "name: ${{ values.name }}" });
    const info = { templateInfo: { entityRef: "template:default/t", baseUrl } };
    await run.run(action, { url: "./files/config.yaml", targetPath: "conf/app.yaml", values: { name: "svc" } }, info);
    expect(await readFile(path.join(run.workspace.path, "conf/app.yaml"), "utf8")).toBe("name: svc");
    await run.run(action, { url: "./files/config.yaml", targetPath: "conf/app.yaml", values: { name: "other" } }, info);
    expect(await readFile(path.join(run.workspace.path, "conf/app.yaml"), "utf8")).toBe("name: svc");
    expect(run.logs).toContainEqual({ level: "info", message: "File conf/app.yaml already exists in workspace, not replacing." });
    await run.run(action, { url: "./files/config.yaml", targetPath: "conf/app.yaml", values: { name: "other" }, replace: true }, info);
    expect(await readFile(path.join(run.workspace.path, "conf/app.yaml"), "utf8")).toBe("name: other");
    await expect(run.run(action, { url: "./files/config.yaml", targetPath: "../../x.yaml", values: {} }, info)).rejects.toThrow(/outside the workspace/);
  });
});
