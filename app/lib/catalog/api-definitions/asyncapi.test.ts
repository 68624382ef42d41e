import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../markdown/render-markdown.server";
import { asyncApiView } from "./asyncapi";
import { DefinitionParseError, parseYamlDocument } from "./parse-document";

const view = (yaml: string) => asyncApiView(parseYamlDocument(yaml), renderMarkdown);

describe("asyncApiView", () => {
  it("reads AsyncAPI 3: channels with addresses, operations pointing at them, messages with payloads (the example catalog's)", () => {
    const result = view(readFileSync(new URL("../../../../examples/catalog/apis/definitions/rent-payment-events.asyncapi.yaml", import.meta.url), "utf8"));
    expect(result.specVersion).toBe("3.0.0");
    expect(result.channels.map((channel) => channel.address)).toEqual(["payments.rent-charge.v1", "payments.payment.v1", "payments.delinquency.v1"]);
    const lifecycle = result.operations.find((operation) => operation.id === "publishPaymentLifecycle")!;
    expect(lifecycle).toMatchObject({ action: "send", channel: "paymentLifecycle" });
    expect(lifecycle.messages).toEqual(["PaymentInitiated", "PaymentSucceeded", "PaymentFailed", "PaymentRefunded"]);
    const charge = result.messages.find((message) => message.name === "RentChargePosted")!;
    expect(charge.payload?.properties?.length).toBeGreaterThan(0);
    expect(charge.headers).toBeDefined();
    expect(new Set(result.messages.map((message) => message.name)).size).toBe(result.messages.length);
  });

  it("reads AsyncAPI 2: publish and subscribe inside channels, oneOf messages, $ref loops in payloads", () => {
    const result = view(`
asyncapi: 2.6.0
info: { title: Users, version: "1", description: "<img src=x onerror=alert(1)> hi" }
servers: { prod: { url: kafka.example:9092, protocol: kafka } }
channels:
  user/{id}/signedup:
    parameters: { id: { description: The user } }
    subscribe:
      operationId: onSignup
      message:
        oneOf:
          - $ref: '#/components/messages/Signup'
          - { name: Legacy, payload: { type: string } }
    publish:
      message: { $ref: '#/components/messages/Signup' }
components:
  messages:
    Signup: { name: Signup, payload: { $ref: '#/components/schemas/User' } }
  schemas:
    User: { type: object, properties: { friend: { $ref: '#/components/schemas/User' } } }
`);
    expect(result.servers).toEqual([{ name: "prod", url: "kafka.example:9092", protocol: "kafka", description: undefined }]);
    expect(result.channels[0]).toMatchObject({ name: "user/{id}/signedup", messages: ["Signup", "Legacy"], parameters: [{ name: "id", description: "The user" }] });
    expect(result.operations.map((operation) => [operation.id, operation.action])).toEqual([
      ["publish user/{id}/signedup", "publish"],
      ["onSignup", "subscribe"],
    ]);
    expect(result.messages.find((message) => message.name === "Signup")?.payload?.properties?.[0].schema).toEqual({ refName: "User", circular: true });
    expect(result.descriptionHtml).not.toContain("onerror");
  });

  it("refuses what is not AsyncAPI 2 or 3", () => {
    expect(() => view("openapi: 3.0.0")).toThrow(DefinitionParseError);
    expect(() => view("asyncapi: 1.2.0")).toThrow(/Unsupported AsyncAPI version/);
  });
});
