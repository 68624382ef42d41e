import { expect, test } from "@playwright/test";
import { NGINX_PORT } from "../../playwright.config";
import { signInAsGuest } from "./support/sign-in";

// Compression through docs/nginx/atrium.conf: what Atrium encodes passes
// through nginx untouched, and the browser gets pages and assets compressed.
test.use({ baseURL: `http://127.0.0.1:${NGINX_PORT}` });

test("pages and their assets reach the browser compressed through nginx, and as they are to a client that asks for no encoding", async ({ page }) => {
  await signInAsGuest(page, "/portal");
  const response = await page.goto("/portal/catalog");
  expect(response?.status()).toBe(200);
  expect(await response?.headerValue("content-encoding")).toMatch(/^(br|gzip)$/);
  const html = await response!.text();
  expect(html).toContain("</html>");

  const assets = [...new Set(html.match(/\/portal\/assets\/[\w.-]+\.(?:js|css)/g))];
  expect(assets.length).toBeGreaterThan(3);
  for (const asset of assets.slice(0, 4)) {
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
    ]) {
      const compressed = await page.request.get(asset, { headers: { "accept-encoding": accept } });
      expect(compressed.status(), asset).toBe(200);
      expect(compressed.headers()["content-encoding"], `${asset} for ${accept}`).toBe(encoding);
      expect(compressed.headers().vary).toMatch(/Accept-Encoding/i);
    }
    const identity = await page.request.get(asset, { headers: { "accept-encoding": "identity" } });
    expect(identity.headers()["content-encoding"]).toBeUndefined();
    expect(identity.headers()["content-type"]).toMatch(/^text\/(javascript|css)/);
  }
});
