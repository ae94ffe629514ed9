// What the streamer sends to: a sink takes a batch of entries and resolves once it has
// acknowledged them (a file: written and flushed; UDP: sent; TCP: written; HTTP: a 2xx).
import { createHash } from "node:crypto";
import type { StreamEntry } from "./payload.ts";

export interface Sink {
  /** Stable across restarts and processes: derived from the URL alone (never from a secret). */
  readonly id: string;
  /** How logs and metrics name it: the URL without query or credentials. */
  readonly label: string;
  /** Resolves once the sink acknowledged every entry; rejects otherwise (the batch is sent again). */
  send(entries: readonly StreamEntry[]): Promise<void>;
  /** SIGHUP: a file sink opens its path again (log rotation); the others have nothing to do. */
  reopen(): void;
  close(): Promise<void>;
}

export const sinkId = (url: string) => createHash("sha256").update(url).digest("hex").slice(0, 32);

/** A URL as logs and metrics may show it: no credentials, query or fragment. */
export function sinkLabel(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}
