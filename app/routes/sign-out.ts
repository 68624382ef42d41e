import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { endProviderSessions } from "~/lib/auth/provider-sign-out.server";
import { offeredSignInOptions, signOut } from "~/lib/auth/sign-in.server";
import { getRequestContext } from "~/lib/context.server";

// The sign-out menu's one item: ends the session (revoked, so a copy of its
// token is refused too), and the provider sessions obtained in it, and
// returns to the sign-in page.
export async function action({ request, context }: Route.ActionArgs) {
  const app = getRequestContext(context);
  const headers = new Headers({ "Set-Cookie": await signOut(app) });
  for (const cookie of await endProviderSessions(app, request)) headers.append("Set-Cookie", cookie);
  return redirect(offeredSignInOptions(app).length ? "/sign-in" : "/", { headers });
}
