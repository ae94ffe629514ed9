// A JSON-lines file, appended to and flushed (fdatasync) before a batch counts as acknowledged.
// reopen() (SIGHUP) makes the next batch open the path again: after `mv audit.jsonl audit.jsonl.1`
// the entries that follow go to a new audit.jsonl, as logrotate expects.
import { type FileHandle, open } from "node:fs/promises";
import type { StreamEntry } from "./payload.ts";
import { type Sink, sinkId, sinkLabel } from "./sink.ts";

export function fileSink(url: string, path: string): Sink {
  let handle: FileHandle | undefined;
  let stale = false;

  async function closeHandle() {
    const closing = handle;
    handle = undefined;
    await closing?.close().catch(() => {});
  }

  return {
    id: sinkId(url),
    label: sinkLabel(url),
    async send(entries: readonly StreamEntry[]) {
      if (stale) {
        stale = false;
        await closeHandle();
      }
      // Only the owner reads it: the trail names people, addresses and what they did.
      handle ??= await open(path, "a", 0o600);
      try {
        await handle.appendFile(entries.map((entry) => `${JSON.stringify(entry)}\n`).join(""));
        await handle.datasync();
      } catch (error) {
        await closeHandle();
        throw error;
      }
    },
    reopen() {
      stale = true;
    },
    close: closeHandle,
  };
}
