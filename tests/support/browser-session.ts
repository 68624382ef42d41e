import { createServer } from "node:net";

// A minimal browser for server tests of sign-in flows: a cookie jar that
// honours cookie paths and Max-Age, and redirects followed one hop at a
// time so a test can stop (or tamper) anywhere along the way.

type StoredCookie = { name: string; value: string; path: string; origin: string };

export class BrowserSession {
  private cookies: StoredCookie[] = [];

  /** Every response seen, in order, for assertions on intermediate hops. */
  readonly visited: Array<{ url: string; status: number; location?: string }> = [];

  cookieHeader(url: string): string {
    const { origin, pathname } = new URL(url);
    return this.cookies
      .filter((cookie) => cookie.origin === origin && (pathname === cookie.path || pathname.startsWith(cookie.path.endsWith("/") ? cookie.path : `${cookie.path}/`)))
      .sort((a, b) => b.path.length - a.path.length)
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join("; ");
  }

  cookie(name: string): StoredCookie | undefined {
    return this.cookies.find((cookie) => cookie.name === name);
  }

  store(url: string, response: Response) {
    const origin = new URL(url).origin;
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";").map((part) => part.trim());
      const index = pair.indexOf("=");
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      const attribute = (key: string) => attributes.find((item) => item.toLowerCase().startsWith(`${key}=`))?.split("=")[1];
      const path = attribute("path") ?? "/";
      this.cookies = this.cookies.filter((cookie) => !(cookie.name === name && cookie.path === path && cookie.origin === origin));
      const maxAge = attribute("max-age");
      if (maxAge !== undefined && Number(maxAge) <= 0) continue;
      this.cookies.push({ name, value, path, origin });
    }
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set("cookie", cookie);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    this.store(url, response);
    const location = response.headers.get("location") ?? undefined;
    this.visited.push({ url, status: response.status, location: location && new URL(location, url).href });
    return response;
  }

  /** Follows GET redirects until a non-redirect answer or a URL that `stopAt` recognises. */
  async follow(url: string, stopAt: (url: URL) => boolean = () => false, maxHops = 20): Promise<{ url: string; response: Response }> {
    let current = url;
    for (let hop = 0; hop < maxHops; hop++) {
      if (stopAt(new URL(current))) return { url: current, response: new Response(null, { status: 204 }) };
      const response = await this.request(current);
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
      await response.arrayBuffer();
      current = new URL(location, current).href;
    }
    throw new Error(`Too many redirects from ${url}`);
  }

  async postForm(url: string, fields: Record<string, string>, extraHeaders: Record<string, string> = {}): Promise<Response> {
    return this.request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...extraHeaders }, body: new URLSearchParams(fields).toString() });
  }
}

/** A port nobody listens on right now, so a server's public URL can be known before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** The form action and the hidden user choice of the development identity provider's login page. */
export function devIdpLoginForm(html: string): string {
  const match = /<form method="post" action="([^"]+)">/.exec(html);
  if (!match) throw new Error(`Not the development identity provider's login page:\n${html.slice(0, 500)}`);
  return match[1].replace(/&#38;/g, "&");
}

/** The popup's answer on success: what Backstage's auth clients read from it. */
type PopupAuthResponse = { profile: unknown; providerInfo: unknown; backstageIdentity: { token: string; identity: unknown } };

/** The JSON payload the popup page posts to its opener. */
export function webMessageOf(html: string): { type: string; response?: PopupAuthResponse; error?: { name: string; message: string } } {
  const match = /var authResponse = decodeURIComponent\('([^']*)'\)/.exec(html);
  if (!match) throw new Error(`Not a popup response:\n${html.slice(0, 500)}`);
  return JSON.parse(decodeURIComponent(match[1]));
}
