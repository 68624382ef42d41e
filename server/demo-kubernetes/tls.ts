import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// A real cluster's API server presents a certificate of the cluster's own CA,
// which clients trust through the kubeconfig's `certificate-authority-data`.
// The fake makes a self-signed certificate for 127.0.0.1 at start with the
// openssl CLI (Node has no API to issue one); it is its own CA, so its PEM,
// base64-encoded, is the `caData` a client needs.

const run = promisify(execFile);

export type SelfSignedCertificate = { key: string; cert: string; caData: string };

export async function makeSelfSignedCertificate(): Promise<SelfSignedCertificate> {
  const dir = await mkdtemp(path.join(tmpdir(), "demo-kubernetes-tls-"));
  try {
    const keyFile = path.join(dir, "key.pem");
    const certFile = path.join(dir, "cert.pem");
    await run("openssl", [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "30",
      "-subj",
      "/CN=kube-apiserver",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost,DNS:kubernetes.default.svc",
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ]);
    const [key, cert] = await Promise.all([readFile(keyFile, "utf8"), readFile(certFile, "utf8")]);
    return { key, cert, caData: Buffer.from(cert).toString("base64") };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
