import type { V1Deployment, V1Pod, V1Service } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import { clusterLinkFor, dashboardLinkFailure, formatClusterLink } from "./dashboard-links";

const deployment: V1Deployment = {
  metadata: { name: "foobar", namespace: "bar", uid: "5c3b7a1e-0f6a-4d59-9a3c-2b1f0e9d8c7b" },
  spec: { selector: { matchLabels: { app: "foobar" } }, template: {} },
};
const service: V1Service = { metadata: { name: "foobar", namespace: "bar" } };
const pod: V1Pod = { metadata: { name: "foobar-7d64cd756c-55rfq", namespace: "bar" } };

describe("formatClusterLink", () => {
  it("gives no link without a dashboard", () => {
    expect(formatClusterLink({ object: deployment, kind: "Deployment" })).toBeUndefined();
  });

  it("gives the dashboard itself when there is no object", () => {
    expect(formatClusterLink({ dashboardUrl: "https://k8s.foo.com", kind: "foo" })).toBe("https://k8s.foo.com");
  });

  it("refuses an app it does not know", () => {
    expect(() => formatClusterLink({ dashboardUrl: "https://k8s.foo.com", dashboardApp: "unknownapp", object: deployment, kind: "Deployment" })).toThrow(
      "Could not find Kubernetes dashboard app named 'unknownapp'",
    );
    expect(() => formatClusterLink({ dashboardUrl: "https://k8s.foo.com", dashboardApp: "toString", object: deployment, kind: "Deployment" })).toThrow(
      "Could not find Kubernetes dashboard app named 'toString'",
    );
  });

  it.each(["javascript:alert(document.cookie)", "data:text/html,<script>alert(1)</script>", "not a url"])("refuses the dashboard URL %s", (dashboardUrl) => {
    expect(() => formatClusterLink({ dashboardUrl, object: deployment, kind: "Deployment" })).toThrow();
    expect(() => formatClusterLink({ dashboardUrl, kind: "Deployment" })).toThrow();
  });

  describe("standard (the default)", () => {
    it("links to the object in the dashboard's hash route", () => {
      expect(formatClusterLink({ dashboardUrl: "https://k8s.foo.com/", object: deployment, kind: "Deployment" })).toBe("https://k8s.foo.com/#/deployment/bar/foobar?namespace=bar");
      expect(formatClusterLink({ dashboardUrl: "https://k8s.foo.com/", dashboardApp: "standard", object: service, kind: "Service" })).toBe("https://k8s.foo.com/#/service/bar/foobar?namespace=bar");
    });

    it("keeps the dashboard's path, and sends an autoscaler to its deployment", () => {
      expect(formatClusterLink({ dashboardUrl: "https://k8s.foo.com/dashboard", object: deployment, kind: "HorizontalPodAutoscaler" })).toBe(
        "https://k8s.foo.com/dashboard/#/deployment/bar/foobar?namespace=bar",
      );
    });

    it("falls back to the namespace's workloads for other kinds", () => {
      expect(formatClusterLink({ dashboardUrl: "https://k8s.foo.com/", object: deployment, kind: "CronJob" })).toBe("https://k8s.foo.com/#/workloads?namespace=bar");
    });
  });

  describe("rancher", () => {
    it("links into the explorer below the dashboard's path", () => {
      expect(formatClusterLink({ dashboardUrl: "https://rancher.example.com/dashboard/c/c-m-abc", dashboardApp: "rancher", object: deployment, kind: "Deployment" })).toBe(
        "https://rancher.example.com/dashboard/c/c-m-abc/explorer/apps.deployment/bar/foobar",
      );
      expect(formatClusterLink({ dashboardUrl: "https://rancher.example.com/", dashboardApp: "rancher", object: pod, kind: "Pod" })).toBe("https://rancher.example.com/explorer/workload");
    });

    it("needs a dashboard URL", () => {
      expect(() => formatClusterLink({ dashboardApp: "rancher", dashboardParameters: {}, object: deployment, kind: "Deployment" })).toThrow("Rancher dashboard requires a dashboardUrl option");
    });
  });

  describe("openshift", () => {
    it("links to the object in its project", () => {
      expect(formatClusterLink({ dashboardUrl: "https://console.apps.example.com", dashboardApp: "openshift", object: service, kind: "Service" })).toBe(
        "https://console.apps.example.com/k8s/ns/bar/services/foobar",
      );
      expect(formatClusterLink({ dashboardUrl: "https://console.apps.example.com", dashboardApp: "openshift", object: pod, kind: "Pod" })).toBe(
        "https://console.apps.example.com/k8s/cluster/projects/bar",
      );
      expect(formatClusterLink({ dashboardUrl: "https://console.apps.example.com", dashboardApp: "openshift", object: { metadata: { name: "pv-1" } }, kind: "PersistentVolume" })).toBe(
        "https://console.apps.example.com/k8s/cluster/persistentvolumes/pv-1",
      );
    });

    it("needs a dashboard URL", () => {
      expect(() => formatClusterLink({ dashboardApp: "openshift", dashboardParameters: {}, object: deployment, kind: "Deployment" })).toThrow("OpenShift dashboard requires a dashboardUrl option");
    });
  });

  describe("aks", () => {
    const dashboardParameters = { subscriptionId: "1234-5678", resourceGroup: "rg-shop", clusterName: "aks-shop" };

    it("links to the Azure portal's blade with the cluster id and the object encoded", () => {
      const link = formatClusterLink({ dashboardApp: "aks", dashboardParameters, object: deployment, kind: "Deployment" });
      const clusterId = "/subscriptions/1234-5678/resourceGroups/rg-shop/providers/Microsoft.ContainerService/managedClusters/aks-shop";
      const resource = { kind: "Deployment", metadata: { name: "foobar", namespace: "bar", uid: "5c3b7a1e-0f6a-4d59-9a3c-2b1f0e9d8c7b" }, spec: { selector: { matchLabels: { app: "foobar" } } } };
      expect(link).toBe(
        `https://portal.azure.com/#blade/Microsoft_Azure_ContainerService/AksK8ResourceMenuBlade/overview-Deployment/aksClusterId/${encodeURIComponent(clusterId)}/resource/${encodeURIComponent(JSON.stringify(resource))}`,
      );
    });

    it("needs its three parameters as strings", () => {
      expect(() => formatClusterLink({ dashboardApp: "aks", dashboardUrl: "https://portal.azure.com", object: deployment, kind: "Deployment" })).toThrow(
        "AKS dashboard requires a dashboardParameters option",
      );
      expect(() => formatClusterLink({ dashboardApp: "aks", dashboardParameters: { ...dashboardParameters, resourceGroup: 42 }, object: deployment, kind: "Deployment" })).toThrow(
        'AKS dashboard requires a "resourceGroup" of type string in the dashboardParameters option',
      );
    });
  });

  describe("gke", () => {
    const dashboardParameters = { projectId: "foobar-333614", region: "us-east1-c", clusterName: "cluster-1" };

    it("links to the object's page in the console", () => {
      expect(formatClusterLink({ dashboardApp: "gke", dashboardParameters, object: deployment, kind: "Deployment" })).toBe(
        "https://console.cloud.google.com/kubernetes/deployment/us-east1-c/cluster-1/bar/foobar/overview?project=foobar-333614",
      );
      expect(formatClusterLink({ dashboardApp: "gke", dashboardParameters, object: pod, kind: "Pod" })).toBe(
        "https://console.cloud.google.com/kubernetes/pod/us-east1-c/cluster-1/bar/foobar-7d64cd756c-55rfq/details?project=foobar-333614",
      );
      expect(formatClusterLink({ dashboardApp: "gke", dashboardParameters, object: deployment, kind: "CronJob" })).toBe(
        "https://console.cloud.google.com/kubernetes/clusters/details/us-east1-c/cluster-1/details?project=foobar-333614",
      );
    });

    it("needs projectId, region and clusterName as strings", () => {
      expect(() => formatClusterLink({ dashboardApp: "gke", dashboardParameters: { projectId: "p", clusterName: "c" }, object: deployment, kind: "Deployment" })).toThrow(
        'GKE dashboard requires a "region" of type string in the dashboardParameters option',
      );
    });
  });

  describe("eks", () => {
    it("is not implemented", () => {
      expect(() => formatClusterLink({ dashboardApp: "eks", dashboardUrl: "https://console.aws.amazon.com/eks", object: deployment, kind: "Deployment" })).toThrow(
        "EKS formatter is not yet implemented. Please, contribute!",
      );
    });
  });

  describe("headlamp", () => {
    it("puts Headlamp's own route in the 'to' parameter of the dashboard URL", () => {
      expect(formatClusterLink({ dashboardApp: "headlamp", dashboardUrl: "https://headlamp.example.com", object: deployment, kind: "Deployment" })).toBe(
        "https://headlamp.example.com/?to=%2Fc%2Fdefault%2Fdeployments%2Fbar%2Ffoobar",
      );
      expect(
        formatClusterLink({
          dashboardApp: "headlamp",
          dashboardUrl: "https://headlamp.example.com",
          dashboardParameters: { clusterName: "prod" },
          object: { metadata: { name: "worker-1" } },
          kind: "Node",
        }),
      ).toBe("https://headlamp.example.com/?to=%2Fc%2Fprod%2Fnodes%2Fworker-1");
    });

    it("links to Headlamp inside the portal with the internal option", () => {
      expect(
        formatClusterLink({ dashboardApp: "headlamp", dashboardParameters: { internal: true, clusterName: "test-cluster" }, object: pod, kind: "Pod", appOrigin: "https://portal.example.com" }),
      ).toBe("https://portal.example.com/headlamp?to=%2Fc%2Ftest-cluster%2Fpods%2Fbar%2Ffoobar-7d64cd756c-55rfq");
      expect(
        formatClusterLink({
          dashboardApp: "headlamp",
          dashboardParameters: { internal: true, headlampRoute: "//evil.example.com/x" },
          object: pod,
          kind: "Pod",
          appOrigin: "https://portal.example.com",
        }),
      ).toMatch(/^https:\/\/portal\.example\.com\//);
    });

    it("needs a dashboard URL or the internal option, the resource's name, and a namespace for namespaced kinds", () => {
      expect(() => formatClusterLink({ dashboardApp: "headlamp", dashboardParameters: {}, object: pod, kind: "Pod" })).toThrow("Dashboard URL is required or dashboardInternal must be true");
      expect(() => formatClusterLink({ dashboardApp: "headlamp", dashboardUrl: "https://headlamp.example.com", object: { metadata: { namespace: "bar" } }, kind: "Pod" })).toThrow(
        "Resource name is required for kind: Pod",
      );
      expect(() => formatClusterLink({ dashboardApp: "headlamp", dashboardUrl: "https://headlamp.example.com", object: { metadata: { name: "foobar" } }, kind: "Service" })).toThrow(
        "Namespace is required for namespaced resource: Service",
      );
      expect(() => formatClusterLink({ dashboardApp: "headlamp", dashboardUrl: "https://headlamp.example.com", object: deployment, kind: "Rollout" })).toThrow("Could not find path for kind: Rollout");
    });
  });
});

describe("the drawer's link or its failure", () => {
  it("gives the link when the cluster's dashboard is configured", () => {
    expect(clusterLinkFor({ name: "prod", dashboardUrl: "https://k8s.foo.com/" }, service, "Service")).toEqual({ link: "https://k8s.foo.com/#/service/bar/foobar?namespace=bar" });
  });

  it("explains the failure with the cluster's name and its dashboard app, 'standard' when unset", () => {
    expect(clusterLinkFor({ name: "prod", dashboardParameters: { projectId: "p" } }, service, "Service")).toEqual({
      failure: {
        title: "There was a problem formatting the link to the Kubernetes dashboard",
        message: "Could not format the link to the dashboard of your cluster named 'prod'. Its dashboardApp property has been set to 'standard.'",
        errorMessage: "standard dashboard requires a dashboardUrl option",
      },
    });
    expect(dashboardLinkFailure({ name: "shop-eu", dashboardApp: "grafana" }, new Error("Could not find Kubernetes dashboard app named 'grafana'"))).toEqual({
      title: "There was a problem formatting the link to the Kubernetes dashboard",
      message: "Could not format the link to the dashboard of your cluster named 'shop-eu'. Its dashboardApp property has been set to 'grafana.'",
      errorMessage: "Could not find Kubernetes dashboard app named 'grafana'",
    });
  });
});
