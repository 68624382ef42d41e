import { describe, expect, it } from "vitest";
import { parseFieldSelector, parseLabelSelector, SelectorError } from "./selectors.ts";

// The selector grammar of k8s.io/apimachinery (labels/selector.go,
// fields/selector.go), checked on the cases its own tests pin down.

describe("label selectors", () => {
  const labels = { app: "ledger", tier: "api", "backstage.io/kubernetes-id": "ledger", replicas: "3" };

  it.each([
    ["", true],
    ["app=ledger", true],
    ["app==ledger", true],
    ["app = ledger", true],
    ["app=other", false],
    ["app!=other", true],
    ["missing!=x", true],
    ["app in (ledger, search)", true],
    ["app in (search)", false],
    ["missing in (x)", false],
    ["app notin (search)", true],
    ["missing notin (x)", true],
    ["tier", true],
    ["missing", false],
    ["!missing", true],
    ["!tier", false],
    ["replicas>2", true],
    ["replicas<3", false],
    ["backstage.io/kubernetes-id=ledger,tier in (api),!missing", true],
    ["backstage.io/kubernetes-id=ledger,tier=worker", false],
  ])("%s matches: %s", (selector, expected) => {
    expect(parseLabelSelector(selector)(labels)).toBe(expected);
  });

  it("matches objects without labels only where absence is asked for", () => {
    expect(parseLabelSelector("!app")(undefined)).toBe(true);
    expect(parseLabelSelector("app notin (x)")(undefined)).toBe(true);
    expect(parseLabelSelector("app")(undefined)).toBe(false);
  });

  it.each(["app in ledger", "app=ledger,", "app=le dger", "-bad-key=x", "app=" + "x".repeat(64), "replicas>two"])("refuses %s", (selector) => {
    expect(() => parseLabelSelector(selector)).toThrow(SelectorError);
  });
});

describe("field selectors", () => {
  const event = { metadata: { name: "ledger-1.17a", namespace: "payments" }, involvedObject: { name: "ledger-1", kind: "Pod" }, type: "Warning", source: { component: "kubelet" } };
  const supported = ["involvedObject.name", "involvedObject.kind", "type", "source"];

  it("matches dotted fields with =, == and !=, all of them", () => {
    expect(parseFieldSelector("involvedObject.name=ledger-1", supported)(event)).toBe(true);
    expect(parseFieldSelector("involvedObject.name==ledger-1,type!=Normal", supported)(event)).toBe(true);
    expect(parseFieldSelector("involvedObject.name=ledger-1,type=Normal", supported)(event)).toBe(false);
    expect(parseFieldSelector("metadata.namespace=payments", [])(event)).toBe(true);
    expect(parseFieldSelector("source=kubelet", supported)(event)).toBe(true);
  });

  it("refuses a field the resource type does not index, and text that is no requirement", () => {
    expect(() => parseFieldSelector("status.phase=Running", supported)).toThrow("field label not supported: status.phase");
    expect(() => parseFieldSelector("involvedObject.name", supported)).toThrow(SelectorError);
  });
});
