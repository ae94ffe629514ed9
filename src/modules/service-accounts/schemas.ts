import Type from "typebox";
import { DateTime, Int32, Nullable, Uuid } from "../../http/schemas.ts";
import { KeyLifetime, KeyScopeFields, KeyScopeRecord } from "../keys/index.ts";

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Description = Nullable(Type.String({ maxLength: 1000 }));
const AccountRole = Int32({
  minimum: 0,
  maximum: 2,
  description: "0 Viewer, 1 Member, 2 Admin (never Owner, and never above the caller's own role)",
});
const MAX_TEAMS = 100;
const TeamIds = Type.Array(Uuid, {
  maxItems: MAX_TEAMS,
  description: "the teams it belongs to (what a Viewer or Member reaches)",
});

export const AccountsParams = Type.Object({ workspace_id: Uuid });
export const AccountParams = Type.Object({ workspace_id: Uuid, service_account_id: Uuid });
export const AccountKeyParams = Type.Object({ workspace_id: Uuid, service_account_id: Uuid, key_id: Uuid });
export const TrustParams = Type.Object({ workspace_id: Uuid, service_account_id: Uuid, trust_id: Uuid });

export const CreateAccountBody = Type.Object({
  name: Name,
  description: Type.Optional(Description),
  role: AccountRole,
  team_ids: Type.Optional(TeamIds),
});

export const UpdateAccountBody = Type.Object({
  name: Type.Optional(Name),
  description: Type.Optional(Description),
  role: Type.Optional(AccountRole),
  team_ids: Type.Optional(TeamIds),
  disabled: Type.Optional(Type.Boolean({ description: "a disabled account's keys answer 401" })),
});

export const ServiceAccountRecord = Type.Object({
  id: Uuid,
  workspace_id: Uuid,
  name: Name,
  description: Description,
  role: Int32(),
  team_ids: Type.Array(Uuid, { maxItems: MAX_TEAMS }),
  created_by: Uuid,
  disabled: Type.Boolean(),
  created_at: DateTime,
  updated_at: DateTime,
});

export const CreateAccountKeyBody = Type.Object({
  name: Name,
  description: Type.Optional(Description),
  expires_at: Type.Optional(Nullable(KeyLifetime)),
  ...KeyScopeFields,
});

const keyFields = {
  id: Uuid,
  service_account_id: Uuid,
  workspace_id: Uuid,
  name: Type.String(),
  description: Nullable(Type.String()),
  prefix: Type.String({ description: "the first characters of the token, for recognising it" }),
  created_by: Uuid,
  created_at: DateTime,
  updated_at: DateTime,
  expires_at: Nullable(DateTime),
  last_used_at: Nullable(DateTime),
  is_revoked: Type.Boolean(),
  ...KeyScopeRecord,
};
export const AccountKeyRecord = Type.Object(keyFields);
export const CreatedAccountKey = Type.Object({
  ...keyFields,
  token: Type.String({ description: "the credential; shown once, never again" }),
});

const Pattern = (description: string) =>
  Type.String({
    minLength: 1,
    maxLength: 500,
    description: `${description}; matched whole, * matches any run of characters`,
  });

export const CreateTrustBody = Type.Object({
  name: Name,
  issuer: Type.String({
    minLength: 1,
    maxLength: 500,
    description:
      "the OIDC issuer URL, exactly as its tokens' iss says, e.g. https://token.actions.githubusercontent.com: https, on a public address (loopback, private and link-local addresses, and plain http, only in networks the operator allowed with COFFER_OUTBOUND_ALLOW)",
  }),
  audience: Type.String({ minLength: 1, maxLength: 500, description: "the aud the tokens must carry" }),
  subject: Pattern("the sub pattern, e.g. repo:acme/payments:ref:refs/heads/main"),
  claims: Type.Optional(
    Type.Record(Type.String({ minLength: 1, maxLength: 100 }), Pattern("a claim's pattern"), {
      maxProperties: 20,
      description: 'further claims that must match, e.g. {"environment": "production"}',
    }),
  ),
  token_minutes: Type.Optional(
    Int32({ minimum: 1, maximum: 60, description: "lifetime of the exchanged token (default 15)" }),
  ),
  ...KeyScopeFields,
});

export const TrustRecord = Type.Object({
  id: Uuid,
  service_account_id: Uuid,
  name: Type.String(),
  issuer: Type.String(),
  audience: Type.String(),
  subject: Type.String(),
  claims: Type.Record(Type.String(), Type.String()),
  token_minutes: Int32(),
  created_by: Uuid,
  created_at: DateTime,
  ...KeyScopeRecord,
});

/** Where a CI job finds the id of the account it exchanges its token for. */
const WHERE_THE_ACCOUNT_ID_IS =
  "the id is on the service account's page in the dashboard, in `coffer ci-setup`'s output, and in GET /workspaces/{workspace_id}/service-accounts";

export const ExchangeBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 16_384, description: "the OIDC ID token (a JWT)" }),
  service_account_id: Type.String({
    format: "uuid",
    maxLength: 36,
    description: `the service account whose trust must accept the token: only its trusts are matched (${WHERE_THE_ACCOUNT_ID_IS})`,
    "x-when-missing": `name the service account whose trust accepts this token (${WHERE_THE_ACCOUNT_ID_IS})`,
  }),
});

export const ExchangedToken = Type.Object({
  access_token: Type.String({ description: "an sk-svc- key that expires; use it as an API key" }),
  token_type: Type.Literal("Bearer"),
  expires_in: Int32({ description: "seconds" }),
  expires_at: DateTime,
  service_account_id: Uuid,
  workspace_id: Uuid,
});
