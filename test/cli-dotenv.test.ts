// `coffer export --format dotenv` and `coffer import` as real processes against a real server
// (issue 23): the export of a table of tricky values read by motdotla's dotenv and python-dotenv,
// imported back unchanged; a refused file names its lines and writes nothing.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { escapeReferences } from "../src/lib/references.ts";
import { type CliOptions, runCoffer, serverWithTenant } from "./helpers/cli-process.ts";
import {
  NODE_READERS,
  PYTHON_READERS,
  pythonDotenvTestsRun,
  type Reader,
  readAll,
  TRICKY,
} from "./helpers/dotenv-readers.ts";
import { PASSWORD } from "./helpers/factories.ts";
import { httpJson, type TenantOverHttp } from "./helpers/real-port.ts";
import { type ServerProcess, stopChildrenAndRemoveTempDirs, tempDir } from "./helpers/server-process.ts";

let server: ServerProcess;
let tenant: TenantOverHttp;
let home: string;
/** The directories bound to the environment holding the table and to an empty one. */
let production: string;
let staging: string;
let stagingSecrets: string;

const coffer = (cwd: string, args: string[]) => runCoffer(args, { home, cwd } satisfies CliOptions);
const tricky = Object.fromEntries(TRICKY.map(([k, v]) => [k, v]));

/** The environment's own values, straight from the API. */
async function valuesOf(secretsPath: string): Promise<Record<string, string>> {
  const list = await httpJson(server.url, "GET", `${secretsPath}/`, tenant.headers);
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  return Object.fromEntries((list.body as { key: string; value: string }[]).map((s) => [s.key, s.value]));
}

function bindDirectory(name: string, secretsPath: string): string {
  const [, , workspace_id, team_id, project_id, environment_id] = secretsPath.split("/");
  const dir = join(tempDir("coffer-cli-dotenv-"), name);
  mkdirSync(dir);
  writeFileSync(
    join(dir, ".coffer.json"),
    JSON.stringify({ api_url: server.url, workspace_id, team_id, project_id, environment_id }),
  );
  return dir;
}

beforeAll(async () => {
  ({ server, tenant } = await serverWithTenant("cli-dotenv"));
  const [, , ws, team, project] = tenant.secrets.split("/");
  const created = await httpJson(
    server.url,
    "POST",
    `/environments/${ws}/${team}/${project}/`,
    tenant.headers,
    { name: "Staging", environment_type: "staging" },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  stagingSecrets = `/secrets/${ws}/${team}/${project}/${created.body.id}`;
  const bulk = await httpJson(server.url, "POST", `${tenant.secrets}/bulk`, tenant.headers, {
    // Stored so that they read back as the table's text: `${` is a reference unless written `$${`.
    secrets: TRICKY.map(([key, value]) => ({ key, value: escapeReferences(value) })),
  });
  expect(bulk.status, JSON.stringify(bulk.body)).toBe(201);
  home = tempDir("coffer-cli-dotenv-home-");
  production = bindDirectory("production", tenant.secrets);
  staging = bindDirectory("staging", stagingSecrets);
  const login = await runCoffer(["--api-url", server.url, "login", "--email", tenant.email], {
    home,
    cwd: production,
    input: `${PASSWORD}\n`,
  });
  expect(login.code, login.stderr).toBe(0);
}, 60_000);
afterAll(stopChildrenAndRemoveTempDirs);

/** The keys of the table a reader did not read back as they are, and the ones it should not. */
const misread = (read: Record<string, string>) => TRICKY.filter(([k, v]) => read[k] !== v).map(([k]) => k);
const documented = (reader: Reader) => TRICKY.filter(([, , not]) => not.includes(reader)).map(([k]) => k);

describe("coffer export --format dotenv", () => {
  it("is read back by motdotla's dotenv, but for the values no quoting carries to it", async () => {
    const exported = await coffer(production, ["export", "--format", "dotenv"]);
    expect(exported.code, exported.stderr).toBe(0);
    for (const reader of NODE_READERS) {
      const read = readAll(exported.stdout, [reader])[reader];
      expect(Object.keys(read).sort(), reader).toEqual(Object.keys(tricky).sort());
      expect(misread(read), reader).toEqual(documented(reader));
    }
  });

  it.runIf(pythonDotenvTestsRun)("is read back by python-dotenv, but for the documented values", async () => {
    const exported = await coffer(production, ["export"]);
    expect(exported.code, exported.stderr).toBe(0);
    const read = readAll(exported.stdout, PYTHON_READERS);
    for (const reader of PYTHON_READERS) {
      expect(Object.keys(read[reader]).sort(), reader).toEqual(Object.keys(tricky).sort());
      expect(misread(read[reader]), reader).toEqual(documented(reader));
    }
  });

  it("is imported back by coffer import, every value as it was", async () => {
    const exported = await coffer(production, ["export"]);
    writeFileSync(join(staging, "exported.env"), exported.stdout);
    const imported = await coffer(staging, ["import", "exported.env"]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(`created ${TRICKY.length}`);
    expect(await valuesOf(stagingSecrets)).toEqual(tricky);
    const json = await coffer(staging, ["export", "--format", "json"]);
    expect(JSON.parse(json.stdout)).toEqual(tricky);
  });
});

describe("coffer import names what it refuses by line", () => {
  /** `coffer import` of `file` holding `text`, in the staging directory: exit 2 and nothing written. */
  async function refusedImport(file: string, text: string) {
    const before = await valuesOf(stagingSecrets);
    writeFileSync(join(staging, file), text);
    const refused = await coffer(staging, ["import", file]);
    expect(refused.code).toBe(2);
    expect(await valuesOf(stagingSecrets)).toEqual(before);
    return refused;
  }

  it("a key with a dot or a dash, before any request: exit 2 and nothing written", async () => {
    const refused = await refusedImport(
      "dotted.env",
      [
        "FRESH_ONE=1",
        "# a comment",
        "spring.datasource.url=jdbc:x",
        'MULTI="a',
        'b"',
        "api-key=2",
        "FRESH_TWO=3",
      ].join("\n"),
    );
    expect(refused.stderr).toContain(
      "dotted.env: line 3: spring.datasource.url is not a valid name: letters, digits and _, not starting with a digit",
    );
    expect(refused.stderr).toContain("dotted.env: line 6: api-key is not a valid name");
    expect(refused.stderr).toContain("nothing was imported");
    expect(refused.stderr).not.toContain("jdbc");
    // Checked before the server is asked anything: an unreachable server makes no difference.
    const offline = await runCoffer(["--api-url", "http://127.0.0.1:9", "import", "dotted.env"], {
      home,
      cwd: staging,
    });
    expect(offline.code).toBe(2);
    expect(offline.stderr).toContain("line 3: spring.datasource.url");
  });

  it("an unterminated quote, by the line it opened on: exit 2 and nothing written", async () => {
    const refused = await refusedImport(
      "open.env",
      'FRESH_A=1\nFRESH_B="never closed\nFRESH_C=2\nFRESH_D=3\n',
    );
    expect(refused.stderr).toContain(
      'open.env: line 2: unterminated " quote (the value of FRESH_B opens here)',
    );
  });

  it("a malformed reference, by line and position, never with the value: exit 2 and nothing written", async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a file's text, not a template
    const refused = await refusedImport("reference.env", 'FRESH_E=1\nFRESH_F="s3cret ${not valid}"\n');
    expect(refused.stderr).toContain(
      "reference.env: line 2: FRESH_F has a value the API refuses: Malformed reference at character 8",
    );
    expect(refused.stderr).not.toContain("s3cret");
  });

  it("KEY= # comment is an empty value; a reference in the file is one, but not in single quotes", async () => {
    writeFileSync(
      join(staging, "notes.env"),
      [
        "NOTED_EMPTY= # filled in by the deploy",
        "NOTED_SET=1 # one",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a file's text, not a template
        "NOTED_REFERENCE=${NOTED_SET}-two",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a file's text, not a template
        "NOTED_TEXT='${NOTED_SET}-two'",
      ].join("\n"),
    );
    const imported = await coffer(staging, ["import", "notes.env"]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(await valuesOf(stagingSecrets)).toMatchObject({
      NOTED_EMPTY: "",
      NOTED_SET: "1",
      NOTED_REFERENCE: "1-two",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text itself, not a template
      NOTED_TEXT: "${NOTED_SET}-two",
    });
  });
});
