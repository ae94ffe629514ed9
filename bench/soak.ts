// `npm run bench:soak`: the compiled server on the embedded engine under a mixed load for
// BENCH_SOAK_MINUTES (default 10) — lists, single reads, creates and updates from 20 connections —
// sampling its resident memory every 10 s. Prints the samples and whether memory grew: the median of
// the last minute against the median of the second (the first holds the JIT's warm-up). Appends a
// line to bench/results.md (unless BENCH_NO_RECORD=1).
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { api, median, rssMiB, seed, startLocalServer, stopServer } from "./seed.ts";

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const SAMPLE_MS = 10_000;
const root = new URL("..", import.meta.url).pathname;

const dir = mkdtempSync(join(tmpdir(), "coffer-soak-"));
const { server, url: base } = await startLocalServer(dir);
try {
  const store = await seed(base);
  const { workspace_id, team_id, project_id } = store.ids;
  const writes = await api(
    base,
    "POST",
    `/environments/${workspace_id}/${team_id}/${project_id}/`,
    store.auth,
    {
      name: "soak-writes",
      environment_type: "dev",
    },
  );
  const writesPath = `/secrets/${workspace_id}/${team_id}/${project_id}/${writes.id}/`;
  const idle = rssMiB(server);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMiB(server)), SAMPLE_MS);
  let written = 0;
  // Creates go to an environment of their own, which nobody lists (the lists stay at 20 secrets);
  // updates give one secret a new version each time.
  const result = await autocannon({
    url: base,
    connections: 20,
    duration: MINUTES * 60,
    headers: store.auth,
    requests: [
      { method: "GET", path: store.list },
      { method: "GET", path: store.one },
      {
        method: "POST",
        path: writesPath,
        headers: { ...store.auth, "content-type": "application/json" },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ key: `SOAK_${++written}`, value: "v".repeat(48) }),
        }),
      },
      {
        method: "PATCH",
        path: store.one,
        headers: { ...store.auth, "content-type": "application/json" },
        body: JSON.stringify({ value: "rewritten" }),
      },
    ],
  });
  clearInterval(sampler);
  const perMinute = 60_000 / SAMPLE_MS;
  const second = median(samples.slice(perMinute, 2 * perMinute));
  const last = median(samples.slice(-perMinute));
  const line =
    `soak (bench/soak.ts, compiled server, SQLite, ${MINUTES} min, 20 connections: list, get, create, update): ` +
    `${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx, ${result.errors} errors; ` +
    `RSS ${idle.toFixed(0)} MiB idle, ${second.toFixed(0)} MiB in the 2nd minute, ${last.toFixed(0)} MiB in the last ` +
    `(${(((last - second) / second) * 100).toFixed(1)} %), at most ${Math.max(...samples).toFixed(0)} MiB`;
  console.log(line);
  console.log(`samples (MiB, every ${SAMPLE_MS / 1000} s): ${samples.map((s) => s.toFixed(0)).join(" ")}`);
  if (process.env.BENCH_NO_RECORD !== "1")
    appendFileSync(
      join(root, "bench", "results.md"),
      `- ${new Date().toISOString().slice(0, 10)}: ${line}\n`,
    );
} finally {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
}
