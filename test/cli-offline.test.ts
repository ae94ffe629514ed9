// Offline (issue 36, item 6): every `coffer run` that reaches Coffer keeps an encrypted copy, and
// a run that cannot reach it (connection refused, a proxy's 503) runs on that copy by default,
// saying on stderr where the server's URL came from and how old the copy is. --no-fallback and a
// maximum age refuse it; a credential the server refuses (revoked) never falls back. Real
// processes: a real server behind a proxy that is closed, or made to answer 503, to take it away.
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCoffer, serverWithOneSecret } from "./helpers/cli-process.ts";
import { type environmentIdsOf, httpJson, type TenantOverHttp } from "./helpers/real-port.ts";
import { startRecordingProxy } from "./helpers/recording-proxy.ts";
import {
  freePort,
  type ServerProcess,
  stopChildrenAndRemoveTempDirs,
  tempDir,
} from "./helpers/server-process.ts";

const PRINT = ["--", process.execPath, "-e", "process.stdout.write(String(process.env.GREETING))"];

let server: ServerProcess;
let tenant: TenantOverHttp;
let ids: ReturnType<typeof environmentIdsOf>;

const newKey = async () => {
  const created = await httpJson(server.url, "POST", "/keys/", tenant.headers, { name: "laptop" });
  expect(created.status).toBe(201);
  return { id: created.body.id as string, token: created.body.token as string };
};

/** A place to run from (its own HOME and project directory) and a proxy to the server to take away. */
async function laptop() {
  let unavailable = false;
  const proxy = await startRecordingProxy(server.url, () => (unavailable ? { status: 503 } : undefined));
  const where = { home: tempDir("coffer-offline-home-"), cwd: tempDir("coffer-offline-") };
  writeFileSync(join(where.cwd, ".coffer.json"), JSON.stringify(ids));
  const key = await newKey();
  const env = { COFFER_API_URL: proxy.url, COFFER_TOKEN: key.token };
  const run = (args: string[], extra: Record<string, string> = {}) =>
    runCoffer(args, { ...where, env: { ...env, ...extra } });
  return { proxy, where, key, run, answer503: () => (unavailable = true) };
}

beforeAll(async () => {
  ({ server, tenant, ids } = await serverWithOneSecret("cli-offline", {
    key: "GREETING",
    value: "kept offline",
  }));
}, 60_000);
afterAll(stopChildrenAndRemoveTempDirs);

describe("coffer run with Coffer unreachable", () => {
  it("runs on the copy the last run kept (no --fallback), naming the URL, where it came from, and the copy's age", async () => {
    const { proxy, run } = await laptop();
    const online = await run(["run", ...PRINT]);
    expect(online.code, online.stderr).toBe(0);
    await proxy.close();
    const offline = await run(["run", ...PRINT]);
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stdout).toBe("kept offline");
    expect(offline.stderr).toMatch(
      new RegExp(
        `Coffer at ${proxy.url} \\(from COFFER_API_URL\\) cannot be reached; using the offline copy from \\d+ seconds? ago`,
      ),
    );
    // --fallback, the old way to ask for it, is still accepted.
    expect((await run(["run", "--fallback", ...PRINT])).stdout).toBe("kept offline");
  });

  it("falls back on a proxy's 503 too", async () => {
    const { run, answer503 } = await laptop();
    expect((await run(["run", ...PRINT])).code).toBe(0);
    answer503();
    const offline = await run(["run", ...PRINT]);
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stdout).toBe("kept offline");
    expect(offline.stderr).toContain("using the offline copy");
  });

  it("falls back when the server takes the connection but never answers (COFFER_TIMEOUT)", async () => {
    const { run } = await laptop();
    expect((await run(["run", ...PRINT])).code).toBe(0);
    const silent = createServer(() => {}); // accepts, never answers
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const offline = await run(["run", ...PRINT], { COFFER_API_URL: url, COFFER_TIMEOUT: "1" });
      expect(offline.code, offline.stderr).toBe(0);
      expect(offline.stdout).toBe("kept offline");
      expect(offline.stderr).toContain(`Coffer at ${url} (from COFFER_API_URL) cannot be reached`);
      const refused = await run(["run", "--no-fallback", ...PRINT], {
        COFFER_API_URL: url,
        COFFER_TIMEOUT: "1",
      });
      expect(refused.code).toBe(6);
      expect(refused.stderr).toContain("no answer within 1 s (COFFER_TIMEOUT)");
    } finally {
      silent.close();
    }
  });

  it("--no-fallback refuses the copy (exit 6), saying one exists", async () => {
    const { proxy, run } = await laptop();
    expect((await run(["run", ...PRINT])).code).toBe(0);
    await proxy.close();
    const refused = await run(["run", "--no-fallback", ...PRINT]);
    expect(refused.code).toBe(6);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toContain(`cannot reach Coffer at ${proxy.url} (from COFFER_API_URL)`);
    expect(refused.stderr).toContain("--no-fallback: the offline copy from");
  });

  it("refuses a copy older than the maximum age, saying its age (COFFER_FALLBACK_MAX_AGE, --fallback-max-age)", async () => {
    const { proxy, run } = await laptop();
    expect((await run(["run", ...PRINT])).code).toBe(0);
    await proxy.close();
    await new Promise((r) => setTimeout(r, 2100));
    const tooOld = await run(["run", ...PRINT], { COFFER_FALLBACK_MAX_AGE: "1s" });
    expect(tooOld.code).toBe(6);
    expect(tooOld.stdout).toBe("");
    expect(tooOld.stderr).toMatch(
      /the offline copy is \d+ seconds old, older than 1s, the maximum age from COFFER_FALLBACK_MAX_AGE/,
    );
    const flag = await run(["run", "--fallback-max-age", "1h", ...PRINT], { COFFER_FALLBACK_MAX_AGE: "1s" });
    expect(flag.stdout).toBe("kept offline");
    const wrong = await run(["run", "--fallback-max-age", "soon", ...PRINT]);
    expect(wrong.code).toBe(2);
  });

  it("never falls back for a credential the server refuses: a revoked key stops working offline too", async () => {
    const { key, run } = await laptop();
    expect((await run(["run", ...PRINT])).code).toBe(0);
    expect(
      (await httpJson(server.url, "PATCH", `/keys/${key.id}`, tenant.headers, { is_revoked: true })).status,
    ).toBe(200);
    const revoked = await run(["run", ...PRINT]);
    expect(revoked.code).toBe(3);
    expect(revoked.stdout).toBe("");
    expect(revoked.stderr).not.toContain("offline copy");
  });

  it("names the .coffer.json, --api-url or COFFER_API_URL the URL came from, and says when no copy is kept", async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const where = { home: tempDir("coffer-offline-home-"), cwd: tempDir("coffer-offline-") };
    const file = join(where.cwd, ".coffer.json");
    writeFileSync(file, JSON.stringify({ ...ids, api_url: url }));
    // Signed in to that URL before it went away (the stored credential, as `coffer login` keeps it).
    mkdirSync(join(where.home, ".config", "coffer"), { recursive: true });
    writeFileSync(
      join(where.home, ".config", "coffer", "credentials.json"),
      JSON.stringify({ default: url, servers: { [url]: { api_key: (await newKey()).token } } }),
      { mode: 0o600 },
    );
    const fromFile = await runCoffer(["run", ...PRINT], where);
    expect(fromFile.code).toBe(6);
    expect(fromFile.stderr).toContain(`cannot reach Coffer at ${url} (from ${file}): is it running?`);
    expect(fromFile.stderr).toContain("no offline copy: none is kept here yet");
    const fromFlag = await runCoffer(["--api-url", url, "run", ...PRINT], where);
    expect(fromFlag.stderr).toContain(`cannot reach Coffer at ${url} (from --api-url)`);
    const fromEnv = await runCoffer(["export"], { ...where, env: { COFFER_API_URL: url } });
    expect(fromEnv.code).toBe(6);
    expect(fromEnv.stderr).toContain(`cannot reach Coffer at ${url} (from COFFER_API_URL)`);
  });
});
