// The one way sensitive actions get the two-factor code. An account with two-factor sign-in must
// send its current code in X-Coffer-OTP to mint or change an API key, change the password, delete
// itself or manage two-factor; without it the API answers 403 two_factor_code_required (with a
// wrong or spent code, two_factor_code_incorrect) before doing anything. This middleware turns that answer into a
// question: it asks the person for a code (the prompt components/SecondFactorPrompt.tsx
// registers), replays the request with the header, and asks again while the code is refused. No
// screen handles the header itself. The code lives only in the replayed request's header.
import type { Middleware } from "openapi-fetch";

export const OTP_HEADER = "x-coffer-otp";
// Asked for (none was sent), or refused (wrong, or already used): either way, ask the person.
const CODE_ANSWERS = new Set(["two_factor_code_required", "two_factor_code_incorrect"]);

/** Asks for a code; `again` when the last one was refused. null: the person gave up. */
export type AskForCode = (attempt: { again: boolean }) => Promise<string | null>;

let prompt: AskForCode | null = null;
/** One question at a time: a second request waits for the first prompt to close. */
let turn: Promise<unknown> = Promise.resolve();

/** Registers the on-screen prompt (one at a time); answers the function that unregisters it. */
export function setCodePrompt(ask: AskForCode): () => void {
  prompt = ask;
  return () => {
    if (prompt === ask) prompt = null;
  };
}

function askInTurn(attempt: { again: boolean }): Promise<string | null> {
  const ask = prompt;
  if (!ask) return Promise.resolve(null);
  const answer = turn.then(() => ask(attempt));
  turn = answer.catch(() => null);
  return answer;
}

async function codeOf(response: Response): Promise<string | undefined> {
  if (response.status !== 403) return undefined;
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { code?: unknown };
  return typeof body.code === "string" ? body.code : undefined;
}

/** Whether an answer asks for the two-factor code. */
export const needsCode = async (response: Response): Promise<boolean> =>
  CODE_ANSWERS.has((await codeOf(response)) ?? "");

/**
 * The middleware. `send` replays a request with the session (client.ts: a fresh token, one
 * refresh on 401); `ask` overrides the registered prompt (tests).
 */
export function secondFactorMiddleware(deps: {
  send: (request: Request) => Promise<Response>;
  ask?: AskForCode;
}): Middleware {
  // A copy of each request that may need the code (anything but a read), to replay with it.
  const copies = new Map<string, Request>();
  const ask = deps.ask ?? askInTurn;
  return {
    onRequest({ request, id }) {
      if (request.method !== "GET" && request.method !== "HEAD") copies.set(id, request.clone());
      return undefined;
    },
    async onResponse({ response, id }) {
      const copy = copies.get(id);
      copies.delete(id);
      if (!copy || !(await needsCode(response))) return undefined;
      let last = response;
      for (let again = false; ; again = true) {
        const code = (await ask({ again }))?.trim();
        if (!code) return last; // given up: the 403 stands, and the screen says what was not done
        const replay = copy.clone();
        replay.headers.set(OTP_HEADER, code);
        last = await deps.send(replay);
        if (!(await needsCode(last))) return last;
      }
    },
    onError({ id }) {
      copies.delete(id);
      return undefined;
    },
  };
}
