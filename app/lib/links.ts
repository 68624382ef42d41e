// Link safety and the base path, shared by every link Atrium renders.

/** Browsers ignore leading control characters, whitespace and inner tabs/newlines in a URL's scheme. */
export function isJavascriptUrl(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const normalised = url.replace(/[\u0000-\u0020\u007f]/g, "").toLowerCase();
  return normalised.startsWith("javascript:");
}

export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url) || url.startsWith("//");
}

export class JavascriptUrlError extends Error {
  override name = "JavascriptUrlError";
}

/**
 * The href a link should carry: javascript: is refused, absolute in-app
 * paths get the base path when they lack it, anything else is left alone.
 */
export function resolveHref(to: string, basePath: string): string {
  if (isJavascriptUrl(to)) {
    throw new JavascriptUrlError("Link component rejected javascript: URL as a security precaution");
  }
  if (!basePath || !to.startsWith("/") || to.startsWith("//")) return to;
  if (to === basePath || to.startsWith(`${basePath}/`) || to.startsWith(`${basePath}?`) || to.startsWith(`${basePath}#`)) {
    return to;
  }
  return `${basePath}${to}`;
}

/** The path for React Router's <Link>: the router adds the basename itself, so a prefixed path loses it. */
export function routerPath(to: string, basePath: string): string {
  if (!basePath) return to;
  if (to === basePath) return "/";
  if (to.startsWith(`${basePath}/`) || to.startsWith(`${basePath}?`) || to.startsWith(`${basePath}#`)) {
    return to.slice(basePath.length) || "/";
  }
  return to;
}

/** window.open that refuses javascript: URLs, as links do. */
export function safeWindowOpen(url: string, target = "_blank", features = "noopener,noreferrer"): Window | null {
  if (isJavascriptUrl(url)) {
    throw new JavascriptUrlError("Rejected window.open() of a javascript: URL as a security precaution");
  }
  return window.open(url, target, features);
}

/**
 * Where a redirect after a form post may go: only a path of this app.
 * Anything else (another origin, a protocol-relative URL, backslashes that
 * browsers read as slashes) falls back to `fallback`.
 */
export function safeRedirectPath(candidate: unknown, basePath: string, fallback = "/"): string {
  if (typeof candidate !== "string" || candidate.length > 2048) return fallback;
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.includes("\\")) return fallback;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f]/.test(candidate)) return fallback;
  const encoded = asciiPath(candidate);
  return encoded === undefined ? fallback : routerPath(encoded, basePath);
}

/**
 * The path with every character outside printable ASCII percent-encoded, as
 * a browser sends it: a Location header carries bytes, and Node refuses to
 * write a character above U+00FF into one (a redirect to `/嘊` threw while
 * the response was being written, a 500). A lone surrogate cannot be encoded
 * at all: undefined.
 */
function asciiPath(path: string): string | undefined {
  try {
    return path.replace(/[^\u0020-\u007e]+/g, (characters) => encodeURI(characters));
  } catch {
    return undefined;
  }
}
