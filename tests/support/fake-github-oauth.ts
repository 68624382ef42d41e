import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A faithful fake of GitHub's OAuth web flow and user API on loopback, as a
// GitHub Enterprise instance at `url` serves them: /login/oauth/authorize
// (approves at once), /login/oauth/access_token (checks the client secret,
// the redirect URI and the PKCE verifier) and /api/v3/user.

export type FakeGitHubOAuth = { url: string; host: string; close(): Promise<void> };

export async function startFakeGitHubOAuth(options: { clientId: string; clientSecret: string; user: { login: string; id: number; name: string; email: string } }): Promise<FakeGitHubOAuth> {
  const codes = new Map<string, { redirectUri: string; challenge: string; scope: string }>();
  const tokens = new Map<string, string>();
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.method === "GET" && url.pathname === "/login/oauth/authorize") {
      const redirectUri = url.searchParams.get("redirect_uri") ?? "";
      if (url.searchParams.get("client_id") !== options.clientId) return json(404, { message: "Not Found" });
      const code = randomBytes(10).toString("hex");
      codes.set(code, { redirectUri, challenge: url.searchParams.get("code_challenge") ?? "", scope: url.searchParams.get("scope") ?? "" });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      response.writeHead(302, { location: back.href });
      return response.end();
    }
    if (request.method === "POST" && url.pathname === "/login/oauth/access_token") {
      let body = "";
      for await (const chunk of request) body += chunk;
      const form = new URLSearchParams(body);
      const grant = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      // GitHub answers errors with 200 and an error field.
      if (form.get("client_id") !== options.clientId || form.get("client_secret") !== options.clientSecret) return json(200, { error: "incorrect_client_credentials" });
      if (!grant || grant.redirectUri !== form.get("redirect_uri") || grant.challenge !== challenge) return json(200, { error: "bad_verification_code" });
      const token = `gho_${randomBytes(12).toString("hex")}`;
      tokens.set(token, grant.scope);
      // GitHub lists granted scopes separated by commas.
      return json(200, { access_token: token, token_type: "bearer", scope: grant.scope.split(" ").join(",") });
    }
    if (request.method === "GET" && url.pathname === "/api/v3/user") {
      const token = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
      if (!token || !tokens.has(token)) return json(401, { message: "Bad credentials" });
      return json(200, { ...options.user, avatar_url: `https://avatars.example/${options.user.id}` });
    }
    json(404, { message: "Not Found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
