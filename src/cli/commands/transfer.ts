// Secrets in and out: `coffer export`, `coffer import FILE` (.env), `coffer import-preview` (from a
// hosting platform, optionally applied).
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { Option } from "commander";
import { MalformedReference, mayReference, parseValue } from "../../lib/references.ts";
import { KEY_PATTERN, LIMITS } from "../../lib/secret-limits.ts";
import { CliError, EXIT, failure, type Session } from "../api.ts";
import {
  globalsOf,
  pathOf,
  projectEnvironments,
  projectSession,
  readMerged,
  writeSecrets,
} from "../context.ts";
import {
  type DotenvEntry,
  DotenvError,
  type ExportFormat,
  formatSecrets,
  parseDotenvEntries,
  storedText,
} from "../dotenv.ts";
import { allowEnvOption, readByTools, sortForEnvironment } from "../environment-policy.ts";
import { explainSources } from "../environment-targets.ts";
import { lastWriters, originIn, reportKeptBack, type SecretOrigin } from "../kept-back.ts";
import { paint, print, readStdin, warn } from "../output.ts";
import { renderTemplate } from "../template.ts";

function readTemplate(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new CliError(
      `cannot read the template ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`,
      EXIT.usage,
    );
  }
}

/**
 * A template's tags are its author's, but the values are whoever wrote them: a tag naming a key
 * tools read (a rendered `MAKEFLAGS={{ MAKEFLAGS }}` that is then sourced) renders only when allowed.
 * Nothing is printed otherwise (exit 2): a config file without a value is worse than none.
 */
async function refuseToolSettings(
  session: Session,
  template: string,
  keys: Set<string>,
  allowed: ReadonlySet<string>,
  origins: ReadonlyMap<string, SecretOrigin>,
): Promise<void> {
  const withheld = [...keys].filter((key) => readByTools(key) && !allowed.has(key));
  if (withheld.length === 0) return;
  const writers = await lastWriters(session, withheld, origins);
  const lines = withheld.map((key) => `${key}, last written by ${writers.get(key)}: --allow-env ${key}`);
  throw new CliError(
    `${template} names secrets that tools read as options, code, a program to run or a place to look; ` +
      `a template renders each only when it is named with --allow-env:\n  ${lines.join("\n  ")}\nnothing was printed`,
    EXIT.usage,
  );
}

type Platform = "railway" | "vercel" | "render";

const KEY = new RegExp(KEY_PATTERN);

/**
 * A .env file's variables as Coffer stores them, or a usage error naming each line the API would
 * refuse (a key with a dot or a dash, too long, a value over the size limit, a malformed
 * reference) before anything is sent.
 */
function readImportFile(file: string): Map<string, string> {
  let entries: DotenvEntry[];
  try {
    entries = parseDotenvEntries(readFileSync(file, "utf8"));
  } catch (error) {
    if (error instanceof DotenvError) throw new CliError(`${file}: ${error.message}`, EXIT.usage);
    throw new CliError(`cannot read ${file}: ${(error as Error).message}`, EXIT.usage);
  }
  const problems: string[] = [];
  const wanted = new Map<string, string>();
  for (const entry of entries) {
    const text = storedText(entry);
    const why = !KEY.test(entry.key)
      ? "is not a valid name: letters, digits and _, not starting with a digit"
      : entry.key.length > LIMITS.keyLength
        ? `is longer than ${LIMITS.keyLength} characters`
        : Buffer.byteLength(text) > LIMITS.valueBytes
          ? `has a value over ${LIMITS.valueBytes / 1024} KiB`
          : malformedReference(text);
    if (why) problems.push(`${file}: line ${entry.line}: ${entry.key} ${why}`);
    wanted.set(entry.key, text);
  }
  if (problems.length > 0) {
    const shown =
      problems.length > 20 ? [...problems.slice(0, 20), `… and ${problems.length - 20} more`] : problems;
    throw new CliError(`${shown.join("\n")}\nnothing was imported`, EXIT.usage);
  }
  return wanted;
}

/** Why the API would refuse the value's references (the position, never the text), if it would. */
function malformedReference(text: string): string | undefined {
  if (!mayReference(text)) return undefined;
  try {
    parseValue(text);
    return undefined;
  } catch (error) {
    if (error instanceof MalformedReference) return `has a value the API refuses: ${error.message}`;
    throw error;
  }
}

export function registerTransferCommands(program: Command): void {
  const json = () => globalsOf(program).json ?? false;

  program
    .command("export")
    .description(
      "print the environment's secrets as dotenv, json, yaml or shell, or render a template with them",
    )
    .addOption(
      new Option("--format <format>", "output format")
        .choices(["dotenv", "json", "yaml", "shell"])
        .default("dotenv"),
    )
    .addOption(
      new Option(
        "--template <file>",
        "render this file instead: {{ KEY }} becomes the value (docs/cli.md)",
      ).conflicts("format"),
    )
    .option(
      "--env <slug|id>",
      "this environment (several, comma-separated, are merged in order) instead of the directory's",
    )
    .option("--verbose", "say on stderr which environment each key comes from")
    .option("--allow-partial", "go on when some values cannot be decrypted")
    .option(...allowEnvOption("with --format shell or --template, print"))
    .action(
      async (options: {
        format: ExportFormat;
        template?: string;
        env?: string;
        verbose?: boolean;
        allowPartial?: boolean;
        allowEnv: string[];
      }) => {
        const { session, selection, targets } = await projectEnvironments(program, options.env);
        const list = await readMerged(session, targets, options.allowPartial ?? false);
        if (options.verbose)
          explainSources(
            selection,
            targets,
            list.map((s) => ({ ...s, from: s.from.label })),
          );
        const allowed = new Set(options.allowEnv);
        const origins = new Map(
          list.map((s) => [s.key, originIn(s.from, s.inherited_from ?? s.from.environment_id, s.id)]),
        );
        if (options.template !== undefined) {
          const text = readTemplate(options.template);
          const names = targets.map((t) => t.label).join(", ");
          const where = targets.length > 1 ? `environments ${names}` : `environment ${names}`;
          const values = new Map(list.map((s) => [s.key, s.value]));
          const rendered = renderTemplate(options.template, text, values, where);
          await refuseToolSettings(session, options.template, rendered.keys, allowed, origins);
          process.stdout.write(rendered.text);
          return;
        }
        const entries = list.map((s): [string, string] => [s.key, s.value]);
        if (options.format === "shell") {
          // A shell evals it: what reaches that shell is sorted as `coffer run` sorts a command's.
          const sorted = sortForEnvironment(Object.fromEntries(entries), allowed);
          await reportKeptBack(session, sorted.kept, origins, "the output");
          process.stdout.write(formatSecrets(Object.entries(sorted.passed), "shell"));
          return;
        }
        // Files (dotenv, json, yaml) are data: transfers and backups keep every key (docs/cli.md).
        const risky = entries.map(([key]) => key).filter(readByTools);
        if (risky.length > 0)
          warn(
            `the export holds ${risky.join(", ")}, which tools read as options or code: load it with ` +
              "`coffer run` (or --mount), which keeps them back, rather than sourcing it or `node --env-file`",
          );
        process.stdout.write(formatSecrets(entries, options.format));
      },
    );

  program
    .command("import <file>")
    .description("import a .env file: new keys are created; --overwrite also updates existing ones")
    .option("--overwrite", "update keys that exist already")
    .action(async (file: string, options: { overwrite?: boolean }) => {
      const parsed = readImportFile(file);
      const { p, session } = await projectSession(program);
      const result = await writeSecrets(session, p, parsed, options.overwrite ?? false);
      const kept = result.skipped ? `, kept ${result.skipped} existing (--overwrite replaces them)` : "";
      print(json(), result, `created ${result.created}, updated ${result.updated}${kept}\n`);
    });

  program
    .command("import-preview")
    .description(
      "what an import from Railway, Vercel or Render would change (the token is read from stdin); --apply writes it",
    )
    .addOption(
      new Option("--from <platform>", "the hosting platform")
        .choices(["railway", "vercel", "render"])
        .makeOptionMandatory(),
    )
    .option("--project-id <id>", "Railway or Vercel project (Render: the service)")
    .option("--environment-id <id>", "Railway environment")
    .option("--service-id <id>", "Railway or Render service")
    .addOption(
      new Option("--target <target>", "Vercel target").choices(["production", "preview", "development"]),
    )
    .option("--reveal", "show values instead of masks")
    .option("--apply", "write the added keys (one transaction)")
    .option("--overwrite", "with --apply: also replace keys that differ")
    .action(
      async (options: {
        from: Platform;
        projectId?: string;
        environmentId?: string;
        serviceId?: string;
        target?: string;
        reveal?: boolean;
        apply?: boolean;
        overwrite?: boolean;
      }) => {
        const { p, session } = await projectSession(program);
        const token = (await readStdin()).trim();
        if (!token) throw new CliError("pipe the platform token on stdin (it is never stored)", EXIT.usage);
        const body = {
          provider: options.from,
          token,
          source: {
            project_id: options.projectId ?? null,
            environment_id: options.environmentId ?? null,
            service_id: options.serviceId ?? null,
            target: options.target ?? null,
          },
          reveal: options.reveal ?? false,
        };
        const params = { params: { path: pathOf(p) } };
        const result = options.apply
          ? await session.client.POST(
              "/integrations/{workspace_id}/{team_id}/{project_id}/{environment_id}/apply",
              {
                ...params,
                body: { ...body, overwrite: options.overwrite ?? false },
              },
            )
          : await session.client.POST(
              "/integrations/{workspace_id}/{team_id}/{project_id}/{environment_id}/preview",
              { ...params, body },
            );
        if (!result.response.ok)
          throw failure(result.response, result.error, `cannot read from ${options.from}`);
        const report = result.data!;
        const [added, changed] = options.apply ? ["written", "replaced"] : ["would add", "would change"];
        const lines = [
          ...report.added.map((i) => `${paint(32, "+")} ${i.key}=${i.value}`),
          ...report.changed.map((i) => `${paint(33, "~")} ${i.key}: ${i.current} -> ${i.incoming}`),
          ...report.unchanged.map((k) => `  ${k}`),
          ...report.skipped.map((i) => `${paint(90, "-")} ${i.key} (${i.reason})`),
          `${added} ${report.added.length}, ${changed} ${report.changed.length}, unchanged ${report.unchanged.length}, skipped ${report.skipped.length}, read ${report.total}`,
        ];
        print(json(), report, `${lines.join("\n")}\n`);
      },
    );
}
