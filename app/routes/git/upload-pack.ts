import type { Route } from "./+types/upload-pack";
import { gitHttpRoute } from "~/lib/scaffolder/actions/git/git-http-route.server";

// POST {baseUrl}/git/:owner/:repo.git/git-upload-pack: the objects a clone or
// fetch asks for, answered by git http-backend. Only upload-pack exists:
// there is no receive-pack route, so nobody pushes to the portal's repositories.

export async function action({ request, params, context }: Route.ActionArgs) {
  return gitHttpRoute({ request, context, owner: params.owner, repoSegment: params.repo, endpoint: "git-upload-pack" });
}

export function loader() {
  return new Response("Method Not Allowed\n", { status: 405, headers: { allow: "POST", "content-type": "text/plain; charset=utf-8" } });
}
