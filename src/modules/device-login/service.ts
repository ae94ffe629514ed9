// Signing a device (the CLI) in through the browser: the OAuth 2.0 device authorization grant
// (RFC 8628). The CLI starts an authorization and polls; a person signed in to the dashboard looks
// up the code it shows and approves or denies it; the approved authorization is spent once for a
// session like a password sign-in's. The new session carries the approver's sign-in method, so it
// meets exactly the workspace requirements (single sign-on, two-factor) the approving session met.
import { randomInt, randomUUID } from "node:crypto";
import type { AttemptBudget } from "../../auth/attempt-budgets.ts";
import type { ActorContext } from "../../auth/context.ts";
import { asSignInMethod } from "../../auth/policy.ts";
import type { IssuedTokens } from "../../auth/principal.ts";
import { addSeconds, type Clock } from "../../clock.ts";
import { randomToken, sha256 } from "../../crypto/tokens.ts";
import type { Db } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { type AccountAudit, recordAccountEvent } from "../audit/index.ts";
import type { SessionsService } from "../sessions/index.ts";
import * as repo from "./repo.ts";

export const CLIENT_ID = "coffer-cli";
export const DEVICE_CODE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
/** Consonants only (RFC 8628 §6.1): no vowels to spell words, no 0/O or 1/I to confuse. */
const USER_CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ";
const USER_CODE_LENGTH = 8;
export const EXPIRES_IN = 600;
export const INTERVAL = 5;
/** What a `slow_down` adds to the interval (RFC 8628 §3.5). */
const SLOW_DOWN_STEP = 5;

/** The RFC's error codes; the token endpoint answers them as `{error, error_description}` with 400. */
export type GrantError =
  | "authorization_pending"
  | "slow_down"
  | "access_denied"
  | "expired_token"
  | "invalid_grant"
  | "invalid_client"
  | "unsupported_grant_type";

export type PollOutcome = { tokens: IssuedTokens } | { error: GrantError; description: string };

export interface DeviceLoginDeps {
  db: Db;
  clock: Clock;
  sessions: Pick<SessionsService, "startSession" | "isLive">;
  accountAudit: AccountAudit;
  /** Wrong user codes a signed-in account may try. */
  guesses: AttemptBudget;
  publicUrl: string;
}

/** XXXX-XXXX from the alphabet, each letter drawn without bias. */
function newUserCode(): string {
  const letters = Array.from(
    { length: USER_CODE_LENGTH },
    () => USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)],
  ).join("");
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

/** The code as typed (any case, with or without the dash or spaces), or null when it cannot be one. */
export function normaliseUserCode(typed: string): string | null {
  const letters = typed.toUpperCase().replace(/[\s-]/g, "");
  if (letters.length !== USER_CODE_LENGTH) return null;
  if ([...letters].some((letter) => !USER_CODE_ALPHABET.includes(letter))) return null;
  return letters;
}

const userCodeHash = (letters: string) => sha256(`user-code:${letters}`);

export function createDeviceLoginService(deps: DeviceLoginDeps) {
  const { db, clock } = deps;
  const verificationUri = `${deps.publicUrl}/device`;

  /**
   * The pending authorization a signed-in person names by its user code. Every miss spends the
   * account's budget of guesses; a hit takes its attempt back.
   */
  async function pendingFor(userId: string, typed: string) {
    await deps.guesses.spend(userId);
    const letters = normaliseUserCode(typed);
    const row = letters
      ? await repo.findPendingByUserCode(db, userCodeHash(letters), clock.now().toISOString())
      : undefined;
    if (!row)
      throw new AppError(
        "not_found",
        "No sign-in waits for this code: check it against your terminal, or run `coffer login` again (codes last 10 minutes)",
      );
    await deps.guesses.refund(userId);
    return row;
  }

  const present = (row: repo.DeviceAuthorizationRow) => ({
    client_name: row.client_name,
    hostname: row.hostname,
    ip_address: row.ip_address,
    created_at: row.created_at,
    expires_at: row.expires_at,
  });

  async function decide(actor: ActorContext, typed: string, status: "approved" | "denied") {
    const row = await pendingFor(actor.principal.userId, typed);
    const now = clock.now().toISOString();
    await db.transaction().execute(async (tx) => {
      const decided = await repo.decide(tx, row.id, {
        status,
        user_id: actor.principal.userId,
        sign_in_method: actor.principal.signInMethod ?? null,
        approving_session_id: actor.principal.sessionId,
        workspace_id: actor.principal.workspaceClaim,
        decided_at: now,
      });
      if (!decided) throw new AppError("gone", "This sign-in was already answered, or it expired");
      await recordAccountEvent(deps.accountAudit, tx, actor, {
        action: status === "approved" ? "device_login.approved" : "device_login.denied",
        resourceType: "device_authorization",
        resourceId: row.id,
        details: { client_name: row.client_name, hostname: row.hostname, device_ip: row.ip_address },
      });
    });
    return { ...present(row), status };
  }

  return {
    /** Starts an authorization (RFC 8628 §3.1-3.2). */
    async start(
      input: { client_id: string; client_name?: string | undefined; hostname?: string | undefined },
      client: { ipAddress: string | null; userAgent: string | null },
    ) {
      if (input.client_id !== CLIENT_ID) return { error: "invalid_client" as const };
      const now = clock.now();
      const deviceCode = randomToken(32);
      const base = {
        device_code_hash: sha256(deviceCode),
        client_id: input.client_id,
        client_name: input.client_name ?? null,
        hostname: input.hostname ?? null,
        ip_address: client.ipAddress,
        user_agent: client.userAgent,
        status: "pending",
        interval_seconds: INTERVAL,
        last_polled_at: null,
        user_id: null,
        sign_in_method: null,
        workspace_id: null,
        approving_session_id: null,
        decided_at: null,
        created_at: now.toISOString(),
        expires_at: addSeconds(now, EXPIRES_IN).toISOString(),
      };
      // 20^8 codes: a collision with a stored one is rare, and answered with a fresh code.
      for (let attempt = 0; ; attempt++) {
        const userCode = newUserCode();
        try {
          await repo.insertAuthorization(db, {
            ...base,
            id: randomUUID(),
            user_code_hash: userCodeHash(userCode.replace("-", "")),
          });
        } catch (error) {
          if (attempt < 3) continue;
          throw error;
        }
        return {
          device_code: deviceCode,
          user_code: userCode,
          verification_uri: verificationUri,
          verification_uri_complete: `${verificationUri}?code=${userCode}`,
          expires_in: EXPIRES_IN,
          interval: INTERVAL,
        };
      }
    },

    /** One poll of the token endpoint (RFC 8628 §3.4-3.5). */
    async poll(
      input: { grant_type: string; device_code: string; client_id: string },
      client: { ipAddress: string | null; userAgent: string },
    ): Promise<PollOutcome> {
      if (input.grant_type !== DEVICE_CODE_GRANT)
        return { error: "unsupported_grant_type", description: `grant_type must be ${DEVICE_CODE_GRANT}` };
      if (input.client_id !== CLIENT_ID)
        return { error: "invalid_client", description: `client_id must be ${CLIENT_ID}` };
      const row = await repo.findByDeviceCode(db, sha256(input.device_code));
      if (!row || row.client_id !== input.client_id || row.status === "used")
        return { error: "invalid_grant", description: "Unknown or already used device code" };
      const now = clock.now();
      if (now.toISOString() >= row.expires_at)
        return { error: "expired_token", description: "The code expired: run `coffer login` again" };
      if (row.status === "denied")
        return { error: "access_denied", description: "The sign-in was denied in the dashboard" };
      if (row.status === "pending") {
        const since = row.last_polled_at
          ? now.getTime() - Date.parse(row.last_polled_at)
          : Number.POSITIVE_INFINITY;
        const tooSoon = since < row.interval_seconds * 1000;
        const interval = tooSoon ? row.interval_seconds + SLOW_DOWN_STEP : row.interval_seconds;
        await repo.notePoll(db, row.id, now.toISOString(), interval);
        return tooSoon
          ? { error: "slow_down", description: `Poll at most every ${interval} seconds` }
          : { error: "authorization_pending", description: "Waiting for the code to be approved" };
      }
      // Approved: spent by exactly one poll. Should the session fail to start after it, the
      // authorization is lost, never used twice: the CLI is told to start over.
      if (!row.user_id || !(await repo.spend(db, row.id)))
        return { error: "invalid_grant", description: "Unknown or already used device code" };
      // An approval is only as good as the session that gave it: signed out, claimed or deleted
      // since, it signs nobody in (and a deleted approver is never reached for).
      if (!row.approving_session_id || !(await deps.sessions.isLive(row.approving_session_id)))
        return {
          error: "access_denied",
          description: "The session that approved this sign-in has ended: run `coffer login` again",
        };
      const tokens = await deps.sessions.startSession({
        userId: row.user_id,
        workspaceId: row.workspace_id,
        ipAddress: client.ipAddress,
        userAgent: client.userAgent,
        signInMethod: asSignInMethod(row.sign_in_method) ?? "password",
        via: "device_authorization",
      });
      return { tokens };
    },

    /** What a person is asked to approve: the device, never the codes. */
    async lookup(actor: ActorContext, userCode: string) {
      return present(await pendingFor(actor.principal.userId, userCode));
    },

    approve: (actor: ActorContext, userCode: string) => decide(actor, userCode, "approved"),
    deny: (actor: ActorContext, userCode: string) => decide(actor, userCode, "denied"),
  };
}

export type DeviceLoginService = ReturnType<typeof createDeviceLoginService>;

/** Housekeeping: authorizations expired before `cutoff`. */
export const purgeDeviceAuthorizations = (db: Db, cutoff: string) => repo.purgeAuthorizations(db, cutoff);
