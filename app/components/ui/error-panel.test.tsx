import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render";
import { ErrorPanel } from "./error-panel";
import { errorResponseBodyOf } from "./response-error";
import { ResponseErrorPanel } from "./response-error-panel";

describe("ErrorPanel", () => {
  it("shows the name and message, and the stack behind a toggle", async () => {
    const html = await renderPage(<ErrorPanel error={{ name: "TypeError", message: "x is undefined", stack: "TypeError: x is undefined\n    at card.tsx:1" }} />);
    expect(html).toContain("TypeError: x is undefined</h2>");
    expect(html).toMatch(/<details[^>]*><summary[^>]*>.*Show more details/);
    expect(html).toContain("at card.tsx:1");
  });
});

describe("errorResponseBodyOf", () => {
  it("describes a non-JSON failure as 'Request failed with {status} {statusText}'", () => {
    const body = errorResponseBodyOf({ status: 502, statusText: "Bad Gateway", body: "", request: { method: "GET", url: "/api/x" } });
    expect(body).toEqual({ error: { name: "Error", message: "Request failed with 502 Bad Gateway" }, request: { method: "GET", url: "/api/x" }, response: { statusCode: 502 } });
    expect(errorResponseBodyOf({ status: 500, statusText: "Internal Server Error", body: "boom" }).error.message).toBe("Request failed with 500 Internal Server Error, boom");
  });

  it("uses a JSON body with error and response as is", () => {
    const backstage = {
      error: { name: "NotFoundError", message: "No entity named 'x'" },
      request: { method: "GET", url: "/api/catalog/entities/by-name/component/default/x" },
      response: { statusCode: 404 },
    };
    expect(errorResponseBodyOf({ status: 404, statusText: "Not Found", body: JSON.stringify(backstage) })).toEqual(backstage);
    // JSON that is not Backstage's shape is just text.
    expect(errorResponseBodyOf({ status: 400, statusText: "Bad Request", body: '{"oops":1}' }).error.message).toBe('Request failed with 400 Bad Request, {"oops":1}');
  });
});

describe("ResponseErrorPanel", () => {
  it("shows the request's method and URL and the full error as JSON", async () => {
    const body = errorResponseBodyOf({ status: 503, statusText: "Service Unavailable", body: "", request: { method: "POST", url: "/api/scaffolder/v2/tasks" } });
    const html = await renderPage(<ResponseErrorPanel body={body} />);
    expect(html).toContain("Error: Request failed with 503 Service Unavailable");
    expect(html).toContain("POST<!-- --> <!-- -->/api/scaffolder/v2/tasks");
    expect(html).toContain("&quot;statusCode&quot;: 503");
  });
});
