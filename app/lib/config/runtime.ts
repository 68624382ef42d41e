import type { AtriumConfig } from "./schema";

// Values derived from the validated config that the rest of the app reads.

export const DEFAULT_PORT = 7007;
export const DEFAULT_SUPPORT_URL = "https://github.com/backstage/backstage/issues";

export type SupportItem = { title: string; icon?: string; links: Array<{ url: string; title?: string }> };

/** What the browser may see of the configuration: nothing secret. */
export type PublicConfig = {
  title: string;
  baseUrl: string;
  basePath: string;
  organizationName?: string;
  support: { url: string; items: SupportItem[] };
  /** The inactivity prompt's settings, when auth.autologout is enabled. */
  autologout?: { idleTimeoutMinutes: number; promptBeforeIdleSeconds: number; logoutIfDisconnected: boolean };
};

/** The path of app.baseUrl without a trailing slash: '' at the root, '/portal' under a prefix. */
export function basePathOf(baseUrl: string): string {
  return new URL(baseUrl).pathname.replace(/\/+$/, "");
}

export function publicConfigOf(config: AtriumConfig): PublicConfig {
  return {
    title: config.app.title,
    baseUrl: config.app.baseUrl.replace(/\/+$/, ""),
    basePath: basePathOf(config.app.baseUrl),
    organizationName: config.organization?.name,
    support: {
      url: config.app.support?.url ?? DEFAULT_SUPPORT_URL,
      items: config.app.support?.items ?? [],
    },
    ...(config.auth.autologout?.enabled
      ? {
          autologout: {
            idleTimeoutMinutes: config.auth.autologout.idleTimeoutMinutes,
            promptBeforeIdleSeconds: config.auth.autologout.promptBeforeIdleSeconds,
            logoutIfDisconnected: config.auth.autologout.logoutIfDisconnected,
          },
        }
      : {}),
  };
}

/** backend.listen as host and port; Backstage also accepts ':7007' or 'host:7007'. */
export function listenOptionsOf(config: AtriumConfig): { host?: string; port: number } {
  const listen = config.backend.listen;
  if (typeof listen === "string") {
    const index = listen.lastIndexOf(":");
    const host = index > 0 ? listen.slice(0, index) : undefined;
    const port = Number(index >= 0 ? listen.slice(index + 1) : listen);
    return { host, port: Number.isInteger(port) ? port : DEFAULT_PORT };
  }
  return { host: listen?.host || undefined, port: listen?.port ?? DEFAULT_PORT };
}

export function backendBaseUrlOf(config: AtriumConfig): string {
  return (config.backend.baseUrl ?? config.app.baseUrl).replace(/\/+$/, "");
}

/** How this process reaches itself: the listen address with the backend's path. */
export function internalBaseUrlOf(config: AtriumConfig): string {
  const { host, port } = listenOptionsOf(config);
  const reachable = !host || host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${reachable}:${port}${new URL(backendBaseUrlOf(config)).pathname.replace(/\/+$/, "")}`;
}
