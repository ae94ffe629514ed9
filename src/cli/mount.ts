// `coffer run --mount FILE`: the secrets as a file, for programs that read a `.env` or JSON file.
// Where one can be made it is a FIFO (named pipe): the values never reach the disk, and each reader
// that opens it is served the whole content from memory — through a FIFO of its own, put in place
// as the previous reader is served, so two readers never share (and split) one pipe. Elsewhere a
// regular file. Either is created for the user alone (mode 0600), never over an existing file,
// and removed when `coffer run` ends.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  promises as fsp,
  lstatSync,
  openSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { formatSecrets } from "./dotenv.ts";
import { CliError, EXIT } from "./errors.ts";
import { warn } from "./output.ts";

export type MountFormat = "dotenv" | "json";
export type MountKind = "fifo" | "file";

export interface Mount {
  /** Absolute: what the command gets as COFFER_MOUNT_PATH. */
  path: string;
  kind: MountKind;
  /** New values (`--watch`): the next reader of a FIFO gets them; a file is replaced whole. */
  update(values: Record<string, string>): void;
  /** Removes the file; safe to call more than once. */
  remove(): void;
}

/** --mount-format, else json for a `.json` path, else dotenv. */
export const mountFormatOf = (path: string, format: MountFormat | undefined): MountFormat =>
  format ?? (path.toLowerCase().endsWith(".json") ? "json" : "dotenv");

const render = (values: Record<string, string>, format: MountFormat) =>
  formatSecrets(Object.entries(values), format);

const exists = (path: string) => lstatSync(path, { throwIfNoEntry: false }) !== undefined;

/** A FIFO of mode 0600 at `path` (mkfifo refuses an existing path); false when none can be made here. */
function makeFifo(path: string): boolean {
  const made = spawnSync("mkfifo", ["-m", "600", path], { stdio: "ignore" });
  return made.status === 0 && lstatSync(path, { throwIfNoEntry: false })?.isFIFO() === true;
}

/**
 * Creates the mount. `kind` undefined: a FIFO where the system makes one (mkfifo), else a file;
 * "fifo" fails rather than fall back, "file" always writes a regular file.
 */
export function createMount(
  file: string,
  format: MountFormat,
  kind: MountKind | undefined,
  values: Record<string, string>,
): Mount {
  const path = resolve(file);
  const refuse = () =>
    new CliError(
      `--mount: ${path} exists; coffer run does not overwrite a file (remove it, or pick another path)`,
      EXIT.usage,
    );
  if (exists(path)) throw refuse();
  if (!exists(dirname(path))) throw new CliError(`--mount: no directory ${dirname(path)}`, EXIT.usage);
  if (kind !== "file") {
    if (makeFifo(path)) return serveFifo(path, format, values);
    if (exists(path)) throw refuse(); // made by someone else in between
    if (kind === "fifo")
      throw new CliError(
        `--mount: cannot make a FIFO at ${path} (mkfifo failed); --mount-kind file writes a file`,
        EXIT.usage,
      );
  }
  try {
    writeFileSync(path, render(values, format), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw refuse();
    throw new CliError(`--mount: cannot write ${path}: ${(error as Error).message}`, EXIT.error);
  }
  let removed = false;
  return {
    path,
    kind: "file",
    update(next) {
      if (removed) return;
      // Whole or not at all for a reader: a new file (0600) renamed over the old one.
      const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString("hex")}`);
      writeFileSync(temporary, render(next, format), { flag: "wx", mode: 0o600 });
      renameSync(temporary, path);
    },
    remove() {
      if (removed) return;
      removed = true;
      try {
        unlinkSync(path);
      } catch {
        // the command removed it itself
      }
    },
  };
}

function serveFifo(path: string, format: MountFormat, values: Record<string, string>): Mount {
  let content = render(values, format);
  let stopped = false;
  let current = lstatSync(path).ino;

  // The next reader's FIFO takes the path as soon as this one's reader has opened it: when it is
  // done, this one's reader sees the end of the file, not a second copy.
  const nextFifo = (): boolean => {
    const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString("hex")}`);
    if (!makeFifo(temporary)) return false;
    if (lstatSync(path, { throwIfNoEntry: false })?.ino !== current) {
      unlinkSync(temporary); // not ours any more: leave whatever is there alone
      return false;
    }
    renameSync(temporary, path);
    current = lstatSync(path).ino;
    return true;
  };

  const serve = async () => {
    while (!stopped) {
      // Resolves when a reader opens the FIFO (the open waits in libuv's thread pool).
      const handle = await fsp.open(path, constants.O_WRONLY);
      if (stopped) {
        await handle.close();
        return;
      }
      const more = nextFifo();
      try {
        await handle.writeFile(content);
      } catch {
        // The reader closed before reading it all (EPIPE): its loss, the next one is served.
      }
      await handle.close();
      if (!more) {
        if (!stopped)
          warn(`--mount: ${path} can no longer be served (it was replaced or its directory changed)`);
        return;
      }
    }
  };
  serve().catch((error: Error) => {
    if (!stopped) warn(`--mount: ${path} is no longer served: ${error.message}`);
  });

  return {
    path,
    kind: "fifo",
    update(next) {
      content = render(next, format);
    },
    remove() {
      if (stopped) return;
      stopped = true;
      if (lstatSync(path, { throwIfNoEntry: false })?.ino !== current) return; // gone, or not ours
      try {
        // Opening the read end releases a writer's open still waiting for a reader.
        closeSync(openSync(path, constants.O_RDONLY | constants.O_NONBLOCK));
      } catch {
        // nothing was waiting on it
      }
      unlinkSync(path);
    },
  };
}
