// A pass-through HTTP proxy on 127.0.0.1 in front of a real Coffer: it records every answer's
// status, and can answer a request itself instead (a 429 from "the network"), so a client's
// handling of conditions the server rarely produces on cue can be tested against the real thing.
import { createServer, request as httpRequest, type IncomingMessage } from "node:http";
import { closeNow, listenOnLoopback } from "./loopback.ts";

export interface Interception {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface RecordingProxy {
  url: string;
  /** Method, path and status of every answer, in order. */
  seen: { method: string; path: string; status: number }[];
  close(): Promise<void>;
}

export async function startRecordingProxy(
  target: string,
  intercept: (request: IncomingMessage) => Interception | undefined = () => undefined,
): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const seen: RecordingProxy["seen"] = [];
  const server = createServer((incoming, outgoing) => {
    const method = incoming.method ?? "GET";
    const path = incoming.url ?? "/";
    const answer = intercept(incoming);
    if (answer) {
      seen.push({ method, path, status: answer.status });
      incoming.resume();
      outgoing.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      outgoing.end(JSON.stringify(answer.body ?? {}));
      return;
    }
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method,
        path,
        headers: { ...incoming.headers, host: upstream.host },
      },
      (response) => {
        seen.push({ method, path, status: response.statusCode ?? 0 });
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => closeNow(server),
  };
}
