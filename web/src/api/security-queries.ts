// Read hooks of the account-security screen: the account's two-factor state.
import { useQuery } from "@tanstack/react-query";
import { api } from "./client.ts";
import { unwrap } from "./errors.ts";
import type { Ok } from "./queries.ts";

export type TwoFactorStatus = Ok<"getTwoFactor">;

export const securityKeys = { twoFactor: () => ["two-factor"] as const };

export const useTwoFactorStatus = () =>
  useQuery({ queryKey: securityKeys.twoFactor(), queryFn: () => unwrap(api.GET("/auth/2fa")) });
