import type { Route } from "./+types/info-refs";
import { gitHttpRoute } from "~/lib/scaffolder/actions/git/git-http-route.server";

// GET {baseUrl}/git/:owner/:repo.git/info/refs?service=git-upload-pack: the
// first request of `git clone`, answered by git http-backend (read-only).

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return gitHttpRoute({ request, context, owner: params.owner, repoSegment: params.repo, endpoint: "info/refs" });
}
