import { useTranslation } from "~/components/ui/root-data";
import type { AsyncApiView as AsyncApiModel } from "~/lib/catalog/api-definitions/model";
import { Badge, Description, Empty, ViewerIntro, ViewerSection } from "./parts";
import { SchemaView } from "./schema-view";

/** AsyncAPI 2 and 3: servers, channels, operations, and each message with its payload and headers. */
export function AsyncApiView({ model }: { model: AsyncApiModel }) {
  const t = useTranslation();
  const anchor = (name: string) => `message-${name.replace(/[^A-Za-z0-9_-]+/g, "-")}`;
  return (
    <div className="space-y-4">
      <ViewerIntro format={`${t("apiDefinitions.formats.asyncapi")} ${model.specVersion}`} title={model.title} version={model.version} descriptionHtml={model.descriptionHtml} />
      {model.servers.length ? (
        <ViewerSection title={t("apiDefinitions.servers")}>
          <ul className="text-sm">
            {model.servers.map((server) => (
              <li key={server.name}>
                <span className="font-semibold">{server.name}</span> <span className="font-mono text-xs">{server.url}</span> {server.protocol ? <Badge>{server.protocol}</Badge> : null}
                <Description text={server.description} />
              </li>
            ))}
          </ul>
        </ViewerSection>
      ) : null}
      <ViewerSection title={t("apiDefinitions.asyncapi.channels")} count={model.channels.length}>
        {model.channels.length === 0 ? <Empty /> : null}
        <ul className="space-y-2" data-testid="asyncapi-channels">
          {model.channels.map((channel) => (
            <li key={channel.name} className="rounded border border-slate-200 p-2 dark:border-slate-700">
              <p className="font-mono text-sm font-semibold">{channel.address ?? channel.name}</p>
              {channel.address && channel.address !== channel.name ? <p className="text-xs text-slate-500 dark:text-slate-400">{channel.name}</p> : null}
              <Description text={channel.description} />
              {channel.parameters.length ? (
                <p className="text-xs">
                  {t("apiDefinitions.asyncapi.parameters")}: {channel.parameters.map((parameter) => parameter.name).join(", ")}
                </p>
              ) : null}
              <p className="mt-1 flex flex-wrap gap-1 text-xs">
                {channel.messages.map((message) => (
                  <a key={message} href={`#${anchor(message)}`} className="text-sky-700 underline dark:text-sky-400">
                    {message}
                  </a>
                ))}
              </p>
            </li>
          ))}
        </ul>
      </ViewerSection>
      {model.operations.length ? (
        <ViewerSection title={t("apiDefinitions.asyncapi.operations")} count={model.operations.length}>
          <ul className="space-y-1 text-sm">
            {model.operations.map((operation) => (
              <li key={`${operation.id}-${operation.action}`}>
                <Badge tone={operation.action === "send" || operation.action === "publish" ? "emerald" : "sky"}>{operation.action}</Badge> <span className="font-semibold">{operation.id}</span>{" "}
                <span className="text-xs text-slate-500 dark:text-slate-400">{t("apiDefinitions.asyncapi.channel", { name: operation.channel })}</span>
                <Description text={operation.summary} />
              </li>
            ))}
          </ul>
        </ViewerSection>
      ) : null}
      <ViewerSection title={t("apiDefinitions.asyncapi.messages")} count={model.messages.length}>
        <ul className="space-y-1">
          {model.messages.map((message) => (
            <li key={message.name} id={anchor(message.name)}>
              <details className="rounded border border-slate-200 dark:border-slate-700">
                <summary className="cursor-pointer px-2 py-1.5 text-sm">
                  <span className="font-mono font-semibold">{message.name}</span>
                  {message.title && message.title !== message.name ? <span className="ml-2">{message.title}</span> : null}
                  {message.contentType ? <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">{message.contentType}</span> : null}
                </summary>
                <div className="space-y-2 border-t border-slate-200 p-2 dark:border-slate-700">
                  <Description text={message.summary} />
                  <Description text={message.description} />
                  {message.payload ? (
                    <div>
                      <h4 className="text-sm font-semibold">{t("apiDefinitions.asyncapi.payload")}</h4>
                      <SchemaView schema={message.payload} />
                    </div>
                  ) : null}
                  {message.headers ? (
                    <div>
                      <h4 className="text-sm font-semibold">{t("apiDefinitions.asyncapi.headers")}</h4>
                      <SchemaView schema={message.headers} />
                    </div>
                  ) : null}
                </div>
              </details>
            </li>
          ))}
        </ul>
      </ViewerSection>
    </div>
  );
}
