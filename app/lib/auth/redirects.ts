// Where a sign-in may send the browser afterwards: only this app's own
// origin, under its base path. Anything else is an open redirect.

export type AppLocation = { baseUrl: string; basePath: string };

/** The app's origin, e.g. https://corp.example. */
export function appOriginOf(app: AppLocation): string {
  return new URL(app.baseUrl).origin;
}

/**
 * The absolute URL to redirect to, or undefined when `candidate` leaves the
 * app: another origin, a scheme other than http(s), credentials in the URL,
 * a path outside the base path, or characters browsers read differently.
 */
export function allowedRedirectUrl(candidate: string, app: AppLocation): string | undefined {
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (candidate.length > 2048 || /[\u0000-\u001f\\]/.test(candidate)) return undefined;
  if (candidate.startsWith("//")) return undefined;
  let url: URL;
  try {
    url = new URL(candidate, `${appOriginOf(app)}/`);
  } catch {
    return undefined;
  }
  if (url.origin !== appOriginOf(app) || url.username || url.password) return undefined;
  if (app.basePath && url.pathname !== app.basePath && !url.pathname.startsWith(`${app.basePath}/`)) return undefined;
  return url.href;
}

/** Whether an `origin` parameter names this app (Backstage: auth.experimentalExtraAllowedOrigins is not supported). */
export function isAppOrigin(origin: string, app: AppLocation): boolean {
  try {
    return new URL(origin).origin === appOriginOf(app);
  } catch {
    return false;
  }
}
