// A webhook receiver on loopback: records every request (headers, raw body) and answers what the
// test tells it to — a status, or nothing at all until released (a receiver that hangs).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import { closeNow, listenOnLoopback } from "./loopback.ts";

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; data: Record<string, unknown>; [name: string]: unknown };
}

/** What to answer a request: a status code, or "hang" (held until release()). */
export type Answer = number | "hang";

export async function startReceiver(answer: (request: Received, index: number) => Answer = () => 200) {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  let waiters: (() => void)[] = [];
  let respond = answer;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const entry: Received = { headers: request.headers, body, json: JSON.parse(body) };
      const index = received.length;
      received.push(entry);
      for (const wake of waiters) wake();
      waiters = [];
      const reply = respond(entry, index);
      if (reply === "hang") held.push(response);
      else response.writeHead(reply, { "content-type": "text/plain" }).end("ok");
    });
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    answer(next: typeof answer) {
      respond = next;
    },
    /** Resolves once `count` requests arrived (rejects after `ms`). */
    async waitFor(count: number, ms = 15_000): Promise<Received[]> {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`receiver got ${received.length} of ${count} requests`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, Math.min(left, 200));
        });
      }
      return received.slice(0, count);
    },
    release(status = 200) {
      for (const response of held.splice(0)) response.writeHead(status).end();
    },
    async close() {
      for (const response of held.splice(0)) response.destroy();
      await closeNow(server);
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
