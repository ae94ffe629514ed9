// The streamer: every process runs it, and for each sink the one process holding the sink's lease
// sends. Every ~500 ms it looks for workspaces whose chain reaches past the sink's cursor and sends
// what follows, in sequence order, at most 100 entries a batch; the cursor moves once the sink has
// acknowledged. A failing sink (or database) is retried with backoff, never blocks a request and
// never loses an entry: it catches up from the stored trail. A process that dies mid-batch leaves
// its lease to expire and the batch to be sent again (at least once; receivers drop repeats by
// workspace_id and sequence).
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Logger } from "pino";
import type { Clock } from "../../../clock.ts";
import type { AuditStreamSettings } from "../../../config.ts";
import type { Db } from "../../../db/schema.ts";
import * as trail from "../repo.ts";
import { fileSink } from "./file-sink.ts";
import { httpSink } from "./http-sink.ts";
import { streamEntry } from "./payload.ts";
import * as repo from "./repo.ts";
import type { Sink } from "./sink.ts";
import { syslogSink } from "./syslog-sink.ts";

/** What the metrics count (http/metrics.ts), by sink label. */
export interface StreamObserver {
  streamSent(sink: string, entries: number): void;
  streamFailed(sink: string): void;
  /** Entries a retention purge removed before they were sent. */
  streamSkipped(sink: string, entries: number): void;
}

export interface AuditStreams {
  /** SIGHUP: file sinks open their paths again. */
  reopen(): void;
  /** Entries each sink has not acknowledged yet, by label (read from the database: any process answers). */
  lag(): Promise<Map<string, number>>;
  /** Lets the batch in flight finish (its cursor saved), then lets the leases go. */
  stop(): Promise<void>;
}

const POLL_MS = 500;
const LEASE_MS = 15_000;
const BATCH = 100;
/** A failing sink is tried again after 0.5 s, 1 s, 2 s… at most this long apart. */
const MAX_BACKOFF_MS = 10_000;

class LeaseLost extends Error {}

export function createSinks(
  settings: AuditStreamSettings,
  options: { allowedNetworks: readonly string[]; now: () => Date },
): Sink[] {
  return settings.sinks.map((sink) => {
    if (sink.kind === "file") return fileSink(sink.url, sink.path);
    if (sink.kind === "syslog") return syslogSink(sink.url, sink.transport, sink.host, sink.port);
    // config.ts refuses an http(s) sink without the secret.
    return httpSink(sink.url, { secret: settings.secret!, ...options });
  });
}

export function startAuditStreams(deps: {
  db: Db;
  clock: Clock;
  logger: Logger;
  sinks: readonly Sink[];
  observer: StreamObserver;
}): AuditStreams {
  const { db, clock, logger, observer } = deps;
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const runners = deps.sinks.map((sink) => runSink(sink));

  function runSink(sink: Sink) {
    const log = logger.child({ sink: sink.label });
    let stopped = false;
    let failures = 0;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    const iso = (offsetMs = 0) => new Date(clock.now().getTime() + offsetMs).toISOString();

    /** Sends the workspace's next batch; whether the cursor moved. */
    async function sendNext(behind: repo.Behind): Promise<boolean> {
      // Entries read from a sequence on are chained: each has one.
      const rows = (await trail.eventsInChainOrder(
        db,
        behind.workspace_id,
        { from: behind.sent + 1 },
        BATCH,
      )) as (trail.AuditRow & { sequence: number })[];
      const first = rows[0]?.sequence ?? (await trail.readCheckpoint(db, behind.workspace_id))?.sequence ?? 0;
      // What the cursor skips over was purged before it was sent: the chain continues past it.
      const gone = rows.length > 0 ? first - behind.sent - 1 : first - behind.sent;
      const through = rows.length > 0 ? rows.at(-1)!.sequence : behind.sent + Math.max(gone, 0);
      if (through <= behind.sent) return false;
      if (rows.length > 0) await sink.send(rows.map(streamEntry));
      const moved = await repo.advanceCursor(db, {
        sinkId: sink.id,
        holder,
        workspaceId: behind.workspace_id,
        sequence: through,
        now: iso(),
        until: iso(LEASE_MS),
      });
      if (!moved) throw new LeaseLost();
      if (rows.length > 0) observer.streamSent(sink.label, rows.length);
      // Said once the cursor is past them (a failed send tries again, and would say it again).
      if (gone > 0) {
        log.warn(
          { workspace: behind.workspace_id, from: behind.sent + 1, through: behind.sent + gone },
          "audit entries were purged by retention before this sink received them: skipped",
        );
        observer.streamSkipped(sink.label, gone);
      }
      return true;
    }

    /** While this process holds the lease: every workspace behind, batch by batch, until none is. */
    async function catchUp(): Promise<void> {
      if (!(await repo.takeLease(db, sink.id, holder, iso(), iso(LEASE_MS)))) return;
      for (;;) {
        const behind = await repo.workspacesBehind(db, sink.id);
        let moved = false;
        for (const workspace of behind) {
          if (stopped) return;
          moved = (await sendNext(workspace)) || moved;
        }
        if (!moved || stopped) return;
      }
    }

    async function tick(): Promise<void> {
      try {
        await catchUp();
        if (failures > 0) log.info({ failures }, "audit stream resumed");
        failures = 0;
      } catch (error) {
        if (error instanceof LeaseLost) {
          log.warn("audit stream lease taken over by another process: it sends from here");
        } else {
          if (failures === 0)
            log.error({ reason: (error as Error).message }, "audit stream failed; retrying with backoff");
          observer.streamFailed(sink.label);
          failures++;
        }
      }
    }

    function schedule(): void {
      if (stopped) return;
      const delay = failures === 0 ? POLL_MS : Math.min(POLL_MS * 2 ** failures, MAX_BACKOFF_MS);
      timer = setTimeout(() => {
        running = tick().finally(() => {
          running = undefined;
          schedule();
        });
      }, delay);
      timer.unref();
    }

    schedule();
    return {
      sink,
      async stop() {
        stopped = true;
        clearTimeout(timer);
        await running;
        await repo.releaseLease(db, sink.id, holder, iso()).catch(() => {});
        await sink.close();
      },
    };
  }

  return {
    reopen() {
      for (const sink of deps.sinks) sink.reopen();
      if (deps.sinks.length > 0) logger.info("audit stream files reopened (SIGHUP)");
    },
    async lag() {
      const lags = new Map<string, number>();
      for (const sink of deps.sinks) {
        const behind = await repo.workspacesBehind(db, sink.id);
        lags.set(
          sink.label,
          behind.reduce((sum, workspace) => sum + workspace.head - workspace.sent, 0),
        );
      }
      return lags;
    },
    async stop() {
      await Promise.all(runners.map((runner) => runner.stop()));
    },
  };
}
