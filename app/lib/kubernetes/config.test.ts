import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../config/errors";
import { loadConfig } from "../config/load.server";

// The kubernetes keys as an operator writes them: what loads, with which
// defaults, and what stops start-up with the key at fault.

function load(yaml: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "atrium-kubernetes-config-"));
  writeFileSync(path.join(dir, "app-config.yaml"), `app:\n  baseUrl: http://localhost:7007\n${yaml}`);
  return loadConfig({ rootDir: dir, argv: [], env: {} }).config;
}

function problemsOf(yaml: string): string[] {
  try {
    load(yaml);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("kubernetes config", () => {
  it("is optional: no clusters, a 10 second time limit per cluster, both frontend switches off", () => {
    const config = load("");
    expect(config.kubernetes).toEqual({
      serviceLocatorMethod: { type: "multiTenant" },
      clusterLocatorMethods: [],
      customResources: [],
      frontend: { podDelete: { enabled: false }, podExecTerminal: { enabled: false } },
      clusterRequestTimeout: 10_000,
      demoCluster: false,
    });
  });

  it("reads Backstage's keys for config and catalog locators, custom resources and the frontend", () => {
    const config = load(`
kubernetes:
  serviceLocatorMethod: { type: multiTenant }
  clusterLocatorMethods:
    - type: config
      clusters:
        - name: prod
          title: Production
          url: https://10.0.0.1:6443
          authProvider: oidc
          oidcTokenProvider: okta
          caData: Zm9v
          skipTLSVerify: 'false'
          skipMetricsLookup: true
          dashboardApp: gke
          dashboardParameters: { projectId: p, region: r, clusterName: c }
          requestTimeout: { seconds: 3 }
    - type: catalog
  customResources:
    - { group: argoproj.io, apiVersion: v1alpha1, plural: rollouts }
  frontend:
    podDelete: { enabled: true }
  clusterRequestTimeout: 20s
`);
    const [configMethod, catalogMethod] = config.kubernetes.clusterLocatorMethods;
    expect(catalogMethod).toEqual({ type: "catalog" });
    expect(configMethod).toMatchObject({
      type: "config",
      clusters: [{ name: "prod", title: "Production", authProvider: "oidc", oidcTokenProvider: "okta", skipTLSVerify: false, skipMetricsLookup: true, requestTimeout: 3000 }],
    });
    expect(config.kubernetes.customResources).toEqual([{ group: "argoproj.io", apiVersion: "v1alpha1", plural: "rollouts" }]);
    expect(config.kubernetes.frontend).toEqual({ podDelete: { enabled: true }, podExecTerminal: { enabled: false } });
    expect(config.kubernetes.clusterRequestTimeout).toBe(20_000);
  });

  it("refuses an auth provider no strategy knows, with Backstage's message", () => {
    const problems = problemsOf(`
kubernetes:
  clusterLocatorMethods:
    - type: config
      clusters: [{ name: a, url: https://a.example, authProvider: kerberos }]
`);
    expect(problems.join("\n")).toContain('authProvider "kerberos" has no KubernetesAuthProvider defined for it');
    expect(problems.join("\n")).toContain("kubernetes.clusterLocatorMethods[0].clusters[0].authProvider");
  });

  it("refuses an oidc cluster without its token provider", () => {
    const problems = problemsOf(`
kubernetes:
  clusterLocatorMethods:
    - type: config
      clusters: [{ name: a, url: https://a.example, authProvider: oidc }]
`);
    expect(problems.join("\n")).toContain("has no oidcProvider configured");
  });

  it("refuses other locators and service locators, a cluster URL that is not one, twice the same name and a time limit of nothing", () => {
    expect(problemsOf("kubernetes:\n  clusterLocatorMethods: [{ type: gke }]\n").join("\n")).toContain("kubernetes.clusterLocatorMethods[0].type': must be one of 'config', 'catalog'");
    expect(problemsOf("kubernetes:\n  serviceLocatorMethod: { type: singleTenant }\n").join("\n")).toContain("kubernetes.serviceLocatorMethod.type': must be one of 'multiTenant'");
    expect(problemsOf("kubernetes:\n  clusterLocatorMethods: [{ type: config, clusters: [{ name: a, url: not-a-url, authProvider: serviceAccount }] }]\n").join("\n")).toContain(
      "must be an absolute http(s) URL",
    );
    const twice = "{ name: a, url: https://a.example, authProvider: localKubectlProxy }";
    expect(problemsOf(`kubernetes:\n  clusterLocatorMethods: [{ type: config, clusters: [${twice}, ${twice}] }]\n`).join("\n")).toContain("The cluster 'a' is configured twice");
    expect(problemsOf("kubernetes:\n  clusterRequestTimeout: 0ms\n").join("\n")).toContain("must be a duration longer than zero");
  });
});
