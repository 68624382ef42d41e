import { expect, test } from "@playwright/test";
import { seriousAccessibilityFindings, seriousAccessibilityFindingsWithoutScripts } from "./support/axe";
import { signInAsGuest } from "./support/sign-in";

// The pod terminal of the Kubernetes tab's drawer, over the embedded
// default's simulated cluster (its exec answers with a small shell,
// server/demo-kubernetes/tiny-shell.ts): with JavaScript it opens focused,
// connects through the portal's proxy and runs what is typed; without, the
// page says the terminal needs JavaScript.

const TAB = "/catalog/default/component/esign-gateway/kubernetes";
const POD = "esign-gateway-6f7d8b9c5-q8w2e";

test("opens a container's terminal and runs a command in the pod, or says it needs JavaScript", async ({ page, context, javaScriptEnabled }) => {
  await signInAsGuest(page);
  await page.goto(`${TAB}?drawer=${encodeURIComponent(`pod:demo-cluster/leasing/${POD}`)}`);
  const drawer = page.getByTestId("kubernetes-drawer");
  // With JavaScript, once the drawer is the scripted dialog: the server's drawer is replaced
  // when the page hydrates, and a click in between is lost (failed CI).
  if (javaScriptEnabled) await expect(page.getByTestId("kubernetes-drawer-dialog")).toBeAttached();
  await drawer.getByRole("link", { name: "Terminal" }).click();
  await expect(page).toHaveURL(/terminal=app/);
  const terminalView = page.getByTestId("kubernetes-terminal");
  await expect(terminalView.getByRole("heading", { name: "Terminal of app" })).toBeVisible();
  const frame = terminalView.getByRole("group", { name: "Terminal of app" });
  await expect(frame).toBeVisible();

  if (!javaScriptEnabled) {
    // Playwright's text matching skips <noscript>; its paragraph is an element of the page (and shown) only without scripts.
    await expect(frame.locator("noscript > p")).toBeVisible();
    await expect(frame.locator("noscript > p")).toHaveText("The terminal needs JavaScript. Turn it on in your browser to open a shell in the container.");
    expect(await seriousAccessibilityFindingsWithoutScripts(context, page.url())).toEqual([]);
    return;
  }

  const status = terminalView.getByRole("status");
  const screen = frame.locator(".xterm-rows");
  await expect(status).toHaveText(`Connected to ${POD}`);
  await expect(screen).toContainText("/ #");
  // Focused on opening: the keyboard reaches the shell without a click.
  await expect(page.getByRole("textbox", { name: "Shell input of app" })).toBeFocused();
  await page.keyboard.type('echo "pod is $HOSTNAME"');
  await page.keyboard.press("Enter");
  await expect(screen).toContainText(`pod is ${POD}`);
  await expect(frame.locator("noscript > p")).toHaveCount(0);
  expect(await seriousAccessibilityFindings(page)).toEqual([]);

  // The shell's exit closes the socket: the status line and the terminal say so, and Reconnect opens a new shell.
  await page.keyboard.type("exit");
  await page.keyboard.press("Enter");
  await expect(status).toHaveText("Connection closed");
  await expect(screen).toContainText("[Connection closed]");
  await terminalView.getByRole("button", { name: "Reconnect" }).click();
  await expect(status).toHaveText(`Connected to ${POD}`);
  await expect(page.getByRole("textbox", { name: "Shell input of app" })).toBeFocused();
  await page.keyboard.type("cd /srv; pwd");
  await page.keyboard.press("Enter");
  await expect(screen).toContainText("/srv #");

  // Escape leaves the terminal for its frame; a second one closes the drawer.
  await page.keyboard.press("Escape");
  await expect(frame).toBeFocused();
  await expect(drawer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
  await expect(page).not.toHaveURL(/drawer=/);
});
