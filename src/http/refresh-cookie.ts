// The refresh cookie (DESIGN.md §4, §9): `refresh_token`, HttpOnly, SameSite=Lax, path /auth,
// Secure unless configured off. Password sign-in, refresh and provider sign-in all set it.
import type { FastifyReply } from "fastify";
import type { IssuedTokens } from "../auth/principal.ts";

export const REFRESH_COOKIE = "refresh_token";

export interface RefreshCookieConfig {
  secure: boolean;
  maxAgeSeconds: number;
}

export const refreshCookieOptions = (config: RefreshCookieConfig) => ({
  httpOnly: true,
  secure: config.secure,
  sameSite: "lax" as const,
  path: "/auth",
});

export function setRefreshCookie(
  reply: FastifyReply,
  tokens: IssuedTokens,
  config: RefreshCookieConfig,
): void {
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    ...refreshCookieOptions(config),
    maxAge: config.maxAgeSeconds,
  });
}

export function clearRefreshCookie(reply: FastifyReply, config: RefreshCookieConfig): void {
  reply.clearCookie(REFRESH_COOKIE, refreshCookieOptions(config));
}

/** The OAuth 2.0 token response a sign-in answers. */
export const tokenBody = (tokens: IssuedTokens) => ({
  access_token: tokens.accessToken,
  token_type: "bearer" as const,
  expires_in: tokens.expiresIn,
});
