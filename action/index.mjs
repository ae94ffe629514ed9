// @ts-check
// Coffer's GitHub Action (action.yml): reads one environment's secrets and hands them to the job's
// later steps through $GITHUB_ENV (and step outputs). Node's own modules only, and the CLI's two
// files on what reaches a command, imported as they are (Node strips their types): nothing to
// install, nothing to build. Every value is masked (`::add-mask::`, each line of a multi-line value
// too, since the runner masks log lines one at a time) before anything is written anywhere; no
// value, token or key is ever printed.
import { randomBytes } from "node:crypto";
import { appendFileSync, readFileSync } from "node:fs";
import { EOL } from "node:os";
import { resolve } from "node:path";
// Whoever writes the environment's secrets must not gain code execution in the job's later steps
// (MAKEFLAGS, NODE_OPTIONS, BASH_ENV…): the rules `coffer run` applies decide what $GITHUB_ENV gets.
import { sortForEnvironment } from "../src/cli/environment-policy.ts";
import { keptBackWarning, lastWriters } from "../src/cli/last-writer.ts";

const REQUEST_TIMEOUT_MS = 30_000;
/** How many of a 207's unreadable secrets the error names (each undecryptable one costs a request). */
const NAMED_FAILURES = 20;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const IDS = /** @type {const} */ (["workspace_id", "team_id", "project_id", "environment_id"]);
const UNRESOLVED = {
  unreachable: "a reference names an environment that does not exist or that this credential may not read",
  missing: "a reference names a key its environment does not have",
  undecryptable: "a reference names a value that cannot be decrypted",
  cycle: "its references lead back to itself",
  too_deep: "its references go more than 5 deep",
};

/** A failure the job's log explains; its message never carries a value or a credential. */
class ActionError extends Error {}

// ---- the runner's interface: inputs, workflow commands, file commands ----

/** An input as the runner passes it: INPUT_<NAME> (upper case, spaces as underscores). */
const input = (/** @type {string} */ name) =>
  (process.env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();

function booleanInput(/** @type {string} */ name, /** @type {boolean} */ fallback) {
  const value = input(name);
  if (value === "") return fallback;
  if (/^(true|True|TRUE)$/.test(value)) return true;
  if (/^(false|False|FALSE)$/.test(value)) return false;
  throw new ActionError(`Input ${name} must be true or false (it is "${value}").`);
}

/** Workflow-command data: the runner unescapes %25, %0D and %0A (so `%` goes first). */
const escapeData = (/** @type {string} */ text) =>
  text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");

const command = (/** @type {string} */ name, /** @type {string} */ data) =>
  process.stdout.write(`::${name}::${escapeData(data)}${EOL}`);

/**
 * Hides `secret` in the job's logs from now on: the whole of it, and each of its lines, because
 * the runner masks the log line by line and a multi-line secret is never one line there. Blank
 * pieces are skipped (the runner refuses to mask them, and they hide nothing).
 */
function mask(/** @type {string} */ secret) {
  const pieces = new Set([secret, ...secret.split(/\r\n|\r|\n/)]);
  for (const piece of pieces) if (piece.trim() !== "") command("add-mask", piece);
}

/** A heredoc delimiter found nowhere in the value, so the value cannot end its own entry. */
function delimiterFor(/** @type {string} */ value) {
  for (;;) {
    const delimiter = `COFFER_EOF_${randomBytes(16).toString("hex")}`;
    if (!value.includes(delimiter)) return delimiter;
  }
}

/** Entries in the file-command format ($GITHUB_ENV, $GITHUB_OUTPUT): NAME<<DELIMITER, value, DELIMITER. */
const heredocs = (/** @type {[string, string][]} */ entries) =>
  entries
    .map(([name, value]) => {
      const delimiter = delimiterFor(value);
      return `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`;
    })
    .join("");

function fileOf(/** @type {string} */ variable) {
  const path = process.env[variable];
  if (!path)
    throw new ActionError(`${variable} is not set: run this action as a step of a GitHub Actions job.`);
  return path;
}

// ---- what to read, and with which credential ----

/** `raw` as scheme://host[:port][/path] with no trailing slash; undefined unless a plain http(s) URL. */
function normalisedUrl(/** @type {string} */ raw) {
  try {
    const url = new URL(raw.trim());
    if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
    if (url.username || url.password || url.search || url.hash) return undefined;
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    return undefined;
  }
}

function apiUrlOf(/** @type {string} */ raw) {
  if (raw === "") throw new ActionError("Input api-url is required (e.g. https://coffer.example.com).");
  const apiUrl = normalisedUrl(raw);
  if (!apiUrl)
    throw new ActionError(
      // Not echoed: what was given may carry a password.
      "Input api-url is not an http(s) URL without user name, password, query or fragment.",
    );
  const { protocol, hostname } = new URL(apiUrl);
  if (protocol === "http:" && !["127.0.0.1", "localhost", "[::1]"].includes(hostname))
    command("warning", "api-url is plain http: the credential and the values cross the network unencrypted.");
  return apiUrl;
}

/** The environment's ids: the four inputs, else the project file (a .coffer.json of the repository). */
function environmentOf(/** @type {string} */ apiUrl) {
  const given = IDS.map((id) => input(id.replace("_", "-")));
  if (given.some((id) => id !== "")) {
    const missing = IDS.filter((_, i) => given[i] === "").map((id) => id.replace("_", "-"));
    if (missing.length > 0)
      throw new ActionError(
        `Give all four ids or none (then project-file is read); missing: ${missing.join(", ")}.`,
      );
    return checkedIds(given, "the inputs");
  }
  const name = input("project-file") || ".coffer.json";
  const path = resolve(process.env.GITHUB_WORKSPACE || process.cwd(), name);
  /** @type {Record<string, unknown>} */
  let project;
  try {
    project = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    const why =
      /** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT" ? "it does not exist" : "it is not JSON";
    throw new ActionError(
      `Cannot read the project file ${name} (${why}): check out the repository first (actions/checkout), ` +
        "or give workspace-id, team-id, project-id and environment-id.",
    );
  }
  if (typeof project.api_url === "string" && normalisedUrl(project.api_url) !== apiUrl) {
    throw new ActionError(
      `${name} names ${project.api_url} but api-url is ${apiUrl}: its ids belong to another server. ` +
        "Set api-url to that server, or give the ids as inputs.",
    );
  }
  const ids = IDS.map((id) => project[id]);
  if (!ids.every((id) => typeof id === "string" && id !== ""))
    throw new ActionError(
      `${name} does not name an environment (${IDS.join(", ")}): give the ids as inputs.`,
    );
  return checkedIds(/** @type {string[]} */ (ids), name);
}

function checkedIds(/** @type {string[]} */ ids, /** @type {string} */ source) {
  const bad = IDS.filter((_, i) => !UUID.test(ids[i] ?? ""));
  if (bad.length > 0) throw new ActionError(`Not ids (UUIDs) in ${source}: ${bad.join(", ")}.`);
  const [workspaceId = "", teamId, projectId, environmentId = ""] = ids;
  return {
    workspaceId,
    environmentId,
    path: `/secrets/${ids.join("/")}`,
    /** The path of another environment of the project (where an inherited secret lives). */
    pathOf: (/** @type {string} */ id) => `/secrets/${workspaceId}/${teamId}/${projectId}/${id}`,
  };
}

/** The job token's iss, sub and aud, to say which trust it should have matched (never the token). */
function claimsOf(/** @type {string} */ jwt) {
  try {
    const payload = JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8"));
    return `its iss is "${payload.iss}", its sub "${payload.sub}", its aud "${payload.aud}"`;
  } catch {
    return "it could not be decoded";
  }
}

/** A Coffer key for this job: the api-key input, else the job's OIDC token exchanged for one. */
async function credentialOf(/** @type {string} */ apiUrl) {
  const apiKey = input("api-key");
  const serviceAccount = input("service-account-id");
  if (apiKey) {
    mask(apiKey);
    if (serviceAccount)
      throw new ActionError("Give api-key or service-account-id (OIDC federation), not both.");
    return apiKey;
  }
  // Coffer matches the token against the named account's trusts only.
  if (!serviceAccount)
    throw new ActionError(
      "Give service-account-id (OIDC federation: the account whose trust accepts this job's token; " +
        "`coffer ci-setup` prints it, the dashboard shows it on the account's page), or api-key.",
    );
  if (!UUID.test(serviceAccount)) throw new ActionError("service-account-id is not an id (a UUID).");
  const requestUrl = process.env.ACTIONS_ID_TOKEN_REQUEST_URL;
  const requestToken = process.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN;
  if (!requestUrl || !requestToken) {
    throw new ActionError(
      "The job cannot ask GitHub for an OIDC token: give it `permissions: id-token: write` " +
        "(pull requests from forks never get one), or pass api-key.",
    );
  }
  mask(requestToken);
  const audience = input("audience") || new URL(apiUrl).host;
  const separator = requestUrl.includes("?") ? "&" : "?";
  const issued = await call(
    "GitHub's OIDC token endpoint",
    `${requestUrl}${separator}audience=${encodeURIComponent(audience)}`,
    { headers: { authorization: `Bearer ${requestToken}`, accept: "application/json" } },
  );
  const jwt = issued.body?.value;
  if (issued.status !== 200 || typeof jwt !== "string")
    throw new ActionError(`GitHub did not issue an OIDC token (status ${issued.status}).`);
  mask(jwt);
  const exchanged = await call("Coffer", `${apiUrl}/auth/oidc/exchange`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: jwt, service_account_id: serviceAccount }),
  });
  const key = exchanged.body?.access_token;
  if (exchanged.status === 200 && typeof key === "string") {
    mask(key);
    return key;
  }
  const { code, detail } = errorOf(exchanged.body);
  const account = `service account ${serviceAccount}`;
  if (exchanged.status === 401 || exchanged.status === 403)
    throw new ActionError(
      `Coffer refused this job's OIDC token (${exchanged.status} ${code}): ${detail} The token was asked for ` +
        `audience "${audience}"; ${claimsOf(jwt)}. A trust of ${account} must name that issuer and audience, ` +
        "and a subject pattern (and claims) that this sub (and the job's claims) match.",
    );
  if (exchanged.status === 502)
    throw new ActionError(
      `Coffer could not use the OIDC issuer to verify the token (${code}): ${detail} Its log says why.`,
    );
  throw new ActionError(`Coffer answered the OIDC exchange with ${exchanged.status} ${code}: ${detail}`);
}

// ---- Coffer's API ----

/**
 * One request; the body parsed as JSON when it is. A network failure or a timeout is an
 * ActionError naming `what` and the cause, never the request's headers or body.
 * @param {string} what
 * @param {string} url
 * @param {RequestInit} init
 * @returns {Promise<{status: number, body: any}>}
 */
async function call(what, url, init) {
  /** @type {Response} */
  let response;
  try {
    response = await fetch(url, {
      ...init,
      redirect: "error",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = /** @type {{cause?: {code?: string, message?: string}, name?: string}} */ (error);
    const why =
      cause.name === "TimeoutError"
        ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`
        : (cause.cause?.code ?? cause.cause?.message ?? String(error));
    const where = what === "Coffer" ? ` at ${new URL(url).origin}` : "";
    throw new ActionError(`Cannot reach ${what}${where} (${why}).`);
  }
  const text = await response.text();
  try {
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  } catch {
    return { status: response.status, body: undefined };
  }
}

/** An error answer's code and words; a 422's list by field and message only (never the input it echoes). */
function errorOf(/** @type {any} */ body) {
  const code = typeof body?.code === "string" ? body.code : "error";
  const detail = Array.isArray(body?.detail)
    ? body.detail.map((/** @type {any} */ d) => `${(d.loc ?? []).join(".")}: ${d.msg}`).join("; ")
    : typeof body?.detail === "string"
      ? body.detail
      : "no detail given";
  return { code, detail: /[.!?]$/.test(detail) ? detail : `${detail}.` };
}

/** @typedef {ReturnType<typeof checkedIds>} Environment */

/**
 * Every secret of the environment, or an ActionError: a 207 names each key that could not be read
 * (its id when even the key cannot be found) and nothing is exported.
 * @returns {Promise<{id: string, key: string, value: string, inherited_from?: string}[]>}
 */
async function readSecrets(
  /** @type {string} */ apiUrl,
  /** @type {string} */ key,
  /** @type {Environment} */ environment,
) {
  const headers = { authorization: `Bearer ${key}` };
  const read = await call("Coffer", `${apiUrl}${environment.path}/`, { headers });
  if (read.status === 200 && Array.isArray(read.body)) return read.body;
  if (read.status === 207) {
    const detail = read.body?.detail ?? {};
    const failed = await unreadable(apiUrl, environment.path, headers, detail);
    throw new ActionError(
      `Coffer could not read ${detail.failed_ids?.length ?? 0} secret(s) of environment ` +
        `${environment.environmentId}, so nothing was exported: ${failed.join("; ")}.`,
    );
  }
  const { code, detail } = errorOf(read.body);
  const answered = `Coffer answered ${read.status} ${code}: ${detail}`;
  if (read.status === 401)
    throw new ActionError(`${answered} The credential is not accepted: mint a new key, or check the trust.`);
  if (read.status === 403)
    throw new ActionError(
      `${answered} This credential may not read environment ${environment.environmentId}: the key's (or the ` +
        "trust's) environment_ids / project_ids and the service account's role and teams must reach it.",
    );
  if (read.status === 404)
    throw new ActionError(
      `${answered} Check workspace-id, team-id, project-id and environment-id (or the project file).`,
    );
  throw new ActionError(answered);
}

/** "KEY (why)" for each secret a 207 left out: unresolved ones say why, undecryptable ones are looked up by id. */
async function unreadable(
  /** @type {string} */ apiUrl,
  /** @type {string} */ path,
  /** @type {Record<string, string>} */ headers,
  /** @type {{failed_ids?: string[], unresolved?: {id: string, key: string, reason: string}[]}} */ detail,
) {
  const unresolved = new Map((detail.unresolved ?? []).map((u) => [u.id, u]));
  const failedIds = detail.failed_ids ?? [];
  const lines = [];
  for (const id of failedIds.slice(0, NAMED_FAILURES)) {
    const u = unresolved.get(id);
    if (u) {
      lines.push(`${u.key} (${UNRESOLVED[/** @type {keyof typeof UNRESOLVED} */ (u.reason)] ?? u.reason})`);
      continue;
    }
    // The 207 gives an undecryptable secret's id; its log's newest entry names its key.
    const log = await call("Coffer", `${apiUrl}${path}/${id}/logs?limit=1`, { headers }).catch(
      () => undefined,
    );
    const key = log?.status === 200 ? log.body?.[0]?.details?.key : undefined;
    lines.push(
      `${typeof key === "string" ? key : `secret ${id}`} (its stored value cannot be decrypted: set it again)`,
    );
  }
  if (failedIds.length > NAMED_FAILURES) lines.push(`and ${failedIds.length - NAMED_FAILURES} more`);
  return lines;
}

// ---- choosing and exporting ----

/** An input that lists names, separated by commas or new lines. */
const listInput = (/** @type {string} */ name) =>
  input(name)
    .split(/[\s,]+/)
    .filter((p) => p !== "");

/** The `keys` input as whole-key patterns, `*` matching any run of characters. */
function keyFilter() {
  const patterns = listInput("keys");
  if (patterns.length === 0) return { wanted: () => true, exact: [] };
  const regexes = patterns.map(
    (p) =>
      new RegExp(
        `^${p
          .split("*")
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
          .join(".*")}$`,
      ),
  );
  return {
    wanted: (/** @type {string} */ key) => regexes.some((r) => r.test(key)),
    exact: patterns.filter((p) => !p.includes("*")),
  };
}

/** The names to export, or an ActionError naming each one the runner could not take. */
function namesOf(/** @type {string[]} */ keys, /** @type {string} */ prefix) {
  const names = keys.map((key) => `${prefix}${key}`);
  const invalid = names.filter((name) => !ENV_NAME.test(name));
  if (invalid.length > 0)
    throw new ActionError(
      `Not valid environment variable names: ${invalid.join(", ")} (letters, digits and _, not starting ` +
        "with a digit). Change the prefix input, or leave these keys out with the keys input.",
    );
  // GitHub keeps its own variables: the runner does not let a step override them.
  const reserved = names.filter((name) => /^(GITHUB|RUNNER)_/.test(name));
  if (reserved.length > 0)
    throw new ActionError(
      `Names GitHub reserves (GITHUB_*, RUNNER_*): ${reserved.join(", ")}. Use the prefix input, or ` +
        "leave these keys out with the keys input.",
    );
  return names;
}

async function main() {
  const apiUrl = apiUrlOf(input("api-url"));
  const environment = environmentOf(apiUrl);
  const exportEnv = booleanInput("export-env", true);
  const exportOutputs = booleanInput("export-outputs", false);
  if (!exportEnv && !exportOutputs)
    throw new ActionError("export-env and export-outputs are both false: nothing would be exported.");
  const envFile = exportEnv ? fileOf("GITHUB_ENV") : undefined;
  const outputFile = exportOutputs ? fileOf("GITHUB_OUTPUT") : undefined;
  const filter = keyFilter();

  const key = await credentialOf(apiUrl);
  const secrets = (await readSecrets(apiUrl, key, environment)).filter((s) => filter.wanted(s.key));
  const absent = filter.exact.filter((k) => !secrets.some((s) => s.key === k));
  if (absent.length > 0)
    throw new ActionError(`Not in environment ${environment.environmentId}: ${absent.join(", ")}.`);
  const names = namesOf(
    secrets.map((s) => s.key),
    input("prefix"),
  );

  // Every value is masked before any of them is written anywhere.
  for (const { value } of secrets) mask(value);
  /** @type {[string, string][]} */
  const entries = secrets.map((s, i) => [names[i] ?? s.key, s.value]);
  // The policy judges the name exported (the prefix included), against this step's environment:
  // the runner's and the workflow's `env:`. Outputs are left whole: only an expression the
  // workflow's author writes (steps.<id>.outputs.NAME) reads one, never a tool.
  const { kept } = exportEnv
    ? sortForEnvironment(Object.fromEntries(entries), new Set(listInput("allow-env")), process.env)
    : { kept: [] };
  const keptNames = new Set(kept.map((k) => k.key));
  const passed = entries.filter(([name]) => !keptNames.has(name));
  const writers = await writersOf(apiUrl, key, environment, secrets, names, [...keptNames]);
  if (envFile) appendFileSync(envFile, heredocs(passed), "utf8");
  if (outputFile) appendFileSync(outputFile, heredocs(entries), "utf8");
  for (const k of kept) {
    const warning = keptBackWarning(k, {
      from: "the job's environment",
      here: "in this job",
      writer: writers.get(k.key),
      letThrough: `name it in the step's allow-env input (allow-env: ${k.key})`,
    });
    command("warning", `Coffer ${warning}${outputFile ? "; the step's outputs still hold it" : ""}`);
  }
  const exported = (/** @type {string} */ where, /** @type {string[]} */ list) =>
    process.stdout.write(`Coffer: ${list.length} secret(s) exported to ${where}: ${list.join(", ")}${EOL}`);
  if (envFile && outputFile && kept.length === 0)
    exported("the job's environment and the step's outputs", names);
  else {
    if (envFile)
      exported(
        "the job's environment",
        passed.map(([name]) => name),
      );
    if (outputFile) exported("the step's outputs", names);
  }
}

/**
 * Who last wrote the secrets exported as `wanted` (last-writer.ts), asked with the job's key only
 * when something is kept back: an answer it cannot have says "unknown", and the step goes on.
 */
async function writersOf(
  /** @type {string} */ apiUrl,
  /** @type {string} */ key,
  /** @type {Environment} */ environment,
  /** @type {{id: string, inherited_from?: string}[]} */ secrets,
  /** @type {string[]} */ names,
  /** @type {string[]} */ wanted,
) {
  if (wanted.length === 0) return new Map();
  const headers = { authorization: `Bearer ${key}` };
  /** @type {Map<string, string>} exported name -> the path of its secret (an inherited one's in its parent) */
  const origins = new Map(
    secrets.map((s, i) => [
      names[i] ?? "",
      `${environment.pathOf(s.inherited_from ?? environment.environmentId)}/${s.id}`,
    ]),
  );
  return lastWriters(
    wanted,
    origins,
    /** @type {import("../src/cli/last-writer.ts").WriterLookup<string>} */ ({
      async newestActor(secretPath) {
        const log = await call("Coffer", `${apiUrl}${secretPath}/logs?limit=1`, { headers });
        return log.status === 200 ? log.body?.[0]?.actor : undefined;
      },
      workspaceOf: () => environment.workspaceId,
      async memberEmails(workspaceId) {
        const members = await call("Coffer", `${apiUrl}/workspaces/${workspaceId}/members?limit=1000`, {
          headers,
        });
        const list = members.status === 200 && Array.isArray(members.body) ? members.body : [];
        return new Map(list.map((/** @type {any} */ m) => [m.user_id, m.email]));
      },
    }),
  );
}

try {
  await main();
} catch (error) {
  // An unexpected error's message is printed as is: nothing in this file puts a value in one.
  const message = error instanceof ActionError ? error.message : `Unexpected failure: ${String(error)}`;
  command("error", message);
  // Not process.exit(): pending writes to stdout are flushed first.
  process.exitCode = 1;
}
