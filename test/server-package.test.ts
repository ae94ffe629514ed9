// The server as it ships (packages/server): what the compiled bundle imports is exactly the package's
// dependencies (and the root's), and the compiled server, laid out as the package installs it,
// runs under plain node: `coffer-server` serves the API, the dashboard and the offline docs from
// its own files, stops cleanly on SIGTERM, and its subcommands answer. npm install of the real
// tarball is scripts/release-check.mjs's (CI), which this does not repeat; the shrinkwrap the package
// ships is checked against the lock here.
import { cpSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  buildServer,
  bundleServer,
  externalPackages,
  ROOT,
  SERVER_PACKAGE,
} from "../scripts/build-server.mjs";
import { serverShrinkwrap } from "../scripts/package.mjs";
import { signUpOverHttp } from "./helpers/real-port.ts";
import {
  type Child,
  spawnCommand,
  startServer,
  stopChildrenAndRemoveTempDirs,
  tempDir,
} from "./helpers/server-process.ts";

const databaseUrl = inject("databaseUrl");

/** An entry of a package-lock.json's (or a shrinkwrap's) `packages`. */
interface LockEntry {
  version?: string;
  integrity?: string;
  dev?: boolean;
  devOptional?: boolean;
}
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"));
const serverPackage = readJson(join(SERVER_PACKAGE, "package.json"));

function engineEnv(): Record<string, string> {
  const dataDir = join(tempDir(), "data");
  return databaseUrl
    ? { COFFER_DATA_DIR: dataDir, DATABASE_URL: databaseUrl, COFFER_MASTER_KEY: inject("masterKey") }
    : { COFFER_DATA_DIR: dataDir };
}

/** Runs the package's bin to completion with `args`. */
async function coffer(bin: string, args: string[], env: Record<string, string> = {}) {
  const run: Child = spawnCommand(
    `coffer-server ${args.join(" ")}`,
    process.execPath,
    [bin, ...args],
    env,
    false,
  );
  const exit = await run.exited;
  return { ...exit, stdout: run.stdout(), stderr: run.stderr() };
}

describe("the server package's dependencies", () => {
  it("are exactly the npm packages the compiled server imports", async () => {
    const imported = externalPackages(await bundleServer({ write: false }));
    expect(imported).toEqual(Object.keys(serverPackage.dependencies).sort());
  });

  it("are the root's dependencies, range for range: everything else of the root is for building or testing", () => {
    expect(readJson(join(ROOT, "package.json")).dependencies).toEqual(serverPackage.dependencies);
  });
});

describe("the server package's npm-shrinkwrap.json", () => {
  it("pins what the server's dependencies reach to the tested lock, and nothing build-time", () => {
    const lock = readJson(join(ROOT, "package-lock.json"));
    const { packages } = serverShrinkwrap(lock, serverPackage) as { packages: Record<string, LockEntry> };
    expect(packages[""]).toMatchObject({ name: "@coffer/server", dependencies: serverPackage.dependencies });
    for (const name of Object.keys(serverPackage.dependencies)) {
      expect(packages[`node_modules/${name}`]).toEqual(lock.packages[`node_modules/${name}`]);
    }
    const entries = Object.entries(packages).filter(([at]) => at !== "");
    expect(entries.filter(([, entry]) => entry.dev || entry.devOptional)).toEqual([]);
    for (const [at, entry] of entries) expect(entry.integrity ?? "", at).toMatch(/^sha512-/);
    for (const tool of ["tsx", "vite", "react", "react-dom", "redoc", "esbuild", "typescript", "vitest"]) {
      expect(packages[`node_modules/${tool}`], tool).toBeUndefined();
    }
  });
});

describe("the compiled server under plain node", () => {
  let bin = "";

  beforeAll(async () => {
    // The package as npm installs it (bin/, dist/, package.json), with this checkout's
    // node_modules standing in for the installed dependencies.
    const dir = tempDir("coffer-server-package-");
    cpSync(join(SERVER_PACKAGE, "package.json"), join(dir, "package.json"));
    cpSync(join(SERVER_PACKAGE, "bin"), join(dir, "bin"), { recursive: true });
    mkdirSync(join(dir, "dist"));
    await buildServer(join(dir, "dist"));
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
    bin = join(dir, "bin", "coffer-server.js");
  });

  afterAll(stopChildrenAndRemoveTempDirs);

  it("serves the API, the dashboard and Redoc from its own files, and stops with exit 0 on SIGTERM", async () => {
    const server = await startServer({ ...engineEnv(), DEBUG: "true" }, { program: bin });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    const page = await fetch(`${server.url}/`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const script = /src="(\/_app\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${server.url}${script}`)).status).toBe(200);
    const redoc = await fetch(`${server.url}/redoc/redoc.standalone.js`);
    expect(redoc.status).toBe(200);
    expect((await redoc.text()).length).toBeGreaterThan(100_000);
    const signUp = await signUpOverHttp(server.url, {
      email: `package-${Date.now()}@example.com`,
      first_name: "Pack",
      last_name: "Age",
    });
    expect(signUp.status, await signUp.clone().text()).toBe(201);
    expect(await server.stop("SIGTERM")).toEqual({ code: 0, signal: null });
  });

  it("runs as a primary and its workers (COFFER_WORKERS=2): the workers start from the same command", async () => {
    const server = await startServer(
      { ...engineEnv(), COFFER_WORKERS: "2" },
      { program: bin, readyTimeoutMs: 60_000 },
    );
    await server.waitForLog((line) => line.msg === "coffer is ready", 60_000);
    // Each worker writes its own lines: the second may land after the primary's.
    await expect
      .poll(() => server.logLines().filter((line) => line.msg === "worker is ready").length, {
        timeout: 10_000,
      })
      .toBe(2);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect(await server.stop("SIGTERM")).toEqual({ code: 0, signal: null });
  });

  it("says its version and usage, and refuses an unknown command in one line with exit 2", async () => {
    expect(await coffer(bin, ["--version"])).toMatchObject({ code: 0, stdout: `${serverPackage.version}\n` });
    const help = await coffer(bin, ["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("coffer-server migrate [--dry-run]");
    const unknown = await coffer(bin, ["serve-please"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.split("\n")[0]).toBe('coffer-server: unknown command "serve-please"');
  });

  it("runs migrate --dry-run and admin as the clone's npm run migrate and npm run admin do", async () => {
    const env = engineEnv();
    const dry = await coffer(bin, ["migrate", "--dry-run"], env);
    expect(dry.stderr).toBe("");
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(
      /(would apply 0001_accounts|already up to date).*\(dry run: nothing was changed\)/,
    );
    const admin = await coffer(bin, ["admin", "help"], env);
    expect(admin.code).toBe(0);
    expect(admin.stdout).toContain("coffer-server admin <command>");
    const usage = await coffer(bin, ["admin", "set-plan"], env);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain("usage: coffer-server admin set-plan <workspace> <plan>");
    const purge = await coffer(bin, ["admin", "purge"], env);
    expect(purge.stderr).toBe("");
    expect(purge.code).toBe(0);
  });
});
