import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { authenticate } from "../app/lib/auth/authenticate.server";
import { signInOptions } from "../app/lib/auth/identity";
import type { TokenService } from "../app/lib/auth/tokens.server";
import type { AtriumConfig } from "../app/lib/config/schema";
import { ConfigError } from "../app/lib/config/errors";
import { AuthenticationError } from "../app/lib/errors";
import { sendError } from "./request-guards";

// Protected mode (auth.protectedMode): cookie auth guards every page and
// every asset, so that not even the app's code reaches a visitor without a
// session. Pages are already guarded by the root loader, which sends a
// visitor without a session to the sign-in page; this guards the static
// assets, except the few the sign-in page itself needs.

export const PROTECTED_MODE_MISSING_APIS = "App is running in protected mode but missing required APIs";

/** Protected mode needs a way to get a session: a sign-in page. Without one nobody could ever load the app. */
export function checkProtectedMode(config: AtriumConfig): void {
  if (!config.auth.protectedMode || signInOptions(config.auth.signInPage).length > 0) return;
  throw new ConfigError([`${PROTECTED_MODE_MISSING_APIS}: auth.protectedMode needs a sign-in page (auth.signInPage) to issue the session cookie it asks for`]);
}

/** What the sign-in page loads before anyone has a session: the client entry, the root and sign-in route modules, their CSS and the manifest. */
export function signInPageAssets(build: ServerBuild, basePath: string): Set<string> {
  const urls = new Set<string>([build.assets.url, build.assets.entry.module, ...build.assets.entry.imports, `${basePath}/favicon.svg`, `${basePath}/favicon.ico`]);
  for (const id of ["root", "routes/sign-in"]) {
    const route = build.assets.routes[id];
    if (!route) continue;
    urls.add(route.module);
    for (const url of [...(route.imports ?? []), ...(route.css ?? [])]) urls.add(url);
  }
  return urls;
}

/**
 * The path as the static middlewares will resolve it: decoded, with repeated
 * slashes collapsed, in lower case (Express mounts match paths without regard
 * to case). Comparing anything rawer would let `/ASSETS/…`, `//assets/…` or
 * `/assets%2F…` reach a file the guard never looked at.
 */
function staticPathOf(requestPath: string): string | undefined {
  try {
    return path.posix.normalize(decodeURIComponent(requestPath)).toLowerCase();
  } catch {
    return undefined;
  }
}

export function guardAssets(options: { basePath: string; clientDir: string; tokens: () => TokenService; build: () => Promise<ServerBuild> }): RequestHandler {
  const basePath = options.basePath.toLowerCase();
  // Files at the top of the client folder (favicon.svg, …); everything under assets/ is an asset too.
  const topLevelFiles = new Set(
    existsSync(options.clientDir)
      ? readdirSync(options.clientDir, { withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => `${basePath}/${entry.name.toLowerCase()}`)
      : [],
  );
  let open: Promise<Set<string>> | undefined;
  return async (req, res, next) => {
    try {
      if (req.method !== "GET" && req.method !== "HEAD") return next();
      const staticPath = staticPathOf(req.path);
      if (staticPath === undefined) return next(); // pathGuard refuses it, or hands a page path to React Router past the files
      if (!staticPath.startsWith(`${basePath}/assets/`) && !topLevelFiles.has(staticPath)) return next();
      open ??= options.build().then((build) => new Set([...signInPageAssets(build, options.basePath)].map((url) => url.toLowerCase())));
      if ((await open).has(staticPath)) return next();
      // Whoever gets a protected asset, no shared cache may keep it for the next visitor.
      res.setHeader("Vary", "Cookie");
      const auth = await authenticate(options.tokens(), { authorization: req.get("authorization"), cookie: req.get("cookie") });
      if (auth.identity) {
        res.setHeader("Cache-Control", "private, max-age=31536000, immutable");
        return next();
      }
      res.setHeader("Cache-Control", "no-store");
      sendError(req, res, new AuthenticationError("The app is in protected mode: sign in to load its assets"));
    } catch (error) {
      next(error);
    }
  };
}
