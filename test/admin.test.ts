// The admin commands (compiled, as `coffer-server admin` runs them) against the same database the
// server uses, on both engines; and once as a clone runs them, through `npm run admin` and tsx.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { engineUnderTest, testAppForSuite } from "./helpers/app.ts";
import { newUser } from "./helpers/factories.ts";
import { compiledEntry } from "./helpers/server-process.ts";

const run = promisify(execFile);
const t = testAppForSuite();

const storeEnv = () => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  COFFER_DATA_DIR: t.config.dataDir,
  COFFER_MASTER_KEY: t.config.masterKey!.toString("base64"),
  ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
});

async function admin(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [compiledEntry("admin"), ...args], {
      env: storeEnv(),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Renames the Owner's workspace; answers it (with its slug). */
async function rename(owner: Awaited<ReturnType<typeof newUser>>, name: string) {
  const renamed = await t.app.inject({
    method: "PATCH",
    url: `/workspaces/${owner.workspaceId}`,
    headers: owner.headers,
    payload: { name },
  });
  expect(renamed.statusCode).toBe(200);
  return renamed.json() as { slug: string };
}

describe("admin", () => {
  it("lists its commands with help", async () => {
    const result = await admin("help");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("set-plan <workspace> <plan>");
  });

  it("changes a workspace's plan, which the API then reports with its seat limit", async () => {
    const owner = await newUser(t.app);
    const result = await admin("set-plan", owner.workspaceId, "pro");
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("free -> pro");
    const list = await t.app.inject({ method: "GET", url: "/workspaces/", headers: owner.headers });
    expect(list.json()[0]).toMatchObject({ id: owner.workspaceId, plan: "pro", seat_limit: 50 });

    await admin("set-plan", owner.workspaceId, "enterprise");
    const again = await t.app.inject({ method: "GET", url: "/workspaces/", headers: owner.headers });
    expect(again.json()[0]).toMatchObject({ plan: "enterprise", seat_limit: null });
  });

  it("records the plan change in the workspace audit log", async () => {
    const owner = await newUser(t.app);
    await admin("set-plan", owner.workspaceId, "pro");
    const audit = await t.app.inject({
      method: "GET",
      url: `/workspaces/${owner.workspaceId}/audit?action=workspace.plan_changed`,
      headers: owner.headers,
    });
    expect(audit.statusCode).toBe(200);
    expect(audit.json()[0]).toMatchObject({
      action: "workspace.plan_changed",
      // Not the shell's user (root, in a container): the trail names the tool the operator used.
      actor: { type: "operator", name: "operator (command line)" },
      details: { previous_plan: "free", plan: "pro" },
    });
  });

  it("finds the workspace by its slug or its name, as well as by its id", async () => {
    const owner = await newUser(t.app);
    const name = `Acme ${randomUUID().slice(0, 8)}`;
    const { slug } = await rename(owner, name);
    const plan = async () =>
      (await t.app.inject({ method: "GET", url: "/workspaces/", headers: owner.headers })).json()[0].plan;

    const byName = await admin("set-plan", name.toUpperCase(), "pro");
    expect(byName.code, byName.stderr).toBe(0);
    expect(byName.stdout).toContain(`workspace ${owner.workspaceId} (${name}): plan free -> pro`);
    expect(await plan()).toBe("pro");

    const bySlug = await admin("set-plan", slug, "enterprise");
    expect(bySlug.code, bySlug.stderr).toBe(0);
    expect(await plan()).toBe("enterprise");
  });

  it("refuses a name two workspaces share, listing both to choose from by id or slug", async () => {
    const name = `Shared ${randomUUID().slice(0, 8)}`;
    const owners = [await newUser(t.app), await newUser(t.app)];
    for (const owner of owners) await rename(owner, name);
    const result = await admin("set-plan", name, "pro");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`2 workspaces are called "${name}"; name one by its id or slug`);
    for (const owner of owners) expect(result.stderr).toContain(owner.workspaceId);
    const unknown = await admin("set-plan", `Nobody ${randomUUID()}`, "pro");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("no workspace has the id, slug or name");
  });

  it("refuses an unknown plan, an unknown workspace and a malformed id, changing nothing", async () => {
    const owner = await newUser(t.app);
    for (const args of [
      ["set-plan", owner.workspaceId, "gold"],
      ["set-plan", "00000000-0000-4000-8000-000000000000", "pro"],
      ["set-plan", "not-a-uuid", "pro"],
      ["set-plan", owner.workspaceId],
    ]) {
      const result = await admin(...args);
      expect(result.code, args.join(" ")).toBe(1);
      expect(result.stderr).toMatch(/coffer admin: /);
    }
    const list = await t.app.inject({ method: "GET", url: "/workspaces/", headers: owner.headers });
    expect(list.json()[0].plan).toBe("free");
  });

  it("lifts a workspace's sign-in requirements (the way back when the provider or a phone is gone), audited", async () => {
    const owner = await newUser(t.app);
    const now = new Date().toISOString();
    // What an Owner set through single sign-on and two-factor sign-in, both of which are now out of reach.
    await t.db
      .updateTable("workspaces")
      .set({ sso_required_at: now, two_factor_required_at: now })
      .where("id", "=", owner.workspaceId)
      .execute();
    const current = () =>
      t.app.inject({
        method: "GET",
        url: "/workspaces/current",
        headers: { ...owner.headers, "x-workspace-id": owner.workspaceId },
      });
    expect((await current()).json()).toMatchObject({ require_sso: true, require_two_factor: true });

    const sso = await admin("lift-sign-in-requirements", owner.workspaceId, "--sso");
    expect(sso.code, sso.stderr).toBe(0);
    expect(sso.stdout).toContain("no longer requires single sign-on");
    expect((await current()).json()).toMatchObject({ require_sso: false, require_two_factor: true });

    const both = await admin("lift-sign-in-requirements", owner.workspaceId);
    expect(both.code, both.stderr).toBe(0);
    expect(both.stdout).toContain("no longer requires two-factor sign-in");
    expect((await current()).json()).toMatchObject({ require_sso: false, require_two_factor: false });
    // The server's cached standing of members lets the change through within 5 seconds.
    const audit = () =>
      t.app.inject({
        method: "GET",
        url: `/workspaces/${owner.workspaceId}/audit?action=workspace.sso_not_required`,
        headers: owner.headers,
      });
    await expect.poll(async () => (await audit()).statusCode, { timeout: 8000, interval: 250 }).toBe(200);
    expect((await audit()).json()).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ type: "operator" }),
        details: { require_sso: false },
      }),
    ]);

    const again = await admin("lift-sign-in-requirements", owner.workspaceId);
    expect(again.stdout).toContain("required nothing to lift");
    expect((await admin("lift-sign-in-requirements", "not-a-uuid")).code).toBe(1);
  });

  it("answers an unknown command with usage and exit code 2", async () => {
    const result = await admin("frobnicate");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown command");
  });
});

describe("admin audit-verify", () => {
  /** An Owner whose workspace's trail has a few entries. */
  async function withTrail() {
    const owner = await newUser(t.app);
    for (const name of ["First", "Second", "Third"])
      await rename(owner, `${name} ${randomUUID().slice(0, 6)}`);
    return owner;
  }

  it("says a workspace's chain holds, and names the first break once an entry is edited in the database", async () => {
    const owner = await withTrail();
    const holds = await admin("audit-verify", owner.workspaceId);
    expect(holds.code, holds.stderr).toBe(0);
    expect(holds.stdout).toMatch(
      new RegExp(`workspace ${owner.workspaceId}: holds \\(\\d+ entries, sequences 1 to \\d+\\)`),
    );
    expect(holds.stdout).toContain("1 workspace verified, 0 broken");
    const [second] = await t.db
      .selectFrom("audit_events")
      .select(["id", "sequence"])
      .where("workspace_id", "=", owner.workspaceId)
      .where("sequence", "=", 2)
      .execute();
    await t.db
      .updateTable("audit_events")
      .set({ ip_address: "10.9.9.9" })
      .where("id", "=", second!.id)
      .execute();
    const broken = await admin("audit-verify", owner.workspaceId);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`BROKEN at sequence 2 (entry ${second!.id}): changed`);
    expect(broken.stderr).toContain("1 workspace verified, 1 broken");
  });

  it.runIf(engineUnderTest() === "sqlite")(
    "verifies every workspace, and a backup file offline, which stays as it was",
    async () => {
      const owner = await withTrail();
      const all = await admin("audit-verify");
      expect(all.stdout + all.stderr).toContain(`workspace ${owner.workspaceId}: holds`);
      const dir = mkdtempSync(join(tmpdir(), "coffer-backup-"));
      try {
        const file = join(dir, "coffer-backup.db");
        expect((await admin("backup", file)).code).toBe(0);
        const before = readFileSync(file);
        // The live store is tampered with after the backup: the backup still verifies.
        await t.db
          .deleteFrom("audit_events")
          .where("workspace_id", "=", owner.workspaceId)
          .where("sequence", "=", 1)
          .execute();
        const live = await admin("audit-verify", owner.workspaceId);
        expect(live.code).toBe(1);
        expect(live.stderr).toContain("missing");
        const offline = await admin("audit-verify", owner.workspaceId, "--backup", file);
        expect(offline.code, offline.stderr).toBe(0);
        expect(offline.stdout).toContain(`backup ${file}`);
        expect(offline.stdout).toContain(`workspace ${owner.workspaceId}: holds`);
        expect(readFileSync(file).equals(before)).toBe(true);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it("refuses a malformed workspace id and a bad range", async () => {
    expect((await admin("audit-verify", "not-a-uuid")).stderr).toContain("is not a workspace id");
    expect((await admin("audit-verify", "--from", "zero")).stderr).toContain("--from must be a whole number");
  });
});

describe("npm run admin, in a clone", () => {
  it("runs the same commands from src/ and names itself so in usage lines", async () => {
    const owner = await newUser(t.app);
    const clone = (...args: string[]) =>
      run("npm", ["run", "--silent", "admin", "--", ...args], {
        // npm of this Node first, as in spawnNpmStart.
        env: { ...storeEnv(), PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}` },
      });
    const { stdout } = await clone("set-plan", owner.workspaceId, "pro");
    expect(stdout).toContain("free -> pro");
    const usage = await clone("set-plan", owner.workspaceId).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain("usage: npm run admin -- set-plan <workspace> <plan>");
  }, 60_000);
});
