// The two-factor module's front door (tables: two_factor, recovery_codes, sign_in_challenges).
export { twoFactorRoutes } from "./routes.ts";
export {
  createTwoFactorService,
  purgeChallenges,
  resealSecrets,
  type TwoFactorService,
} from "./service.ts";
