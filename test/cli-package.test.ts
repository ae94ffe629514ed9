// @coffer/cli as its users get it: built and packed from a copy of packages/cli (the clone's own
// bundle is what the other CLI tests run, so it is not rebuilt under them) and installed
// globally from the tarball into an empty prefix — one bundled file that needs nothing but Node's own
// modules, so that the install resolves nothing. The commands themselves run against a server in
// the other CLI tests, through the same bundle (bin/coffer.cjs runs it).
import { execFile, execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { delimiter, dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildCliPackage } from "../packages/cli/build.mjs";
import { PROJECT_ROOT, removeTempDirs, tempDir } from "./helpers/server-process.ts";

const run = promisify(execFile);
// npm under this Node (the one found first on the PATH), as the person installing would run it.
const npmEnv = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ""}` };
let prefix: string;
let packed: { filename: string; files: { path: string }[] };

beforeAll(async () => {
  const copy = tempDir("coffer-cli-package-");
  for (const file of ["package.json", "README.md"])
    cpSync(join(PROJECT_ROOT, "packages/cli", file), join(copy, file));
  await buildCliPackage(copy);
  const destination = tempDir("coffer-cli-tarball-");
  const { stdout } = await run(
    "npm",
    ["pack", "--ignore-scripts", "--json", "--pack-destination", destination],
    {
      cwd: copy,
      env: npmEnv,
    },
  );
  packed = JSON.parse(stdout)[0];
  prefix = tempDir("coffer-cli-prefix-");
  await run(
    "npm",
    [
      "install",
      "-g",
      "--prefix",
      prefix,
      "--offline",
      "--no-audit",
      "--no-fund",
      join(destination, packed.filename),
    ],
    { env: npmEnv, timeout: 60_000 },
  );
}, 120_000);

afterAll(() => removeTempDirs());

const installed = () => join(prefix, "lib/node_modules/@coffer/cli");

it("packs the entry and the bundle, and declares no dependencies", () => {
  expect(packed.files.map((file) => file.path).sort()).toEqual(
    expect.arrayContaining(["README.md", "dist/cli.cjs", "dist/coffer.cjs", "package.json"]),
  );
  const manifest = JSON.parse(readFileSync(join(installed(), "package.json"), "utf8"));
  expect(manifest).toMatchObject({ name: "@coffer/cli", bin: { coffer: "dist/coffer.cjs" } });
  expect(manifest.dependencies ?? {}).toEqual({});
});

it("bundles every library: the installed files import nothing but Node's own modules", () => {
  const builtins = new Set(builtinModules);
  for (const file of ["dist/coffer.cjs", "dist/cli.cjs"]) {
    const source = readFileSync(join(installed(), file), "utf8");
    // An import statement of the bundle's own (one a line, as esbuild writes them), a dynamic
    // import or a require (esbuild's __require too) with a literal name.
    const specifiers = [
      ...source.matchAll(/^import\s[^;\n]*?from\s*"([^"]+)";$/gm),
      ...source.matchAll(/\b(?:import|require|__require)\(\s*"([^"]+)"\s*\)/g),
    ].map((match) => match[1]!);
    expect(specifiers.length).toBeGreaterThan(0);
    const foreign = specifiers.filter(
      (name) => !name.startsWith("node:") && !builtins.has(name) && name !== "./cli.cjs",
    );
    expect(foreign, file).toEqual([]);
  }
});

it("puts `coffer` on the prefix's PATH, which answers its version and help", async () => {
  const coffer = join(prefix, "bin/coffer");
  const home = tempDir("coffer-cli-home-");
  const env = { PATH: npmEnv.PATH, HOME: home };
  const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, "packages/cli/package.json"), "utf8"));
  expect((await run(coffer, ["--version"], { env })).stdout).toBe(`${version}\n`);
  expect((await run(coffer, ["--help"], { env })).stdout).toContain("Usage: coffer [options] [command]");
  // Its compiled code is cached in the user's own directory, not in the temp dir every user shares.
  expect(readdirSync(join(home, ".cache/coffer/compile-cache")).length).toBeGreaterThan(0);
});

it("caches a clone's compiled code in the user's own directory too, never in the shared temp dir", async () => {
  // Another user of the machine can write to the temp dir: compiled code left there for the name
  // Node derives would run as whoever starts `coffer` next. A clone's bin/coffer.cjs starts the
  // bundle through the package's own entry, which keeps the cache under the user's home.
  const home = tempDir("coffer-clone-home-");
  const shared = tempDir("coffer-shared-tmp-");
  const env = { PATH: npmEnv.PATH, HOME: home, TMPDIR: shared };
  const { stdout } = await run(process.execPath, [join(PROJECT_ROOT, "bin/coffer.cjs"), "--help"], { env });
  expect(stdout).toContain("Usage: coffer [options] [command]");
  expect(readdirSync(shared)).toEqual([]);
  expect(readdirSync(join(home, ".cache/coffer/compile-cache")).length).toBeGreaterThan(0);
});

it("tells a Node older than 22.12 what it needs, installed or from a clone, instead of failing inside", async () => {
  // Node 20 has no enableCompileCache: without the check, the installed entry threw a TypeError.
  // Any Node can play an older one (the version read is process.versions.node); a real older Node
  // on the machine (Debian's) runs too.
  const older = tempDir("coffer-cli-older-");
  const pretend = join(older, "node-20.cjs");
  writeFileSync(pretend, `Object.defineProperty(process.versions, "node", { value: "20.20.2" });\n`);
  const entries = [join(installed(), "dist/coffer.cjs"), join(PROJECT_ROOT, "bin/coffer.cjs")];
  const starts: [string, string[]][] = entries.map((entry) => [
    process.execPath,
    ["--require", pretend, entry],
  ]);
  const system = "/usr/bin/node";
  if (existsSync(system)) {
    const [major = 0, minor = 0] = execFileSync(system, ["-p", "process.versions.node"], { encoding: "utf8" })
      .trim()
      .split(".")
      .map(Number);
    if (major < 22 || (major === 22 && minor < 12))
      for (const entry of entries) starts.push([system, [entry]]);
  }
  for (const [node, args] of starts) {
    const failed = await run(node, [...args, "--version"], { env: { PATH: npmEnv.PATH, HOME: older } }).then(
      () => undefined,
      (error: { code: number; stderr: string; stdout: string }) => error,
    );
    expect(failed?.code, `${node} ${args.join(" ")}`).toBe(1);
    expect(failed?.stderr).toMatch(/^coffer: Node\.js 22\.12 or newer is required, this is 20\.\d+\.\d+;/);
    expect(failed?.stderr).not.toContain("TypeError");
    expect(failed?.stdout).toBe("");
  }
});

it("runs a clone's bundle while it is current, and its sources once one of them, however deep, is newer", async () => {
  // bin/coffer.cjs and its Node check as the clone has them, around a bundle and sources that say
  // which of them ran.
  const clone = tempDir("coffer-cli-clone-");
  const files: Record<string, string> = {
    "bin/coffer.cjs": readFileSync(join(PROJECT_ROOT, "bin/coffer.cjs"), "utf8"),
    "scripts/check-node.cjs": readFileSync(join(PROJECT_ROOT, "scripts/check-node.cjs"), "utf8"),
    "packages/cli/entry.cjs": "",
    "packages/cli/dist/coffer.cjs": `console.log("bundle");\n`,
    "packages/cli/dist/cli.cjs": "",
    "src/cli/main.ts": `console.log("sources");\n`,
    "src/cli/commands/run.ts": "",
    "src/client/transport/deep/fetch.ts": "",
  };
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(clone, path)), { recursive: true });
    writeFileSync(join(clone, path), text);
    if (!path.startsWith("packages/cli/dist/")) utimesSync(join(clone, path), hourAgo, hourAgo);
  }
  const ran = async () => (await run(process.execPath, [join(clone, "bin/coffer.cjs")])).stdout.trim();
  expect(await ran()).toBe("bundle");
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(clone, "src/client/transport/deep/fetch.ts"), later, later);
  expect(await ran()).toBe("sources");
});
