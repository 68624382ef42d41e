import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { renderPage, rootData } from "../../../tests/support/render";
import { GeneralErrorBoundary } from "./general-error-boundary";

const support = [{ title: "Chat", links: [{ url: "https://chat.example/help", title: "#platform-help" }] }];

function renderThrowing(thrown: unknown, plugin?: string) {
  return renderPage(<p>never</p>, { throws: thrown, errorElement: <GeneralErrorBoundary plugin={plugin} />, root: rootData({ supportItems: support }) });
}

describe("GeneralErrorBoundary", () => {
  it("shows a 404 as PAGE NOT FOUND", async () => {
    const html = await renderThrowing(data("gone", { status: 404 }));
    expect(html).toContain("ERROR 404: PAGE NOT FOUND");
    expect(html).toContain("Go back");
    expect(html).toContain('href="https://support.example"');
  });

  it("shows other statuses as 'ERROR {status}: {statusMessage}' with Backstage's error message", async () => {
    const body = {
      error: { name: "NotAllowedError", message: "You may not unregister this entity", stack: "NotAllowedError: You may not\n    at unregister" },
      response: { statusCode: 403 },
    };
    const html = await renderThrowing(data(body, { status: 403, statusText: "Forbidden" }));
    expect(html).toContain("ERROR 403: FORBIDDEN");
    expect(html).toContain("You may not unregister this entity");
    expect(html).toContain("Show more details");
    expect(html).toContain("at unregister");
  });

  it("shows an unexpected error as 'Something Went Wrong' naming the support channel", async () => {
    const html = await renderThrowing(new Error("kaboom"));
    expect(html).toContain("Something Went Wrong");
    expect(html).toContain("Please contact #platform-help for help.");
    expect(html).toContain("Show more details");
  });

  it("shows a failing area as 'Error in {plugin}' with a Retry", async () => {
    const html = await renderThrowing(new Error("catalog is down"), "catalog");
    expect(html).toContain("Error in catalog");
    expect(html).toContain(">Retry<");
  });

  it("shows code that failed to load as the boot error page", async () => {
    const chunk = await renderThrowing(new TypeError("Failed to fetch dynamically imported module: /assets/graph-1.js"));
    expect(chunk).toContain("Lazy loaded chunk failed to load, try to reload the page");
    const lazy = Object.assign(new Error("graph module threw"), { name: "LazyLoadError" });
    expect(await renderThrowing(lazy)).toContain("Failed lazy loading..., try to reload the page");
  });

  it("shows a configuration error as the boot error page", async () => {
    const error = Object.assign(new Error("Invalid configuration: integrations.github[0].host"), { name: "ConfigError" });
    const html = await renderThrowing(error);
    expect(html).toContain("The configuration failed to load...");
    expect(html).toContain("integrations.github[0].host");
  });
});
