import * as oauth from "oauth4webapi";
import { AuthenticationError } from "../errors";
import type { ProviderSession } from "./authenticators.server";
import type { ProviderConfig } from "./provider-config.server";

// Who the provider says the user is. OpenID Connect providers tell it in the
// ID token (and the userinfo endpoint); the others through their user APIs.

/** Backstage's profile, plus the handles resolvers match on. */
export type ProviderProfile = {
  email?: string;
  displayName?: string;
  picture?: string;
  /** The provider's login name (GitHub login, GitLab username, ...). */
  username?: string;
  /** The provider's stable user id. */
  userId?: string;
};

type ProfileContext = {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  session: ProviderSession;
  claims?: oauth.IDToken;
  options: { [oauth.allowInsecureRequests]?: boolean };
};

const str = (value: unknown) => (typeof value === "string" && value ? value : undefined);

async function getJson(url: string, accessToken: string, context: ProfileContext, accept = "application/json"): Promise<Record<string, unknown>> {
  const response = await oauth.protectedResourceRequest(accessToken, "GET", new URL(url), new Headers({ accept }), null, context.options);
  if (!response.ok) throw new AuthenticationError(`Login failed, the provider's user API answered ${response.status} ${response.statusText}`);
  return (await response.json()) as Record<string, unknown>;
}

export async function fetchProfile(config: ProviderConfig, context: ProfileContext): Promise<ProviderProfile> {
  const { session, claims } = context;
  const token = session.accessToken;
  switch (config.id) {
    case "github": {
      const api = config.enterpriseInstanceUrl ? `${config.enterpriseInstanceUrl.replace(/\/+$/, "")}/api/v3` : "https://api.github.com";
      const user = await getJson(`${api}/user`, token, context, "application/vnd.github+json");
      let email = str(user.email);
      if (!email && session.scope.split(" ").includes("user:email")) {
        const emails = (await getJson(`${api}/user/emails`, token, context, "application/vnd.github+json")) as unknown as Array<{ email: string; primary: boolean }>;
        email = emails.find((item) => item.primary)?.email;
      }
      return { email, displayName: str(user.name) ?? str(user.login), picture: str(user.avatar_url), username: str(user.login), userId: user.id === undefined ? undefined : String(user.id) };
    }
    case "gitlab": {
      const base = (config.audience ?? "https://gitlab.com").replace(/\/+$/, "");
      const user = await getJson(`${base}/api/v4/user`, token, context);
      return { email: str(user.email), displayName: str(user.name), picture: str(user.avatar_url), username: str(user.username), userId: user.id === undefined ? undefined : String(user.id) };
    }
    case "bitbucket": {
      const user = await getJson("https://api.bitbucket.org/2.0/user", token, context);
      const emails = (await getJson("https://api.bitbucket.org/2.0/user/emails", token, context).catch(() => ({ values: [] }))) as { values?: Array<{ email: string; is_primary: boolean }> };
      const links = user.links as { avatar?: { href?: string } } | undefined;
      return {
        email: emails.values?.find((item) => item.is_primary)?.email,
        displayName: str(user.display_name),
        picture: links?.avatar?.href,
        username: str(user.username) ?? str(user.nickname),
        userId: str(user.uuid) ?? str(user.account_id),
      };
    }
    case "bitbucketServer": {
      const host = (config.host!.startsWith("http") ? config.host! : `https://${config.host}`).replace(/\/+$/, "");
      const whoami = await oauth.protectedResourceRequest(token, "GET", new URL(`${host}/plugins/servlet/applinks/whoami`), new Headers(), null, context.options);
      const username = (await whoami.text()).trim();
      if (!whoami.ok || !username) throw new AuthenticationError("Login failed, Bitbucket Server did not say who the user is");
      const user = await getJson(`${host}/rest/api/latest/users/${encodeURIComponent(username)}`, token, context);
      return {
        email: str(user.emailAddress),
        displayName: str(user.displayName),
        picture: `${host}/users/${encodeURIComponent(username)}/avatar.png`,
        username,
        userId: user.id === undefined ? undefined : String(user.id),
      };
    }
    case "openshift": {
      const user = await getJson(`${config.openshiftApiServerUrl!.replace(/\/+$/, "")}/apis/user.openshift.io/v1/users/~`, token, context);
      const metadata = user.metadata as { name?: string } | undefined;
      return { displayName: str(user.fullName) ?? metadata?.name, username: metadata?.name };
    }
    default: {
      // OpenID Connect: the ID token's claims, completed by the userinfo endpoint when there is one.
      let info: Record<string, unknown> = { ...(claims ?? {}) };
      if (context.as.userinfo_endpoint && claims?.sub) {
        const response = await oauth.userInfoRequest(context.as, context.client, token, context.options);
        info = { ...info, ...(await oauth.processUserInfoResponse(context.as, context.client, claims.sub, response)) };
      }
      return profileFromClaims(config, info);
    }
  }
}

/** The profile an OpenID Connect provider's claims (ID token and userinfo) describe. */
export function profileFromClaims(config: ProviderConfig, info: Record<string, unknown>): ProviderProfile {
  return {
    email: str(info.email) ?? (config.id === "microsoft" ? str(info.preferred_username) : undefined),
    displayName: str(info.name) ?? ([str(info.given_name), str(info.family_name)].filter(Boolean).join(" ") || str(info.preferred_username)),
    picture: str(info.picture),
    username: str(info.preferred_username),
    userId: str(info.sub),
  };
}
