// The systemd unit shipped in the server package (packages/server/systemd/coffer.service): systemd's
// own checker accepts it without a warning when it is installed here, and its hardening holds
// whether or not it is — a directive dropped or misspelt, or one that would break Node, fails here.
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const UNIT = join(import.meta.dirname, "..", "packages", "server", "systemd", "coffer.service");
const text = readFileSync(UNIT, "utf8");

/** The unit's assignments, section by section: a key may be given several times (systemd keeps each). */
function parseUnit(source: string): Map<string, string[]> {
  const entries = new Map<string, string[]>();
  let section = "";
  for (const raw of source.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1]!;
      continue;
    }
    const eq = line.indexOf("=");
    if (eq < 0) throw new Error(`not an assignment: ${line}`);
    const key = `${section}.${line.slice(0, eq)}`;
    entries.set(key, [...(entries.get(key) ?? []), line.slice(eq + 1)]);
  }
  return entries;
}

const unit = parseUnit(text);
const only = (key: string): string => {
  const values = unit.get(`Service.${key}`) ?? [];
  expect(values, `${key}= given once`).toHaveLength(1);
  return values[0]!;
};
const seconds = (span: string): number => {
  const match = /^(\d+)(s|min)?$/.exec(span);
  if (!match) throw new Error(`unexpected time span ${span}`);
  return Number(match[1]) * (match[2] === "min" ? 60 : 1);
};

const systemdAnalyze = spawnSync("systemd-analyze", ["--version"]).status === 0;
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/**
 * A file system root holding systemd's own units, the unit at its installed place, and an
 * executable where ExecStart expects coffer-server: verify checks that the command exists, and
 * the unit is checked as it is, not a copy edited to point elsewhere.
 */
function installedRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "coffer-systemd-"));
  roots.push(root);
  const systemUnits = ["/usr/lib/systemd/system", "/lib/systemd/system"].find((dir) => existsSync(dir));
  if (systemUnits) cpSync(systemUnits, join(root, "usr/lib/systemd/system"), { recursive: true });
  mkdirSync(join(root, "etc/systemd/system"), { recursive: true });
  copyFileSync(UNIT, join(root, "etc/systemd/system/coffer.service"));
  for (const command of [only("ExecStart").split(" ")[0]!, only("ExecReload").split(" ")[0]!]) {
    mkdirSync(join(root, command, ".."), { recursive: true });
    writeFileSync(join(root, command), "#!/bin/sh\n");
    chmodSync(join(root, command), 0o755);
  }
  return root;
}

describe("the systemd unit", () => {
  it.skipIf(!systemdAnalyze)("passes systemd-analyze verify with no warning at all", () => {
    const root = installedRoot();
    const result = spawnSync("systemd-analyze", ["verify", `--root=${root}`, "coffer.service"], {
      encoding: "utf8",
    });
    // verify exits 0 on an unknown key or a value it cannot parse, and says so: any output fails.
    expect(`${result.stdout}${result.stderr}`.trim()).toBe("");
    expect(result.status).toBe(0);
  });

  it.skipIf(!systemdAnalyze)(
    "rates as well protected by systemd-analyze security (exposure at most 2.0 of 10)",
    () => {
      const root = installedRoot();
      const result = spawnSync(
        "systemd-analyze",
        ["security", "--offline=yes", "--threshold=20", "--no-pager", `--root=${root}`, "coffer.service"],
        { encoding: "utf8" },
      );
      expect(result.status, result.stdout.split("\n").at(-2)).toBe(0);
    },
  );

  it("serves coffer-server from a state directory of its own, as a user allocated at start", () => {
    expect(only("ExecStart")).toBe("/usr/local/bin/coffer-server");
    expect(only("DynamicUser")).toBe("yes");
    expect(only("StateDirectory")).toBe("coffer");
    expect(unit.get("Service.Environment")).toContain("COFFER_DATA_DIR=%S/coffer");
    expect(only("EnvironmentFile")).toBe("-/etc/coffer/coffer.env");
    expect(only("Restart")).toBe("on-failure");
  });

  it("hands the master key over as a credential, named by COFFER_MASTER_KEY_FILE, never in the environment", () => {
    expect(only("LoadCredential")).toBe("master.key:/etc/coffer/master.key");
    expect(unit.get("Service.Environment")).toContain("COFFER_MASTER_KEY_FILE=%d/master.key");
    expect(text).not.toMatch(/^Environment=.*COFFER_MASTER_KEY=/m);
  });

  it("reloads TLS on SIGHUP and gives in-flight requests longer than Coffer's shutdown grace", () => {
    expect(only("ExecReload")).toBe("/bin/kill -HUP $MAINPID");
    expect(only("KillSignal")).toBe("SIGTERM");
    const grace = (unit.get("Service.Environment") ?? [])
      .map((value) => /^COFFER_SHUTDOWN_GRACE=(\d+)$/.exec(value)?.[1])
      .find(Boolean);
    // Coffer's default grace is 10 s (docs/configuration.md); systemd's SIGKILL must come later.
    expect(seconds(only("TimeoutStopSec"))).toBeGreaterThan(Number(grace ?? 10));
  });

  it("is hardened: no privileges, a read-only system, no devices, only IP and local sockets", () => {
    for (const [key, value] of Object.entries({
      ProtectSystem: "strict",
      ProtectHome: "yes",
      PrivateTmp: "yes",
      PrivateDevices: "yes",
      NoNewPrivileges: "yes",
      CapabilityBoundingSet: "",
      RestrictAddressFamilies: "AF_INET AF_INET6 AF_UNIX",
    })) {
      expect(only(key), key).toBe(value);
    }
    expect(unit.get("Service.SystemCallFilter")?.[0]).toBe("@system-service");
  });

  it("leaves V8's JIT alone: MemoryDenyWriteExecute is not set", () => {
    expect(unit.has("Service.MemoryDenyWriteExecute")).toBe(false);
  });
});
