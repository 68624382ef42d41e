import type { V1Pod } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import type { PodStatus } from "./types";
import { findPodMetrics, formatMiB, formatMillicores, parseQuantity, podCpuUsageText, podMemoryUsageText, summarizePodMetrics, utilizationPercent } from "./utilization";

describe("parseQuantity", () => {
  it.each([
    ["250m", 0.25],
    ["1.5", 1.5],
    ["2", 2],
    ["128Mi", 134217728],
    ["1Gi", 1073741824],
    ["500k", 500000],
    ["1M", 1000000],
    ["1e3", 1000],
    ["12345678n", 0.012345678],
  ])("reads %s as %d", (quantity, value) => {
    expect(parseQuantity(quantity)).toBeCloseTo(value, 12);
  });

  it("passes numbers through and refuses what is not a quantity", () => {
    expect(parseQuantity(0.5)).toBe(0.5);
    expect(parseQuantity("lots")).toBeNaN();
    expect(parseQuantity("12 Mi")).toBeNaN();
  });
});

describe("utilizationPercent", () => {
  it("rounds usage over total times 100", () => {
    expect(utilizationPercent(0.05, 0.25)).toBe(20);
    expect(utilizationPercent(1, 3)).toBe(33);
    expect(utilizationPercent(2, 3)).toBe(67);
    expect(utilizationPercent("96Mi", "128Mi")).toBe(75);
    expect(utilizationPercent("300m", "250m")).toBe(120);
  });

  it("is 0 when nothing is requested or limited", () => {
    expect(utilizationPercent(0.5, 0)).toBe(0);
    expect(utilizationPercent("64Mi", "0")).toBe(0);
  });
});

describe("formatting totals", () => {
  it("writes memory in whole MiB and CPU in whole millicores", () => {
    expect(formatMiB(134217728)).toBe("128MiB");
    expect(formatMiB("1Gi")).toBe("1024MiB");
    expect(formatMiB(1_500_000)).toBe("1MiB");
    expect(formatMillicores(0.25)).toBe("250m");
    expect(formatMillicores("1.5")).toBe("1500m");
    expect(formatMillicores("100m")).toBe("100m");
  });
});

describe("the pod table's cells", () => {
  it("divides a numeric CPU usage by 10 before comparing it with requests and limits", () => {
    expect(podCpuUsageText({ currentUsage: 0.5, requestTotal: 0.25, limitTotal: 0.5 })).toEqual({ requests: "requests: 20% of 250m", limits: "limits: 10% of 500m" });
  });

  it("takes a quantity string of CPU as it is", () => {
    expect(podCpuUsageText({ currentUsage: "50m", requestTotal: "250m", limitTotal: "500m" })).toEqual({ requests: "requests: 20% of 250m", limits: "limits: 10% of 500m" });
  });

  it("compares memory in bytes", () => {
    expect(podMemoryUsageText({ currentUsage: 67108864, requestTotal: 134217728, limitTotal: "256Mi" })).toEqual({ requests: "requests: 50% of 128MiB", limits: "limits: 25% of 256MiB" });
  });

  it("says 0% of a total that is not set", () => {
    expect(podMemoryUsageText({ currentUsage: 67108864, requestTotal: 0, limitTotal: 0 })).toEqual({ requests: "requests: 0% of 0MiB", limits: "limits: 0% of 0MiB" });
  });
});

const pod: V1Pod = { metadata: { name: "checkout-7d64cd756c-aaaaa", namespace: "shop" }, spec: { containers: [{ name: "app" }, { name: "envoy" }] } };

const podStatus: PodStatus = {
  pod,
  cpu: { currentUsage: 0.3, requestTotal: "300m", limitTotal: "600m" },
  memory: { currentUsage: "192Mi", requestTotal: "256Mi", limitTotal: "512Mi" },
  containers: [
    { container: "app", cpuUsage: { currentUsage: "200m", requestTotal: "250m", limitTotal: "500m" }, memoryUsage: { currentUsage: "160Mi", requestTotal: "200Mi", limitTotal: "400Mi" } },
    { container: "envoy", cpuUsage: { currentUsage: "10m", requestTotal: "50m", limitTotal: "100m" }, memoryUsage: { currentUsage: "32Mi", requestTotal: "56Mi", limitTotal: "112Mi" } },
  ],
};

describe("summarizePodMetrics", () => {
  it("gives the table's cells, the drawer's four bars and each container's bars", () => {
    const summary = summarizePodMetrics(podStatus);
    expect(summary.table).toEqual({
      cpu: { requests: "requests: 10% of 300m", limits: "limits: 5% of 600m" },
      memory: { requests: "requests: 75% of 256MiB", limits: "limits: 38% of 512MiB" },
    });
    expect(summary.drawer).toEqual({
      cpuRequests: { title: "CPU requests", totalFormatted: "300m", percent: 100 },
      cpuLimits: { title: "CPU limits", totalFormatted: "600m", percent: 50 },
      memoryRequests: { title: "Memory requests", totalFormatted: "256MiB", percent: 75 },
      memoryLimits: { title: "Memory limits", totalFormatted: "512MiB", percent: 38 },
    });
    expect(summary.containers.map(({ container, bars }) => [container, bars.cpuRequests.percent, bars.memoryLimits.percent, bars.cpuLimits.totalFormatted])).toEqual([
      ["app", 80, 40, "500m"],
      ["envoy", 20, 29, "100m"],
    ]);
  });
});

describe("findPodMetrics", () => {
  it("finds a pod's metrics by name and namespace", () => {
    const other: PodStatus = { ...podStatus, pod: { metadata: { name: "checkout-7d64cd756c-aaaaa", namespace: "staging" } } };
    expect(findPodMetrics([other, podStatus], pod)).toBe(podStatus);
    expect(findPodMetrics([other], pod)).toBeUndefined();
  });
});
