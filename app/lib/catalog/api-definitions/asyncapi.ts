import { MAX_LISTED_ITEMS } from "./limits";
import type { AsyncApiMessage, AsyncApiView } from "./model";
import { DefinitionParseError, isRecord, optionalText } from "./parse-document";
import { dereference, type SchemaContext, schemaContext, schemaTree } from "./schema-tree";

// AsyncAPI 2.x and 3.x. In 2.x operations live inside channels (publish and
// subscribe, each with one message or a oneOf); in 3.x channels carry an
// address and their messages, and operations (send, receive) point at a
// channel and some of its messages. Both become one view: channels,
// operations and the messages with their payload and header schemas.

export function asyncApiView(document: Record<string, unknown>, describe: (markdown: string) => string): AsyncApiView {
  const specVersion = optionalText(document.asyncapi);
  if (!specVersion) throw new DefinitionParseError("Not an AsyncAPI document: it has no 'asyncapi' version field");
  if (!/^[23]\./.test(specVersion)) throw new DefinitionParseError(`Unsupported AsyncAPI version ${specVersion}`);
  const context = schemaContext(document);
  const info = isRecord(document.info) ? document.info : {};
  const description = optionalText(info.description);
  const messages = new MessageCollector(context);

  const view: AsyncApiView = {
    format: "asyncapi",
    specVersion,
    title: optionalText(info.title),
    version: optionalText(info.version),
    descriptionHtml: description ? describe(description) : undefined,
    servers: serversOf(document),
    channels: [],
    operations: [],
    messages: [],
  };

  const channels = Object.entries(isRecord(document.channels) ? document.channels : {}).slice(0, MAX_LISTED_ITEMS);
  const v3 = specVersion.startsWith("3.");
  for (const [name, raw] of channels) {
    const channel = dereference(context, raw);
    if (!channel) continue;
    const parameters = Object.entries(isRecord(channel.parameters) ? channel.parameters : {}).map(([parameter, value]) => ({
      name: parameter,
      description: optionalText(dereference(context, value)?.description),
    }));
    if (v3) {
      const names = Object.values(isRecord(channel.messages) ? channel.messages : {}).flatMap((message) => messages.add(message));
      view.channels.push({ name, address: optionalText(channel.address), description: optionalText(channel.description), messages: names, parameters });
    } else {
      const names: string[] = [];
      for (const action of ["publish", "subscribe"] as const) {
        const operation = dereference(context, channel[action]);
        if (!operation) continue;
        const operationMessages = messages.addAll(operation.message);
        names.push(...operationMessages);
        view.operations.push({
          id: optionalText(operation.operationId) ?? `${action} ${name}`,
          action,
          channel: name,
          summary: optionalText(operation.summary),
          description: optionalText(operation.description),
          messages: operationMessages,
        });
      }
      view.channels.push({ name, description: optionalText(channel.description), messages: [...new Set(names)], parameters });
    }
  }

  if (v3) {
    for (const [id, raw] of Object.entries(isRecord(document.operations) ? document.operations : {}).slice(0, MAX_LISTED_ITEMS)) {
      const operation = dereference(context, raw);
      if (!operation) continue;
      const channelRef = isRecord(operation.channel) ? optionalText(operation.channel.$ref) : undefined;
      const channel = channelRef?.startsWith("#/channels/") ? decodeURIComponent(channelRef.slice("#/channels/".length)).replace(/~1/g, "/").replace(/~0/g, "~") : (channelRef ?? "");
      const listed = Array.isArray(operation.messages) ? operation.messages.flatMap((message) => messages.add(message)) : (view.channels.find((item) => item.name === channel)?.messages ?? []);
      view.operations.push({
        id,
        action: optionalText(operation.action) ?? "",
        channel,
        summary: optionalText(operation.summary) ?? optionalText(operation.title),
        description: optionalText(operation.description),
        messages: listed,
      });
    }
  }

  // Messages declared in components but used by no channel are part of the contract too.
  const components = isRecord(document.components) && isRecord(document.components.messages) ? document.components.messages : {};
  for (const message of Object.values(components)) messages.add(message);
  view.messages = messages.list();
  return view;
}

function serversOf(document: Record<string, unknown>): AsyncApiView["servers"] {
  return Object.entries(isRecord(document.servers) ? document.servers : {})
    .slice(0, 50)
    .flatMap(([name, server]) => {
      if (!isRecord(server)) return [];
      const url = optionalText(server.url) ?? [optionalText(server.host), optionalText(server.pathname)].filter(Boolean).join("");
      return [{ name, url, protocol: optionalText(server.protocol), description: optionalText(server.description) }];
    });
}

/** Messages by the object they resolve to, so one message reached from a channel, an operation and components is listed once. */
class MessageCollector {
  private readonly seen = new Map<object, AsyncApiMessage>();
  constructor(private readonly context: SchemaContext) {}

  /** A message, or a oneOf of messages (2.x). */
  addAll(value: unknown): string[] {
    const resolved = dereference(this.context, value);
    if (resolved && Array.isArray(resolved.oneOf)) return resolved.oneOf.flatMap((message) => this.add(message));
    return this.add(value);
  }

  add(value: unknown): string[] {
    const message = dereference(this.context, value);
    if (!message) return [];
    const known = this.seen.get(message);
    if (known) return [known.name];
    if (this.seen.size >= MAX_LISTED_ITEMS) return [];
    const ref = isRecord(value) ? optionalText(value.$ref) : undefined;
    const name = optionalText(message.name) ?? optionalText(message.messageId) ?? ref?.split("/").pop() ?? optionalText(message.title) ?? `message ${this.seen.size + 1}`;
    const headers = message.headers ?? this.traitHeaders(message.traits);
    // 3.x may wrap the payload in a multi-format schema object.
    const payload = isRecord(message.payload) && message.payload.schemaFormat !== undefined && "schema" in message.payload ? message.payload.schema : message.payload;
    const view: AsyncApiMessage = {
      name,
      title: optionalText(message.title),
      summary: optionalText(message.summary),
      description: optionalText(message.description),
      contentType: optionalText(message.contentType),
      payload: payload !== undefined ? schemaTree(this.context, payload) : undefined,
      headers: headers !== undefined ? schemaTree(this.context, headers) : undefined,
    };
    this.seen.set(message, view);
    return [name];
  }

  private traitHeaders(traits: unknown): unknown {
    for (const trait of Array.isArray(traits) ? traits : []) {
      const resolved = dereference(this.context, trait);
      if (resolved?.headers !== undefined) return resolved.headers;
    }
    return undefined;
  }

  list(): AsyncApiMessage[] {
    return [...this.seen.values()];
  }
}
