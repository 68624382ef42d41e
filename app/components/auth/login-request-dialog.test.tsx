import { describe, expect, it } from "vitest";
import { renderPage, rootData } from "../../../tests/support/render";
import { LoginRequestDialog } from "./login-request-dialog";

const GITHUB = { provider: "github" as const, title: "GitHub", scopes: ["read:user", "repo"], startPath: "/portal/api/auth/github/start?env=development&scope=repo" };

describe("LoginRequestDialog", () => {
  it("renders on the server with a login form per pending request and one 'Reject All', posting under the base path", async () => {
    const html = await renderPage(<LoginRequestDialog requests={[GITHUB, { ...GITHUB, provider: "gitlab", title: "GitLab", scopes: ["read_user"] }]} returnTo="/catalog-import?step=2" />, {
      root: rootData({ basePath: "/portal" }),
      url: "/portal/catalog-import",
    });
    expect(html).toContain('role="dialog"');
    expect(html).toContain("Login Required");
    expect(html.match(/>Log in</g)).toHaveLength(2);
    expect(html.match(/>Reject All</g)).toHaveLength(1);
    expect(html).toContain('action="/portal/auth/login-request"');
    expect(html).toContain('name="scope" value="read:user repo"');
    expect(html).toContain('name="returnTo" value="/catalog-import?step=2"');
    expect(html).toContain("Access: read:user, repo");
  });

  it("renders nothing without pending requests", async () => {
    const html = await renderPage(<LoginRequestDialog requests={[]} returnTo="/" />);
    expect(html).not.toContain('role="dialog"');
  });
});
