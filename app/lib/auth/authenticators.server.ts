import { decodeJwt } from "jose";
import * as oauth from "oauth4webapi";
import { AuthenticationError, InputError } from "../errors";
import { absoluteUrl, type ProviderConfig } from "./provider-config.server";
import { microsoftResourceForScopes } from "./providers";
import { fetchProfile, type ProviderProfile } from "./provider-profiles.server";

// The authorization-code flow with PKCE against each provider, through
// oauth4webapi: where each provider's endpoints are, how its tokens are
// exchanged and refreshed, and the profile that comes back.

export type ProviderSession = {
  accessToken: string;
  idToken?: string;
  refreshToken?: string;
  /** The scopes granted, space-separated (Backstage's wire form). */
  scope: string;
  expiresInSeconds?: number;
};

export type AuthenticatorResult = { session: ProviderSession; profile: ProviderProfile };

export type Authenticator = {
  authorizationUrl(request: { scope: string[]; state: string; nonce: string; codeVerifier: string }): Promise<URL>;
  /** Exchanges the code in the callback URL; the state and nonce must be the ones this browser started with. */
  handleCallback(callback: URL, expected: { state: string; nonce: string; codeVerifier: string }): Promise<AuthenticatorResult>;
  refresh(refreshToken: string, scope: string[]): Promise<AuthenticatorResult>;
  /** An OpenID Connect provider's discovered metadata (issuer, jwks_uri); undefined for the OAuth 2.0 providers. */
  openIdMetadata(): Promise<oauth.AuthorizationServer | undefined>;
};

/** Providers that speak OpenID Connect: their metadata is discovered and their ID tokens are checked. */
export const OIDC_PROVIDERS = new Set(["oidc", "google", "microsoft", "okta"]);

/** Static endpoints of the OAuth 2.0 providers, from Backstage's defaults and the provider's config. */
function staticServer(config: ProviderConfig): oauth.AuthorizationServer {
  const trim = (url: string) => url.replace(/\/+$/, "");
  switch (config.id) {
    case "github": {
      const web = trim(config.enterpriseInstanceUrl ?? "https://github.com");
      return { issuer: web, authorization_endpoint: `${web}/login/oauth/authorize`, token_endpoint: `${web}/login/oauth/access_token` };
    }
    case "gitlab": {
      const base = trim(config.audience ?? "https://gitlab.com");
      return { issuer: base, authorization_endpoint: `${base}/oauth/authorize`, token_endpoint: `${base}/oauth/token` };
    }
    case "bitbucket":
      return { issuer: "https://bitbucket.org", authorization_endpoint: "https://bitbucket.org/site/oauth2/authorize", token_endpoint: "https://bitbucket.org/site/oauth2/access_token" };
    case "bitbucketServer": {
      const host = trim(config.host!.startsWith("http") ? config.host! : `https://${config.host}`);
      return { issuer: host, authorization_endpoint: `${host}/rest/oauth2/latest/authorize`, token_endpoint: `${host}/rest/oauth2/latest/token` };
    }
    case "vmwareCloudServices":
      return {
        issuer: "https://console.cloud.vmware.com",
        authorization_endpoint: "https://console.cloud.vmware.com/csp/gateway/discovery",
        token_endpoint: "https://console.cloud.vmware.com/csp/gateway/am/api/auth/authorize",
      };
    case "openshift":
      return { issuer: trim(config.openshiftApiServerUrl!), authorization_endpoint: config.authorizationUrl, token_endpoint: config.tokenUrl };
    default:
      throw new Error(`${config.id} is an OpenID Connect provider`);
  }
}

function issuerOf(config: ProviderConfig, backendBaseUrl: string): string {
  switch (config.id) {
    case "google":
      return "https://accounts.google.com";
    case "microsoft":
      return `https://login.microsoftonline.com/${config.tenantId}/v2.0`;
    case "okta": {
      const audience = config.audience!.replace(/\/+$/, "");
      return config.authServerId ? `${audience}/oauth2/${config.authServerId}` : audience;
    }
    default:
      return absoluteUrl(config.metadataUrl!, backendBaseUrl).replace(/\/\.well-known\/openid-configuration$/, "");
  }
}

/** Plain http is allowed only on loopback (the development identity provider, test fakes). */
function requestOptions(url: string): { [oauth.allowInsecureRequests]?: boolean } {
  const { hostname, protocol } = new URL(url);
  return protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(hostname) ? { [oauth.allowInsecureRequests]: true } : {};
}

export function createAuthenticator(config: ProviderConfig, backendBaseUrl: string): Authenticator {
  const oidc = OIDC_PROVIDERS.has(config.id);
  const client: oauth.Client = { client_id: config.clientId, token_endpoint_auth_method: config.tokenEndpointAuthMethod };
  const clientAuth = !config.clientSecret
    ? oauth.None()
    : oidc && config.tokenEndpointAuthMethod !== "client_secret_post"
      ? oauth.ClientSecretBasic(config.clientSecret)
      : oauth.ClientSecretPost(config.clientSecret);
  let discovered: Promise<oauth.AuthorizationServer> | undefined;

  function server(): Promise<oauth.AuthorizationServer> {
    if (!oidc) return Promise.resolve(staticServer(config));
    discovered ??= (async () => {
      const issuer = new URL(issuerOf(config, backendBaseUrl));
      const response = await oauth.discoveryRequest(issuer, { algorithm: "oidc", ...requestOptions(issuer.href) });
      return oauth.processDiscoveryResponse(issuer, response);
    })();
    // A provider that was down at first use is asked again next time.
    discovered.catch(() => (discovered = undefined));
    return discovered;
  }

  async function finish(as: oauth.AuthorizationServer, tokens: oauth.TokenEndpointResponse, requestedScope: string[]): Promise<AuthenticatorResult> {
    // VMware Cloud returns an ID token without OpenID discovery: read straight from its token endpoint over
    // TLS, its claims may be taken as they are (OpenID Connect Core 3.1.3.7), as Backstage's provider does.
    const claims = oidc ? oauth.getValidatedIdTokenClaims(tokens) : tokens.id_token ? (decodeJwt(tokens.id_token) as oauth.IDToken) : undefined;
    const session: ProviderSession = {
      accessToken: tokens.access_token,
      idToken: tokens.id_token,
      refreshToken: tokens.refresh_token,
      scope: (tokens.scope ?? requestedScope.join(" ")).replace(/,/g, " "),
      expiresInSeconds: tokens.expires_in,
    };
    const profile = await fetchProfile(config, { as, client, session, claims, options: requestOptions(as.issuer) });
    return { session, profile };
  }

  function checkScopes(scope: string[]) {
    if (config.id !== "microsoft") return;
    const resource = microsoftResourceForScopes(scope);
    if ("error" in resource) throw new InputError(resource.error);
  }

  return {
    async authorizationUrl({ scope, state, nonce, codeVerifier }) {
      checkScopes(scope);
      const as = await server();
      const url = new URL(as.authorization_endpoint!);
      url.searchParams.set("client_id", config.clientId);
      url.searchParams.set("redirect_uri", config.callbackUrl);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("scope", scope.join(" "));
      url.searchParams.set("state", state);
      url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(codeVerifier));
      url.searchParams.set("code_challenge_method", "S256");
      if (oidc) url.searchParams.set("nonce", nonce);
      if (config.prompt) url.searchParams.set("prompt", config.prompt);
      if (config.id === "microsoft" && config.domainHint) url.searchParams.set("domain_hint", config.domainHint);
      if (config.id === "vmwareCloudServices") url.searchParams.set("orgId", config.organizationId!);
      return url;
    },

    async handleCallback(callback, expected) {
      const as = await server();
      let params: URLSearchParams;
      try {
        params = oauth.validateAuthResponse(as, client, callback, expected.state);
      } catch (error) {
        // The user said no at the provider (error=access_denied), or the provider refused.
        const code = (error as { error?: string }).error;
        throw new AuthenticationError(code === "access_denied" ? "Login failed, rejected by user" : `Login failed, ${(error as Error).message}`);
      }
      const response = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, config.callbackUrl, expected.codeVerifier, requestOptions(as.issuer));
      const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: oidc ? expected.nonce : undefined, requireIdToken: oidc }).catch((error) => {
        throw new AuthenticationError(`Login failed, ${(error as Error).message}`);
      });
      return finish(as, tokens, []);
    },

    async refresh(refreshToken, scope) {
      checkScopes(scope);
      const as = await server();
      const response = await oauth.refreshTokenGrantRequest(as, client, clientAuth, refreshToken, {
        ...requestOptions(as.issuer),
        additionalParameters: scope.length ? { scope: scope.join(" ") } : undefined,
      });
      const tokens = await oauth.processRefreshTokenResponse(as, client, response);
      return finish(as, tokens, scope);
    },

    async openIdMetadata() {
      return oidc ? server() : undefined;
    },
  };
}
