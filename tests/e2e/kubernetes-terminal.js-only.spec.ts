import { expect, test } from "@playwright/test";
import { NGINX_PORT } from "../../playwright.config";
import { signInAsGuest } from "./support/sign-in";

// The pod terminal where the portal runs under /portal/ behind nginx
// (docs/nginx/atrium.conf passes WebSocket upgrades): its socket goes under
// the base path, the page's Content-Security-Policy refuses nothing xterm
// needs, on a phone the terminal takes the columns that fit, and a refused
// upgrade shows as a failed connection.

test.use({ baseURL: `http://127.0.0.1:${NGINX_PORT}`, viewport: { width: 390, height: 844 } });

const POD = "esign-gateway-6f7d8b9c5-q8w2e";
const TERMINAL = `/portal/catalog/default/component/esign-gateway/kubernetes?drawer=${encodeURIComponent(`pod:demo-cluster/leasing/${POD}`)}&terminal=app`;

test("runs a command under the base path, within the page's policy, fitted to a phone", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const sockets: string[] = [];
  page.on("websocket", (socket) => sockets.push(socket.url()));
  await signInAsGuest(page, "/portal");
  await page.goto(TERMINAL);

  const terminalView = page.getByTestId("kubernetes-terminal");
  await expect(terminalView.getByRole("status")).toHaveText(`Connected to ${POD}`);
  expect(sockets).toEqual([
    `ws://127.0.0.1:${NGINX_PORT}/portal/api/kubernetes/proxy/api/v1/namespaces/leasing/pods/${POD}/exec?container=app&stdin=true&stdout=true&stderr=true&tty=true&command=%2Fbin%2Fsh`,
  ]);
  await page.keyboard.type("hostname; nope");
  await page.keyboard.press("Enter");
  const screen = terminalView.locator(".xterm-rows");
  await expect(screen).toContainText(POD);
  await expect(screen).toContainText("sh: nope: not found");

  // xterm's stylesheet came with its chunk: the helper textarea is out of sight, and the rows fit in the frame.
  await expect(page.getByRole("textbox", { name: "Shell input of app" })).toHaveCSS("opacity", "0");
  const frame = await terminalView.getByRole("group", { name: "Terminal of app" }).boundingBox();
  const rows = await terminalView.locator(".xterm-screen").boundingBox();
  expect(frame && rows).toBeTruthy();
  expect(rows!.x + rows!.width).toBeLessThanOrEqual(frame!.x + frame!.width);
  expect(rows!.y + rows!.height).toBeLessThanOrEqual(frame!.y + frame!.height);
  expect(rows!.width).toBeGreaterThan(frame!.width * 0.75);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(violations).toEqual([]);

  // A container the pod does not have: the cluster refuses the upgrade, and the page says the terminal could not connect.
  await page.goto(TERMINAL.replace("terminal=app", "terminal=nope"));
  await expect(terminalView.getByRole("status")).toHaveText(`Could not connect to ${POD}`);
  await expect(terminalView.locator(".xterm-rows")).toContainText("[Connection closed]");
  await expect(terminalView.getByRole("button", { name: "Reconnect" })).toBeVisible();
});
