import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { endSession, offeredSignInOptions } from "~/lib/auth/sign-in.server";
import { getRequestContext } from "~/lib/context.server";

// The sign-out menu's one item: ends the session and returns to the sign-in page.
export async function action({ context }: Route.ActionArgs) {
  const app = getRequestContext(context);
  return redirect(offeredSignInOptions(app).length ? "/sign-in" : "/", { headers: { "Set-Cookie": endSession(app) } });
}
