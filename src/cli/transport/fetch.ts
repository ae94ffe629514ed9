// fetch for the CLI bundle (see index.ts for why it is not Node's): one request over node:http, or
// node:https for an https URL (loaded only then), the answer read whole. It follows no redirect:
// a 3xx comes back as the answer, as fetch's `redirect: "manual"` gives it in Node (api.ts refuses
// it). Failures reject as Node's fetch does, which api.ts tells apart: the signal's reason when it
// aborts (AbortSignal.timeout: a "TimeoutError"), else TypeError("fetch failed") with the socket's
// error as its cause (ECONNREFUSED…).
import type { IncomingMessage } from "node:http";
import { notSupported, type RequestInit, TransportRequest, TransportResponse } from "./messages.ts";

// Node's default agents: keep-alive (a command's few requests share a connection), and their idle
// sockets are unref'd, so they never hold the process open once the command is done.
const transportFor = (protocol: string) =>
  protocol === "https:"
    ? process.getBuiltinModule("node:https")
    : protocol === "http:"
      ? process.getBuiltinModule("node:http")
      : undefined;

// Methods whose empty body fetch announces as Content-Length: 0.
const EMPTY_BODY_LENGTH = new Set(["POST", "PUT", "PATCH"]);

export async function transportFetch(
  input: string | URL | TransportRequest,
  init?: RequestInit,
): Promise<TransportResponse> {
  const request =
    input instanceof TransportRequest && init === undefined ? input : new TransportRequest(input, init);
  const { signal } = request;
  signal?.throwIfAborted();
  const url = new URL(request.url);
  const transport = transportFor(url.protocol);
  if (!transport) throw new TypeError("fetch failed", { cause: notSupported(`${url.protocol} URLs`) });

  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) headers[name] = value;
  headers.accept ??= "*/*";
  headers["user-agent"] ??= "node";
  const body = request.bodyText();
  const bytes = body === null ? undefined : Buffer.from(body, "utf8");
  if (bytes) headers["content-length"] = String(bytes.byteLength);
  else if (EMPTY_BODY_LENGTH.has(request.method)) headers["content-length"] = "0";

  return new Promise<TransportResponse>((resolve, reject) => {
    let answer: IncomingMessage | undefined;
    const onAbort = () => {
      answer?.destroy();
      outgoing.destroy();
      reject(signal?.reason);
    };
    const settle =
      <T>(finish: (value: T) => void) =>
      (value: T) => {
        signal?.removeEventListener("abort", onAbort);
        finish(value);
      };
    const fail = settle((error: Error) => reject(new TypeError("fetch failed", { cause: error })));
    const done = settle(resolve);

    const outgoing = transport.request(url, { method: request.method, headers });
    signal?.addEventListener("abort", onAbort, { once: true });
    outgoing.on("error", fail);
    outgoing.on("response", (response) => {
      answer = response;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", fail);
      response.on("end", () => {
        const raw = response.rawHeaders;
        const pairs: [string, string][] = [];
        for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i] as string, raw[i + 1] as string]);
        try {
          done(
            new TransportResponse(decoded(Buffer.concat(chunks), response.headers["content-encoding"]), {
              status: response.statusCode ?? 0,
              statusText: response.statusMessage ?? "",
              headers: pairs,
              url: request.url,
            }),
          );
        } catch (error) {
          fail(error as Error);
        }
      });
    });
    outgoing.end(bytes);
  });
}

// The CLI asks for no compression (no Accept-Encoding); a proxy that compresses anyway is undone.
function decoded(bytes: Buffer, encoding: string | undefined): Buffer {
  if (!encoding || encoding === "identity") return bytes;
  const zlib = process.getBuiltinModule("node:zlib");
  if (encoding === "gzip" || encoding === "x-gzip") return zlib.gunzipSync(bytes);
  if (encoding === "deflate") return zlib.inflateSync(bytes);
  if (encoding === "br") return zlib.brotliDecompressSync(bytes);
  throw notSupported(`Content-Encoding ${encoding}`);
}
