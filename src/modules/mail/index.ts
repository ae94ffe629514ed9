// The mail module's front door: outgoing mail over SMTP (no table).
export { createMailer, type Mailer, renderBody } from "./service.ts";
