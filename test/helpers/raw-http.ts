// Bytes written straight to a listening app's port and whatever comes back: requests inject() and
// fetch() refuse to send (malformed lines, bad framing), read as the server answered them.
import { type RequestOptions, request } from "node:http";
import { connect } from "node:net";

/**
 * One request through node:http to 127.0.0.1, where fetch will not do (a path sent exactly as
 * given, an agent of the test's); resolves with the status and the body as text.
 */
export function nodeHttpRequest(
  options: RequestOptions,
  payload?: string,
  timeoutMs?: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", ...options }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
    if (timeoutMs) req.setTimeout(timeoutMs, () => req.destroy(new Error("request timed out")));
    req.end(payload);
  });
}

/** Raw HTTP on a real port: what inject() cannot send. */
export async function rawRequest(
  port: number,
  text: string,
): Promise<{ status: number; body: string; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let data = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => {
      data += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", body = ""] = data.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), body, head });
    });
    socket.write(text);
    setTimeout(() => socket.end(), 300);
  });
}
