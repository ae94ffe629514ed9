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

/** What one UDP datagram carries at most (IPv4: 65,535 less the IP and UDP headers). */
const MAX_DATAGRAM_BYTES = 65_507;

/**
 * The datagram for an entry. One too large to send (a bulk operation naming thousands of keys)
 * goes without its details, marked, rather than holding the stream up for ever: its sequence and
 * hmac still say where it is in the chain, and the trail has it whole.
 */
function datagramOf(entry: StreamEntry): Buffer {
  const whole = Buffer.from(syslogMessage(entry), "utf8");
  if (whole.length <= MAX_DATAGRAM_BYTES) return whole;
  return Buffer.from(syslogMessage({ ...entry, details: { truncated: true } }), "utf8");
}

function udpSink(url: string, host: string, port: number): Sink {
  let socket: UdpSocket | undefined;
  /** Forgets the socket (a failed one is made anew at the next send). */
  const drop = () => {
    const closing = socket;
    socket = undefined;
    try {
      closing?.close();
    } catch {
      // Closed already.
    }
  };
  const ready = () => {
    if (!socket) {
      const opened = createSocket(isIPv6(host) ? "udp6" : "udp4");
      opened.on("error", () => {
        if (socket === opened) drop();
      });
      opened.unref();
      socket = opened;
    }
    return socket;
  };
  return {
    id: sinkId(url),
    label: sinkLabel(url),
    async send(entries) {
      for (const entry of entries) {
        const datagram = datagramOf(entry);
        try {
          await new Promise<void>((resolve, reject) =>
            ready().send(datagram, port, host, (error) => (error ? reject(error) : resolve())),
          );
        } catch (error) {
          drop();
          throw error;
        }
      }
    },
    reopen() {},
    async close() {
      drop();
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
