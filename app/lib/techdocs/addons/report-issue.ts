// The report-issue add-on (Backstage's techdocs-module-addons-contrib
// ReportIssue): a selection in the article becomes a link to a new issue on
// the docs' repository, for GitHub and GitLab only. The texts and URL shapes
// are Backstage's (ReportIssue/hooks.ts and IssueLink.tsx there).

/** How long a selection must rest before the popover offers a link. */
export const SELECTION_DEBOUNCE_MS = 500;
export const TITLE_MAX_LENGTH = 70;

/** The repository the docs are edited in: `{protocol}://{host}/{owner}/{name}` and its host's type. */
export type IssueRepository = { type: "github" | "gitlab"; url: string; markdownUrl: string };

export function issueTitle(selection: string): string {
  const text = selection.substring(0, TITLE_MAX_LENGTH);
  return `Documentation feedback: ${text}${text.length === TITLE_MAX_LENGTH ? "..." : ""}`;
}

export function issueBody(selection: string, pageUrl: string, markdownUrl: string, appTitle: string): string {
  const quote = selection
    .trim()
    .split("\n")
    .map((line) => `> ${line.trim()}`)
    .join("\n");
  const facts = `${appTitle} URL: <${pageUrl}> \nMarkdown URL: <${markdownUrl}>`;
  return `## Documentation Feedback 📝\n\n #### The highlighted text: \n\n ${quote}\n\n #### The comment on the text: \n _>replace this line with your comment<_\n\n ___\n${facts}`;
}

export function issueUrl(repository: IssueRepository, title: string, body: string): string {
  const encodedTitle = encodeURIComponent(title);
  const encodedBody = encodeURIComponent(body);
  if (repository.type === "github") return `${repository.url}/issues/new?title=${encodedTitle}&body=${encodedBody}`;
  return `${repository.url}/issues/new?issue[title]=${encodedTitle}&issue[description]=${encodedBody}`;
}

export function issueLinkText(repository: IssueRepository): string {
  return `Open new ${repository.type === "github" ? "Github" : "Gitlab"} issue`;
}

/**
 * The repository of an edit URL on a GitHub or GitLab host (the host's type
 * as the configured integrations name it), with the edit URL turned into the
 * Markdown's blob URL; undefined elsewhere.
 */
export function issueRepositoryOf(editUrl: string | undefined, hostType: (host: string) => string | undefined): IssueRepository | undefined {
  if (!editUrl) return undefined;
  let url: URL;
  try {
    url = new URL(editUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  const type = hostType(url.host);
  if (type !== "github" && type !== "gitlab") return undefined;
  const segments = url.pathname.split("/").filter(Boolean);
  // GitLab groups nest: the project path ends where '/-/' starts; GitHub is owner/name.
  const dash = segments.indexOf("-");
  const project = type === "gitlab" && dash > 1 ? segments.slice(0, dash) : segments.slice(0, 2);
  if (project.length < 2) return undefined;
  const markdownUrl = url.href.replace(/\/(edit)\//, "/blob/");
  return { type, url: `${url.protocol}//${url.host}/${project.join("/")}`, markdownUrl };
}
