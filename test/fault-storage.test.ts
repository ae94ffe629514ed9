// The disk under the embedded database fills up under a running server (a real process on a small
// tmpfs the test mounts and fills): writes answer 507 storage_full, never 500, and leave no trace;
// reads without values go on, while a read of values answers 507 too (its audit entry cannot be
// written, and no value leaves unrecorded); /readyz names storage; once space is freed, writes resume without a restart, every
// acknowledged write is there and the database is intact. SQLite pass only; mounting needs root.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engineUnderTest } from "./helpers/app.ts";
import { stackTraceLines, until } from "./helpers/faults.ts";
import {
  type ServerProcess,
  startServer,
  stopChildrenReleaseAndRemoveTempDirs,
  tempDir,
} from "./helpers/server-process.ts";
import { type Account, call, expectCall, newAccount, newEnvironment } from "./helpers/wire.ts";

const root = process.getuid?.() === 0;

describe.skipIf(engineUnderTest() !== "sqlite" || !root)("the embedded database's disk fills up", () => {
  const mount = tempDir("coffer-full-");
  const dataDir = join(mount, "data");
  const filler = join(mount, "filler");
  let server: ServerProcess;
  let account: Account;
  let secrets: string;
  const acknowledged: string[] = [];

  const write = (key: string) =>
    call(server.port, "POST", secrets, { headers: account.headers, json: { key, value: "x".repeat(2000) } });
  const keysListed = async (path = secrets) =>
    (
      (await expectCall(200, server.port, "GET", path, { headers: account.headers })).json() as {
        key: string;
      }[]
    )
      .map((secret) => secret.key)
      .sort();

  beforeAll(async () => {
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", mount]);
    } catch (error) {
      throw new Error(
        `could not mount a tmpfs for the full-disk test (root is required): ${(error as Error).message}`,
      );
    }
    mkdirSync(dataDir);
    server = await startServer({ COFFER_DATA_DIR: dataDir });
    account = await newAccount(server.port);
    secrets = await newEnvironment(server.port, account);
    for (const key of ["FIRST", "SECOND"]) {
      await expectCall(201, server.port, "POST", secrets, {
        headers: account.headers,
        json: { key, value: "v" },
      });
      acknowledged.push(key);
    }
  }, 60_000);

  afterAll(() =>
    stopChildrenReleaseAndRemoveTempDirs(() => {
      try {
        execFileSync("umount", [mount]);
      } catch {
        // Not mounted (the mount failed): nothing to undo.
      }
    }),
  );

  it("answers writes and reads of values 507 storage_full while it is full, lists keys, says not ready, and resumes once space is back", async () => {
    const { bavail, bsize } = statfsSync(mount);
    writeFileSync(filler, Buffer.alloc(Number(bavail * bsize)));
    try {
      // The write-ahead log may still have room for a few writes; then the disk says no.
      let refused: Awaited<ReturnType<typeof write>> | undefined;
      for (let i = 0; i < 200 && !refused; i++) {
        const answer = await write(`FULL_${i}`);
        expect([201, 507], answer.body).toContain(answer.status);
        if (answer.status === 201) acknowledged.push(`FULL_${i}`);
        else refused = answer;
      }
      expect(refused, "no write was refused on a full disk").toBeDefined();
      expect(refused!.json()).toEqual({
        detail: expect.stringMatching(/storage is full/i),
        code: "storage_full",
      });
      expect(await keysListed(`${secrets}metadata`)).toEqual([...acknowledged].sort());
      const values = await call(server.port, "GET", secrets, { headers: account.headers });
      expect(values.status, values.body).toBe(507);
      expect(values.json().code).toBe("storage_full");
      expect(values.body).not.toContain('"value"');
      const ready = await call(server.port, "GET", "/readyz");
      expect(ready.status).toBe(503);
      expect(ready.json().problems.map((p: { dependency: string }) => p.dependency)).toContain("storage");
      expect(server.running()).toBe(true);
    } finally {
      rmSync(filler, { force: true });
    }
    const backMs = await until(
      async () => (await call(server.port, "GET", "/readyz")).status === 200,
      5_000,
      "/readyz back to 200",
    );
    console.info(`fault-storage: /readyz 200 ${Math.round(backMs)} ms after space was freed`);
    const after = await write("AFTER");
    expect(after.status, after.body).toBe(201);
    acknowledged.push("AFTER");
    expect(await keysListed()).toEqual([...acknowledged].sort());
    const file = new SQLite(join(dataDir, "coffer.db"), { readonly: true });
    try {
      expect(file.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      file.close();
    }
    expect(stackTraceLines(server.stderr())).toEqual([]);
  });
});
