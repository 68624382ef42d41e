import { createScaffolderTemplater } from "../templating/index.server";
import type { LoadTemplateRenderer } from "./builtin/fetch-template.server";

// fetch:template's renderer: the scaffolder's templater (../templating/),
// with Backstage's filters for the configured integrations, created once
// per action run with the step's cookiecutter and whitespace options.

export function templateRendererLoader(options: { integrations?: Record<string, unknown> } = {}): LoadTemplateRenderer {
  return ({ cookiecutterCompat, trimBlocks, lstripBlocks }) => {
    const templater = createScaffolderTemplater({ integrations: options.integrations, cookiecutterCompat, nunjucksConfigs: { trimBlocks, lstripBlocks } });
    return (template, context) => templater.renderString(template, context);
  };
}
