import type { RouterContextProvider } from "react-router";
import { requireIdentity } from "../../../auth/request-identity.server";
import { getRequestContext } from "../../../context.server";
import { STATUS_TEXT, statusOf } from "../../../errors";
import { repoOfCloneSegment, serveGitHttp } from "./http-backend.server";

/**
 * The two smart-HTTP routes of the portal's repositories, for whoever may
 * use the portal's pages (the identity middleware of app/root.tsx settles
 * who that is; a git client sends `Authorization: Bearer <token>` through
 * `git -c http.extraHeader=...`). Refusals are plain text, which git prints.
 */
export async function gitHttpRoute(args: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  owner: string;
  repoSegment: string;
  endpoint: "info/refs" | "git-upload-pack";
}): Promise<Response> {
  requireIdentity(args.context);
  const app = getRequestContext(args.context);
  const repo = repoOfCloneSegment(args.repoSegment);
  try {
    if (!repo) return textResponse(404, `No repository at ${args.owner}/${args.repoSegment}: clone URLs end with .git`);
    return await serveGitHttp(app.localGit, { owner: args.owner, repo, endpoint: args.endpoint, request: args.request });
  } catch (error) {
    const status = statusOf(error);
    if (status === 500) {
      app.logger.error({ err: error, requestId: app.requestId }, "git http-backend failed");
      return textResponse(500, STATUS_TEXT[500] ?? "Internal Server Error");
    }
    return textResponse(status, (error as Error).message);
  }
}

function textResponse(status: number, message: string): Response {
  return new Response(`${message}\n`, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}
