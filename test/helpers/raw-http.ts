// Bytes written straight to a listening app's port and whatever comes back: requests inject() and
// fetch() refuse to send (malformed lines, bad framing), read as the server answered them.
import { connect } from "node:net";

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
