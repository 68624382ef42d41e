import protobuf from "protobufjs";
import { MAX_LISTED_ITEMS } from "./limits";
import type { GrpcView } from "./model";
import { DefinitionParseError } from "./parse-document";

// A .proto file, parsed by protobufjs without resolving imports (the
// definition is one file; google/protobuf types and other imports stay
// names). Services with their methods (request, response, streaming),
// messages with their fields, and enums, each under its full name, with the
// comments above them.

export function grpcView(source: string): GrpcView {
  let parsed: protobuf.IParserResult;
  try {
    parsed = protobuf.parse(source, new protobuf.Root(), { keepCase: true, alternateCommentMode: true });
  } catch (error) {
    if (error instanceof RangeError) throw new DefinitionParseError("The proto file is nested too deeply to read");
    throw new DefinitionParseError(error instanceof Error ? error.message : String(error));
  }
  const view: GrpcView = { format: "grpc", packageName: parsed.package, services: [], messages: [], enums: [] };
  const stack: protobuf.ReflectionObject[] = [...(parsed.root.nestedArray ?? [])];
  let listed = 0;
  while (stack.length && listed < MAX_LISTED_ITEMS) {
    const object = stack.shift()!;
    listed += 1;
    const name = object.fullName.replace(/^\./, "");
    const comment = object.comment ?? undefined;
    if (object instanceof protobuf.Service) {
      view.services.push({
        name,
        comment,
        methods: object.methodsArray.map((method) => ({
          name: method.name,
          requestType: method.requestType,
          responseType: method.responseType,
          requestStream: Boolean(method.requestStream),
          responseStream: Boolean(method.responseStream),
          comment: method.comment ?? undefined,
        })),
      });
    } else if (object instanceof protobuf.Type) {
      view.messages.push({
        name,
        comment,
        fields: object.fieldsArray.map((field) => ({
          name: field.name,
          type: field instanceof protobuf.MapField ? `map<${field.keyType}, ${field.type}>` : field.type,
          id: field.id,
          label: field.repeated ? "repeated" : field.options?.proto3_optional ? "optional" : field.partOf ? `oneof ${field.partOf.name}` : field.required ? "required" : undefined,
          comment: field.comment ?? undefined,
        })),
      });
    } else if (object instanceof protobuf.Enum) {
      view.enums.push({ name, comment, values: Object.entries(object.values).map(([value, number]) => ({ name: value, value: number, comment: object.comments[value] ?? undefined })) });
    }
    if (object instanceof protobuf.Namespace) stack.push(...object.nestedArray);
  }
  return view;
}
