import { NotImplementedError } from "../../errors";
import type { LoadTemplateRenderer } from "./builtin/fetch-template.server";

// Placeholder until the templater (app/lib/scaffolder/templating/) lands.
export const loadTemplateRenderer: LoadTemplateRenderer = () => {
  throw new NotImplementedError("The templater is not available yet");
};
