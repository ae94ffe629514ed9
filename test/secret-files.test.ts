// The real server with the secrets of its configuration in files (`<NAME>_FILE`, the way Docker and
// Kubernetes secrets and systemd credentials arrive; loadConfig's rules are in config.test.ts): it
// serves on the key and database the files name, and a wrong key's file or a secret set twice stops
// the start in one line that never shows the secret.
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, inject, it } from "vitest";
import { httpJson } from "./helpers/real-port.ts";
import {
  killChildren,
  refusedStart,
  startServer,
  stopChildrenAndRemoveTempDirs,
  tempDir,
} from "./helpers/server-process.ts";

const databaseUrl = inject("databaseUrl");

/** Writes `content` to a new file (mode 0600, as a mounted secret) and returns its path. */
function secretFile(content: string, name: string): string {
  const path = join(tempDir("coffer-secret-files-"), name);
  writeFileSync(path, content, { mode: 0o600 });
  return path;
}

afterEach(async () => {
  await killChildren();
});

afterAll(stopChildrenAndRemoveTempDirs);

describe("the server with its secrets in files", () => {
  it(`starts with COFFER_MASTER_KEY_FILE${databaseUrl ? " and DATABASE_URL_FILE" : ""}, serves, and refuses another key's file`, async () => {
    // PostgreSQL: the run's database, whose master key is the run's; SQLite: a new store, any key.
    const dataDir = join(tempDir(), "data");
    const env: Record<string, string> = { COFFER_DATA_DIR: dataDir };
    if (databaseUrl) env.DATABASE_URL_FILE = secretFile(`${databaseUrl}\n`, "database-url");
    const key = databaseUrl ? inject("masterKey") : randomBytes(32).toString("base64");
    const keyFile = secretFile(`${key}\n`, "master-key");
    const server = await startServer({ ...env, COFFER_MASTER_KEY_FILE: keyFile });
    const startLine = server
      .stdout()
      .split("\n")
      .find((line) => line.startsWith("Coffer is listening"));
    expect(startLine).toContain("master key from COFFER_MASTER_KEY_FILE");
    expect(startLine).toContain(databaseUrl ? "PostgreSQL at " : "embedded SQLite in ");
    // The key came from the file: none was generated.
    expect(existsSync(join(dataDir, "master.key"))).toBe(false);

    const signUp = await httpJson(
      server.url,
      "POST",
      "/auth/get-started",
      {},
      {
        email: `files-${randomBytes(6).toString("hex")}@example.com`,
        first_name: "Ada",
        last_name: "Lovelace",
        password: "correct horse battery",
        created_at: new Date().toISOString(),
      },
    );
    expect(signUp.status).toBe(201);
    await server.stop();

    // Another key in the file: the store is not its own, and the start stops in one line.
    const otherKey = secretFile(`${randomBytes(32).toString("base64")}\n`, "other-key");
    const refused = await refusedStart({ ...env, HOST: "127.0.0.1", COFFER_MASTER_KEY_FILE: otherKey });
    expect(refused).toContain("COFFER_MASTER_KEY_FILE is not the master key of this store");
  });

  it("both COFFER_MASTER_KEY and COFFER_MASTER_KEY_FILE: one line that names both, never the key", async () => {
    const key = randomBytes(32).toString("base64");
    const refused = await refusedStart({
      HOST: "127.0.0.1",
      COFFER_MASTER_KEY: key,
      COFFER_MASTER_KEY_FILE: secretFile(key, "master-key"),
    });
    expect(refused).toBe(
      "coffer: configuration error: COFFER_MASTER_KEY_FILE: cannot be set together with COFFER_MASTER_KEY: unset one of them",
    );
  });
});
