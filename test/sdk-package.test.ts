// @coffer/client as its users get it: built and packed from a copy of packages/sdk, installed
// from the tarball with npm into a project of its own, imported by plain Node (no TypeScript
// tooling) against a real port, bundled for the browser by esbuild (as a bundler-built app takes
// it), and type-checked by tsc from a consumer's file through the package's .d.ts.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildSdkPackage } from "../packages/sdk/build.mjs";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createApiKey, newUser } from "./helpers/factories.ts";
import { PROJECT_ROOT } from "./helpers/server-process.ts";
import { createTree, type Tree } from "./helpers/tree.ts";

const run = promisify(execFile);
// npm under this Node (the one found first on the PATH), as the person installing would run it.
const npmEnv = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ""}` };
const packageDir = join(PROJECT_ROOT, "packages/sdk");
let consumer: string;
let copy: string;
let packed: { filename: string; files: { path: string }[] };
let t: TestApp;
let address: string;
let tree: Tree;
let apiKey: string;

beforeAll(async () => {
  consumer = mkdtempSync(join(tmpdir(), "coffer-sdk-consumer-"));
  copy = mkdtempSync(join(tmpdir(), "coffer-sdk-package-"));
  const [{ stdout }] = await Promise.all([
    (async () => {
      for (const file of ["package.json", "README.md"]) cpSync(join(packageDir, file), join(copy, file));
      buildSdkPackage(copy);
      return run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", consumer], {
        cwd: copy,
        env: npmEnv,
      });
    })(),
    (async () => {
      t = await createTestApp();
      address = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const owner = await newUser(t.app);
      tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
      apiKey = (await createApiKey(t.app, owner.accessToken)).token;
    })(),
  ]);
  packed = JSON.parse(stdout)[0];
  writeFileSync(
    join(consumer, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }),
  );
  await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", `./${packed.filename}`], {
    cwd: consumer,
    env: npmEnv,
    timeout: 90_000,
  });
}, 120_000);

afterAll(async () => {
  for (const dir of [consumer, copy]) rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

it("packs compiled JavaScript, declarations and the generated API types, and no TypeScript source", () => {
  const files = packed.files.map((file) => file.path).sort();
  expect(files).toEqual(
    expect.arrayContaining(["dist/index.js", "dist/index.d.ts", "dist/schema.d.ts", "README.md"]),
  );
  expect(files.filter((file) => /\.ts$/.test(file) && !file.endsWith(".d.ts"))).toEqual([]);
  const manifest = JSON.parse(
    readFileSync(join(consumer, "node_modules/@coffer/client/package.json"), "utf8"),
  );
  expect(manifest).toMatchObject({ name: "@coffer/client", version: "0.1.0", license: "Apache-2.0" });
});

// A program a user writes against the package: plain JavaScript, no TypeScript tooling.
const CONSUMER_SCRIPT = `
import { ApiError, createClient, readEnvironment, unwrap } from "@coffer/client";

const path = JSON.parse(process.env.TREE);
const coffer = createClient({ baseUrl: process.env.COFFER_API_URL, apiKey: process.env.COFFER_TOKEN });
await unwrap(coffer.POST("/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/", {
  params: { path }, body: { key: "GREETING", value: "hello from the package" },
}));
const read = await readEnvironment(coffer, path);
console.log(read.secrets.map((secret) => secret.key + "=" + secret.value).join(","));
console.log((await readEnvironment(coffer, path, { ifNoneMatch: read.etag })).changed);
try {
  await unwrap(createClient({ baseUrl: process.env.COFFER_API_URL, apiKey: "sk-wrong" }).GET("/auth/me"));
} catch (error) {
  console.log(error instanceof ApiError, error.status);
}
`;

/** Runs a consumer's file with plain Node against the test's server; its stdout. */
async function runConsumer(file: string): Promise<string> {
  const { stdout } = await run(process.execPath, [file], {
    cwd: consumer,
    env: {
      PATH: process.env.PATH ?? "",
      COFFER_API_URL: address,
      COFFER_TOKEN: apiKey,
      TREE: JSON.stringify({
        workspace_id: tree.workspaceId,
        team_id: tree.teamId,
        project_id: tree.projectId,
        environment_id: tree.environmentId,
      }),
    },
    timeout: 30_000,
  });
  return stdout;
}

it("runs from plain Node: an API key writes and reads an environment, 304 when unchanged, ApiError by code", async () => {
  writeFileSync(join(consumer, "consumer.mjs"), CONSUMER_SCRIPT);
  expect(await runConsumer("consumer.mjs")).toBe("GREETING=hello from the package\nfalse\ntrue 401\n");
});

it("bundles for the browser with esbuild (no Node built-in reached), and the bundle works", async () => {
  writeFileSync(
    join(consumer, "for-bundler.mjs"),
    CONSUMER_SCRIPT.replace('"GREETING"', '"BUNDLED"').replace("from the package", "from a bundle"),
  );
  const result = await build({
    entryPoints: [join(consumer, "for-bundler.mjs")],
    absWorkingDir: consumer,
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    metafile: true,
    write: false,
    logLevel: "silent",
  });
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs.some((input) => input.includes("node_modules/@coffer/client/dist/"))).toBe(true);
  expect(inputs.filter((input) => input.startsWith("node:"))).toEqual([]);
  writeFileSync(join(consumer, "bundled.mjs"), result.outputFiles[0]!.text);
  // The bundle carries the package inside it: it runs with no node_modules to resolve.
  rmSync(join(consumer, "for-bundler.mjs"));
  const stdout = await runConsumer("bundled.mjs");
  expect(stdout).toContain("BUNDLED=hello from a bundle");
  expect(stdout.endsWith("\nfalse\ntrue 401\n")).toBe(true);
});

it("type-checks a consumer's TypeScript through the package's declarations", async () => {
  writeFileSync(
    join(consumer, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        module: "nodenext",
        moduleResolution: "nodenext",
        target: "es2023",
        lib: ["es2023", "dom"],
        types: [],
        strict: true,
        noEmit: true,
      },
      files: ["consumer.ts"],
    }),
  );
  // The expected errors prove the types are real: were anything `any`, they would be unused.
  writeFileSync(
    join(consumer, "consumer.ts"),
    `import { type CofferClient, createClient, type Secret, unwrap } from "@coffer/client";

const coffer: CofferClient = createClient({ baseUrl: "http://127.0.0.1:8080", apiKey: "sk-…" });
export async function email(): Promise<string> {
  const me = await unwrap(coffer.GET("/auth/me"));
  return me.email;
}
export const keyOf = (secret: Secret): string => secret.key;
// @ts-expect-error: no such path in Coffer's API
coffer.GET("/no-such-path");
// @ts-expect-error: a secret's key is a string
export const wrong = (secret: Secret): number => secret.key;
`,
  );
  const tsc = join(PROJECT_ROOT, "node_modules/.bin/tsc");
  const result = await run(tsc, ["-p", "tsconfig.json"], { cwd: consumer, timeout: 60_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  expect({ code: result.code, output: result.stdout + result.stderr }).toEqual({ code: 0, output: "" });
});
