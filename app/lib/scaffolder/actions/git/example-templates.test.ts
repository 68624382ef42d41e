import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateKind } from "~/lib/catalog/kinds";
import { parseCatalogYaml } from "~/lib/catalog/processing/parse";
import { validateEntity } from "~/lib/catalog/validation";
import { configSchema } from "~/lib/config/schema";

// The example catalog's software templates (examples/templates/): each is a
// valid Template entity as the catalog checks it, registered by the example
// catalog's root Location, asks for what Backstage's templates ask with the
// field extensions the wizard knows, fetches its own skeleton, publishes with
// publish:git to the embedded default's host and registers the result; every
// value its skeleton uses is one the fetch step passes.

const repoRoot = path.resolve(import.meta.dirname, "../../../../..");
const examples = path.join(repoRoot, "examples");
const TEMPLATES = ["node-service", "react-website", "typescript-library", "docs-site"];
const LOCAL_HOST = configSchema.parse({ app: { baseUrl: "http://localhost:7007" } }).scaffolder.localGit.host;

type Step = { id: string; action: string; input?: Record<string, unknown>; if?: string };
type Template = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; title?: string; description?: string };
  spec: {
    type: string;
    owner: string;
    parameters: Array<{ required?: string[]; properties: Record<string, Record<string, unknown>> }>;
    steps: Step[];
    output: { links: Array<{ title: string; url?: string; entityRef?: string }> };
  };
};

async function loadTemplate(name: string): Promise<{ file: string; template: Template }> {
  const file = path.join(examples, "templates", name, "template.yaml");
  const documents = parseCatalogYaml(await readFile(file, "utf8"), file);
  expect(documents).toHaveLength(1);
  const [document] = documents;
  if ("error" in document) throw new Error(document.error);
  return { file, template: document.value as Template };
}

async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(full)));
    else found.push(full);
  }
  return found;
}

describe("the example templates", () => {
  it("are all listed by the example catalog's root Location", async () => {
    const root = await readFile(path.join(examples, "catalog-info.yaml"), "utf8");
    for (const name of TEMPLATES) expect(root).toContain(`- ./templates/${name}/template.yaml`);
  });

  describe.each(TEMPLATES)("%s", (name) => {
    it("is a valid scaffolder.backstage.io/v1beta3 Template entity", async () => {
      const { template } = await loadTemplate(name);
      const entity = validateEntity(template);
      expect(() => validateKind(entity)).not.toThrow();
      expect(entity).toMatchObject({ apiVersion: "scaffolder.backstage.io/v1beta3", kind: "Template", metadata: { name } });
      expect(template.metadata.title).toBeTruthy();
      expect(template.metadata.description).toBeTruthy();
    });

    it("asks for a name, a description, an owner and a repository on the local git host", async () => {
      const { template } = await loadTemplate(name);
      const properties = Object.assign({}, ...template.spec.parameters.map((step) => step.properties)) as Record<string, Record<string, unknown>>;
      const required = template.spec.parameters.flatMap((step) => step.required ?? []);
      expect(required).toEqual(expect.arrayContaining(["name", "description", "owner", "repoUrl"]));
      expect(properties.name["ui:field"]).toBe("EntityNamePicker");
      expect(properties.owner["ui:field"]).toBe("OwnerPicker");
      expect(properties.repoUrl["ui:field"]).toBe("RepoUrlPicker");
      expect(properties.repoUrl["ui:options"]).toEqual({ allowedHosts: [LOCAL_HOST] });
      // Something optional besides, as real templates have.
      expect(Object.keys(properties).filter((key) => !required.includes(key)).length).toBeGreaterThan(0);
    });

    it("fetches its own skeleton, publishes it with publish:git and registers it, linking to both", async () => {
      const { file, template } = await loadTemplate(name);
      const steps = template.spec.steps;
      const fetch = steps.find((step) => step.action === "fetch:template")!;
      const publish = steps.find((step) => step.action === "publish:git")!;
      const register = steps.find((step) => step.action === "catalog:register")!;
      expect(steps.indexOf(fetch)).toBeLessThan(steps.indexOf(publish));
      expect(steps.indexOf(publish)).toBeLessThan(steps.indexOf(register));
      expect(fetch.input?.url).toBe("./skeleton");
      expect((await stat(path.join(path.dirname(file), "skeleton"))).isDirectory()).toBe(true);
      expect(publish.input?.repoUrl).toBe("${{ parameters.repoUrl }}");
      expect(register.input).toEqual({ repoContentsUrl: `\${{ steps['${publish.id}'].output.repoContentsUrl }}`, catalogInfoPath: "/catalog-info.yaml" });
      expect(template.spec.output.links).toEqual([
        { title: "Repository", url: `\${{ steps['${publish.id}'].output.remoteUrl }}` },
        { title: "Open in catalog", icon: "catalog", entityRef: `\${{ steps['${register.id}'].output.entityRef }}` },
      ]);
      // Every action is one Atrium has on the embedded default, none that needs the network.
      for (const step of steps) expect(["fetch:template", "publish:git", "catalog:register", "fs:delete"]).toContain(step.action);
    });

    it("has a realistic skeleton whose every value is one the fetch step passes", async () => {
      const { file, template } = await loadTemplate(name);
      const skeleton = path.join(path.dirname(file), "skeleton");
      const files = (await filesUnder(skeleton)).map((full) => path.relative(skeleton, full));
      expect(files).toEqual(expect.arrayContaining(["catalog-info.yaml", "README.md", ".gitignore"]));
      if (name === "docs-site") expect(files).toEqual(expect.arrayContaining(["mkdocs.yml", "docs/index.md"]));
      else expect(files).toEqual(expect.arrayContaining(["package.json"]));
      if (name !== "docs-site") expect(files.some((file) => file.startsWith("src/"))).toBe(true);

      const passed = Object.keys(template.spec.steps.find((step) => step.action === "fetch:template")!.input!.values as object);
      for (const relative of files) {
        const text = await readFile(path.join(skeleton, relative), "utf8");
        for (const [, value] of text.matchAll(/values\.([A-Za-z0-9_]+)/g)) expect(passed, `${relative} uses values.${value}`).toContain(value);
        // The templating's block and comment tags are the only other nunjucks syntax a skeleton may hold.
        expect(text, relative).not.toMatch(/\{#/);
      }
      const catalogInfo = await readFile(path.join(skeleton, "catalog-info.yaml"), "utf8");
      expect(catalogInfo).toContain("name: ${{ values.name | dump }}");
      expect(catalogInfo).toContain("owner: ${{ values.owner | dump }}");
      expect(catalogInfo).toContain(`type: ${template.spec.type}`);
    });
  });
});
