// The `coffer` single executable (npm run build:binary -> release/coffer-linux-x64), built once
// here from the current sources (into a temp dir, not over a release), run where no Node is on the PATH: its version, its help, and a
// whole session against a real server — sign up, set up, set a secret, `coffer run` a shell with it.
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { arch } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliResult, runStoreEnv } from "./helpers/cli-process.ts";
import {
  PROJECT_ROOT,
  type ServerProcess,
  startServer,
  stopChildrenAndRemoveTempDirs,
  tempDir,
} from "./helpers/server-process.ts";

let binary: string;
let server: ServerProcess;
/** A PATH with a shell and nothing else: no node anywhere on it. */
let nodelessPath: string;
let home: string;
let workdir: string;

/** Everything a child printed, once it has exited. */
function outputOf(child: ChildProcessWithoutNullStreams): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
}

/** The binary with a clean environment whose PATH has no node. */
function runBinary(args: string[], input = "", env: Record<string, string> = {}): Promise<CliResult> {
  const child = spawn(binary, args, {
    cwd: workdir,
    env: {
      PATH: nodelessPath,
      HOME: home,
      XDG_CONFIG_HOME: join(home, ".config"),
      NO_COLOR: "1",
      ...env,
    },
  });
  child.stdin.end(input);
  return outputOf(child);
}

beforeAll(async () => {
  binary = join(tempDir("coffer-binary-"), `coffer-linux-${arch()}`);
  const [build] = await Promise.all([
    outputOf(
      spawn(process.execPath, [join(PROJECT_ROOT, "scripts/build-binary.mjs"), binary], {
        cwd: PROJECT_ROOT,
      }),
    ),
    (async () => {
      server = await startServer(runStoreEnv());
    })(),
  ]);
  expect(build.code, build.stderr).toBe(0);
  nodelessPath = join(tempDir("coffer-binary-path-"), "bin");
  mkdirSync(nodelessPath);
  symlinkSync("/bin/sh", join(nodelessPath, "sh"));
  home = tempDir("coffer-binary-home-");
  workdir = tempDir("coffer-binary-work-");
}, 120_000);

afterAll(stopChildrenAndRemoveTempDirs);

describe("the single executable, with no node on the PATH", () => {
  it("has no node to fall back on", () => {
    const lookup = spawnSync("sh", ["-c", "command -v node"], { env: { PATH: nodelessPath } });
    expect(lookup.status).not.toBe(0);
  });

  it("prints the package's version", async () => {
    const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, "packages/cli/package.json"), "utf8"));
    expect(await runBinary(["--version"])).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: "" });
  });

  it("prints its help", async () => {
    const result = await runBinary(["--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^coffer \d+\.\d+\.\d+\n\nUsage: coffer \[options\] \[command\]/);
    expect(result.stdout).toContain("run [options]");
    expect(result.stderr).toBe("");
  });

  it("signs up, sets up a project, stores a secret and runs a command with it", async () => {
    const env = { COFFER_API_URL: server.url };
    const email = `binary-${randomUUID()}@example.com`;
    const steps: [string[], string][] = [
      [["signup", "--email", email, "--name", "Ada Lovelace"], "correct horse battery\n"],
      [["setup", "--team", "Platform", "--project", "Payments API", "--environment", "Production"], ""],
      [["secrets", "set", "GREETING=hello from the binary"], ""],
    ];
    for (const [args, input] of steps) {
      const result = await runBinary(args, input, env);
      expect(result.code, `coffer ${args.join(" ")}: ${result.stderr}`).toBe(0);
    }
    const ran = await runBinary(
      ["run", "--", "sh", "-c", 'test "$GREETING" = "hello from the binary" && echo same; exit 7'],
      "",
      env,
    );
    expect(ran).toMatchObject({ code: 7, stdout: "same\n" });
  });
});
