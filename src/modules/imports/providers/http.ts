// The one way adapters call a platform: bounded in time, and every failure mapped to an error of
// the table — never the platform's body verbatim (it may echo the token), never a 500, and never
// 401 (a client would read it as "your Coffer session ended").
import { AppError } from "../../../errors.ts";

export interface PlatformCall {
  platform: string;
  timeoutMs: number;
}

export interface PlatformResponse {
  status: number;
  body: unknown;
}

/** No platform answers a page of variables this large: past it, stop reading rather than fill memory. */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** The body as text, or null when it is larger than MAX_RESPONSE_BYTES. Stream errors propagate. */
async function readText(response: Response): Promise<string | null> {
  if (!response.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      await response.body.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Seconds to wait, from a Retry-After of seconds or an HTTP date (RFC 9110 allows both). */
function retryAfterSeconds(header: string | null): string {
  const value = header?.trim() ?? "";
  if (/^\d{1,6}$/.test(value)) return value;
  const at = Date.parse(value);
  if (Number.isFinite(at)) return String(Math.min(Math.max(Math.ceil((at - Date.now()) / 1000), 1), 86_400));
  return "60";
}

const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

/** Fetches and parses JSON; 401/403/404/429/5xx/timeouts become errors of the table. */
export async function callPlatform(
  call: PlatformCall,
  url: string,
  init: RequestInit,
): Promise<PlatformResponse> {
  let response: Response;
  let text: string | null;
  try {
    // The time limit covers the whole exchange, body included: a platform that trickles is down.
    response = await fetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(call.timeoutMs) });
    text = await readText(response);
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError" || (error as Error).name === "AbortError";
    throw new AppError(
      "provider_unavailable",
      timedOut
        ? `${call.platform} did not answer within ${duration(call.timeoutMs)}; try again later`
        : `${call.platform} could not be reached; try again later`,
    );
  }
  if (response.status === 401 || response.status === 403) {
    throw new AppError(
      "provider_auth_failed",
      `${call.platform} refused the token (HTTP ${response.status}): check it and its access to this source`,
    );
  }
  if (response.status === 404)
    throw new AppError("provider_not_found", `${call.platform} has no such source (HTTP 404): check its ids`);
  if (response.status === 429) {
    const seconds = retryAfterSeconds(response.headers.get("retry-after"));
    throw new AppError(
      "provider_rate_limited",
      `${call.platform} is rate limiting these requests; retry in ${seconds} s`,
      {
        headers: { "retry-after": seconds },
      },
    );
  }
  if (response.status >= 500) {
    throw new AppError(
      "provider_unavailable",
      `${call.platform} failed (HTTP ${response.status}); try again later`,
    );
  }
  if (text === null) {
    throw new AppError(
      "provider_unavailable",
      `${call.platform} answered more than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB for one page`,
    );
  }
  if (response.status >= 400) {
    throw new AppError("provider_error", `${call.platform} refused the request (HTTP ${response.status})`);
  }
  let body: unknown;
  try {
    body = text === "" ? null : JSON.parse(text);
  } catch {
    throw new AppError("provider_unavailable", `${call.platform} answered something that is not JSON`);
  }
  return { status: response.status, body };
}

/** A platform that keeps handing out next pages past MAX_PAGES: refuse rather than import a part. */
export const tooManyPages = (platform: string, pages: number) =>
  new AppError(
    "provider_unavailable",
    `${platform} kept answering with another page after ${pages} pages; nothing was imported`,
  );

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
