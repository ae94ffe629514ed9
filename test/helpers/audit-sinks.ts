// Real receivers for audit streams on 127.0.0.1: a syslog collector over UDP and over TCP (RFC 6587
// octet counting), an HTTP endpoint that checks Coffer-Signature and can refuse connections or
// answer 503 for a while, and the readers of what a sink received.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createSocket } from "node:dgram";
import { existsSync, readFileSync } from "node:fs";
import { createServer as createHttpServer, type Server as HttpServer, type ServerResponse } from "node:http";
import { createServer, type Socket } from "node:net";
import { listenOnLoopback } from "./loopback.ts";

/** One entry as a stream carries it (the fields the tests read). */
export interface StreamedEntry {
  workspace_id: string;
  sequence: number;
  id: string;
  action: string;
  prev_hmac: string;
  hmac: string;
  created_at: string;
  [field: string]: unknown;
}

export interface SyslogMessage {
  pri: string;
  version: string;
  timestamp: string;
  hostname: string;
  appName: string;
  procId: string;
  msgId: string;
  structuredData: string;
  entry: StreamedEntry;
  raw: string;
}

/** Parses one RFC 5424 message whose structured data is nil and whose MSG is JSON. */
export function parseSyslog(raw: string): SyslogMessage {
  const match = /^(<\d{1,3}>)(\d) (\S+) (\S+) (\S+) (\S+) (\S+) (-) (.*)$/s.exec(raw);
  if (!match) throw new Error(`not an RFC 5424 message: ${raw.slice(0, 200)}`);
  const [, pri, version, timestamp, hostname, appName, procId, msgId, structuredData, msg] = match;
  return {
    pri: pri!,
    version: version!,
    timestamp: timestamp!,
    hostname: hostname!,
    appName: appName!,
    procId: procId!,
    msgId: msgId!,
    structuredData: structuredData!,
    entry: JSON.parse(msg!) as StreamedEntry,
    raw,
  };
}

/** Splits a TCP stream framed by octet counting (RFC 6587 §3.4.1): "<length> <message>" repeated. */
export function octetFrames(buffer: Buffer): { messages: string[]; rest: Buffer } {
  const messages: string[] = [];
  let at = 0;
  for (;;) {
    const space = buffer.indexOf(0x20, at);
    if (space < 0) break;
    const lengthText = buffer.subarray(at, space).toString("ascii");
    if (!/^[1-9]\d*$/.test(lengthText)) throw new Error(`bad octet count "${lengthText}"`);
    const end = space + 1 + Number(lengthText);
    if (end > buffer.length) break;
    messages.push(buffer.subarray(space + 1, end).toString("utf8"));
    at = end;
  }
  return { messages, rest: buffer.subarray(at) };
}

export async function startSyslogUdp() {
  const socket = createSocket("udp4");
  const raw: Buffer[] = [];
  socket.on("message", (message) => raw.push(message));
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  // Room for a burst (the kernel caps it at net.core.rmem_max).
  socket.setRecvBufferSize(8 * 1024 * 1024);
  const { port } = socket.address();
  return {
    url: `syslog+udp://127.0.0.1:${port}`,
    raw,
    messages: () => raw.map((message) => parseSyslog(message.toString("utf8"))),
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

export async function startSyslogTcp() {
  const raw: Buffer[] = [];
  const messages: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    let pending: Buffer = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      raw.push(chunk);
      const framed = octetFrames(Buffer.concat([pending, chunk]));
      messages.push(...framed.messages);
      pending = framed.rest;
    });
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
  });
  const port = await listenOnLoopback(server);
  return {
    url: `syslog+tcp://127.0.0.1:${port}`,
    raw,
    messages: () => messages.map(parseSyslog),
    /** Drops every open connection (the sink must connect again). */
    dropConnections: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Whether a Coffer-Signature header signs the body with the secret (as a receiver checks it). */
export function signedWith(secret: string, header: string | undefined, body: string): boolean {
  const parts = Object.fromEntries(
    (header ?? "").split(",").map((part) => part.split("=", 2) as [string, string]),
  );
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac("sha256", secret).update(`${parts.t}.${body}`).digest("hex");
  return expected.length === parts.v1.length && timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1));
}

/**
 * An HTTP endpoint for an http(s) sink on a fixed port: `down()` closes it (connections refused),
 * `up()` listens again; `answer` picks the status. Every request's raw body is kept; `accepted`
 * holds the entries of the batches it answered 2xx, in arrival order.
 */
export async function startStreamReceiver(secret: string, port: number) {
  const bodies: { body: string; status: number; signed: boolean }[] = [];
  const accepted: StreamedEntry[] = [];
  const held: ServerResponse[] = [];
  let status: number | "hang" = 200;
  let server: HttpServer | undefined;
  const up = async () => {
    const listening = createHttpServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const signed = signedWith(secret, request.headers["coffer-signature"] as string | undefined, body);
        const answered = signed ? status : 401;
        if (answered === "hang") {
          // Read, never answered: the sender cannot know whether it arrived.
          bodies.push({ body, status: 0, signed });
          held.push(response);
          return;
        }
        bodies.push({ body, status: answered, signed });
        if (answered >= 200 && answered < 300)
          accepted.push(...(JSON.parse(body) as { entries: StreamedEntry[] }).entries);
        response.writeHead(answered).end();
      });
    });
    await new Promise<void>((resolve) => listening.listen(port, "127.0.0.1", resolve));
    server = listening;
  };
  const down = async () => {
    for (const response of held.splice(0)) response.destroy();
    const closing = server;
    server = undefined;
    if (!closing) return;
    closing.closeAllConnections();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await up();
  return {
    url: `http://127.0.0.1:${port}/audit`,
    bodies,
    accepted,
    /** A status for every next request, or "hang": read each and never answer. */
    answer: (next: number | "hang") => {
      status = next;
    },
    up,
    down,
    close: down,
  };
}

export function readJsonLines(path: string): StreamedEntry[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as StreamedEntry);
}

/** Waits (bounded) until `check` returns true; the error says what was last seen. */
export async function waitUntil(check: () => boolean | Promise<boolean>, ms: number, what: () => string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One workspace's entries, checked to be its chain from 1 on: in order, none missing, none twice. */
export function chainOf(entries: readonly StreamedEntry[], workspaceId: string): StreamedEntry[] {
  return entries.filter((entry) => entry.workspace_id === workspaceId);
}

export function expectContiguous(entries: readonly StreamedEntry[]): string | undefined {
  for (const [index, entry] of entries.entries()) {
    if (entry.sequence !== index + 1) return `entry ${index} has sequence ${entry.sequence}`;
    if (index > 0 && entry.prev_hmac !== entries[index - 1]!.hmac)
      return `entry ${index} does not follow its predecessor`;
  }
  return undefined;
}
