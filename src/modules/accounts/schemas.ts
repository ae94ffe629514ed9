import Type from "typebox";
import { DateTime, Int32, Nullable, PersonNames, Uuid } from "../../http/schemas.ts";
import { WorkspaceRecord } from "../workspaces/index.ts";

const Email = Type.String({ format: "email", maxLength: 254 });
const Password = Type.String({ minLength: 8, maxLength: 128 });
const NamePart = Type.String({ maxLength: 100 });

export const GetStartedBody = Type.Object({
  email: Email,
  first_name: Type.String({ minLength: 1, maxLength: 100 }),
  middle_name: Type.Optional(Nullable(NamePart)),
  last_name: NamePart,
  password: Password,
  created_at: Type.String({
    minLength: 1,
    maxLength: 64,
    description: "client-side creation time (ISO 8601)",
  }),
});

export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254, description: "the account's email address" }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  grant_type: Type.Optional(Type.String({ maxLength: 100 })),
  scope: Type.Optional(Type.String({ maxLength: 1000 })),
  client_id: Type.Optional(Type.String({ maxLength: 200 })),
  otp: Type.Optional(
    Type.String({
      maxLength: 64,
      description: "the two-factor code (or a recovery code) of an account that has two-factor sign-in",
    }),
  ),
});

/** A sign-in refused; `challenge` when only the second factor is missing (finish at /auth/2fa/sign-in). */
export const SignInRefused = Type.Object({
  detail: Type.String(),
  code: Type.String(),
  challenge: Type.Optional(
    Type.String({ description: "finishes this sign-in with POST /auth/2fa/sign-in (5 minutes)" }),
  ),
});

export const ChallengeBody = Type.Object({
  challenge: Type.String({ minLength: 1, maxLength: 200 }),
  otp: Type.String({ minLength: 1, maxLength: 64, description: "the two-factor code, or a recovery code" }),
});

export const TokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal("bearer"),
  expires_in: Int32({ description: "seconds" }),
});

// Nullable, not Optional: Fastify validates a request without a body as `null`, and the usual
// refresh (cookie only) sends none.
export const RefreshBody = Nullable(
  Type.Object({ refresh_token: Type.Optional(Type.String({ maxLength: 512 })) }),
);

export const LogoutResponse = Type.Object({ revoked: Int32({ description: "sessions revoked" }) });

export const Profile = Type.Object({
  id: Uuid,
  ...PersonNames,
  email_verified: Type.Boolean(),
  has_password: Type.Boolean({
    description: "false for an account made through Google or GitHub that never set one (a reset sets it)",
  }),
  current_workspace_id: Nullable(Uuid),
  created_at: DateTime,
  updated_at: DateTime,
});

/** The signed-in account (GET /auth/me): its profile, and whether it runs this instance. */
export const Me = Type.Object({
  ...Profile.properties,
  instance_operator: Type.Optional(
    Type.Boolean({
      description:
        "true, and present only, when the account is one of the instance's operators (COFFER_OPERATORS, a verified email): the instance-admin page is theirs",
    }),
  ),
});

export const SignUpResponse = Type.Object({ ...Profile.properties, workspace: WorkspaceRecord });

export const UpdateProfileBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
  first_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  middle_name: Type.Optional(Nullable(NamePart)),
  last_name: Type.Optional(NamePart),
  email: Type.Optional(Type.String({ maxLength: 254 })),
});

export const DeleteAccountBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: 1024 }) });

export const DeleteAccountResponse = Type.Object({
  deleted: Type.Boolean(),
  workspaces_deleted: Int32({ description: "workspaces the user was the only Owner of" }),
  workspaces_left: Int32({ description: "workspaces the user left; they live on" }),
});
