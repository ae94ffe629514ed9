// Requests to services the operator configured (identity providers, OIDC issuers): trusted
// destinations, so no address vetting (outbound.ts is for destinations users choose), but every
// answer is bounded in time and in bytes, so a slow or runaway server can neither hold a sign-in
// open nor fill the process's memory.

/** No answer within the limits: unreachable, too slow, or too large (the message says which). */
export class FetchFailed extends Error {}

export interface FetchLimits {
  /** Milliseconds for the whole exchange, the body included. */
  timeoutMs: number;
  /** Bytes of the body read at most; a longer one fails. */
  maxBytes: number;
}

export interface BoundedAnswer {
  status: number;
  contentType: string;
  text: string;
}

async function readAtMost(response: Response, maxBytes: number, host: string): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new FetchFailed(`${host} answered more than ${maxBytes} bytes`);
  }
  if (!response.body) return "";
  const chunks: Uint8Array[] = [];
  let read = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > maxBytes) {
      await reader.cancel();
      throw new FetchFailed(`${host} answered more than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** One request; rejects with FetchFailed when the server cannot be reached or the answer is out of bounds. */
export async function fetchBounded(
  url: string | URL,
  init: RequestInit,
  limits: FetchLimits,
): Promise<BoundedAnswer> {
  const host = new URL(url).host;
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  try {
    const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    const response = await fetch(url, { ...init, signal });
    return {
      status: response.status,
      contentType: response.headers.get("content-type") ?? "",
      text: await readAtMost(response, limits.maxBytes, host),
    };
  } catch (error) {
    if (error instanceof FetchFailed) throw error;
    throw new FetchFailed(
      deadline.aborted ? `${host} did not answer within ${limits.timeoutMs} ms` : `could not reach ${host}`,
    );
  }
}
