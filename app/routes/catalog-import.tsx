import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/catalog-import";
import { LoginRequestDialog } from "~/components/auth/login-request-dialog";
import { FieldError, FormErrors } from "~/components/ui/field-error";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Content, Header, pageMeta } from "~/components/ui/page";
import { useTranslation } from "~/components/ui/root-data";
import { pageCredentials } from "~/lib/auth/request-credentials.server";
import { requireIdentity } from "~/lib/auth/request-identity.server";
import type { PendingLoginRequest } from "~/lib/auth/login-requests";
import { pendingLoginRequests, sourceControlCredentials, withoutLoginRequests } from "~/lib/auth/login-requests.server";
import { stringifyEntityRef } from "~/lib/catalog/entity-ref";
import { entityRoute } from "~/lib/catalog/entity-route";
import type { ImportAnalysis, ImportLocation } from "~/lib/catalog/import/catalog-import.server";
import { analyzeSchema, importSchema, pullRequestSchema, type PullRequestFields } from "~/lib/catalog/import/import-forms";
import { ImportHostError } from "~/lib/catalog/import/github-pull-request.server";
import { getRequestContext, type RequestContext } from "~/lib/context.server";
import { InputError, NotAllowedError, statusOf } from "~/lib/errors";
import { withoutKey } from "~/lib/forms/controls";
import { parseForm } from "~/lib/forms/submission";
import { formReplyOf, type FormReply } from "~/lib/forms/reply";
import { fieldExtensionServers, postedField, postedQuery } from "~/lib/scaffolder/fields/index.server";
import type { FieldServerArgs } from "~/lib/scaffolder/fields/types";
import { WIZARD_INTENT } from "~/lib/scaffolder/wizard/form-data";
import { fieldExtensions } from "~/components/scaffolder/fields";
import type { Identity } from "~/lib/auth/identity";
import type { Credentials } from "~/lib/auth/credentials";
import { createTranslator } from "~/lib/i18n/i18n";
import { readPreferences } from "~/lib/settings/preferences";

// Register an existing component (Backstage's catalog-import page): the URL
// is a GET form, so an analysis is a link; importing what was found and
// opening a pull request are posts. Everything happens on the server
// (app/lib/catalog/import/catalog-import.server.ts), so it all works without
// JavaScript.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "catalogImport.title");
}

type PullRequestView = PullRequestFields & { fileContent: string; fileName: string; repositoryUrl: string };
type Step = "analyze" | "prepare" | "finish";
type Finish = { kind: "locations"; locations: ImportLocation[] } | { kind: "pullRequest"; link: string; location: string };

const EXAMPLE_URL = "https://github.com/backstage/backstage/blob/master/catalog-info.yaml";

function callOf(args: Route.LoaderArgs | Route.ActionArgs) {
  const app = getRequestContext(args.context);
  const identity = requireIdentity(args.context);
  return { app, identity, credentials: pageCredentials(identity) };
}

/**
 * The owner field is the scaffolder's OwnerPicker (groups and users of the
 * catalog; a combobox with JavaScript, a text input with suggestions and a
 * posted search without it): its server part loads the choices, with the
 * search the form posted (`search:owner`) when there is one.
 */
function ownerFieldArgs(app: RequestContext, identity: Identity, credentials: Credentials, value: string | undefined, query = new URLSearchParams()): FieldServerArgs {
  return { name: "owner", schema: { type: "string" }, uiSchema: { "ui:field": "OwnerPicker" }, value, required: true, formData: {}, query, credentials, identity, services: app };
}

async function ownerField(args: FieldServerArgs): Promise<unknown> {
  return fieldExtensionServers.OwnerPicker!.load!(args);
}

/** The pull request form's values: the defaults with the generated component, or what was posted. */
function pullRequestView(app: RequestContext, analysis: Extract<ImportAnalysis, { type: "repository" }>, fields: Partial<PullRequestFields>): PullRequestView {
  const config = app.config.config;
  const defaults = app.catalog.import.pullRequestDefaults(config.app.title, config.app.baseUrl);
  const generatedName = String(analysis.generatedEntities[0]?.metadata?.name ?? "");
  const values = {
    title: fields.title ?? defaults.title,
    body: fields.body ?? defaults.body,
    branchName: fields.branchName ?? defaults.branchName,
    componentName: fields.componentName ?? generatedName,
    owner: fields.owner ?? "",
  };
  let fileContent = "";
  try {
    fileContent = app.catalog.import.catalogFile(analysis.generatedEntities, values.componentName, values.owner).content;
  } catch {
    // An invalid name or owner: the preview waits for one the catalog accepts; the form says what is wrong.
  }
  return { ...values, fileContent, fileName: defaults.fileName, repositoryUrl: analysis.url };
}

export async function loader(args: Route.LoaderArgs) {
  const { app, identity, credentials } = callOf(args);
  const query = new URL(args.request.url).searchParams;
  const base = {
    appTitle: app.config.config.app.title,
    fileName: app.config.config.catalog.import.entityFilename,
    ownerData: undefined as unknown,
    requests: [] as PendingLoginRequest[],
    returnTo: "/catalog-import",
  };
  if (!query.has("url")) return { ...base, step: "analyze" as Step, reply: undefined, url: "", analysis: undefined, pullRequest: undefined };
  const submission = parseForm(query, analyzeSchema);
  if (submission.status !== "success")
    return data({ ...base, step: "analyze" as Step, reply: submission.reply(), url: query.get("url") ?? "", analysis: undefined, pullRequest: undefined }, { status: 400 });
  try {
    const analysis = await app.catalog.import.analyze(submission.value.url, { credentials });
    const pullRequest = analysis.type === "repository" ? pullRequestView(app, analysis, {}) : undefined;
    const ownerData = analysis.type === "repository" ? await ownerField(ownerFieldArgs(app, identity, credentials, undefined)) : undefined;
    // A pull request on GitHub without an integration token is opened as the user: ask for a GitHub sign-in with repo scope.
    const needsUserToken = analysis.type === "repository" && analysis.integrationType === "github" && !app.catalog.import.hasIntegrationToken(analysis.url);
    const requests = needsUserToken ? await pendingLoginRequests(app, args.request, [{ provider: "github", scopes: ["repo"] }]) : [];
    const returnTo = withoutLoginRequests(new URL(args.request.url), app.publicConfig.basePath);
    return { ...base, step: "prepare" as Step, reply: undefined, url: submission.value.url, analysis, pullRequest, ownerData, requests, returnTo };
  } catch (error) {
    if (!(error instanceof InputError || error instanceof NotAllowedError)) throw error;
    return data(
      { ...base, step: "analyze" as Step, reply: submission.reply({ fieldErrors: { url: [error.message] } }), url: submission.value.url, analysis: undefined, pullRequest: undefined },
      { status: statusOf(error) },
    );
  }
}

export async function action(args: Route.ActionArgs) {
  const { app, identity, credentials } = callOf(args);
  const formData = await args.request.formData();
  const call = { credentials };
  if (formData.get("intent") === "import") {
    const submission = parseForm(formData, importSchema);
    if (submission.status !== "success") return data({ reply: submission.reply(), finish: undefined, pullRequest: undefined, ownerData: undefined }, { status: 400 });
    try {
      const locations = await app.catalog.import.register(submission.value.targets, call);
      return { reply: undefined, finish: { kind: "locations", locations } as Finish, pullRequest: undefined, ownerData: undefined };
    } catch (error) {
      if (!(error instanceof InputError || error instanceof NotAllowedError)) throw error;
      return data({ reply: submission.reply({ formErrors: [error.message] }), finish: undefined, pullRequest: undefined, ownerData: undefined }, { status: statusOf(error) });
    }
  }

  const url = String(formData.get("url") ?? "");
  const analysis = await app.catalog.import.analyze(url, { credentials }).catch((error: unknown) => {
    if (error instanceof InputError || error instanceof NotAllowedError) return undefined;
    throw error;
  });
  if (analysis?.type !== "repository") throw data("The repository can no longer be analysed", { status: 400, statusText: "Bad Request" });
  // The owner as the OwnerPicker reads a post (a typed name becomes an entity ref); its search, without JavaScript, is a post too.
  const searching = formData.get(WIZARD_INTENT) === "search";
  const ownerArgs = ownerFieldArgs(app, identity, credentials, undefined, searching ? postedQuery(formData) : undefined);
  const owner = fieldExtensionServers.OwnerPicker!.toValue!(postedField(formData, "owner"), ownerArgs);
  // Only a search changes the owner's choices; any other answer shows those the page's loader read.
  if (searching) return { reply: undefined, finish: undefined, pullRequest: pullRequestView(app, analysis, typedFields(formData)), ownerData: await ownerField({ ...ownerArgs, value: owner }) };
  if (typeof owner === "string") formData.set("owner", owner);
  const submission = parseForm(formData, pullRequestSchema);
  if (submission.status !== "success")
    return data({ reply: submission.reply(), finish: undefined, pullRequest: pullRequestView(app, analysis, typedFields(formData)), ownerData: undefined }, { status: 400 });
  const fields = submission.value;
  const view = pullRequestView(app, analysis, fields);
  let fileContent: string;
  try {
    fileContent = app.catalog.import.catalogFile(analysis.generatedEntities, fields.componentName, fields.owner).content;
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return data({ reply: submission.reply({ fieldErrors: { componentName: [error.message] } }), finish: undefined, pullRequest: view, ownerData: undefined }, { status: 400 });
  }
  if (fields.intent === "preview") return { reply: submission.reply(), finish: undefined, pullRequest: view, ownerData: undefined };
  try {
    const userToken = (await sourceControlCredentials(app, args.request, new URL(analysis.url).host))?.accessToken;
    const result = await app.catalog.import.openPullRequest({ repositoryUrl: analysis.url, title: fields.title, body: fields.body, branchName: fields.branchName, fileContent, userToken }, call);
    return { reply: undefined, finish: { kind: "pullRequest", ...result } as Finish, pullRequest: undefined, ownerData: undefined };
  } catch (error) {
    if (error instanceof ImportHostError) {
      const t = createTranslator(readPreferences(args.request.headers.get("cookie")).language);
      const until = error.rateLimitedUntil && `${error.rateLimitedUntil.toISOString().slice(0, 16).replace("T", " ")} UTC`;
      const messages = [error.message, ...(until ? [t("catalogImport.pullRequest.rateLimited", { time: until })] : [])];
      return data({ reply: submission.reply({ formErrors: messages }), finish: undefined, pullRequest: view, ownerData: undefined }, { status: 502 });
    }
    if (!(error instanceof InputError || error instanceof NotAllowedError)) throw error;
    return data({ reply: submission.reply({ formErrors: [error.message] }), finish: undefined, pullRequest: view, ownerData: undefined }, { status: statusOf(error) });
  }
}

/** What was typed in the pull request form, as it was posted (a refused or searched post shows it again). */
function typedFields(formData: FormData): Partial<PullRequestFields> {
  const typed = (name: keyof PullRequestFields) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return { title: typed("title"), body: typed("body"), branchName: typed("branchName"), componentName: typed("componentName"), owner: typed("owner") };
}

export default function CatalogImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslation();
  const finish = actionData?.finish;
  const step: Step = finish ? "finish" : loaderData.step;
  return (
    <main id="main">
      <Header theme="home" title={t("catalogImport.title")} subtitle={t("catalogImport.support", { appTitle: loaderData.appTitle })} />
      <LoginRequestDialog requests={loaderData.requests} returnTo={loaderData.returnTo} />
      <Content>
        <h2 className="mb-4 text-xl font-semibold">{t("catalogImport.contentTitle", { appTitle: loaderData.appTitle })}</h2>
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
            <Stepper step={step} />
            {finish ? (
              <FinishView finish={finish} />
            ) : loaderData.step === "analyze" || !loaderData.analysis ? (
              <AnalyzeForm url={loaderData.url} reply={formReplyOf(loaderData.reply)} />
            ) : loaderData.analysis.type === "locations" ? (
              <LocationsForm url={loaderData.url} locations={loaderData.analysis.locations} reply={formReplyOf(actionData?.reply)} />
            ) : (
              <PullRequestForm
                url={loaderData.url}
                view={actionData?.pullRequest ?? loaderData.pullRequest!}
                ownerData={actionData?.ownerData ?? loaderData.ownerData}
                reply={formReplyOf(actionData?.reply)}
              />
            )}
          </div>
          <ImportInfo appTitle={loaderData.appTitle} fileName={loaderData.fileName} />
        </div>
      </Content>
    </main>
  );
}

function Stepper({ step }: { step: Step }) {
  const t = useTranslation();
  const order: Step[] = ["analyze", "prepare", "finish"];
  const labels = { analyze: t("catalogImport.steps.analyze"), prepare: t("catalogImport.steps.prepare"), finish: t("catalogImport.steps.finish") };
  return (
    <ol aria-label={t("catalogImport.steps.label")} className="flex flex-wrap gap-4 text-sm">
      {order.map((item, index) => (
        <li key={item} aria-current={item === step ? "step" : undefined} className={`flex items-center gap-2 ${item === step ? "font-semibold" : "text-slate-600 dark:text-slate-400"}`}>
          <span aria-hidden="true" className={`flex h-6 w-6 items-center justify-center rounded-full ${item === step ? "bg-brand-600 text-white" : "bg-slate-200 dark:bg-slate-700"}`}>
            {index + 1}
          </span>
          {labels[item]}
        </li>
      ))}
    </ol>
  );
}

const card = "rounded bg-white p-4 shadow dark:bg-slate-900";
const input = "block w-full rounded border border-slate-300 bg-white p-2 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-950";
const primary = "rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700";
const secondary = "rounded border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";

function AnalyzeForm({ url, reply }: { url: string; reply: FormReply | undefined }) {
  const t = useTranslation();
  const [form, fields] = useForm({ id: "catalog-import-url", lastResult: reply, defaultValue: { url } });
  return (
    <Form method="get" {...getFormProps(form)} aria-label={t("catalogImport.analyze.form")} className={`${card} flex flex-col gap-3`}>
      <label htmlFor={fields.url.id} className="font-semibold">
        {t("catalogImport.analyze.url")}
      </label>
      <input {...withoutKey(getInputProps(fields.url, { type: "url", ariaDescribedBy: fields.url.descriptionId }))} placeholder={EXAMPLE_URL} className={input} />
      <p id={fields.url.descriptionId} className="text-sm text-slate-600 dark:text-slate-400">
        {t("catalogImport.analyze.helper")}
      </p>
      <FieldError id={fields.url.errorId} errors={fields.url.errors} />
      <button type="submit" className={`${primary} self-start`}>
        {t("catalogImport.analyze.submit")}
      </button>
    </Form>
  );
}

function EntityList({ location }: { location: ImportLocation }) {
  return (
    <ul className="ml-6 list-disc text-sm">
      {location.entities.map((entity) => (
        <li key={`${entity.kind}:${entity.namespace}/${entity.name}`}>
          <span className="font-mono">{stringifyEntityRef(entity)}</span>
        </li>
      ))}
    </ul>
  );
}

function LocationsForm({ url, locations, reply }: { url: string; locations: ImportLocation[]; reply: FormReply | undefined }) {
  const t = useTranslation();
  const [form] = useForm({ id: "catalog-import-locations", lastResult: reply });
  const fresh = locations.filter((location) => !location.exists);
  const existing = locations.filter((location) => location.exists);
  return (
    <Form method="post" {...getFormProps(form)} aria-label={t("catalogImport.locations.selectTitle")} className={`${card} flex flex-col gap-4`}>
      <input type="hidden" name="intent" value="import" />
      <input type="hidden" name="url" value={url} />
      <h3 className="text-lg font-semibold">{t("catalogImport.locations.selectTitle")}</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("catalogImport.locations.discovered", { count: locations.length })}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <LocationChoices legend={fresh.length > 1 ? t("catalogImport.locations.select") : t("catalogImport.locations.willAdd")} locations={fresh} checked />
      {/* Registered ones are offered for a refresh, ticked only when there is nothing new. */}
      <LocationChoices legend={t("catalogImport.locations.existing")} locations={existing} checked={fresh.length === 0} />
      <div className="flex gap-2">
        <Link to="/catalog-import" className={secondary}>
          {t("catalogImport.locations.back")}
        </Link>
        <button type="submit" className={primary}>
          {fresh.length > 0 ? t("catalogImport.locations.import") : t("catalogImport.locations.refresh")}
        </button>
      </div>
    </Form>
  );
}

function LocationChoices({ legend, locations, checked }: { legend: string; locations: ImportLocation[]; checked: boolean }) {
  if (locations.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2">{legend}</legend>
      {locations.map((location) => (
        <div key={location.target}>
          <label className="flex items-start gap-2 break-all">
            <input type="checkbox" name="targets" value={location.target} defaultChecked={checked} className="mt-1" />
            <span className="font-mono text-sm">{location.target}</span>
          </label>
          <EntityList location={location} />
        </div>
      ))}
    </fieldset>
  );
}

const OwnerPicker = fieldExtensions.OwnerPicker!.Component;

function PullRequestForm({ url, view, ownerData, reply }: { url: string; view: PullRequestView; ownerData: unknown; reply: FormReply | undefined }) {
  const t = useTranslation();
  const [form, fields] = useForm({
    id: "catalog-import-pull-request",
    lastResult: reply,
    defaultValue: { title: view.title, body: view.body, branchName: view.branchName, componentName: view.componentName, owner: view.owner },
  });
  return (
    <div className="flex flex-col gap-4">
      <Form method="post" {...getFormProps(form)} aria-label={t("catalogImport.pullRequest.title")} className={`${card} flex flex-col gap-3`}>
        <input type="hidden" name="url" value={url} />
        <h3 className="text-lg font-semibold">{t("catalogImport.pullRequest.title")}</h3>
        <p className="break-all text-sm text-slate-600 dark:text-slate-400">{t("catalogImport.pullRequest.repository", { url: view.repositoryUrl })}</p>
        <FormErrors id={form.errorId} errors={form.errors} />
        <h4 className="font-semibold">{t("catalogImport.pullRequest.details")}</h4>
        <label htmlFor={fields.title.id}>{t("catalogImport.pullRequest.titleLabel")}</label>
        <input {...withoutKey(getInputProps(fields.title, { type: "text" }))} className={input} />
        <FieldError id={fields.title.errorId} errors={fields.title.errors} />
        <label htmlFor={fields.body.id}>{t("catalogImport.pullRequest.bodyLabel")}</label>
        <textarea {...withoutKey(getTextareaProps(fields.body, { ariaDescribedBy: fields.body.descriptionId }))} rows={6} className={input} />
        <p id={fields.body.descriptionId} className="text-sm text-slate-600 dark:text-slate-400">
          {t("catalogImport.pullRequest.bodyHelper")}
        </p>
        <FieldError id={fields.body.errorId} errors={fields.body.errors} />
        <label htmlFor={fields.branchName.id}>{t("catalogImport.pullRequest.branchLabel")}</label>
        <input {...withoutKey(getInputProps(fields.branchName, { type: "text", ariaDescribedBy: fields.branchName.descriptionId }))} className={input} />
        <p id={fields.branchName.descriptionId} className="text-sm text-slate-600 dark:text-slate-400">
          {t("catalogImport.pullRequest.branchHelper", { file: view.fileName })}
        </p>
        <FieldError id={fields.branchName.errorId} errors={fields.branchName.errors} />
        <h4 className="font-semibold">{t("catalogImport.pullRequest.configuration")}</h4>
        <label htmlFor={fields.componentName.id}>{t("catalogImport.pullRequest.nameLabel")}</label>
        <input {...withoutKey(getInputProps(fields.componentName, { type: "text" }))} className={input} />
        <FieldError id={fields.componentName.errorId} errors={fields.componentName.errors} />
        <OwnerPicker
          name="owner"
          id={fields.owner.id}
          schema={{ type: "string", title: t("catalogImport.pullRequest.ownerLabel"), description: t("catalogImport.pullRequest.ownerHelper") }}
          uiSchema={{ "ui:field": "OwnerPicker" }}
          value={view.owner || undefined}
          required
          disabled={false}
          errors={fields.owner.errors}
          errorId={fields.owner.errorId}
          formData={{}}
          data={ownerData}
        />
        <div className="flex flex-wrap gap-2">
          <Link to="/catalog-import" className={secondary}>
            {t("catalogImport.locations.back")}
          </Link>
          <button type="submit" name="intent" value="preview" className={secondary}>
            {t("catalogImport.pullRequest.updatePreview")}
          </button>
          <button type="submit" name="intent" value="create" className={primary}>
            {t("catalogImport.pullRequest.submit")}
          </button>
        </div>
      </Form>
      <section aria-labelledby="catalog-import-preview" className={card}>
        <h3 id="catalog-import-preview" className="text-lg font-semibold">
          {t("catalogImport.pullRequest.preview")}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("catalogImport.pullRequest.previewSubheader")}</p>
        <p className="mt-2 font-semibold">{view.title}</p>
        <pre className="mt-2 whitespace-pre-wrap text-sm">{view.body}</pre>
        <h4 className="mt-4 font-semibold">{t("catalogImport.pullRequest.previewEntities")}</h4>
        <pre data-testid="catalog-import-yaml" className="mt-2 overflow-x-auto rounded bg-slate-100 p-3 font-mono text-sm dark:bg-slate-950">
          {view.fileContent}
        </pre>
      </section>
    </div>
  );
}

function FinishView({ finish }: { finish: Finish }) {
  const t = useTranslation();
  return (
    <section aria-labelledby="catalog-import-finish" className={`${card} flex flex-col gap-3`} data-testid="catalog-import-finish">
      <h3 id="catalog-import-finish" className="text-lg font-semibold">
        {t("catalogImport.steps.finish")}
      </h3>
      {finish.kind === "pullRequest" ? (
        <>
          <p>
            {t("catalogImport.finish.pullRequest")}
            <a href={finish.link} className="text-brand-700 dark:text-brand-300">
              {finish.link}
            </a>
          </p>
          <p>{t("catalogImport.finish.pullRequestNote")}</p>
          <p className="break-all font-mono text-sm">{t("catalogImport.finish.location", { target: finish.location })}</p>
        </>
      ) : (
        finish.locations.map((location) => (
          <div key={location.target}>
            <p>{location.exists ? t("catalogImport.finish.refreshed") : t("catalogImport.finish.added")}</p>
            <p className="break-all font-mono text-sm">{location.target}</p>
            <ul className="ml-6 list-disc">
              {location.entities.map((entity) => (
                <li key={stringifyEntityRef(entity)}>
                  <Link to={entityRoute(entity)} className="text-brand-700 underline dark:text-brand-300">
                    {stringifyEntityRef(entity)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
      <Link to="/catalog-import" className={`${primary} self-start`}>
        {t("catalogImport.finish.again")}
      </Link>
    </section>
  );
}

function ImportInfo({ appTitle, fileName }: { appTitle: string; fileName: string }) {
  const t = useTranslation();
  return (
    <aside aria-labelledby="catalog-import-info" className={`${card} flex flex-col gap-3 text-sm`}>
      <h3 id="catalog-import-info" className="text-lg font-semibold">
        {t("catalogImport.info.title")}
      </h3>
      <p>{t("catalogImport.info.description", { appTitle })}</p>
      <h4 className="font-semibold">{t("catalogImport.info.fileTitle")}</h4>
      <p className="break-all text-slate-600 dark:text-slate-400">{t("catalogImport.info.example", { url: EXAMPLE_URL })}</p>
      <p>{t("catalogImport.info.fileDescription", { appTitle })}</p>
      <h4 className="font-semibold">
        {t("catalogImport.info.repositoryTitle")} <span className="rounded bg-slate-200 px-2 text-xs dark:bg-slate-700">{t("catalogImport.info.repositoryLabel")}</span>
      </h4>
      <p>{t("catalogImport.info.repositoryDescription", { file: fileName, appTitle })}</p>
    </aside>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
