// A new account with two-factor sign-in on, for the test files of two-factor sign-in.
import type { TestApp } from "./app.ts";
import { newUser } from "./factories.ts";
import { enableTwoFactor } from "./two-factor.ts";

/** A new user of `t` who has turned two-factor sign-in on: the account and its authenticator. */
export async function enrolledUserOf(t: TestApp) {
  const user = await newUser(t.app);
  const enrolled = await enableTwoFactor(t.app, user.accessToken, t.clock);
  return { ...user, ...enrolled };
}
