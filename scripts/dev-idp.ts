// `npm run dev:idp`: the development identity provider on its own, on
// 127.0.0.1, with the users of the example catalog. Password-less: you
// choose who you are. For development and tests only (decision 011).
//
//   npm run dev:idp -- [--port 7010] [--redirect-uri <portal>/api/auth/oidc/handler/frame]...
//                      [--client-id atrium-development] [--client-secret development-only-not-a-secret]
//                      [--users examples/catalog/org.yaml]...
//
// Point the portal at it with auth.providers.oidc.development.metadataUrl:
// http://127.0.0.1:7010/.well-known/openid-configuration
import { createServer } from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import express from "express";
import { createDevIdentityProvider } from "../app/lib/auth/dev-idp/dev-idp.server.ts";
import { readUsersFromFiles } from "../app/lib/auth/dev-idp/example-users.server.ts";

const root = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.DEV_IDP_PORT ?? "7010" },
    "redirect-uri": { type: "string", multiple: true },
    "client-id": { type: "string", default: "atrium-development" },
    "client-secret": { type: "string", default: "development-only-not-a-secret" },
    users: { type: "string", multiple: true },
  },
});

const portalBaseUrl = (process.env.ATRIUM_BASE_URL ?? "http://localhost:7007").replace(/\/+$/, "");
const redirectUris = values["redirect-uri"]?.length ? values["redirect-uri"] : [`${portalBaseUrl}/api/auth/oidc/handler/frame`];
const userFiles = (values.users?.length ? values.users : ["examples/catalog/org.yaml"]).map((file) => path.resolve(root, file));
const users = await readUsersFromFiles(userFiles);

// Port 0 asks the system for a free port; the issuer then needs the port we got.
const server = createServer();
await new Promise<void>((resolve) => server.listen(Number(values.port), "127.0.0.1", resolve));
const { port } = server.address() as { port: number };
const issuer = `http://127.0.0.1:${port}`;
const app = express();
app.use(await createDevIdentityProvider({ issuer, clients: [{ clientId: values["client-id"]!, clientSecret: values["client-secret"], redirectUris }], users: async () => users }));
server.on("request", app);
console.log(JSON.stringify({ msg: "Development identity provider listening (password-less, development only)", issuer, users: users.length, redirectUris }));

for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => server.close(() => process.exit(0)));
