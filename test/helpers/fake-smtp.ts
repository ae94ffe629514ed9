// A real SMTP server on 127.0.0.1 for the mail tests: plain SMTP (no STARTTLS, auth optional) on
// a random free port. It captures every message (envelope and raw source) and can be told to
// refuse the next deliveries with an SMTP error, as a broken relay would. Plus small readers of a
// raw message: headers, the decoded text/plain and text/html parts, a six-digit code, an invite link.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  /** Envelope sender (MAIL FROM). */
  mailFrom: string;
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** The message source as received, CRLF line ends. */
  raw: string;
}

export interface FakeSmtp {
  /** smtp://127.0.0.1:<port> */
  url: string;
  /** Messages accepted so far, oldest first. */
  messages(): CapturedMail[];
  /** Messages that were received but answered with an error (see failNext). */
  refused(): CapturedMail[];
  /** The first accepted message matching the predicate; waits at most timeoutMs. */
  waitFor(predicate: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /** Accepted messages addressed to this recipient, oldest first. */
  messagesTo(address: string): CapturedMail[];
  /** The next `count` deliveries (default: all until recover()) end in a 554 after DATA. */
  failNext(count?: number): void;
  /** Deliveries succeed again. */
  recover(): void;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const accepted: CapturedMail[] = [];
  const refusedMails: CapturedMail[] = [];
  let failuresLeft = 0;

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", (error) => callback(error));
      stream.on("end", () => {
        const mail: CapturedMail = {
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          refusedMails.push(mail);
          const error = new Error("Transaction failed: relay is down (fake)") as Error & {
            responseCode: number;
          };
          error.responseCode = 554;
          callback(error);
          return;
        }
        accepted.push(mail);
        callback(null);
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Errors after start-up (a client hanging up) must not crash the test process.
  server.on("error", () => {});
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages: () => [...accepted],
    refused: () => [...refusedMails],
    messagesTo: (address) =>
      accepted.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase())),
    async waitFor(predicate, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = accepted.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(`no matching mail within ${timeoutMs} ms (${accepted.length} captured)`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    failNext(count = Number.POSITIVE_INFINITY) {
      failuresLeft = count;
    },
    recover() {
      failuresLeft = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits for the first mail to `address` (recipients are random per test). */
export const mailTo = (smtp: FakeSmtp, address: string, timeoutMs?: number) =>
  smtp.waitFor((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()), timeoutMs);

// ---- reading a raw message ------------------------------------------------------------------

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitPart(source: string): Part {
  const normalised = source.replace(/\r?\n/g, "\r\n");
  const end = normalised.indexOf("\r\n\r\n");
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? "" : normalised.slice(end + 4);
  const headers: Record<string, string> = {};
  // Unfold continuation lines, then one header per line.
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** Quoted-printable: "=\r\n" soft breaks vanish, =XX escapes become bytes (read as UTF-8). */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(part: Part): string {
  const encoding = (part.headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  return part.body;
}

/** Every leaf part of the message (the message itself when it is not multipart). */
function leafParts(source: string): Part[] {
  const part = splitPart(source);
  const type = part.headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [part];
  const pieces = part.body.split(`--${boundary}`);
  // pieces[0] is the preamble; the last one starts with "--" (the closing delimiter).
  return pieces
    .slice(1)
    .filter((piece) => !piece.startsWith("--"))
    .flatMap((piece) => leafParts(piece.replace(/^\r\n/, "")));
}

/** A header of the message itself (lower-case name), unfolded; undefined when absent. */
export const mailHeader = (raw: string, name: string): string | undefined =>
  splitPart(raw).headers[name.toLowerCase()];

/** The content types of the message's leaf parts, e.g. ["text/plain", "text/html"]. */
export const partTypes = (raw: string): string[] =>
  leafParts(raw).map((p) => (p.headers["content-type"] ?? "text/plain").split(";")[0]!.trim().toLowerCase());

function bodyOfType(raw: string, type: string): string {
  const part = leafParts(raw).find((p) =>
    (p.headers["content-type"] ?? "text/plain").toLowerCase().startsWith(type),
  );
  if (!part) throw new Error(`the message has no ${type} part`);
  return decodeBody(part);
}

/** The decoded text/plain body. */
export const textBody = (raw: string): string => bodyOfType(raw, "text/plain");

/** The decoded text/html body. */
export const htmlBody = (raw: string): string => bodyOfType(raw, "text/html");

/** The six-digit code in a plain-text body (as mailed: a string, leading zeros kept). */
export function extractCode(text: string): string {
  const match = /(?<!\d)(\d{6})(?!\d)/.exec(text);
  if (!match?.[1]) throw new Error(`no six-digit code in: ${text}`);
  return match[1];
}

/** The invite link `<publicUrl>/invite?token=…` in a plain-text body, and its decoded token. */
export function extractInviteLink(
  text: string,
  publicUrl = "https://coffer.test",
): { url: string; token: string } {
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const match = new RegExp(`${escaped}/invite\\?token=([A-Za-z0-9%._~-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no invite link under ${publicUrl} in: ${text}`);
  return { url: match[0], token: decodeURIComponent(match[1]) };
}
