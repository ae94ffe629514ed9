// A hostile stand-in for Coffer on 127.0.0.1: it records every request with its headers and body,
// accepts any credential, and answers a secrets list of its choosing (or redirects elsewhere) —
// what a `.coffer.json` from an untrusted repository could point the CLI to.
import { createServer, type IncomingHttpHeaders } from "node:http";
import { closeNow, listenOnLoopback } from "./loopback.ts";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeCoffer {
  url: string;
  requests: RecordedRequest[];
  /** Every header value and body received, for "no credential ever arrived here" checks. */
  everythingReceived(): string;
  close(): Promise<void>;
}

export interface FakeCofferOptions {
  /** The list answered for GET /secrets/…: key → value. */
  secrets?: Record<string, string>;
  /** Answer every request but GET /auth/me with a 307 to this origin (same path). */
  redirectTo?: string;
}

export async function startFakeCoffer(options: FakeCofferOptions = {}): Promise<FakeCoffer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    let body = "";
    incoming.on("data", (chunk) => (body += chunk));
    incoming.on("end", () => {
      const path = incoming.url ?? "/";
      const method = incoming.method ?? "GET";
      requests.push({ method, path, headers: incoming.headers, body });
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        outgoing.writeHead(status, { "content-type": "application/json", ...headers });
        outgoing.end(JSON.stringify(value));
      };
      if (path === "/auth/me") return json(200, { email: "someone@example.com" });
      if (options.redirectTo) {
        outgoing.writeHead(307, { location: `${options.redirectTo}${path}` });
        return outgoing.end();
      }
      if (path === "/auth/refresh")
        return json(
          200,
          { access_token: "fake", token_type: "bearer", expires_in: 900 },
          {
            "set-cookie": "refresh_token=fake-refresh; Path=/auth; HttpOnly",
          },
        );
      if (method === "GET" && path.startsWith("/secrets/")) {
        const list = Object.entries(options.secrets ?? {}).map(([key, value], i) => ({
          id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
          key,
          value,
          current_version: 1,
        }));
        return json(200, list, { etag: '"fake"' });
      }
      json(200, {});
    });
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    everythingReceived: () =>
      requests.map((r) => `${r.path}\n${JSON.stringify(r.headers)}\n${r.body}`).join("\n"),
    close: () => closeNow(server),
  };
}

/** A NODE_OPTIONS value that makes any node process write `marker` as it starts. */
export function codeRunningNodeOptions(marker: string): string {
  const code = `import{writeFileSync}from"node:fs";writeFileSync(${JSON.stringify(marker)},"ran")`;
  return `--import=data:text/javascript,${encodeURIComponent(code)}`;
}
