// What two consumers of Coffer do on the wire, modelled from their sources so that a test can
// replay them against a real server: the External Secrets Operator's webhook provider
// (external-secrets providers/v1/webhook: pkg/webhook/webhook.go, webhook.go; the controller's
// merge in pkg/controllers/externalsecret/externalsecret_controller_secret.go) and Terraform's
// `http` data source (hashicorp/terraform-provider-http internal/provider/data_source_http.go, over
// hashicorp/go-retryablehttp 0.7). Both are Go programs: their requests are Go's net/http ones.
// Only what the documented recipes use is modelled; anything else throws, so a recipe that
// outgrows the model fails its test instead of being replayed wrongly.
import { request } from "node:http";
import { gunzipSync } from "node:zlib";

/** One request as a Go client sends it, and its answer. */
export interface Exchange {
  method: string;
  url: string;
  /** The header fields the client sets, by canonical name (transport framing aside). */
  headers: Record<string, string>;
  status: number;
  statusText: string;
  body: string;
}

/** Go's http.CanonicalHeaderKey: each dash-separated word capitalised. */
const canonical = (name: string) =>
  name
    .toLowerCase()
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("-");

/**
 * A GET with no body as Go's http.Client sends it: the caller's headers, `User-Agent:
 * Go-http-client/1.1` unless set, `Accept-Encoding: gzip` (the transport then gunzips the answer).
 */
export function goGet(url: string, headers: Record<string, string>): Promise<Exchange> {
  const sent: Record<string, string> = { "User-Agent": "Go-http-client/1.1" };
  for (const [name, value] of Object.entries(headers)) sent[canonical(name)] = value;
  sent["Accept-Encoding"] = "gzip";
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: "GET", headers: sent, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", reject);
      incoming.on("end", () => {
        const raw = Buffer.concat(chunks);
        const body = incoming.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
        resolve({
          method: "GET",
          url,
          headers: sent,
          status: incoming.statusCode ?? 0,
          statusText: incoming.statusMessage ?? "",
          body: body.toString("utf8"),
        });
      });
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

// ---------------------------------------------------------------- External Secrets Operator

type TemplateData = Record<string, Record<string, string>>;

/**
 * Go text/template as the webhook provider runs it, for the two actions a recipe needs:
 * `{{ .name.field }}` and `{{ print .name.field }}`. A missing field prints Go's "<no value>".
 */
export function goTemplate(template: string, data: TemplateData): string {
  return template.replace(/\{\{(.*?)\}\}/g, (_, action: string) => {
    const match = action.trim().match(/^(?:print\s+)?\.([A-Za-z_]\w*)\.([A-Za-z_][\w-]*)$/);
    if (!match) throw new Error(`template action not modelled: {{${action}}}`);
    return data[match[1]!]?.[match[2]!] ?? "<no value>";
  });
}

/** Go's url.QueryEscape: all but A-Z a-z 0-9 - _ . ~ percent-encoded (UTF-8, upper hex), space as +. */
export const queryEscape = (value: string) =>
  encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");

/** The JSONPath expressions a recipe uses, as PaesslerAG/jsonpath evaluates them: `$` and `$.name`. */
export function jsonPath(expression: string, document: unknown): unknown {
  if (expression === "$") return document;
  const member = expression.match(/^\$\.([A-Za-z_]\w*)$/);
  if (!member) throw new Error(`JSONPath not modelled: ${expression}`);
  const name = member[1]!;
  if (
    typeof document !== "object" ||
    document === null ||
    Array.isArray(document) ||
    !Object.hasOwn(document, name)
  ) {
    throw new Error(`unknown key ${name}`);
  }
  return (document as Record<string, unknown>)[name];
}

/** Go's json.Marshal of decoded JSON: map keys sorted, <, > and & escaped. */
function goMarshal(value: unknown): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : typeof v === "object" && v !== null
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(sorted(value)).replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
}

/** esutils.GetByteValue, for what JSON decodes to. */
function byteValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return String(value);
  if (value === null) return "";
  if (typeof value === "object") return goMarshal(value);
  throw new Error(`value of type ${typeof value} not modelled`);
}

/** The webhook provider's extractSecretData (one value): the first item of a list, a map as JSON. */
function extractSecretData(value: unknown): string {
  if (Array.isArray(value)) {
    if (value.length === 0) throw new Error("filter worked but didn't get any result");
    return extractSecretData(value[0]);
  }
  if (typeof value === "number") throw new Error("numbers not modelled");
  return byteValue(value);
}

/** What ESO reports; NoSecretError is the one the controller treats as "deleted at the provider". */
export class NoSecretError extends Error {}

export interface KubernetesSecret {
  metadata: { name: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

interface WebhookProvider {
  url: string;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  result?: { jsonPath?: string };
  secrets?: { name: string; secretRef: { name: string } }[];
  [other: string]: unknown;
}

export interface SecretStore {
  kind: "SecretStore";
  metadata: { name: string; namespace?: string };
  spec: { provider: { webhook: WebhookProvider } };
}

interface StoreRef {
  name: string;
  kind?: string;
}
interface RemoteRef {
  key: string;
  property?: string;
  version?: string;
}

export interface ExternalSecret {
  kind: "ExternalSecret";
  metadata: { name: string; namespace?: string };
  spec: {
    secretStoreRef: StoreRef;
    target: { name: string; deletionPolicy?: "Delete" | "Merge" | "Retain" };
    data?: { secretKey: string; remoteRef: RemoteRef; sourceRef?: { storeRef?: StoreRef } }[];
    dataFrom?: { extract?: RemoteRef; sourceRef?: { storeRef?: StoreRef } }[];
  };
}

/** The Kubernetes objects an operator would see in one namespace: Secrets and SecretStores by name. */
export interface Cluster {
  namespace: string;
  secrets: Map<string, KubernetesSecret>;
  stores: Map<string, SecretStore>;
}

/** Every request the replay made, in order. */
export type Log = Exchange[];

/** GetTemplateData: the remote ref (query-escaped for the URL, raw elsewhere) and the store's secrets. */
function templateData(cluster: Cluster, provider: WebhookProvider, ref: RemoteRef, urlEncode: boolean) {
  const pick = (value = "") => (urlEncode ? queryEscape(value) : value);
  const data: TemplateData = {
    remoteRef: {
      key: pick(ref.key),
      version: pick(ref.version),
      property: pick(ref.property),
      namespace: cluster.namespace,
    },
  };
  for (const { name, secretRef } of provider.secrets ?? []) {
    const secret = cluster.secrets.get(secretRef.name);
    if (!secret) throw new Error(`failed to get webhook secret ${secretRef.name}`);
    // The provider reads only Secrets labelled for it (EnforceLabels).
    if (secret.metadata.labels?.["external-secrets.io/type"] !== "webhook") {
      throw new Error("secret does not contain needed label 'external-secrets.io/type: webhook'");
    }
    // stringData is what the API server stores as data.
    data[name] = { ...secret.data, ...secret.stringData };
  }
  return data;
}

/** GetWebhookData: the templated request, and the provider's reading of its status. */
async function webhookData(cluster: Cluster, provider: WebhookProvider, ref: RemoteRef, log: Log) {
  const known = ["url", "method", "body", "headers", "result", "secrets"];
  const unknown = Object.keys(provider).filter((k) => !known.includes(k));
  if (unknown.length > 0) throw new Error(`webhook settings not modelled: ${unknown.join(", ")}`);
  if ((provider.method ?? "GET") !== "GET" || goTemplate(provider.body ?? "", {}) !== "") {
    throw new Error("only a GET with no body is modelled");
  }
  const escaped = templateData(cluster, provider, ref, true);
  const raw = templateData(cluster, provider, ref, false);
  const headers = Object.fromEntries(
    Object.entries(provider.headers ?? {}).map(([name, value]) => [name, goTemplate(value, raw)]),
  );
  const exchange = await goGet(goTemplate(provider.url, escaped), headers);
  log.push(exchange);
  if (exchange.status === 404) throw new NoSecretError("Secret does not exist");
  if (exchange.status === 304) throw new Error("not modified");
  if (exchange.status < 200 || exchange.status >= 300) {
    throw new Error(`endpoint gave error ${exchange.status} ${exchange.statusText}`);
  }
  return { body: exchange.body, raw };
}

/** WebHook.GetSecret: one value (`data` entries). */
export async function getSecret(cluster: Cluster, store: SecretStore, ref: RemoteRef, log: Log) {
  const provider = store.spec.provider.webhook;
  const { body, raw } = await webhookData(cluster, provider, ref, log);
  const path = goTemplate(provider.result?.jsonPath ?? "", raw);
  return path === "" ? body : extractSecretData(jsonPath(path, JSON.parse(body)));
}

/** WebHook.GetSecretMap: a map of values (`dataFrom.extract`). */
export async function getSecretMap(cluster: Cluster, store: SecretStore, ref: RemoteRef, log: Log) {
  const provider = store.spec.provider.webhook;
  const { body, raw } = await webhookData(cluster, provider, ref, log);
  const path = goTemplate(provider.result?.jsonPath ?? "", raw);
  let document: unknown = JSON.parse(body);
  if (path !== "") document = jsonPath(path, document);
  if (typeof document === "string") document = JSON.parse(document);
  if (typeof document !== "object" || document === null || Array.isArray(document)) {
    throw new Error("failed to get response (wrong type)");
  }
  return Object.fromEntries(Object.entries(document).map(([key, value]) => [key, byteValue(value)]));
}

/**
 * The controller's GetProviderSecretData: each dataFrom map merged in order, then each data entry
 * by its secretKey. A NoSecretError skips the entry unless the deletion policy is Retain (the
 * default), where it fails the whole sync like any error: the target Secret is then left as it was.
 */
export async function reconcile(cluster: Cluster, externalSecret: ExternalSecret, log: Log = []) {
  const { spec } = externalSecret;
  const retain = (spec.target.deletionPolicy ?? "Retain") === "Retain";
  const storeOf = (ref?: StoreRef) => {
    const name = (ref ?? spec.secretStoreRef).name;
    const store = cluster.stores.get(name);
    if (!store) throw new Error(`no SecretStore ${name}`);
    return store;
  };
  const data: Record<string, string> = {};
  for (const entry of spec.dataFrom ?? []) {
    if (!entry.extract) throw new Error("only dataFrom.extract is modelled");
    try {
      Object.assign(
        data,
        await getSecretMap(cluster, storeOf(entry.sourceRef?.storeRef), entry.extract, log),
      );
    } catch (error) {
      if (error instanceof NoSecretError && !retain) continue;
      throw error;
    }
  }
  for (const entry of spec.data ?? []) {
    try {
      data[entry.secretKey] = await getSecret(
        cluster,
        storeOf(entry.sourceRef?.storeRef),
        entry.remoteRef,
        log,
      );
    } catch (error) {
      if (error instanceof NoSecretError && !retain) continue;
      throw error;
    }
  }
  return data;
}

// ------------------------------------------------------------------- Terraform http data source

/** One `data "http"` block of a configuration, as written. */
export interface HttpDataBlock {
  name: string;
  url: string;
  requestHeaders: Record<string, string>;
  /** The postcondition's condition, as written (only `self.status_code == N` is modelled). */
  condition?: string;
}

/** The `data "http"` blocks of HCL text (top-level blocks closed by a `}` at the start of a line). */
export function httpDataBlocks(hcl: string): HttpDataBlock[] {
  return [...hcl.matchAll(/^data "http" "(\w+)" \{\n([\s\S]*?)^\}/gm)].map(([, name, body]) => {
    const url = body!.match(/^\s*url\s*=\s*"([^"]*)"\s*$/m)?.[1];
    if (url === undefined) throw new Error(`data.http.${name} has no url`);
    const headerBlock = body!.match(/request_headers\s*=\s*\{\n([\s\S]*?)\n\s*\}/)?.[1] ?? "";
    const requestHeaders = Object.fromEntries(
      headerBlock
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => {
          const header = line.match(/^\s*([\w-]+)\s*=\s*"(.*)"\s*$/);
          if (!header) throw new Error(`request header not modelled: ${line}`);
          return [header[1]!, header[2]!];
        }),
    );
    const condition = body!.match(/^\s*condition\s*=\s*(.+?)\s*$/m)?.[1];
    return { name: name!, url, requestHeaders, ...(condition ? { condition } : {}) };
  });
}

/** HCL string interpolation of input variables only: `${var.name}`. */
export function interpolate(text: string, variables: Record<string, string>): string {
  return text.replace(/\$\{(.*?)\}/g, (_, expression: string) => {
    const variable = expression.match(/^var\.(\w+)$/);
    if (!variable || variables[variable[1]!] === undefined)
      throw new Error(`interpolation not modelled: ${expression}`);
    return variables[variable[1]!]!;
  });
}

/**
 * Reading the data source: a GET with `request_headers` set (Header.Set), through go-retryablehttp
 * with no retry block — a 429, a 5xx other than 501 (or status 0) fails the read ("giving up after 1
 * attempt(s)"); any other status is kept as `status_code`, the body as `response_body`. Then the
 * postcondition, when there is one.
 */
export async function readHttpData(block: HttpDataBlock, variables: Record<string, string>, log: Log = []) {
  const headers = Object.fromEntries(
    Object.entries(block.requestHeaders).map(([name, value]) => [name, interpolate(value, variables)]),
  );
  const exchange = await goGet(interpolate(block.url, variables), headers);
  log.push(exchange);
  const { status } = exchange;
  if (status === 0 || status === 429 || (status >= 500 && status !== 501)) {
    throw new Error(`GET ${block.url} giving up after 1 attempt(s)`);
  }
  const self = { status_code: status, response_body: exchange.body };
  if (block.condition !== undefined) {
    const expected = block.condition.match(/^self\.status_code == (\d+)$/);
    if (!expected) throw new Error(`postcondition not modelled: ${block.condition}`);
    if (status !== Number(expected[1])) throw new Error(`postcondition failed: status_code ${status}`);
  }
  return self;
}
