// `coffer secrets list|get|set|delete|history|rollback|deleted|restore`: the environment of this
// directory (or --env), key by key. `list` and `get` read a merge of several environments as
// `run` does; the others act on one environment.
import type { Command } from "commander";
import { CliError, EXIT, failure } from "../api.ts";
import {
  globalsOf,
  listSecrets,
  pathOf,
  projectEnvironments,
  projectSession,
  readMerged,
  writeSecrets,
} from "../context.ts";
import { explainSources } from "../environment-targets.ts";
import { print, readStdin, warn } from "../output.ts";

type EnvOption = { env?: string };
const ENV_HELP = "this environment (slug or id) instead of the directory's";
const MERGE_HELP =
  "this environment (slug or id; several, comma-separated, are merged in order) instead of the directory's";

export function registerSecretsCommands(program: Command): void {
  const secrets = program
    .command("secrets")
    .description("list, read, set and delete the environment's secrets");
  const json = () => globalsOf(program).json ?? false;
  const connected = (options: EnvOption) => projectSession(program, options.env);
  // By the stored text: every key is listed, whether or not its references resolve. The command
  // changes or reads the environment's own secret, not one it inherits.
  const find = async (key: string, options: EnvOption) => {
    const { p, session } = await connected(options);
    const found = (await listSecrets(session, p, true, true)).find((s) => s.key === key);
    if (!found) throw new CliError(`no secret ${key} in this environment`, EXIT.notFound);
    if (found.inherited_from) {
      throw new CliError(
        `${key} is inherited from environment ${found.inherited_from}: act on it there, or set it here to override it`,
        EXIT.notFound,
      );
    }
    return { p, session, found };
  };

  secrets
    .command("list")
    .description("the environment's secrets (values masked unless --reveal)")
    .option("--reveal", "show the values")
    .option("--raw", "values as stored: references unresolved, as written")
    .option("--allow-partial", "go on when some values cannot be decrypted or their references resolved")
    .option("--env <slug|id>", MERGE_HELP)
    .option("--verbose", "say on stderr which environment each key comes from")
    .action(
      async (
        options: { reveal?: boolean; raw?: boolean; allowPartial?: boolean; verbose?: boolean } & EnvOption,
      ) => {
        const { session, selection, targets } = await projectEnvironments(program, options.env);
        const list = await readMerged(session, targets, options.allowPartial ?? false, options.raw ?? false);
        if (options.verbose)
          explainSources(
            selection,
            targets,
            list.map((s) => ({ ...s, from: s.from.label })),
          );
        // A merge says where each key comes from; one environment's rows stay as they always were.
        const merged = targets.length > 1;
        const rows = list.map((s) => ({
          key: s.key,
          value: options.reveal ? s.value : "********",
          version: s.current_version,
          ...(merged ? { environment: s.from.label } : {}),
        }));
        const text = rows.map(
          (r) => `${r.key}\t${r.value}\tv${r.version}${merged ? `\t${r.environment}` : ""}\n`,
        );
        // Said on stderr: an empty list on stdout stays what a script parses ("" or []).
        if (rows.length === 0)
          process.stderr.write(`coffer: no secrets in ${targets.map((t) => t.label).join(", ")}\n`);
        print(json(), rows, text.join(""));
      },
    );

  secrets
    .command("get <key>")
    .description("print one secret's value, its references resolved")
    .option("--raw", "the value as stored: references unresolved, as written")
    .option("--env <slug|id>", MERGE_HELP)
    .option("--verbose", "say on stderr which environment the value comes from")
    .action(async (key: string, options: { raw?: boolean; verbose?: boolean } & EnvOption) => {
      const { session, selection, targets } = await projectEnvironments(program, options.env);
      // The environment the key comes from: the last of a merge that holds it.
      const found = (await readMerged(session, targets, true, true)).find((s) => s.key === key);
      if (!found) throw new CliError(`no secret ${key} in this environment`, EXIT.notFound);
      if (options.verbose) explainSources(selection, targets, [{ ...found, from: found.from.label }]);
      const p = found.from;
      if (options.raw) {
        print(json(), { key, value: found.value }, `${found.value}\n`);
        return;
      }
      if (found.inherited_from) {
        // Not the environment's own: read as the environment reads it.
        const value = (await listSecrets(session, p, true)).find((s) => s.key === key)?.value;
        if (value === undefined) {
          throw new CliError(
            `${key} cannot be resolved (see above); --raw shows the stored text`,
            EXIT.partial,
          );
        }
        print(json(), { key, value }, `${value}\n`);
        return;
      }
      const { data, error, response } = await session.client.GET(
        "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/{secret_id}",
        { params: { path: { ...pathOf(p), secret_id: found.id } } },
      );
      if (!response.ok || !data) throw failure(response, error, `cannot read ${key}`);
      print(json(), { key, value: data.value }, `${data.value}\n`);
    });

  secrets
    .command("set <pairs...>")
    .description(
      "set KEY=VALUE pairs in one call (new keys created, existing ones get a new version); KEY=- reads stdin",
    )
    .option("--env <slug|id>", ENV_HELP)
    .action(async (pairs: string[], options: EnvOption) => {
      const { p, session } = await connected(options);
      const wanted = new Map<string, string>();
      for (const pair of pairs) {
        const at = pair.indexOf("=");
        if (at <= 0) throw new CliError(`"${pair}" is not KEY=VALUE`, EXIT.usage);
        const value = pair.slice(at + 1);
        wanted.set(pair.slice(0, at), value === "-" ? (await readStdin()).replace(/\r?\n$/, "") : value);
      }
      const result = await writeSecrets(session, p, wanted, true);
      print(json(), result, `created ${result.created}, updated ${result.updated}\n`);
    });

  secrets
    .command("delete <keys...>")
    .description("delete secrets by key")
    .option("--env <slug|id>", ENV_HELP)
    .action(async (keys: string[], options: EnvOption) => {
      const { p, session } = await connected(options);
      const list = (await listSecrets(session, p, true, true)).filter((s) => !s.inherited_from);
      for (const key of keys) {
        const found = list.find((s) => s.key === key);
        if (!found) throw new CliError(`no secret ${key} of this environment's own`, EXIT.notFound);
        const secretPath = { params: { path: { ...pathOf(p), secret_id: found.id } } };
        // Who read it from here loses it too: said on stderr (a failed look-up says nothing).
        const heirs = await session.client
          .GET(
            "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/{secret_id}/inherited-by",
            secretPath,
          )
          .then((answer) => answer.data ?? [])
          .catch(() => []);
        const { error, response } = await session.client.DELETE(
          "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/{secret_id}",
          secretPath,
        );
        if (!response.ok) throw failure(response, error, `cannot delete ${key}`);
        if (heirs.length > 0) {
          const names = heirs.map((h) => h.name).join(", ");
          warn(`${names} inherited ${key} from here and no longer ${heirs.length === 1 ? "has" : "have"} it`);
        }
      }
      print(json(), { deleted: keys }, `deleted ${keys.join(", ")}\n`);
    });

  secrets
    .command("history <key>")
    .description("a secret's versions (paid plans)")
    .option("--env <slug|id>", ENV_HELP)
    .action(async (key: string, options: EnvOption) => {
      const { p, session, found } = await find(key, options);
      const { data, error, response } = await session.client.GET(
        "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/{secret_id}/versions",
        { params: { path: { ...pathOf(p), secret_id: found.id } } },
      );
      if (!response.ok) throw failure(response, error, "cannot read the versions");
      const versions = data!;
      // Who, as the audit trail names them ("unknown" once it no longer holds the entry); "= v1" on
      // a rollback's version: its value is version 1's.
      const author = (v: (typeof versions)[number]) =>
        v.author === null
          ? "unknown"
          : v.author.key
            ? `${v.author.name} (key ${v.author.key.name})`
            : v.author.name;
      const line = (v: (typeof versions)[number]) =>
        [
          `v${v.version}`,
          v.created_at,
          author(v),
          v.restored_from_version ? `= v${v.restored_from_version}` : "",
        ]
          .join("\t")
          .trimEnd();
      print(json(), versions, versions.map((v) => `${line(v)}\n`).join(""));
    });

  secrets
    .command("rollback <key>")
    .description("make an earlier version's value the newest version (history only grows)")
    .requiredOption("--version <n>", "the version to roll back to")
    .option("--env <slug|id>", ENV_HELP)
    .action(async (key: string, options: { version: string } & EnvOption) => {
      const version = Number(options.version);
      if (!Number.isInteger(version) || version < 1)
        throw new CliError("--version is a whole number, 1 or more", EXIT.usage);
      const { p, session, found } = await find(key, options);
      const { data, error, response } = await session.client.POST(
        "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/{secret_id}/rollback",
        { params: { path: { ...pathOf(p), secret_id: found.id } }, body: { version } },
      );
      if (!data) throw failure(response, error, `cannot roll ${key} back`);
      print(
        json(),
        { key, from_version: version, version: data.current_version },
        `${key}: version ${version}'s value is now version ${data.current_version}\n`,
      );
    });

  const deletedOf = async (options: EnvOption) => {
    const { p, session } = await connected(options);
    const { data, error, response } = await session.client.GET(
      "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/deleted",
      { params: { path: pathOf(p) } },
    );
    if (!data) throw failure(response, error, "cannot list the deleted secrets");
    return { p, session, deleted: data };
  };

  secrets
    .command("deleted")
    .description("the environment's deleted secrets that can still be restored")
    .option("--env <slug|id>", ENV_HELP)
    .action(async (options: EnvOption) => {
      const { deleted } = await deletedOf(options);
      print(
        json(),
        deleted,
        deleted.map((d) => `${d.key}\tdeleted ${d.deleted_at}\tuntil ${d.purge_after}\t${d.id}\n`).join(""),
      );
    });

  secrets
    .command("restore <key-or-id>")
    .description("restore a deleted secret with its versions (the most recently deleted of that key)")
    .option("--env <slug|id>", ENV_HELP)
    .action(async (wanted: string, options: EnvOption) => {
      const { p, session, deleted } = await deletedOf(options);
      const chosen = deleted.find((d) => d.id === wanted) ?? deleted.find((d) => d.key === wanted);
      if (!chosen)
        throw new CliError(`no deleted secret ${wanted} to restore in this environment`, EXIT.notFound);
      const { data, error, response } = await session.client.POST(
        "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/deleted/{secret_id}/restore",
        { params: { path: { ...pathOf(p), secret_id: chosen.id } } },
      );
      if (!data) throw failure(response, error, `cannot restore ${chosen.key}`);
      print(
        json(),
        { key: data.key, id: data.id, version: data.current_version },
        `restored ${data.key} (v${data.current_version})\n`,
      );
    });
}
