// A whole "Sign in with Google" round trip against the fake Google on 127.0.0.1: the login redirect,
// the person's consent, the callback. For tests outside test/oauth.test.ts that need a provider
// sign-in as one step (account takeover, two-factor after a provider sign-in).
import { randomInt, randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { FakeGoogle } from "./fake-identity-providers.ts";

const STATE_COOKIE = "coffer_oauth";

export interface GooglePerson {
  subject: string;
  email: string;
  verified: boolean;
}

export const googlePerson = (overrides: Partial<GooglePerson> = {}): GooglePerson => ({
  subject: String(randomInt(1, 2 ** 31)),
  email: `idp-${randomUUID().slice(0, 12)}@example.com`,
  verified: true,
  ...overrides,
});

/** Signs `person` in through Google; the callback answers JSON (tokens) when `json` is set. */
export async function signInWithGoogle(
  app: FastifyInstance,
  google: FakeGoogle,
  person: GooglePerson,
  options: { json?: boolean; userAgent?: string } = {},
) {
  const start = await app.inject({ method: "GET", url: "/auth/google-login" });
  const location = new URL(String(start.headers.location));
  const state = location.searchParams.get("state") ?? "";
  const cookie = start.cookies.find((c) => c.name === STATE_COOKIE)?.value ?? "";
  await fetch(location); // the browser follows the redirect to the consent screen
  const code = google.approve(state, {
    sub: person.subject,
    email: person.email,
    email_verified: person.verified,
    name: "Grace Hopper",
    given_name: "Grace",
    family_name: "Hopper",
    picture: "https://lh3.googleusercontent.test/a/photo.png",
  });
  return app.inject({
    method: "GET",
    url: `/auth/google-callback?${new URLSearchParams({ code, state })}`,
    cookies: { [STATE_COOKIE]: cookie },
    headers: {
      ...(options.json ? { accept: "application/json" } : {}),
      ...(options.userAgent ? { "user-agent": options.userAgent } : {}),
    },
  });
}
