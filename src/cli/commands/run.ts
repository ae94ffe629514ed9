// `coffer run -- <cmd>`: the command runs with the environment's secrets in its environment.
// Signals go to the child, its exit code comes back. Each run keeps an encrypted copy with the
// list's ETag (fallback.ts): the next run asks "changed since?" (304: nothing decrypted or sent)
// and, when Coffer cannot be reached, runs on the copy, saying its age (unless --no-fallback, or
// older than --fallback-max-age). --watch polls the same way and restarts the
// command when what it gets changes. A secret set here already or read by tools as options or code
// (environment-policy.ts) is kept back unless named with --allow-env, at the start and at every
// restart; each is said on stderr with its last writer (kept-back.ts). The directory (and git
// branch) choose the environments (project-map.ts), --env overrides; several are read each with its
// own copy and tag, and merged in order. --mount puts the values in a file (mount.ts) instead of
// the environment.
import { type ChildProcess, spawn } from "node:child_process";
import type { Command } from "commander";
import { Option } from "commander";
import { CliError, EXIT, type Session } from "../api.ts";
import { chooseOidcToken } from "../binding.ts";
import { type EnvironmentTarget, projectEnvironments, readSecrets } from "../context.ts";
import { allowEnvOption, type Sorted, sortForEnvironment } from "../environment-policy.ts";
import { explainSources } from "../environment-targets.ts";
import {
  ageOf,
  confirmFallback,
  type FallbackCopy,
  fallbackMaxAge,
  loadFallback,
  saveFallback,
} from "../fallback.ts";
import { originIn, reportKeptBack, type SecretOrigin } from "../kept-back.ts";
import { createMount, type Mount, type MountFormat, type MountKind, mountFormatOf } from "../mount.ts";
import { warn } from "../output.ts";

interface RunOptions {
  oidcTokenEnv?: string;
  serviceAccount?: string;
  /** false with --no-fallback; --fallback (true) is what runs do anyway. */
  fallback?: boolean;
  fallbackMaxAge?: string;
  allowPartial?: boolean;
  watch?: boolean | string;
  allowEnv: string[];
  env?: string;
  verbose?: boolean;
  mount?: string;
  mountFormat?: MountFormat;
  mountKind?: MountKind;
}

const SIGNAL_NUMBER: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
const FORWARDED = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
const DEFAULT_WATCH_SECONDS = 10;

/** One environment's secrets as variables, and their tag; `cached` is answered 304 against its tag. */
async function fetchValues(
  session: Session,
  p: EnvironmentTarget,
  allowPartial: boolean,
  cached: FallbackCopy | undefined,
  label: string | undefined,
): Promise<FallbackCopy> {
  const read = await readSecrets(session, p, allowPartial, {
    ...(cached ? { ifNoneMatch: cached.etag } : {}),
    ...(label ? { label } : {}),
  });
  if (!read.changed && cached) return cached;
  const secrets = read.changed ? read.secrets : [];
  const unreadable = read.changed ? read.unresolved.map((u) => u.key) : [];
  return {
    ...(read.etag ? { etag: read.etag } : {}),
    values: Object.fromEntries(secrets.map((s) => [s.key, s.value])),
    ...(unreadable.length ? { unreadable } : {}),
    origins: Object.fromEntries(
      secrets.map((s) => [s.key, { environment_id: s.inherited_from ?? p.environment_id, secret_id: s.id }]),
    ),
  };
}

/** Keeps the run's copy current: rewritten when it changed, its time renewed when the server said 304. */
function keepCopy(session: Session, p: EnvironmentTarget, copy: FallbackCopy, cached?: FallbackCopy) {
  if (!session.keepsCopies) return;
  if (copy === cached) confirmFallback(p.environment_id);
  else saveFallback(p.environment_id, session.fallbackSecret(), copy);
}

/**
 * The environment's values: from Coffer (the copy kept for next time), or, when Coffer cannot be
 * reached (no answer, or a proxy's 502/503/504), from the offline copy if it is young enough and
 * --no-fallback was not given. An answer that refuses the credential (401/403/404) never falls
 * back: a revoked key must stop working offline too.
 */
async function initialCopy(
  session: Session,
  p: EnvironmentTarget,
  options: RunOptions,
  label: string | undefined,
): Promise<FallbackCopy> {
  const cached = session.keepsCopies ? loadFallback(p.environment_id, session.fallbackSecret()) : undefined;
  try {
    const copy = await fetchValues(session, p, options.allowPartial ?? false, cached, label);
    keepCopy(session, p, copy, cached);
    return copy;
  } catch (error) {
    const offline = error instanceof CliError && error.exitCode === EXIT.network;
    if (!offline) throw error;
    const of = label ? ` of ${label}` : "";
    if (!cached) {
      const why = session.keepsCopies ? "none is kept here yet" : "none is kept for an OIDC token";
      throw new CliError(`${error.message} (no offline copy${of}: ${why})`, EXIT.network);
    }
    const age = ageOf(cached.confirmedAt ?? new Date(0));
    if (options.fallback === false) {
      throw new CliError(
        `${error.message} (--no-fallback: the offline copy${of} from ${age} ago was not used)`,
        EXIT.network,
      );
    }
    const max = fallbackMaxAge(options.fallbackMaxAge);
    const seconds = (Date.now() - (cached.confirmedAt?.getTime() ?? 0)) / 1000;
    if (seconds > max.seconds) {
      throw new CliError(
        `${error.message} (the offline copy${of} is ${age} old, older than ${max.text}, the maximum age ` +
          `from ${max.from}; --fallback-max-age or COFFER_FALLBACK_MAX_AGE allows an older one)`,
        EXIT.network,
      );
    }
    process.stderr.write(
      `coffer: Coffer at ${session.apiUrl} (from ${session.source}) cannot be reached; using the offline ` +
        `copy${of} from ${age} ago (--no-fallback refuses it)\n`,
    );
    return cached;
  }
}

/** What the command runs with: each environment's copy, and their merge (later wins). */
interface Snapshot {
  copies: FallbackCopy[];
  values: Record<string, string>;
  /** key -> the environment it comes from, and those it overrides (for --verbose). */
  sources: { key: string; from: string; overrides: string[] }[];
  /** key -> its secret, where the copy knows it (to name who wrote a key kept back). */
  origins: Map<string, SecretOrigin>;
}

function merge(targets: EnvironmentTarget[], copies: FallbackCopy[]): Snapshot {
  const values: Record<string, string> = {};
  const from = new Map<string, { from: string; overrides: string[] }>();
  const origins = new Map<string, SecretOrigin>();
  copies.forEach((copy, i) => {
    // A key this environment holds but cannot resolve is not taken from an earlier one.
    for (const key of copy.unreadable ?? []) {
      delete values[key];
      from.delete(key);
      origins.delete(key);
    }
    for (const [key, value] of Object.entries(copy.values)) {
      const before = from.get(key);
      values[key] = value;
      from.set(key, {
        from: targets[i]!.label,
        overrides: before ? [...before.overrides, before.from] : [],
      });
      const origin = copy.origins?.[key];
      if (origin) origins.set(key, originIn(targets[i]!, origin.environment_id, origin.secret_id));
      else origins.delete(key);
    }
  });
  const sources = Object.keys(values).map((key) => ({ key, ...from.get(key)! }));
  return { copies, values, sources, origins };
}

function watchInterval(watch: RunOptions["watch"]): number | undefined {
  if (watch === undefined || watch === false) return undefined;
  if (watch === true) return DEFAULT_WATCH_SECONDS;
  const seconds = Number(watch);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 3600)
    throw new CliError("--watch takes a number of seconds from 1 to 3600", EXIT.usage);
  return seconds;
}

const sameValues = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && b[k] === a[k]);
};

/**
 * Runs the command with what `deliver` makes of the secrets; with `every` set, restarts it whenever
 * that changes. With a mount, the values go to the file (rewritten before a restart) and the
 * command gets its path alone.
 */
async function supervise(
  command: string[],
  first: { snapshot: Snapshot; delivered: Sorted },
  every: number | undefined,
  poll: (current: Snapshot) => Promise<Snapshot>,
  deliver: (snapshot: Snapshot) => Promise<Sorted>,
  mount: Mount | undefined,
): Promise<number> {
  const [bin, ...args] = command;
  let current = first.snapshot;
  let delivered = first.delivered;
  let child: ChildProcess;
  let restarting = false;
  let stopping = false;
  let resolveExit: (code: number) => void = () => {};
  const exited = new Promise<number>((resolve) => (resolveExit = resolve));

  const start = () => {
    const env = mount
      ? { ...process.env, COFFER_MOUNT_PATH: mount.path }
      : { ...process.env, ...delivered.passed };
    child = spawn(bin!, args, { stdio: "inherit", env });
    child.on("error", (error) => {
      process.stderr.write(`coffer: cannot run ${bin}: ${error.message}\n`);
      resolveExit(127);
    });
    child.on("exit", (exitCode, signal) => {
      if (restarting) return;
      resolveExit(exitCode ?? (signal ? 128 + (SIGNAL_NUMBER[signal] ?? 1) : 1));
    });
  };
  for (const signal of FORWARDED) {
    process.on(signal, () => {
      stopping = true;
      child.kill(signal);
    });
  }
  start();

  let timer: NodeJS.Timeout | undefined;
  if (every !== undefined) {
    const tick = async () => {
      try {
        const next = await poll(current);
        if (next !== current) {
          // A key that appears later is kept back as one there from the start.
          const nextDelivered = await deliver(next);
          const changed = !sameValues(nextDelivered.passed, delivered.passed);
          current = next; // unchanged values: fresher tags (a description or key order changed)
          delivered = nextDelivered;
          if (changed && !stopping) {
            process.stderr.write("coffer: the secrets changed, restarting the command\n");
            mount?.update(delivered.passed);
            restarting = true;
            const old = child;
            await new Promise<void>((resolve) => {
              if (old.exitCode !== null || old.signalCode !== null) return resolve();
              old.once("exit", () => resolve());
              old.kill("SIGTERM");
            });
            restarting = false;
            if (!stopping) start();
          }
        }
      } catch (error) {
        warn(`cannot check for changes: ${(error as Error).message}`);
      }
      timer = setTimeout(tick, every * 1000);
    };
    timer = setTimeout(tick, every * 1000);
  }
  const code = await exited;
  clearTimeout(timer);
  return code;
}

/**
 * What the command gets of each snapshot (environment-policy.ts), for its environment or a mount
 * of `format`. Each key kept back is said once, when it first is (and again after it was gone).
 */
function deliveryOf(
  session: Session,
  allowed: ReadonlySet<string>,
  format: MountFormat | undefined,
): (snapshot: Snapshot) => Promise<Sorted> {
  let said = new Set<string>();
  return async (snapshot) => {
    // A JSON file is data the command parses: nothing in it becomes a variable (docs/cli.md).
    const sorted =
      format === "json"
        ? { passed: snapshot.values, kept: [] }
        : sortForEnvironment(snapshot.values, allowed);
    const fresh = sorted.kept.filter((k) => !said.has(k.key));
    said = new Set(sorted.kept.map((k) => k.key));
    const from = format ? "the mounted file" : "the command's environment";
    await reportKeptBack(session, fresh, snapshot.origins, from);
    return sorted;
  };
}

export function registerRunCommand(program: Command): void {
  program
    .command("run")
    .description(
      "run a command with the environment's secrets in its environment: coffer run -- <cmd> [args]",
    )
    .option("--fallback", "(the default) run on the offline copy when Coffer cannot be reached")
    .option("--no-fallback", "fail when Coffer cannot be reached, rather than run on the offline copy")
    .option(
      "--fallback-max-age <age>",
      "the oldest offline copy to run on, e.g. 30m, 24h, 7d (default 7d); env COFFER_FALLBACK_MAX_AGE",
    )
    .option("--allow-partial", "go on when some values cannot be decrypted")
    .option(
      "--watch [seconds]",
      `restart the command when a secret changes (checks every ${DEFAULT_WATCH_SECONDS} s)`,
    )
    .option(...allowEnvOption("pass on"))
    .option(
      "--oidc-token-env <name>",
      "authenticate with the OIDC ID token in this variable (a CI job's; exchanged for a short-lived key), as COFFER_OIDC_TOKEN does",
    )
    .option(
      "--service-account <id>",
      "the service account the OIDC token is exchanged for (required with an OIDC token); env COFFER_SERVICE_ACCOUNT",
    )
    .option(
      "--env <slug|id>",
      "this environment (several, comma-separated, are merged in order) instead of the directory's",
    )
    .option("--verbose", "say on stderr which environments are read, and where each key comes from")
    .option(
      "--mount <file>",
      "put the secrets in this new file (a FIFO where possible, mode 0600; removed at the end) instead of the " +
        "environment; the command gets its path as COFFER_MOUNT_PATH",
    )
    .addOption(
      new Option(
        "--mount-format <format>",
        "the file's format (default: json for a .json path, else dotenv)",
      ).choices(["dotenv", "json"]),
    )
    .addOption(
      new Option(
        "--mount-kind <kind>",
        "fifo (fail if none can be made) or file (default: a FIFO where possible)",
      ).choices(["fifo", "file"]),
    )
    .argument("<command...>", "the command and its arguments")
    .action(async (command: string[], options: RunOptions) => {
      if (options.oidcTokenEnv) {
        const token = process.env[options.oidcTokenEnv];
        if (!token) throw new CliError(`--oidc-token-env: ${options.oidcTokenEnv} is not set`, EXIT.usage);
        chooseOidcToken(token, options.serviceAccount);
      }
      const every = watchInterval(options.watch);
      const allowed = new Set(options.allowEnv);
      const { session, selection, targets } = await projectEnvironments(program, options.env);
      const label = (t: EnvironmentTarget) => (targets.length > 1 ? t.label : undefined);
      const copies = await Promise.all(targets.map((t) => initialCopy(session, t, options, label(t))));
      const first = merge(targets, copies);
      if (options.verbose) explainSources(selection, targets, first.sources);
      const format = options.mount ? mountFormatOf(options.mount, options.mountFormat) : undefined;
      const deliver = deliveryOf(session, allowed, format);
      const delivered = await deliver(first);
      const poll = async (current: Snapshot) => {
        const next = await Promise.all(
          targets.map(async (t, i) => {
            const copy = await fetchValues(
              session,
              t,
              options.allowPartial ?? false,
              current.copies[i],
              label(t),
            );
            if (copy !== current.copies[i]) keepCopy(session, t, copy);
            return copy;
          }),
        );
        return next.every((copy, i) => copy === current.copies[i]) ? current : merge(targets, next);
      };
      const mount =
        options.mount && format
          ? createMount(options.mount, format, options.mountKind, delivered.passed)
          : undefined;
      if (mount && options.verbose)
        process.stderr.write(`coffer: the secrets are at ${mount.path} (${mount.kind})\n`);
      // Removed however the run ends: the command's exit, a signal (forwarded, then its exit), an error.
      const removeMount = () => mount?.remove();
      process.once("exit", removeMount);
      try {
        process.exitCode = await supervise(
          command,
          { snapshot: first, delivered },
          every,
          poll,
          deliver,
          mount,
        );
      } finally {
        removeMount();
      }
    });
}
