// Outgoing mail: SMTP through nodemailer when SMTP_URL is set; otherwise every message goes to an
// .eml file under COFFER_DATA_DIR/outbox/ (the log names the file), so a newcomer without SMTP
// still gets their code or link. Sending never throws: the caller learns whether it was delivered.
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "pino";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Delivery {
  delivered: boolean;
  /** Why it was not delivered (never holds the message body). */
  error?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<Delivery>;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A plain-text body and its simple HTML twin (paragraphs, links clickable). */
export function renderBody(paragraphs: string[]): Pick<MailMessage, "text" | "html"> {
  const html = paragraphs
    .map((p) => `<p>${escapeHtml(p).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</p>`)
    .join("\n");
  return { text: `${paragraphs.join("\n\n")}\n`, html: `<!doctype html><html><body>${html}</body></html>` };
}

export function createMailer(deps: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
}): Mailer {
  if (deps.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(deps.smtpUrl);
    return {
      async send(message) {
        try {
          await transport.sendMail({ from: deps.from, ...message });
          return { delivered: true };
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          // Not the subject: it may carry the code itself, and with SMTP the log is no delivery channel.
          deps.logger.warn({ to: message.to, reason }, "mail delivery failed");
          return { delivered: false, error: `SMTP delivery failed: ${reason}` };
        }
      },
    };
  }

  const outbox = join(deps.dataDir, "outbox");
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      try {
        const info = await stream.sendMail({ from: deps.from, ...message });
        mkdirSync(outbox, { recursive: true, mode: 0o700 });
        const file = join(
          outbox,
          `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`,
        );
        writeFileSync(file, info.message as Buffer, { mode: 0o600 });
        // The file is the delivery: the log says where it is, never what it holds (a subject may carry a code).
        deps.logger.info({ mail: { to: message.to, file } }, `mail (no SMTP_URL) written to ${file}`);
        return { delivered: true };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return { delivered: false, error: `writing to the outbox failed: ${reason}` };
      }
    },
  };
}
