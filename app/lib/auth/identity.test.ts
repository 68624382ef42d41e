import { describe, expect, it } from "vitest";
import { isOpenIdConnectJwt, signInOptions } from "./identity";

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("isOpenIdConnectJwt", () => {
  it("accepts a token with a header naming its algorithm and claims naming issuer and subject", () => {
    expect(isOpenIdConnectJwt(`${b64({ alg: "RS256" })}.${b64({ iss: "https://idp.example", sub: "ada" })}.c2ln`)).toBe(true);
  });
  it.each([
    ["not a JWT", "hello"],
    ["two parts", `${b64({ alg: "RS256" })}.${b64({ iss: "x", sub: "y" })}`],
    ["a header that is not JSON", `bm9wZQ.${b64({ iss: "x", sub: "y" })}.c2ln`],
    ["claims without a subject", `${b64({ alg: "RS256" })}.${b64({ iss: "x" })}.c2ln`],
    ["characters outside base64url", `${b64({ alg: "RS256" })}.${b64({ iss: "x", sub: "y" })}.c2ln!`],
  ])("refuses %s", (_label, token) => {
    expect(isOpenIdConnectJwt(token)).toBe(false);
  });
});

describe("signInOptions", () => {
  it("lists the offered options once each; none means no sign-in page", () => {
    expect(signInOptions(["guest", "custom", "guest", ""])).toEqual(["guest", "custom"]);
    expect(signInOptions("guest")).toEqual(["guest"]);
    expect(signInOptions(undefined)).toEqual([]);
    expect(signInOptions([])).toEqual([]);
  });
});
