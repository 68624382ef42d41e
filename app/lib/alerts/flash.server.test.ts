import { describe, expect, it } from "vitest";
import { flashAlerts, takeFlashAlerts } from "./flash.server";

function requestWith(setCookie?: string): Request {
  const cookie = setCookie?.split(";")[0];
  return new Request("http://localhost/", { headers: cookie ? { cookie } : {} });
}

describe("flash alerts", () => {
  it("carry an alert across a redirect and clear themselves", () => {
    const setCookie = flashAlerts(requestWith(), "/portal", { message: "Saved", severity: "success", display: "transient" });
    expect(setCookie).toMatch(/Path=\/portal;/);
    const { alerts, setCookie: clear } = takeFlashAlerts(requestWith(setCookie), "/portal");
    expect(alerts).toEqual([{ message: "Saved", severity: "success", display: "transient" }]);
    expect(clear).toMatch(/^atrium-flash=; Path=\/portal; Max-Age=0/);
  });

  it("queue behind alerts already waiting", () => {
    const first = flashAlerts(requestWith(), "", { message: "One", severity: "info", display: "transient" });
    const second = flashAlerts(requestWith(first), "", { message: "Two", severity: "error", display: "permanent" });
    expect(takeFlashAlerts(requestWith(second), "").alerts.map((alert) => alert.message)).toEqual(["One", "Two"]);
  });

  it("ignore a tampered cookie", () => {
    expect(takeFlashAlerts(requestWith("atrium-flash=not-json"), "").alerts).toEqual([]);
    const forged = Buffer.from(JSON.stringify([{ message: 42 }, { message: "ok", severity: "<script>" }])).toString("base64url");
    expect(takeFlashAlerts(requestWith(`atrium-flash=${forged}`), "").alerts).toEqual([{ message: "ok", severity: "info", display: "transient" }]);
  });
});
