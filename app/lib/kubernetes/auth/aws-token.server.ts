import { EMPTY_PAYLOAD_HASH, presignUrl, sha256Hex, signRequest, type AwsCredentials } from "../../techdocs/publish/sigv4.server";
import { ANNOTATION_AWS_ASSUME_ROLE, ANNOTATION_AWS_CLUSTER_ID, ANNOTATION_AWS_EXTERNAL_ID, type ClusterDetails } from "../clusters.server";

// An EKS bearer token, as Backstage's AwsIamStrategy and aws-iam-authenticator
// make it: "k8s-aws-v1." and the base64url of a presigned STS
// GetCallerIdentity URL whose signed x-k8s-aws-id header names the cluster.
// The cluster's API server calls that URL and learns who signed it. The
// signing credentials are the process's (AWS_ACCESS_KEY_ID, ...), or a role
// they assume first (kubernetes.io/aws-assume-role, with
// kubernetes.io/aws-external-id), through STS AssumeRole signed with the
// repository's one SigV4 signer (app/lib/techdocs/publish/sigv4.server.ts).

const DEFAULT_REGION = "us-east-1";
/** aws-iam-authenticator's lifetime of a presigned token URL. */
const TOKEN_EXPIRES_SECONDS = 60;
/** Assumed roles are used until this long before they expire. */
const ROLE_REFRESH_MARGIN_MS = 5 * 60_000;

export type AwsEnvironment = Record<string, string | undefined>;

const regionOf = (env: AwsEnvironment) => env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? DEFAULT_REGION;
/** The STS endpoint: AWS's own variable for a custom one (a VPC endpoint, or a local fake), else the region's. */
const stsEndpointOf = (env: AwsEnvironment) => new URL(env.AWS_ENDPOINT_URL_STS ?? env.AWS_ENDPOINT_URL ?? `https://sts.${regionOf(env)}.amazonaws.com/`);

const assumedRoles = new Map<string, { credentials: AwsCredentials; expiresAt: number }>();

export async function awsBearerToken(cluster: ClusterDetails, env: AwsEnvironment = process.env, now = new Date()): Promise<string> {
  const region = regionOf(env);
  let credentials = processCredentials(env);
  const role = cluster.authMetadata[ANNOTATION_AWS_ASSUME_ROLE];
  if (role) credentials = await assumeRole(credentials, role, cluster.authMetadata[ANNOTATION_AWS_EXTERNAL_ID], env);
  return eksToken({ credentials, region, clusterId: cluster.authMetadata[ANNOTATION_AWS_CLUSTER_ID] ?? cluster.name, date: now });
}

export function eksToken(input: { credentials: AwsCredentials; region: string; clusterId: string; date?: Date }): string {
  const url = presignUrl({
    method: "GET",
    url: new URL(`https://sts.${input.region}.amazonaws.com/?Action=GetCallerIdentity&Version=2011-06-15`),
    region: input.region,
    service: "sts",
    credentials: input.credentials,
    headers: { "x-k8s-aws-id": input.clusterId },
    expiresInSeconds: TOKEN_EXPIRES_SECONDS,
    payloadHash: EMPTY_PAYLOAD_HASH,
    date: input.date,
  });
  return `k8s-aws-v1.${Buffer.from(url.toString()).toString("base64url")}`;
}

function processCredentials(env: AwsEnvironment): AwsCredentials {
  const accessKeyId = env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error("No AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY for clusters with authProvider aws");
  return { accessKeyId, secretAccessKey, sessionToken: env.AWS_SESSION_TOKEN };
}

async function assumeRole(credentials: AwsCredentials, roleArn: string, externalId: string | undefined, env: AwsEnvironment): Promise<AwsCredentials> {
  const key = `${credentials.accessKeyId}\n${roleArn}\n${externalId ?? ""}`;
  const cached = assumedRoles.get(key);
  if (cached && cached.expiresAt - ROLE_REFRESH_MARGIN_MS > Date.now()) return cached.credentials;
  const form = new URLSearchParams({ Action: "AssumeRole", Version: "2011-06-15", RoleArn: roleArn, RoleSessionName: "backstage" });
  if (externalId) form.set("ExternalId", externalId);
  const body = form.toString();
  const url = stsEndpointOf(env);
  const headers = signRequest({
    method: "POST",
    url,
    region: regionOf(env),
    service: "sts",
    credentials,
    headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
    payloadHash: sha256Hex(body),
  });
  const response = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  if (!response.ok) throw new Error(`Could not assume the role ${roleArn}: STS answered ${response.status} ${xmlValue(text, "Message") ?? ""}`.trim());
  const accessKeyId = xmlValue(text, "AccessKeyId");
  const secretAccessKey = xmlValue(text, "SecretAccessKey");
  if (!accessKeyId || !secretAccessKey) throw new Error(`Could not assume the role ${roleArn}: STS gave no credentials`);
  const assumed = { accessKeyId, secretAccessKey, sessionToken: xmlValue(text, "SessionToken") };
  const expiration = Date.parse(xmlValue(text, "Expiration") ?? "");
  assumedRoles.set(key, { credentials: assumed, expiresAt: Number.isNaN(expiration) ? Date.now() + 15 * 60_000 : expiration });
  return assumed;
}

/** The text of an element of STS's small XML answers; its values hold no markup. */
function xmlValue(xml: string, element: string): string | undefined {
  return new RegExp(`<${element}>([^<]*)</${element}>`).exec(xml)?.[1];
}
