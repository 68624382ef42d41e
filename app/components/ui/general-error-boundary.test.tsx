import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { renderPage, rootData } from "../../../tests/support/render";
import { GeneralErrorBoundary, StatusErrorPage } from "./general-error-boundary";

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

  it("lets a route show its own page for a status, and the error page for the others", async () => {
    const boundary = (
      <GeneralErrorBoundary
        statusHandlers={{
          403: ({ error }) => <p>{`Ask the owners of ${String(error.data)}`}</p>,
          404: ({ error }) => ((error.data as { mine?: boolean }).mine ? <p>No such widget</p> : <StatusErrorPage error={error} />),
        }}
      />
    );
    const render = (thrown: unknown) => renderPage(<p>never</p>, { throws: thrown, errorElement: boundary });
    expect(await render(data("payments", { status: 403 }))).toContain("Ask the owners of payments");
    expect(await render(data({ mine: true }, { status: 404 }))).toContain("No such widget");
    // A handler may hand back to the default page.
    expect(await render(data({ mine: false }, { status: 404 }))).toContain("ERROR 404: PAGE NOT FOUND");
    expect(await render(data("down", { status: 503, statusText: "Service Unavailable" }))).toContain("ERROR 503: SERVICE UNAVAILABLE");
  });

  it("lets a route show its own page for an unexpected error, but never for code that failed to load", async () => {
    const boundary = <GeneralErrorBoundary plugin="catalog" unexpectedErrorHandler={(error) => <p>{`Could not load: ${error.message}`}</p>} />;
    const render = (thrown: unknown) => renderPage(<p>never</p>, { throws: thrown, errorElement: boundary });
    const html = await render(new Error("database is gone"));
    expect(html).toContain("Could not load: database is gone");
    expect(html).not.toContain("Error in catalog");
    expect(await render(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toContain("Lazy loaded chunk failed to load");
  });
});
