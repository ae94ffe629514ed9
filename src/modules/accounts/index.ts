// The accounts module's front door: sign-up, sign-in, profiles (table: users).
export {
  clearCurrentWorkspace,
  findUser,
  findUserByEmail,
  insertUser,
  markEmailVerified,
  setCurrentWorkspace,
  type UserRow,
} from "./repo.ts";
export { accountsRoutes } from "./routes.ts";
export { SignInRefused, TokenResponse } from "./schemas.ts";
export {
  type AccountsService,
  type ClientInfo,
  createAccountsService,
  normaliseEmail,
  presentProfile,
} from "./service.ts";
