import { z } from "zod";
import { isHttpUrl } from "./values";

// The source hosts of `integrations`, as Backstage configures them. The keys
// the catalog reads (app/lib/catalog/processing/readers.server.ts) are
// checked here, so a host that is not one stops start-up naming its key
// instead of failing later inside the catalog; other integrations and keys
// are kept as written.

/** Backstage's rule (isValidHost in @backstage/integration): the host, with an optional port, exactly as a URL would carry it. */
export function isValidHost(host: string): boolean {
  try {
    const url = new URL(`https://${host}`);
    return url.host === host && url.pathname === "/" && !url.username && !url.password && !url.search && !url.hash;
  } catch {
    return false;
  }
}

const host = z.string().refine(isValidHost, { error: (issue) => `'${String(issue.input)}' is not a valid host` });
const url = z.string().refine(isHttpUrl, { error: (issue) => `'${String(issue.input)}' is not an absolute http(s) URL` });

const integration = z.object({ host: host.optional(), apiBaseUrl: url.optional(), rawBaseUrl: url.optional(), baseUrl: url.optional(), token: z.string().optional() }).catchall(z.unknown());

export const integrationsSchema = z
  .object({
    github: z.array(integration).optional(),
    gitlab: z.array(integration).optional(),
    azure: z.array(integration).optional(),
    bitbucketCloud: z.array(integration).optional(),
    bitbucketServer: z.array(integration).optional(),
    bitbucket: z.array(integration).optional(),
  })
  .catchall(z.unknown());
