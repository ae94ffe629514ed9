// `npm run bench:webhooks`: what a webhook receiver sees, measured end to end against a real server
// (embedded SQLite, default delivery settings but the loopback allow-list and a short retry base):
// - latency: from the answer to a secret write to the signed delivery reaching the receiver, over
//   sequential writes (p50, p95, max);
// - a burst: 200 secrets created in one bulk call, until the last delivery arrives;
// - retries: a receiver answering 500 twice, then 200 — when each attempt arrives;
// - the write path: a secret create with and without a webhook to queue for (median of sequential
//   requests, interleaved).
// Prints the figures and appends them to bench/results.md. Loopback only; bounded in time.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedAccount, startLocalServer } from "./seed.ts";

const WRITES = Number(process.env.BENCH_WEBHOOK_WRITES ?? 200);
const BURST = 200;
const RETRY_BASE_MS = 1000;
const root = new URL("..", import.meta.url).pathname;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

// The receiver: records when each delivery arrived, by the secret key it names.
const arrivals = new Map<string, number[]>();
let answer: (key: string, attempt: number) => number = () => 200;
const receiver = createHttpServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const at = performance.now();
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { data: { key?: string } };
    const key = body.data.key ?? "";
    const seen = arrivals.get(key) ?? [];
    seen.push(at);
    arrivals.set(key, seen);
    response.writeHead(answer(key, seen.length)).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const receiverPort = (receiver.address() as { port: number }).port;

async function waitFor(key: string, count = 1, timeoutMs = 30_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  while ((arrivals.get(key)?.length ?? 0) < count) {
    if (Date.now() > deadline) throw new Error(`no delivery for ${key}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return arrivals.get(key)!;
}

const dir = mkdtempSync(join(tmpdir(), "coffer-bench-webhooks-"));
let server: ChildProcess | undefined;
try {
  let url: string;
  ({ server, url } = await startLocalServer(dir, {
    COFFER_MASTER_KEY: randomBytes(32).toString("base64"),
    COFFER_OUTBOUND_ALLOW: "127.0.0.1/32",
    COFFER_WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS),
    DATABASE_URL: "",
  }));

  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };

  const { auth, sessionToken, ids, environment, secretsPath: secrets } = await seedAccount(url);
  const key = auth["x-api-key"];
  const hooked = await environment("Hooked");
  const plain = await environment("Plain");
  await call("POST", `/workspaces/${ids.workspace_id}/webhooks`, sessionToken, {
    url: `http://127.0.0.1:${receiverPort}/hooks`,
    events: ["secret.created"],
    environment_id: hooked,
  });

  // Latency, one write at a time.
  const latencies: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    await call("POST", secrets(hooked), key, { key: `LAT_${i}`, value: "x" });
    const answered = performance.now();
    const [arrived] = await waitFor(`LAT_${i}`);
    latencies.push(arrived! - answered);
  }

  // A burst: one bulk call of BURST secrets.
  const burstStart = performance.now();
  await call("POST", `${secrets(hooked)}bulk`, key, {
    secrets: Array.from({ length: BURST }, (_, i) => ({ key: `BURST_${i}`, value: "x" })),
  });
  const burstAnswered = performance.now() - burstStart;
  for (let i = 0; i < BURST; i++) await waitFor(`BURST_${i}`);
  const burstDrained =
    Math.max(...Array.from({ length: BURST }, (_, i) => arrivals.get(`BURST_${i}`)![0]!)) - burstStart;

  // Retries: 500, 500, then 200.
  answer = (name, attempt) => (name === "RETRIED" && attempt <= 2 ? 500 : 200);
  await call("POST", secrets(hooked), key, { key: "RETRIED", value: "x" });
  const written = performance.now();
  const attempts = (await waitFor("RETRIED", 3, 60_000)).map((at) => at - written);

  // The write path with a webhook to queue for, and without (interleaved).
  const timed = async (env: string, name: string) => {
    const started = performance.now();
    await call("POST", secrets(env), key, { key: name, value: "x" });
    return performance.now() - started;
  };
  const withHook: number[] = [];
  const withoutHook: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    withHook.push(await timed(hooked, `AB_${i}`));
    withoutHook.push(await timed(plain, `AB_${i}`));
  }

  const lines = [
    `- ${new Date().toISOString().slice(0, 10)}: webhooks (bench/webhooks.ts, SQLite, one process, default poll, receiver on loopback):`,
    `  write answered → delivery received, ${WRITES} sequential writes: p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, max ${ms(Math.max(...latencies))};`,
    `  ${BURST} secrets in one bulk call: answered in ${ms(burstAnswered)}, last of the ${BURST} deliveries received ${ms(burstDrained)} after the call began;`,
    `  a receiver answering 500, 500, 200 (retry base ${RETRY_BASE_MS} ms, ±20 % jitter): attempts at ${attempts.map((a) => ms(a)).join(", ")} after the write;`,
    `  secret create, median of ${WRITES}: ${ms(percentile(withHook, 50))} with a webhook to queue for, ${ms(percentile(withoutHook, 50))} without.`,
  ];
  console.log(lines.join("\n"));
  if (process.env.BENCH_WRITE_RESULTS !== "0")
    appendFileSync(join(root, "bench/results.md"), `\n${lines.join("\n")}\n`);
} finally {
  server?.kill("SIGTERM");
  receiver.close();
  rmSync(dir, { recursive: true, force: true });
}
