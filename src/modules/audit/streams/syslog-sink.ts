// Syslog (RFC 5424) over UDP or TCP: facility 13 (log audit), severity 6 (informational), APP-NAME
// coffer, MSGID the action, MSG the entry's JSON. Over TCP each message is framed by octet
// counting (RFC 6587 §3.4.1) and the connection is made again after any failure.
import { createSocket, type Socket as UdpSocket } from "node:dgram";
import { connect, isIPv6, type Socket } from "node:net";
import { hostname } from "node:os";
import type { StreamEntry } from "./payload.ts";
import { type Sink, sinkId, sinkLabel } from "./sink.ts";

/** <PRI> for facility 13 (log audit) and severity 6 (informational): 13 × 8 + 6. */
const PRI = "<110>";
const TIMEOUT_MS = 10_000;

/** A header field: printable US-ASCII without spaces, at most `max` characters, else the nil value. */
function headerField(text: string, max: number): string {
  const clean = text.replace(/[^\x21-\x7e]/g, "").slice(0, max);
  return clean === "" ? "-" : clean;
}

const HOSTNAME = headerField(hostname(), 255);

/** One RFC 5424 message: no structured data, the entry's JSON as MSG. */
export function syslogMessage(entry: StreamEntry): string {
  return `${PRI}1 ${entry.created_at} ${HOSTNAME} coffer ${process.pid} ${headerField(entry.action, 32)} - ${JSON.stringify(entry)}`;
}

function udpSink(url: string, host: string, port: number): Sink {
  let socket: UdpSocket | undefined;
  const ready = () => {
    if (!socket) {
      socket = createSocket(isIPv6(host) ? "udp6" : "udp4");
      socket.on("error", () => socket?.close());
      socket.unref();
    }
    return socket;
  };
  return {
    id: sinkId(url),
    label: sinkLabel(url),
    async send(entries) {
      for (const entry of entries) {
        const datagram = Buffer.from(syslogMessage(entry), "utf8");
        await new Promise<void>((resolve, reject) =>
          ready().send(datagram, port, host, (error) => (error ? reject(error) : resolve())),
        ).catch((error: unknown) => {
          socket?.close();
          socket = undefined;
          throw error;
        });
      }
    },
    reopen() {},
    async close() {
      socket?.close();
      socket = undefined;
    },
  };
}

function tcpSink(url: string, host: string, port: number): Sink {
  let socket: Socket | undefined;

  const connected = () =>
    new Promise<Socket>((resolve, reject) => {
      const opening = connect({ host, port });
      opening.setTimeout(TIMEOUT_MS);
      const fail = (error: Error) => {
        opening.destroy();
        reject(error);
      };
      opening.once("error", fail);
      opening.once("timeout", () => fail(new Error(`no connection within ${TIMEOUT_MS} ms`)));
      opening.once("connect", () => {
        opening.removeAllListeners("error").removeAllListeners("timeout");
        opening.setTimeout(0);
        opening.setKeepAlive(true, 30_000);
        // A collector says nothing back; anything it does say is read and dropped.
        opening.resume();
        opening.on("error", () => opening.destroy());
        opening.once("close", () => {
          if (socket === opening) socket = undefined;
        });
        resolve(opening);
      });
    });

  return {
    id: sinkId(url),
    label: sinkLabel(url),
    async send(entries) {
      socket ??= await connected();
      const writing = socket;
      const frames = entries
        .map((entry) => {
          const message = syslogMessage(entry);
          return `${Buffer.byteLength(message, "utf8")} ${message}`;
        })
        .join("");
      try {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`not written within ${TIMEOUT_MS} ms`)),
            TIMEOUT_MS,
          );
          writing.write(frames, "utf8", (error) => {
            clearTimeout(timer);
            if (error) reject(error);
            else resolve();
          });
        });
      } catch (error) {
        writing.destroy();
        if (socket === writing) socket = undefined;
        throw error;
      }
    },
    reopen() {},
    async close() {
      socket?.end();
      socket?.destroy();
      socket = undefined;
    },
  };
}

export const syslogSink = (url: string, transport: "udp" | "tcp", host: string, port: number): Sink =>
  transport === "udp" ? udpSink(url, host, port) : tcpSink(url, host, port);
