import Type from "typebox";
import { DateTime, Int32, Nullable, StringEnum, Uuid } from "../../http/schemas.ts";
import { RoleValue } from "../workspaces/index.ts";

export const InviteRecord = Type.Object({
  id: Uuid,
  workspace_id: Uuid,
  invitee_email: Type.String(),
  invited_by: Uuid,
  status: StringEnum(["pending", "accepted", "rejected", "expired"] as const),
  role: Int32(),
  team_id: Nullable(Uuid),
  expiry_time: DateTime,
  created_at: DateTime,
  updated_at: DateTime,
});

export const SentInvite = Type.Object({
  ...InviteRecord.properties,
  mail_sent: Type.Boolean({ description: "false when the mail could not be delivered: re-send it" }),
  mail_error: Nullable(Type.String()),
});

export const ListedInvite = Type.Object({ ...InviteRecord.properties, mail_error: Nullable(Type.String()) });

export const ValidatedInvite = Type.Object({
  ...InviteRecord.properties,
  workspace_name: Type.String(),
  inviter: Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() }),
});

export const SendInviteBody = Type.Object({
  invitee_email: Type.String({ format: "email", maxLength: 254 }),
  role: RoleValue,
  team_id: Type.Optional(Nullable(Uuid)),
});

export const AcceptBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  name: Type.Optional(
    Type.String({ maxLength: 300, description: "required when the address has no account yet" }),
  ),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  otp: Type.Optional(
    Type.String({
      maxLength: 64,
      description: "the two-factor code of an existing account that accepts with its password",
    }),
  ),
  role: Type.Optional(RoleValue),
  team_id: Type.Optional(Nullable(Uuid)),
});

export const Accepted = Type.Object({
  invite: InviteRecord,
  user: Type.Object({ id: Uuid, email: Type.String(), name: Type.String() }, { additionalProperties: true }),
  workspace_id: Uuid,
  role: Int32(),
});

export const TokenQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export const InviteParams = Type.Object({ workspace_id: Uuid, invite_id: Uuid });
