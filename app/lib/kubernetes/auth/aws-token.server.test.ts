import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClusterDetails } from "../clusters.server";
import { awsBearerToken, eksToken } from "./aws-token.server";

// EKS tokens as aws-iam-authenticator makes them: what the cluster's API
// server decodes and sends to STS.

const credentials = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" };

function decode(token: string): URL {
  expect(token.startsWith("k8s-aws-v1.")).toBe(true);
  return new URL(Buffer.from(token.slice("k8s-aws-v1.".length), "base64url").toString("utf8"));
}

describe("eksToken", () => {
  it("is a presigned STS GetCallerIdentity URL that signs the cluster's id header", () => {
    const url = decode(eksToken({ credentials, region: "eu-west-1", clusterId: "prod", date: new Date("2026-01-02T03:04:05Z") }));
    expect(url.origin).toBe("https://sts.eu-west-1.amazonaws.com");
    expect(url.searchParams.get("Action")).toBe("GetCallerIdentity");
    expect(url.searchParams.get("Version")).toBe("2011-06-15");
    expect(url.searchParams.get("X-Amz-Credential")).toBe("AKIDEXAMPLE/20260102/eu-west-1/sts/aws4_request");
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("host;x-k8s-aws-id");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("60");
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    // Another cluster id is another signature: the token cannot be replayed against another cluster.
    const other = decode(eksToken({ credentials, region: "eu-west-1", clusterId: "staging", date: new Date("2026-01-02T03:04:05Z") }));
    expect(other.searchParams.get("X-Amz-Signature")).not.toBe(url.searchParams.get("X-Amz-Signature"));
  });
});

describe("awsBearerToken with an assumed role", () => {
  let sts: Server;
  const received: Array<{ authorization?: string; body: URLSearchParams }> = [];
  beforeAll(async () => {
    sts = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push({ authorization: req.headers.authorization, body: new URLSearchParams(body) });
        res.setHeader("content-type", "text/xml");
        res.end(
          `<AssumeRoleResponse><AssumeRoleResult><Credentials><AccessKeyId>ASIAROLE</AccessKeyId><SecretAccessKey>role-secret</SecretAccessKey><SessionToken>role-session</SessionToken><Expiration>2999-01-01T00:00:00Z</Expiration></Credentials></AssumeRoleResult></AssumeRoleResponse>`,
        );
      });
    });
    await new Promise<void>((resolve) => sts.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => sts.close(() => resolve())));

  it("assumes the role with the external id, then signs with the role's credentials for the annotated cluster id", async () => {
    const cluster: ClusterDetails = {
      name: "eks-a",
      url: "https://eks.example",
      authMetadata: {
        "kubernetes.io/auth-provider": "aws",
        "kubernetes.io/aws-assume-role": "arn:aws:iam::1:role/k8s",
        "kubernetes.io/aws-external-id": "ext-1",
        "kubernetes.io/x-k8s-aws-id": "real-name",
      },
      skipTLSVerify: false,
      skipMetricsLookup: false,
      requestTimeoutMs: 1000,
    };
    const env = { AWS_ACCESS_KEY_ID: "AKIDEXAMPLE", AWS_SECRET_ACCESS_KEY: "secret", AWS_REGION: "us-west-2", AWS_ENDPOINT_URL_STS: `http://127.0.0.1:${(sts.address() as AddressInfo).port}/` };
    const url = decode(await awsBearerToken(cluster, env));
    expect(received).toHaveLength(1);
    expect(received[0].authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-west-2\/sts\/aws4_request/);
    expect(Object.fromEntries(received[0].body)).toMatchObject({ Action: "AssumeRole", RoleArn: "arn:aws:iam::1:role/k8s", ExternalId: "ext-1" });
    expect(url.origin).toBe("https://sts.us-west-2.amazonaws.com");
    expect(url.searchParams.get("X-Amz-Credential")).toMatch(/^ASIAROLE\//);
    expect(url.searchParams.get("X-Amz-Security-Token")).toBe("role-session");
    // The role's credentials are kept until near their expiry: a second token costs no second AssumeRole.
    await awsBearerToken(cluster, env);
    expect(received).toHaveLength(1);
  });

  it("says what is missing without AWS credentials", async () => {
    const cluster: ClusterDetails = {
      name: "eks-b",
      url: "https://eks.example",
      authMetadata: { "kubernetes.io/auth-provider": "aws" },
      skipTLSVerify: false,
      skipMetricsLookup: false,
      requestTimeoutMs: 1,
    };
    await expect(awsBearerToken(cluster, {})).rejects.toThrow("No AWS credentials");
  });
});
