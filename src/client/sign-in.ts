// A password sign-in (POST /auth/login, the OAuth2 password form). The answer sets the refresh
// token as an HttpOnly cookie: a browser keeps it by itself, a program reads it off `response`.
import type { Client } from "openapi-fetch";
import { unwrap } from "./errors.ts";
import type { paths } from "./schema.d.ts";

export interface PasswordSignIn {
  email: string;
  password: string;
  /** The current two-factor code (or a recovery code), for an account that has two-factor sign-in. */
  otp?: string;
}

const formBody = (body: Record<string, string | undefined>) => {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) if (value !== undefined) form.set(name, value);
  return form.toString();
};

/**
 * Signs in; throws ApiError when refused (invalid_credentials, two_factor_required with a
 * `challenge` in its body, two_factor_incorrect, rate_limited).
 */
export async function signIn(
  client: Client<paths>,
  credentials: PasswordSignIn,
  headers: Record<string, string> = {},
): Promise<{ accessToken: string; response: Response }> {
  const result = await client.POST("/auth/login", {
    body: { username: credentials.email, password: credentials.password, otp: credentials.otp },
    bodySerializer: formBody,
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
  });
  const { access_token } = await unwrap(result);
  return { accessToken: access_token, response: result.response };
}

/** The refresh token a sign-in or refresh answer set, read off its Set-Cookie (outside a browser). */
export const refreshTokenOf = (response: Response): string | undefined =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.match(/^refresh_token=([^;]*)/)?.[1])
    .find((value) => value);
