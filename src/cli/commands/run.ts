// `coffer run -- <cmd>`: the command runs with the environment's secrets in its environment.
// Signals go to the child, its exit code comes back. --fallback keeps an encrypted copy with the
// list's ETag: the next run asks "changed since?" (304: nothing decrypted or sent) and, when Coffer
// cannot be reached, runs on the copy with a warning. --watch polls the same way and restarts the
// command when a value changes. Variables that change how programs load code (loader-variables.ts)
// are injected only when named with --allow-env, at the start and at every restart.
import { type ChildProcess, spawn } from "node:child_process";
import type { Command } from "commander";
import { CliError, EXIT, type Session } from "../api.ts";
import { chooseOidcToken } from "../binding.ts";
import { projectSession, readSecrets } from "../context.ts";
import { type FallbackCopy, loadFallback, saveFallback } from "../fallback.ts";
import type { ProjectFile } from "../files.ts";
import { refusedVariables } from "../loader-variables.ts";
import { warn } from "../output.ts";

interface RunOptions {
  oidcTokenEnv?: string;
  serviceAccount?: string;
  fallback?: boolean;
  allowPartial?: boolean;
  watch?: boolean | string;
  allowEnv: string[];
}

const SIGNAL_NUMBER: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
const FORWARDED = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
const DEFAULT_WATCH_SECONDS = 10;

/** The secrets as an environment, and their tag; `cached` is answered 304 against its tag. */
async function fetchValues(
  session: Session,
  p: ProjectFile,
  allowPartial: boolean,
  cached: FallbackCopy | undefined,
): Promise<FallbackCopy> {
  const read = await readSecrets(session, p, allowPartial, cached ? { ifNoneMatch: cached.etag } : {});
  if (!read.changed && cached) return cached;
  const secrets = read.changed ? read.secrets : [];
  return {
    ...(read.etag ? { etag: read.etag } : {}),
    values: Object.fromEntries(secrets.map((s) => [s.key, s.value])),
  };
}

async function initialValues(session: Session, p: ProjectFile, options: RunOptions): Promise<FallbackCopy> {
  const cached = options.fallback ? loadFallback(p.environment_id, session.fallbackSecret()) : undefined;
  try {
    const copy = await fetchValues(session, p, options.allowPartial ?? false, cached);
    if (options.fallback && copy !== cached) saveFallback(p.environment_id, session.fallbackSecret(), copy);
    return copy;
  } catch (error) {
    const offline = error instanceof CliError && error.exitCode === EXIT.network;
    if (!offline || !cached) throw error;
    warn(`${error.message}; using the local fallback copy, which may be out of date`);
    return cached;
  }
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
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
};

/** Why these values must not reach the command (exit 2), or undefined when they may. */
function refusal(values: Record<string, string>, allowed: ReadonlySet<string>): CliError | undefined {
  const refused = refusedVariables(Object.keys(values), allowed);
  if (refused.length === 0) return undefined;
  return new CliError(
    `the secrets hold ${refused.join(", ")}, which change how programs load code or find executables: ` +
      `coffer run injects such variables only when each is named (--allow-env ${refused.join(",")})`,
    EXIT.usage,
  );
}

/** Runs the command; with `every` set, restarts it whenever the secrets change. */
async function supervise(
  command: string[],
  first: FallbackCopy,
  every: number | undefined,
  poll: (current: FallbackCopy) => Promise<FallbackCopy>,
  allowed: ReadonlySet<string>,
): Promise<number> {
  const [bin, ...args] = command;
  let current = first;
  let child: ChildProcess;
  let restarting = false;
  let stopping = false;
  let resolveExit: (code: number) => void = () => {};
  const exited = new Promise<number>((resolve) => (resolveExit = resolve));

  const start = () => {
    child = spawn(bin!, args, { stdio: "inherit", env: { ...process.env, ...current.values } });
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
  let lastRefused: Record<string, string> | undefined;
  if (every !== undefined) {
    const tick = async () => {
      try {
        const next = await poll(current);
        const changed = next !== current && !sameValues(next.values, current.values);
        const refused = changed ? refusal(next.values, allowed) : undefined;
        if (refused) {
          // The command goes on with the values it has; said once per refused set of values.
          if (!lastRefused || !sameValues(next.values, lastRefused))
            warn(`not restarting, the command keeps running with the previous values: ${refused.message}`);
          lastRefused = next.values;
        } else if (changed && !stopping) {
          process.stderr.write("coffer: the secrets changed, restarting the command\n");
          current = next;
          restarting = true;
          const old = child;
          await new Promise<void>((resolve) => {
            if (old.exitCode !== null || old.signalCode !== null) return resolve();
            old.once("exit", () => resolve());
            old.kill("SIGTERM");
          });
          restarting = false;
          if (!stopping) start();
        } else if (next.etag) {
          current = next; // same values, fresher tag (a description or key order changed)
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

export function registerRunCommand(program: Command): void {
  program
    .command("run")
    .description(
      "run a command with the environment's secrets in its environment: coffer run -- <cmd> [args]",
    )
    .option("--fallback", "use (and keep) an encrypted local copy when Coffer cannot be reached")
    .option("--allow-partial", "go on when some values cannot be decrypted")
    .option(
      "--watch [seconds]",
      `restart the command when a secret changes (checks every ${DEFAULT_WATCH_SECONDS} s)`,
    )
    .option(
      "--allow-env <names>",
      "inject these variables although they change how programs load code (NODE_OPTIONS, LD_PRELOAD, PATH…): " +
        "exact names, repeatable or comma-separated",
      (value: string, previous: string[]) => [...previous, ...value.split(",").map((n) => n.trim())],
      [],
    )
    .option(
      "--oidc-token-env <name>",
      "authenticate with the OIDC ID token in this variable (a CI job's; exchanged for a short-lived key), as COFFER_OIDC_TOKEN does",
    )
    .option(
      "--service-account <id>",
      "the service account the OIDC token is for (when its issuer is trusted by several); env COFFER_SERVICE_ACCOUNT",
    )
    .argument("<command...>", "the command and its arguments")
    .action(async (command: string[], options: RunOptions) => {
      if (options.oidcTokenEnv) {
        const token = process.env[options.oidcTokenEnv];
        if (!token) throw new CliError(`--oidc-token-env: ${options.oidcTokenEnv} is not set`, EXIT.usage);
        chooseOidcToken(token, options.serviceAccount);
      }
      const every = watchInterval(options.watch);
      const allowed = new Set(options.allowEnv.filter(Boolean));
      const { p, session } = projectSession(program);
      const first = await initialValues(session, p, options);
      const refused = refusal(first.values, allowed);
      if (refused) throw refused;
      const poll = async (current: FallbackCopy) => {
        const next = await fetchValues(session, p, options.allowPartial ?? false, current);
        if (options.fallback && next !== current)
          saveFallback(p.environment_id, session.fallbackSecret(), next);
        return next;
      };
      process.exitCode = await supervise(command, first, every, poll, allowed);
    });
}
