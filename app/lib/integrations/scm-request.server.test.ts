import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRecordingHost, type RecordingHost } from "../../../tests/support/fake-recording-host";
import { scmRequest } from "./scm-request.server";
import type { ScmIntegration } from "./scm-integrations";

// The source hosts' REST client follows no redirect: a host that answers one
// gets its own answer back as an error, and the place it points at is never
// asked, with the integration's token or without.

const TOKEN = "glpat-rest-client-secret-0123";
let api: RecordingHost;
let elsewhere: RecordingHost;
beforeAll(async () => {
  [api, elsewhere] = await Promise.all([startRecordingHost(), startRecordingHost()]);
});
afterAll(async () => {
  await api.close();
  await elsewhere.close();
});

describe("scmRequest", () => {
  it("sends the caller's credentials to the API and follows no redirect", async () => {
    const integration: ScmIntegration = { type: "gitlab", host: api.host, apiBaseUrl: `${api.url}/api/v4`, baseUrl: api.url, token: TOKEN };
    api.redirect("/api/v4/projects/1", `${elsewhere.url}/api/v4/projects/1`, 301);
    await expect(scmRequest(integration, { path: "projects/1", headers: { "PRIVATE-TOKEN": TOKEN } })).rejects.toMatchObject({ name: "ScmRequestError", status: 301 });
    expect(api.received.map((request) => [request.path, request.headers["private-token"], request.headers.accept])).toEqual([["/api/v4/projects/1", TOKEN, "application/json"]]);
    expect(elsewhere.received).toEqual([]);
  });
});
