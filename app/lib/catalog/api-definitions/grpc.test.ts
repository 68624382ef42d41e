import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { grpcView } from "./grpc";
import { DefinitionParseError } from "./parse-document";

describe("grpcView", () => {
  it("lists services with streaming methods, messages and enums of the example catalog's proto", () => {
    const result = grpcView(readFileSync(new URL("../../../../examples/catalog/apis/definitions/sensor-ingestion.proto", import.meta.url), "utf8"));
    expect(result.packageName).toBe("keystone.smartbuilding.ingest.v1");
    const ingestion = result.services.find((service) => service.name.endsWith("SensorIngestion"))!;
    expect(ingestion.methods.find((method) => method.name === "StreamReadings")).toMatchObject({ requestType: "ReadingBatch", responseType: "BatchAck", requestStream: true, responseStream: true });
    expect(ingestion.methods.find((method) => method.name === "PushReadings")).toMatchObject({ requestStream: false, responseStream: false });
    expect(ingestion.methods.find((method) => method.name === "StreamReadings")?.comment).toContain("bidirectional stream");
    expect(result.messages.length).toBeGreaterThan(0);
    expect(result.enums.length).toBeGreaterThan(0);
  });

  it("reads nested messages, maps, oneofs and repeated fields under full names", () => {
    const result = grpcView(`syntax = "proto3"; package a;
message Outer { message Inner { int32 x = 1; } map<string, Inner> byName = 1; repeated string tags = 2; oneof choice { string s = 3; int64 n = 4; } optional bool flag = 5; }
enum Colour { RED = 0; GREEN = 1; }`);
    expect(result.messages.map((message) => message.name)).toEqual(["a.Outer", "a.Outer.Inner"]);
    expect(result.messages[0].fields.map((field) => [field.name, field.type, field.label])).toEqual([
      ["byName", "map<string, Inner>", undefined],
      ["tags", "string", "repeated"],
      ["s", "string", "oneof choice"],
      ["n", "int64", "oneof choice"],
      ["flag", "bool", "optional"],
    ]);
    expect(result.enums[0].values.map((value) => [value.name, value.value])).toEqual([
      ["RED", 0],
      ["GREEN", 1],
    ]);
  });

  it("reports a syntax error", () => {
    expect(() => grpcView('syntax = "proto3"; service S { rpc M( returns (X); }')).toThrow(DefinitionParseError);
  });

  it("refuses a deeply nested message without crashing", () => {
    const deep = `syntax = "proto3"; ${"message M { ".repeat(20_000)}${"}".repeat(20_000)}`;
    expect(() => grpcView(deep)).not.toThrow(RangeError);
  });
});
