import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRecordingHost, type RecordingHost } from "../../../tests/support/fake-recording-host";
import { fetchWithCredentials } from "./credentialed-fetch.server";

// Two real hosts on two ports of 127.0.0.1: the one the credentials are for,
// and another it redirects to, which must never see them.

const SECRET = "glpat-secret-of-the-first-host";
const credentials = { "PRIVATE-TOKEN": SECRET, Authorization: `Bearer ${SECRET}` };
let own: RecordingHost;
let other: RecordingHost;

beforeAll(async () => {
  own = await startRecordingHost();
  other = await startRecordingHost();
});
afterAll(async () => {
  await own.close();
  await other.close();
});

const hasSecret = (host: RecordingHost) => host.headerValues().some((value) => value.includes(SECRET));

describe("fetchWithCredentials", () => {
  it("follows a redirect within the origin with the credentials", async () => {
    own.redirect("/moved", "/file");
    own.serve("/file", "content");
    const response = await fetchWithCredentials(new URL(`${own.url}/moved`), { credentials, maxRedirects: 3 });
    expect(await response.text()).toBe("content");
    expect(own.received.slice(-2).map((request) => [request.path, request.headers["private-token"]])).toEqual([
      ["/moved", SECRET],
      ["/file", SECRET],
    ]);
  });

  it("follows a redirect to an allowed origin without the credentials, and never sends them back", async () => {
    own.redirect("/elsewhere", `${other.url}/file`);
    other.serve("/file", "from the other host");
    other.redirect("/back", `${own.url}/file`);
    own.redirect("/round-trip", `${other.url}/back`);
    const headers = { Accept: "text/plain" };
    const response = await fetchWithCredentials(new URL(`${own.url}/elsewhere`), { credentials, headers, maxRedirects: 3, mayFollowTo: (url) => url.host === other.host });
    expect(await response.text()).toBe("from the other host");
    expect(other.received.at(-1)?.headers.accept).toBe("text/plain");
    await fetchWithCredentials(new URL(`${own.url}/round-trip`), { credentials, maxRedirects: 3, mayFollowTo: (url) => url.host === other.host });
    expect(own.received.at(-1)).toMatchObject({ path: "/file" });
    expect(own.received.at(-1)?.headers["private-token"]).toBeUndefined();
    expect(hasSecret(other)).toBe(false);
  });

  it("refuses a redirect to an origin the caller does not allow, or to anything but http(s), before contacting it", async () => {
    const before = other.received.length;
    own.redirect("/unlisted", `${other.url}/file`);
    await expect(fetchWithCredentials(new URL(`${own.url}/unlisted`), { credentials, maxRedirects: 3 })).rejects.toMatchObject({
      name: "NotAllowedError",
      message: `Refusing to follow a redirect from '${own.host}' to '${other.host}'`,
    });
    own.redirect("/data", "data:text/plain,hello");
    await expect(fetchWithCredentials(new URL(`${own.url}/data`), { credentials, maxRedirects: 3, mayFollowTo: () => true })).rejects.toThrow(
      `Refusing to follow a redirect from '${own.host}' to a data: URL`,
    );
    expect(other.received.length).toBe(before);
  });

  it("answers a redirect as it is when none may be followed, and stops a loop", async () => {
    const before = other.received.length;
    own.redirect("/api", `${other.url}/file`, 301);
    const response = await fetchWithCredentials(new URL(`${own.url}/api`), { credentials });
    expect(response.status).toBe(301);
    expect(other.received.length).toBe(before);
    own.redirect("/loop", "/loop");
    await expect(fetchWithCredentials(new URL(`${own.url}/loop`), { credentials, maxRedirects: 3 })).rejects.toThrow(`Too many redirects from ${own.url}/loop, more than 3`);
  });
});
