import { describe, expect, it } from "vitest";
import { EMPTY_PAYLOAD_HASH, presignUrl, signRequest } from "./sigv4.server";

describe("SigV4", () => {
  it("signs AWS's documented GET Object example to AWS's documented signature", () => {
    // From AWS's "Signature Calculations for the Authorization Header" (S3 API reference), the GET Object example.
    const headers = signRequest({
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
      region: "us-east-1",
      credentials: { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" },
      headers: { Range: "bytes=0-9" },
      payloadHash: EMPTY_PAYLOAD_HASH,
      date: new Date("2013-05-24T00:00:00Z"),
    });
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });
});

describe("SigV4 presigned URLs", () => {
  it("presigns AWS's documented GET Object example to AWS's documented signature", () => {
    // From AWS's "Authenticating Requests: Using Query Parameters" (S3 API reference): the payload is UNSIGNED-PAYLOAD.
    const url = presignUrl({
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
      region: "us-east-1",
      service: "s3",
      credentials: { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" },
      expiresInSeconds: 86400,
      payloadHash: "UNSIGNED-PAYLOAD",
      date: new Date("2013-05-24T00:00:00Z"),
    });
    expect(url.searchParams.get("X-Amz-Signature")).toBe("aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404");
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("host");
  });
});
