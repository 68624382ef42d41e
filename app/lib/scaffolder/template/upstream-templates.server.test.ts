import { readFileSync } from "node:fs";
import nunjucks from "nunjucks";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createScaffolderTemplater, skeletonContext } from "../templating/index.server";
import { applyDefaults, validateStep } from "./form.server";
import { parameterSteps, parseTemplateEntity } from "./template";

// Backstage's example templates, rendered as Backstage's workflow runner and
// fetch:template render them. The expected values are what Backstage gives;
// for skeleton files, plain nunjucks configured as Backstage configures it
// (autoescape off, `${{ }}`) is the reference the sandboxed templater must match.

const read = (path: string) => readFileSync(new URL(`./fixtures/${path}`, import.meta.url), "utf8");
const backstageNunjucks = new nunjucks.Environment(null, { autoescape: false, tags: { variableStart: "${{", variableEnd: "}}" } });

describe("@backstage/create-app's example template", () => {
  const template = parseTemplateEntity(parse(read("create-app-example/template.yaml")));
  const templater = createScaffolderTemplater();
  const parameters = { name: "my-service", repoUrl: "github.com?owner=acme&repo=my-service" };

  it("asks for the same parameters and accepts these values", () => {
    const [first, second] = parameterSteps(template);
    expect(validateStep(first, applyDefaults(first, { name: parameters.name })).valid).toBe(true);
    expect(validateStep(second, { repoUrl: parameters.repoUrl }).valid).toBe(true);
    expect(validateStep(second, {}).errors).toEqual({ repoUrl: ["must have required property 'Repository Location'"] });
  });

  it("gives each step the input Backstage gives it", () => {
    const context = {
      parameters,
      steps: {
        "fetch-base": { output: {} },
        publish: { output: { remoteUrl: "https://github.com/acme/my-service", repoContentsUrl: "https://github.com/acme/my-service/blob/main" } },
      },
    };
    const inputs = Object.fromEntries(template.spec.steps.map((step) => [step.id, templater.renderValue(step.input, context)]));
    expect(inputs).toEqual({
      "fetch-base": { url: "./content", values: { name: "my-service" } },
      publish: { description: "This is my-service", repoUrl: "github.com?owner=acme&repo=my-service", defaultBranch: "main" },
      register: { repoContentsUrl: "https://github.com/acme/my-service/blob/main", catalogInfoPath: "/catalog-info.yaml" },
      notify: { recipients: "entity", entityRefs: ["user:default/guest"], title: "Template executed", info: "Your template has been executed", severity: "normal" },
    });
  });

  it("renders the output links, dropping what the steps did not give", () => {
    const withBoth = { parameters, steps: { publish: { output: { remoteUrl: "https://github.com/acme/my-service" } }, register: { output: { entityRef: "component:default/my-service" } } } };
    expect(templater.renderValue(template.spec.output, withBoth)).toEqual({
      links: [
        { title: "Repository", url: "https://github.com/acme/my-service" },
        { title: "Open in catalog", icon: "catalog", entityRef: "component:default/my-service" },
      ],
    });
    expect(templater.renderValue(template.spec.output, { parameters, steps: {} })).toEqual({
      links: [{ title: "Repository" }, { title: "Open in catalog", icon: "catalog" }],
    });
  });

  it("renders the skeleton's files as Backstage does", () => {
    const values = skeletonContext({ name: "my-service" }, false);
    for (const file of ["package.json", "index.js", "catalog-info.yaml"]) {
      const source = read(`create-app-example/content/${file}`);
      expect(templater.renderString(source, values), file).toBe(backstageNunjucks.renderString(source, values));
    }
    expect(JSON.parse(templater.renderString(read("create-app-example/content/package.json"), values))).toEqual({ name: "my-service", private: true, dependencies: {} });
    expect(templater.renderString(read("create-app-example/content/index.js"), values)).toBe("console.log('Hello from my-service!');\n");
    expect(parse(templater.renderString(read("create-app-example/content/catalog-info.yaml"), values))).toMatchObject({ metadata: { name: "my-service" } });
  });
});

describe("the documentation's templates", () => {
  it("keeps parameter types through fetch:template's values and renders the script", () => {
    const template = parseTemplateEntity(parse(read("docs/values-demo.yaml")));
    const [step] = parameterSteps(template);
    const parameters = applyDefaults(step, { name: "demo" });
    const templater = createScaffolderTemplater();
    const input = templater.renderValue(template.spec.steps[0].input, { parameters });
    expect(input).toEqual({ url: "./template", values: { name: "demo", url: "https://www.example.com", enabledDB: false } });
    const script = read("docs/values-demo.sh");
    for (const enabledDB of [false, true]) {
      const context = { values: { ...(input!.values as object), enabledDB } };
      expect(templater.renderString(script, context)).toBe(backstageNunjucks.renderString(script, context));
    }
    expect(templater.renderString(script, { values: { name: "demo", url: "https://www.example.com", enabledDB: true } })).toBe(
      '#!/bin/bash\necho "Hi my name is demo, and you can fine me at https://www.example.com!"\n\necho "You have enabled your database!"\n\n',
    );
  });

  it("renders the first writing-templates example's inputs", () => {
    const template = parseTemplateEntity(parse(read("docs/writing-templates-demo.yaml")));
    const templater = createScaffolderTemplater();
    const parameters = { name: "demo", owner: "group:default/team-a", repoUrl: "github.com?owner=acme&repo=demo" };
    expect(templater.renderValue(template.spec.steps[0].input, { parameters })).toEqual({ url: "./template", values: { name: "demo", owner: "group:default/team-a" } });
    expect(templater.renderValue(template.spec.steps[2].input, { parameters })).toEqual({
      allowedHosts: ["github.com"],
      description: "This is demo",
      repoUrl: "github.com?owner=acme&repo=demo",
    });
  });
});
