import { generateKeyPairSync, randomBytes } from "node:crypto";
import express, { type Router } from "express";
import Provider, { type Configuration } from "oidc-provider";
import { en } from "../../i18n/messages.en.ts";

// The development identity provider: a real OpenID Connect provider
// (oidc-provider) whose users are the User entities of the catalog. It is
// password-less on purpose: you choose who you are. It exists for
// development and tests only and is never mounted outside the `development`
// auth environment (decision 011).
//
// This module imports with explicit .ts extensions and nothing but packages
// and the message catalogue, so `npm run dev:idp` runs it with Node's type
// stripping, without a build.

export type DevUser = {
  /** The account id: the user's entity ref, which becomes the ID token's subject. */
  id: string;
  username: string;
  email?: string;
  name?: string;
  picture?: string;
};

export type DevClient = { clientId: string; clientSecret?: string; redirectUris: string[] };

export type DevIdentityProviderOptions = {
  /** The issuer URL, including the path the router is mounted under. */
  issuer: string;
  clients: DevClient[];
  users: () => Promise<DevUser[]>;
  /** Express's trust proxy setting: whether X-Forwarded-* decide the request's own URL. */
  trustProxy?: boolean;
};

const text = en.devIdp;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1e293b}ul{list-style:none;padding:0}li{margin:.25rem 0}
button{font:inherit;padding:.5rem .75rem;border:1px solid #94a3b8;border-radius:.375rem;background:#f8fafc;cursor:pointer;width:100%;text-align:left}
button:hover{background:#e2e8f0}.note{background:#fef3c7;padding:.75rem;border-radius:.375rem}small{color:#475569}</style></head><body>${body}</body></html>`;
}

function loginPage(action: string, users: DevUser[], clientId: string, error?: string): string {
  const items = users
    .map((user) => `<li><button name="account" value="${escapeHtml(user.id)}">${escapeHtml(user.name ?? user.username)} <small>${escapeHtml(user.email ?? user.id)}</small></button></li>`)
    .join("");
  return page(
    text.title,
    `<h1>${escapeHtml(text.title)}</h1>
<p class="note">${escapeHtml(text.passwordless)}</p>
<p>${escapeHtml(text.signingInTo.replace("{{client}}", clientId))}</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="${escapeHtml(action)}">
<label>${escapeHtml(text.typeUser)} <input name="typed" autocomplete="username"></label> <button type="submit" style="width:auto">${escapeHtml(text.signIn)}</button>
<h2>${escapeHtml(text.chooseUser)}</h2><ul>${items}</ul></form>
<form method="post" action="${escapeHtml(action.replace(/\/login$/, "/abort"))}"><button type="submit" style="width:auto">${escapeHtml(text.cancel)}</button></form>`,
  );
}

export async function createDevIdentityProvider(options: DevIdentityProviderOptions): Promise<Router> {
  const issuer = options.issuer.replace(/\/+$/, "");
  const mountPath = new URL(issuer).pathname.replace(/\/+$/, "");
  // Keys live as long as the process: a restart signs everyone out of the dev provider, which is fine for development.
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const signingKey = { ...(privateKey.export({ format: "jwk" }) as Record<string, string>), kid: randomBytes(8).toString("hex"), use: "sig", alg: "RS256" };

  async function findUser(accountId: string): Promise<DevUser | undefined> {
    return (await options.users()).find((user) => user.id === accountId);
  }

  const configuration: Configuration = {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: client.clientSecret ? "client_secret_basic" : "none",
    })),
    async findAccount(_ctx, id) {
      const user = await findUser(id);
      if (!user) return undefined;
      return {
        accountId: user.id,
        async claims() {
          return { sub: user.id, email: user.email, email_verified: Boolean(user.email), name: user.name, preferred_username: user.username, picture: user.picture };
        },
      };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "preferred_username", "picture"] },
    scopes: ["openid", "offline_access", "email", "profile"],
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    // A refresh token for every code exchange, so Backstage's /refresh works without prompt=consent.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    jwks: { keys: [signingKey as never] },
    ttl: { AccessToken: 60 * 60, IdToken: 60 * 60, RefreshToken: 14 * 24 * 60 * 60, Session: 14 * 24 * 60 * 60, Interaction: 60 * 60, Grant: 14 * 24 * 60 * 60 },
    async renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = page(text.title, `<h1>${escapeHtml(text.title)}</h1><p role="alert">${escapeHtml(String(out.error_description ?? out.error))}</p>`);
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = Boolean(options.trustProxy);

  const router = express.Router();
  router.get("/interaction/:uid", async (req, res, next) => {
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === "login") {
        res.type("html").send(loginPage(`${mountPath}/interaction/${details.uid}/login`, await options.users(), String(details.params.client_id)));
        return;
      }
      // Consent: the portal is a first-party client of its own development provider, so every requested scope is granted.
      const grant = details.grantId ? ((await provider.Grant.find(details.grantId)) ?? newGrant(details)) : newGrant(details);
      grant.addOIDCScope(String(details.params.scope ?? "openid"));
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    } catch (error) {
      next(error);
    }
  });
  router.post("/interaction/:uid/login", express.urlencoded({ extended: false, limit: "10kb" }), async (req, res, next) => {
    try {
      const details = await provider.interactionDetails(req, res);
      const users = await options.users();
      const typed = String(req.body?.typed ?? "")
        .trim()
        .toLowerCase();
      const chosen = String(req.body?.account ?? "");
      const user = typed
        ? users.find((candidate) => [candidate.username, candidate.email, candidate.id].some((handle) => handle?.toLowerCase() === typed))
        : users.find((candidate) => candidate.id === chosen);
      if (!user) {
        res
          .status(400)
          .type("html")
          .send(loginPage(`${mountPath}/interaction/${details.uid}/login`, users, String(details.params.client_id), text.unknownUser));
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: user.id } }, { mergeWithLastSubmission: false });
    } catch (error) {
      next(error);
    }
  });
  // Cancel: the client gets error=access_denied, as when a user says no at a real provider.
  router.post("/interaction/:uid/abort", async (req, res, next) => {
    try {
      await provider.interactionFinished(req, res, { error: "access_denied", error_description: "End-User aborted interaction" }, { mergeWithLastSubmission: false });
    } catch (error) {
      next(error);
    }
  });
  router.use(provider.callback());

  function newGrant(details: Awaited<ReturnType<typeof provider.interactionDetails>>) {
    return new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
  }
  return router;
}
