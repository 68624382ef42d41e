import type { NextFunction, Request, RequestHandler, Response } from "express";
import { absoluteUrl, type AuthSettings } from "../app/lib/auth/provider-config.server";
import type { AtriumConfig } from "../app/lib/config/schema";
import { backendBaseUrlOf } from "../app/lib/config/runtime";
import type { Logger } from "../app/lib/logger.server";
import type { Services } from "../app/lib/services.server";

// The development identity provider inside the portal's own process, at
// {backend.baseUrl}/api/auth/dev-idp. Mounted only in the `development`
// auth environment (readAuthSettings decides); its clients are the
// providers whose metadataUrl points at it, its users the catalog's.

export const DEV_IDP_PATH = "/api/auth/dev-idp";

export function devIdentityProvider(options: { config: AtriumConfig; settings: AuthSettings; services: () => Services | undefined; logger: Logger }): RequestHandler {
  const backendBaseUrl = backendBaseUrlOf(options.config);
  const issuer = `${backendBaseUrl}${DEV_IDP_PATH}`;
  const clients = options.settings.providers
    .filter((provider) => provider.metadataUrl && absoluteUrl(provider.metadataUrl, backendBaseUrl).startsWith(`${issuer}/`))
    .map((provider) => ({ clientId: provider.clientId, clientSecret: provider.clientSecret, redirectUris: [provider.callbackUrl] }));
  let router: Promise<RequestHandler> | undefined;
  const load = () =>
    (router ??= (async () => {
      // Loaded on first use only: production auth environments never load oidc-provider at all.
      const [{ createDevIdentityProvider }, { catalogUsers }] = await Promise.all([import("../app/lib/auth/dev-idp/dev-idp.server"), import("../app/lib/auth/dev-idp/catalog-users.server")]);
      options.logger.warn({ issuer }, "The development identity provider is mounted: password-less sign-in as any catalog user (auth.environment is development)");
      return createDevIdentityProvider({ issuer, clients, trustProxy: Boolean(options.config.backend.trustProxy), users: () => catalogUsers(options.services()!.catalog) });
    })());
  return (req: Request, res: Response, next: NextFunction) => {
    load().then((handler) => handler(req, res, next), next);
  };
}
