import { describe, expect, it } from "vitest";
import { issueBody, issueLinkText, issueRepositoryOf, issueTitle, issueUrl } from "./report-issue";

const types = (host: string) => ({ "github.com": "github", "gitlab.com": "gitlab", "dev.azure.com": "azure" })[host];

describe("the report-issue add-on", () => {
  it("cuts the title to 70 characters with an ellipsis", () => {
    const long = "x".repeat(80);
    expect(issueTitle(long)).toBe(`Documentation feedback: ${"x".repeat(70)}...`);
    expect(issueTitle("A typo here")).toBe("Documentation feedback: A typo here");
  });

  it("quotes the selection in the body with both URLs", () => {
    const body = issueBody(" first line\n second line ", "https://portal.example/docs/default/component/svc/", "https://github.com/acme/svc/blob/main/docs/index.md", "Atrium");
    expect(body).toContain("## Documentation Feedback 📝");
    expect(body).toContain("> first line\n> second line");
    expect(body).toContain("Atrium URL: <https://portal.example/docs/default/component/svc/>");
    expect(body).toContain("Markdown URL: <https://github.com/acme/svc/blob/main/docs/index.md>");
  });

  it("links to a new GitHub or GitLab issue in each host's shape", () => {
    const github = issueRepositoryOf("https://github.com/acme/svc/edit/main/docs/index.md", types)!;
    expect(github).toEqual({ type: "github", url: "https://github.com/acme/svc", markdownUrl: "https://github.com/acme/svc/blob/main/docs/index.md" });
    expect(issueUrl(github, "T i", "B")).toBe("https://github.com/acme/svc/issues/new?title=T%20i&body=B");
    expect(issueLinkText(github)).toBe("Open new Github issue");

    const gitlab = issueRepositoryOf("https://gitlab.com/group/sub/svc/-/edit/main/docs/index.md", types)!;
    expect(gitlab.url).toBe("https://gitlab.com/group/sub/svc");
    expect(issueUrl(gitlab, "T", "B")).toBe("https://gitlab.com/group/sub/svc/issues/new?issue[title]=T&issue[description]=B");
    expect(issueLinkText(gitlab)).toBe("Open new Gitlab issue");
  });

  it("offers nothing for other hosts or without an edit URL", () => {
    expect(issueRepositoryOf("https://dev.azure.com/org/project/_git/repo?path=/docs/index.md", types)).toBeUndefined();
    expect(issueRepositoryOf("https://unknown.example/acme/svc/edit/main/x.md", types)).toBeUndefined();
    expect(issueRepositoryOf(undefined, types)).toBeUndefined();
  });
});
