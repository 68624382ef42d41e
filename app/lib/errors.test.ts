import { describe, expect, it } from "vitest";
import { ConflictError, errorResponseBody, InputError, NotAllowedError, NotFoundError, PayloadTooLargeError, serializeError } from "./errors";

describe("errorResponseBody", () => {
  it.each([
    [new InputError("bad"), 400],
    [new NotAllowedError("no"), 403],
    [new NotFoundError("gone"), 404],
    [new ConflictError("twice"), 409],
    [new PayloadTooLargeError("big"), 413],
  ])("maps %s to %i in Backstage's shape", (error, status) => {
    expect(errorResponseBody(error, { method: "GET", url: "/api/x" })).toEqual({
      error: { name: error.name, message: error.message },
      request: { method: "GET", url: "/api/x" },
      response: { statusCode: status },
    });
  });

  it("includes the stack of a known error only when asked", () => {
    expect(errorResponseBody(new InputError("bad")).error.stack).toBeUndefined();
    expect(errorResponseBody(new InputError("bad"), undefined, { showStackTraces: true }).error.stack).toMatch(/^InputError: bad\n/);
    expect(errorResponseBody(new Error("secret"), undefined, { showStackTraces: true }).error).toEqual({ name: "InternalServerError", message: "Internal Server Error" });
  });

  it("hides the details of errors nobody anticipated", () => {
    const body = errorResponseBody(new TypeError("cannot read x of undefined"));
    expect(body).toEqual({ error: { name: "InternalServerError", message: "Internal Server Error" }, response: { statusCode: 500 } });
  });
});

describe("serializeError", () => {
  it("always gives a non-empty name and a string message", () => {
    expect(serializeError("boom")).toEqual({ name: "Error", message: "boom" });
    expect(serializeError({ code: 1 })).toEqual({ name: "Error", message: '{"code":1}' });
    const nameless = new Error("x");
    nameless.name = "";
    expect(serializeError(nameless).name).toBe("Error");
  });
});
