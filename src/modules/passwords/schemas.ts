import Type from "typebox";
import { Int32 } from "../../http/schemas.ts";

const Password = Type.String({ minLength: 8, maxLength: 128 });

export const ChangePasswordBody = Type.Object({
  current_password: Type.String({ minLength: 1, maxLength: 1024 }),
  new_password: Password,
});

export const PasswordChanged = Type.Object({
  changed: Type.Boolean(),
  sessions_revoked: Int32({ description: "the account's other sessions, now signed out" }),
});

export const ForgotPasswordBody = Type.Object({ email: Type.String({ format: "email", maxLength: 254 }) });

export const ResetRequested = Type.Object({
  requested: Type.Boolean(),
  detail: Type.String({ description: "the same whether or not the address has an account" }),
});

export const ResetPasswordBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200, description: "the token of the mailed link" }),
  new_password: Password,
});

export const PasswordReset = Type.Object({
  reset: Type.Boolean(),
  email: Type.String({ description: "the account's address, to sign in with" }),
  sessions_revoked: Int32(),
});
