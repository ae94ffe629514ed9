// Two-factor sign-in as a person with an authenticator app does it: codes computed from the shared
// secret the set-up answered, at the time of the app's (test) clock.
import type { FastifyInstance } from "fastify";
import { Secret, TOTP } from "otpauth";
import { expect } from "vitest";
import type { TestClock } from "./app.ts";
import { bearer } from "./factories.ts";

/** The authenticator app's code for `secret` at the clock's time (shifted by `steps` of 30 s). */
export function totpCode(secret: string, clock: TestClock, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
  return totp.generate({ timestamp: clock.now().getTime() + steps * 30_000 });
}

export interface Enrolled {
  secret: string;
  recoveryCodes: string[];
  /** A fresh code: moves the clock to the next 30 s step first (a code works once). */
  nextCode: () => string;
}

/** Sets up and turns on two-factor sign-in for the signed-in user. */
export async function enableTwoFactor(
  app: FastifyInstance,
  accessToken: string,
  clock: TestClock,
): Promise<Enrolled> {
  const setup = await app.inject({ method: "POST", url: "/auth/2fa/setup", headers: bearer(accessToken) });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await app.inject({
    method: "POST",
    url: "/auth/2fa/enable",
    headers: bearer(accessToken),
    payload: { code: totpCode(secret, clock) },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return {
    secret,
    recoveryCodes: enabled.json().recovery_codes,
    nextCode: () => {
      clock.advance(30);
      return totpCode(secret, clock);
    },
  };
}
