import { describe, expect, it } from "vitest";
import { clustersWithErrors, retrievalWarningMessage } from "./retrieval-errors";
import type { ClusterObjects } from "./types";

const healthy: ClusterObjects = { cluster: { name: "eu-west-1" }, resources: [], podMetrics: [], errors: [] };
const unreachable: ClusterObjects = {
  cluster: { name: "us-east-1", title: "US East (production)" },
  resources: [],
  podMetrics: [],
  errors: [{ errorType: "FETCH_ERROR", message: "connect ECONNREFUSED 10.0.4.12:6443" }],
};
const forbidden: ClusterObjects = {
  cluster: { name: "staging" },
  resources: [],
  podMetrics: [],
  errors: [
    { errorType: "UNAUTHORIZED_ERROR", resourcePath: "/apis/apps/v1/namespaces/shop/deployments", statusCode: 403 },
    { errorType: "NOT_FOUND", resourcePath: "/apis/argoproj.io/v1alpha1/namespaces/shop/rollouts", statusCode: 404 },
  ],
};

describe("the retrieval warning", () => {
  it("names the entity", () => {
    expect(retrievalWarningMessage("checkout")).toBe(
      "There was a problem retrieving some Kubernetes resources for the entity: checkout. This could mean that the Error Reporting card is not completely accurate.",
    );
  });

  it("lists each failing cluster by title, else name, with one line per failure", () => {
    expect(clustersWithErrors([healthy, unreachable, forbidden])).toEqual([
      { cluster: "US East (production)", lines: ["Error communicating with Kubernetes: FETCH_ERROR, message: connect ECONNREFUSED 10.0.4.12:6443"] },
      {
        cluster: "staging",
        lines: [
          "Error fetching Kubernetes resource: '/apis/apps/v1/namespaces/shop/deployments', error: UNAUTHORIZED_ERROR, status code: 403",
          "Error fetching Kubernetes resource: '/apis/argoproj.io/v1alpha1/namespaces/shop/rollouts', error: NOT_FOUND, status code: 404",
        ],
      },
    ]);
  });

  it("has nothing to list when every cluster answered", () => {
    expect(clustersWithErrors([healthy])).toEqual([]);
  });
});
