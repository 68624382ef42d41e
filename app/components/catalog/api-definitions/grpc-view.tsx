import { useTranslation } from "~/components/ui/root-data";
import type { GrpcView as GrpcModel } from "~/lib/catalog/api-definitions/model";
import { Badge, Description, Empty, ViewerIntro, ViewerSection } from "./parts";

/** A .proto file: services and their methods, then messages and enums. */
export function GrpcView({ model }: { model: GrpcModel }) {
  const t = useTranslation();
  const stream = (yes: boolean) => (yes ? <Badge tone="amber">{t("apiDefinitions.grpc.stream")}</Badge> : null);
  return (
    <div className="space-y-4">
      <ViewerIntro format={t("apiDefinitions.formats.grpc")} title={model.packageName ? t("apiDefinitions.grpc.package", { name: model.packageName }) : undefined} />
      <ViewerSection title={t("apiDefinitions.grpc.services")} count={model.services.length}>
        {model.services.length === 0 ? <Empty /> : null}
        {model.services.map((service) => (
          <div key={service.name} className="rounded border border-slate-200 p-2 dark:border-slate-700" data-testid="grpc-service">
            <p className="font-mono text-sm font-semibold">{service.name}</p>
            <Description text={service.comment} />
            <ul className="mt-1 space-y-1">
              {service.methods.map((method) => (
                <li key={method.name} className="text-xs">
                  <span className="font-mono">
                    <span className="font-semibold">rpc {method.name}</span>({stream(method.requestStream)} {method.requestType}) returns ({stream(method.responseStream)} {method.responseType})
                  </span>
                  <Description text={method.comment} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </ViewerSection>
      <ViewerSection title={t("apiDefinitions.grpc.messages")} count={model.messages.length}>
        <ul className="space-y-1">
          {model.messages.map((message) => (
            <li key={message.name}>
              <details className="rounded border border-slate-200 dark:border-slate-700">
                <summary className="cursor-pointer px-2 py-1.5 font-mono text-sm font-semibold">{message.name}</summary>
                <div className="border-t border-slate-200 p-2 dark:border-slate-700">
                  <Description text={message.comment} />
                  <ul className="font-mono text-xs">
                    {message.fields.map((field) => (
                      <li key={field.name}>
                        {field.label ? <span className="text-slate-500 dark:text-slate-400">{field.label} </span> : null}
                        <span className="text-sky-800 dark:text-sky-300">{field.type}</span> {field.name} = {field.id}
                        {field.comment ? <span className="ml-2 font-sans text-slate-600 dark:text-slate-400">{field.comment}</span> : null}
                      </li>
                    ))}
                  </ul>
                </div>
              </details>
            </li>
          ))}
        </ul>
      </ViewerSection>
      {model.enums.length ? (
        <ViewerSection title={t("apiDefinitions.grpc.enums")} count={model.enums.length}>
          <ul className="space-y-1">
            {model.enums.map((item) => (
              <li key={item.name}>
                <details className="rounded border border-slate-200 dark:border-slate-700">
                  <summary className="cursor-pointer px-2 py-1.5 font-mono text-sm font-semibold">{item.name}</summary>
                  <div className="border-t border-slate-200 p-2 dark:border-slate-700">
                    <Description text={item.comment} />
                    <ul className="font-mono text-xs">
                      {item.values.map((value) => (
                        <li key={value.name}>
                          {value.name} = {value.value}
                        </li>
                      ))}
                    </ul>
                  </div>
                </details>
              </li>
            ))}
          </ul>
        </ViewerSection>
      ) : null}
    </div>
  );
}
