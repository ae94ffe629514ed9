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

/** Fetches and parses JSON; 401/403/404/429/5xx/timeouts become errors of the table. */
export async function callPlatform(
  call: PlatformCall,
  url: string,
  init: RequestInit,
): Promise<PlatformResponse> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(call.timeoutMs) });
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError" || (error as Error).name === "AbortError";
    throw new AppError(
      "provider_unavailable",
      timedOut
        ? `${call.platform} did not answer within ${Math.round(call.timeoutMs / 1000)} s; try again later`
        : `${call.platform} could not be reached; try again later`,
    );
  }
  const text = await response.text().catch(() => "");
  if (response.status === 401 || response.status === 403) {
    throw new AppError(
      "provider_auth_failed",
      `${call.platform} refused the token (HTTP ${response.status}): check it and its access to this source`,
    );
  }
  if (response.status === 404)
    throw new AppError("provider_not_found", `${call.platform} has no such source (HTTP 404): check its ids`);
  if (response.status === 429) {
    const retryAfter = response.headers.get("retry-after");
    const seconds = retryAfter && /^\d{1,6}$/.test(retryAfter.trim()) ? retryAfter.trim() : "60";
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
  let body: unknown;
  try {
    body = text === "" ? null : JSON.parse(text);
  } catch {
    throw new AppError("provider_unavailable", `${call.platform} answered something that is not JSON`);
  }
  if (response.status >= 400) {
    throw new AppError("provider_error", `${call.platform} refused the request (HTTP ${response.status})`);
  }
  return { status: response.status, body };
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
