// Cookie header parsing and Set-Cookie serialisation: a few lines we own
// rather than a dependency, since every Atrium cookie is a short ASCII value.

export function parseCookies(header: string | null | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    if (name in cookies) continue; // the most specific path comes first
    try {
      cookies[name] = decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      // a malformed value is treated as absent
    }
  }
  return cookies;
}

export type CookieOptions = {
  path: string;
  maxAgeSeconds?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "Lax" | "Strict" | "None";
};

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path}`];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.httpOnly !== false) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  parts.push(`SameSite=${options.sameSite ?? "Lax"}`);
  return parts.join("; ");
}

/** The cookie path for an app served under `basePath`. */
export function cookiePath(basePath: string): string {
  return basePath || "/";
}
