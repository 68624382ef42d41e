// What every caller of Azure DevOps' REST API shares (the scaffolder's
// publish:azure, the catalog import's pull request): the API version Atrium
// speaks and how a token is presented.

export const AZURE_API_VERSION = "6.0";

/** An Entra ID token (a JWT, three dot-separated parts) goes as Bearer; anything else is a personal access token. */
export function isAzureBearerToken(token: string): boolean {
  return token.split(".").length === 3;
}

/** A personal access token goes as Basic with an empty user name, an Entra ID token as Bearer. */
export function azureTokenHeaders(token: string): Record<string, string> {
  return isAzureBearerToken(token) ? { Authorization: `Bearer ${token}` } : { Authorization: `Basic ${Buffer.from(`:${token}`).toString("base64")}` };
}
