// An HTTP endpoint: each batch one POST of {"entries": [...]}, signed like webhooks
// (Coffer-Signature, src/lib/signing.ts) and sent under their SSRF rules (src/lib/outbound.ts);
// only a 2xx acknowledges it.
import { postOnce } from "../../../lib/outbound.ts";
import { signatureHeader } from "../../../lib/signing.ts";
import type { Sink } from "./sink.ts";
import { sinkId, sinkLabel } from "./sink.ts";

const TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 64 * 1024;
export const STREAM_USER_AGENT = "Coffer-Audit-Stream/1";

export function httpSink(
  url: string,
  options: { secret: string; allowedNetworks: readonly string[]; now: () => Date },
): Sink {
  const target = new URL(url);
  return {
    id: sinkId(url),
    label: sinkLabel(url),
    async send(entries) {
      const body = JSON.stringify({ entries });
      const timestamp = Math.floor(options.now().getTime() / 1000);
      const answer = await postOnce(
        target,
        body,
        {
          "content-type": "application/json",
          "user-agent": STREAM_USER_AGENT,
          "coffer-signature": signatureHeader([options.secret], timestamp, body),
        },
        {
          allowedNetworks: options.allowedNetworks,
          timeoutMs: TIMEOUT_MS,
          maxResponseBytes: MAX_RESPONSE_BYTES,
        },
      );
      if (answer.status < 200 || answer.status >= 300) {
        throw new Error(
          answer.status >= 300 && answer.status < 400
            ? `answered ${answer.status} (redirects are not followed)`
            : `answered ${answer.status}`,
        );
      }
    },
    reopen() {},
    async close() {},
  };
}
