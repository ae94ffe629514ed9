// One file on purpose: every table's row type, and the Database map test/architecture.test.ts reads.
// Table types for Kysely. Both engines store ids as UUID text, times as ISO 8601 UTC text
// (sortable, identical on SQLite and PostgreSQL) and flags as nullable timestamps.
import type { Kysely, Transaction } from "kysely";

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  email_verified_at: string | null;
  current_workspace_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface WorkspacesTable {
  id: string;
  name: string;
  slug: string;
  avatar_url: string | null;
  plan: string;
  created_at: string;
  updated_at: string;
  /** Set while the workspace requires two-factor sign-in of every member. */
  two_factor_required_at: string | null;
  /** Set while the workspace requires its members' sessions to come from single sign-on. */
  sso_required_at: string | null;
}

export interface WorkspaceMembersTable {
  workspace_id: string;
  user_id: string;
  role: number;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  workspace_id: string | null;
  ip_address: string | null;
  user_agent: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** Why it ended (sessions/end-reasons.ts); null for sessions revoked before it was recorded. */
  revoked_reason: string | null;
  /** How the sign-in was proven (policy.ts SignInMethod); null for sessions older than migration 0016. */
  sign_in_method: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  used_at: string | null;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  description: string | null;
  prefix: string;
  token_hash: string;
  created_at: string;
  updated_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  /** The one workspace the key reaches; null: every workspace of its holder. */
  workspace_id: string | null;
  /** The key's scope (KeyScopeColumns): see auth/key-scope.ts. */
  access: string;
  project_ids: string | null;
  environment_ids: string | null;
  allowed_cidrs: string | null;
}

/** What narrows a key (JSON arrays of ids or CIDRs as text; null: not narrowed). */
export interface KeyScopeColumns {
  /** "read" or "read_write" (access to secrets). */
  access: string;
  project_ids: string | null;
  environment_ids: string | null;
  allowed_cidrs: string | null;
}

export interface ServiceAccountsTable {
  id: string;
  workspace_id: string;
  name: string;
  description: string | null;
  role: number;
  created_by: string;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ServiceAccountTeamsTable {
  service_account_id: string;
  team_id: string;
  created_at: string;
}

export interface ServiceAccountKeysTable extends KeyScopeColumns {
  id: string;
  service_account_id: string;
  name: string;
  description: string | null;
  prefix: string;
  token_hash: string;
  /** The OIDC trust a short-lived key was exchanged through; null for a minted key. */
  trust_id: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface ServiceAccountTrustsTable extends KeyScopeColumns {
  id: string;
  service_account_id: string;
  name: string;
  issuer: string;
  audience: string;
  /** The `sub` pattern (`*` matches any run of characters). */
  subject: string;
  /** JSON object: claim name to pattern, all of which must match. */
  claims: string;
  token_minutes: number;
  created_by: string;
  created_at: string;
}

export interface OidcTokenUsesTable {
  /** SHA-256 of the exchanged JWT. */
  digest: string;
  expires_at: string;
}

export interface TeamsTable {
  id: string;
  workspace_id: string;
  name: string;
  avatar_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface TeamMembersTable {
  team_id: string;
  user_id: string;
  workspace_id: string;
  created_at: string;
}

export interface ProjectsTable {
  id: string;
  workspace_id: string;
  team_id: string;
  name: string;
  slug: string;
  /** 1 or 0: SQLite has no boolean type. */
  is_active: number;
  /** JSON text of a free-form object. */
  proj_metadata: string;
  created_at: string;
  updated_at: string;
}

export interface EnvironmentsTable {
  id: string;
  workspace_id: string;
  team_id: string;
  project_id: string;
  name: string;
  slug: string;
  environment_type: "dev" | "staging" | "prod" | "pilot" | "custom";
  default_policy: number;
  /** Bumped by every write that changes what the environment's secrets read as (ETags derive from it). */
  revision: number;
  /** The environment of the same project whose secrets this one inherits (its own override them). */
  parent_environment_id: string | null;
  /** Which environments' values may reference this one: "anywhere", "project" (its own) or "nowhere". */
  references_from: string;
  /** 1 or 0 (SQLite has no boolean type): writes into it need Admin. */
  protected: number;
  created_at: string;
  updated_at: string;
}

export interface AuditEventsTable {
  id: string;
  workspace_id: string;
  action: string;
  resource_type: string;
  resource_id: string | null;
  secret_id: string | null;
  version: number | null;
  actor_type: string;
  actor_id: string;
  actor_user_id: string;
  actor_name: string;
  /** The key that acted, when one did (its name as of the event). */
  actor_key_id: string | null;
  actor_key_name: string | null;
  ip_address: string | null;
  user_agent: string | null;
  /** JSON text; never holds a secret value. */
  details: string;
  /** Where it happened, when it happened in a project (and an environment of it). */
  project_id: string | null;
  environment_id: string | null;
  /** Their names as of the event: the entry still reads after a rename or a deletion. */
  project_name: string | null;
  environment_name: string | null;
  /** The summary entry of the bulk operation this entry is one item of (the trail shows the summary). */
  batch_id: string | null;
  created_at: string;
  /** Its place in the workspace's chain (docs/audit.md); null only before the chain reached it. */
  sequence: number | null;
  prev_hmac: string | null;
  hmac: string | null;
}

/** Where a workspace's audit chain ends (its row is the writers' lock). */
export interface AuditChainHeadsTable {
  workspace_id: string;
  sequence: number;
  hmac: string;
  updated_at: string;
}

/** What a retention purge removed from the start of a workspace's chain, signed. */
export interface AuditCheckpointsTable {
  workspace_id: string;
  /** The last entry purged, and its hmac: the chain continues from it. */
  sequence: number;
  hmac: string;
  /** How many entries the purges have removed, in all. */
  purged: number;
  created_at: string;
  signature: string;
}

/** The random key every chain key derives from, wrapped under the master key (one row, id 1). */
export interface AuditChainKeyTable {
  id: number;
  wrapped: string;
  master_key_id: string;
  created_at: string;
}

/** How far a stream's sink has acknowledged a workspace's chain (audit/streams). */
export interface AuditStreamCursorsTable {
  /** Derived from the sink's URL (never from a secret). */
  sink_id: string;
  workspace_id: string;
  /** The last sequence the sink acknowledged. */
  sequence: number;
  updated_at: string;
}

/** The one process that sends to a sink, until its lease expires. */
export interface AuditStreamLeasesTable {
  sink_id: string;
  holder: string;
  expires_at: string;
}

/** A workspace's last verification of its chain. */
export interface AuditVerificationsTable {
  workspace_id: string;
  verified_at: string;
  holds: number;
  checked: number;
  /** JSON of the first break, when it did not hold. */
  first_break: string | null;
}

export interface WebhooksTable {
  id: string;
  workspace_id: string;
  url: string;
  description: string | null;
  /** JSON array of event types; empty: every event. */
  events: string;
  project_id: string | null;
  environment_id: string | null;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: string | null;
  disabled_at: string | null;
  disabled_reason: string | null;
  failing_since: string | null;
  consecutive_failures: number;
  last_success_at: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  workspace_id: string;
  event_id: string;
  event_type: string;
  ordering_key: string;
  /** The JSON body sent, exactly; never holds a secret value. */
  payload: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  last_status_code: number | null;
  last_error: string | null;
  last_latency_ms: number | null;
  created_at: string;
  finished_at: string | null;
}

export interface DataKeysTable {
  workspace_id: string;
  version: number;
  /** v1.<base64url nonce|ct|tag> of the 32-byte key under the master key. */
  wrapped_key: string;
  /** Id of the master key that wraps it (null: written before ids existed; any held key may open it). */
  master_key_id: string | null;
  created_at: string;
  /**
   * When every value of the workspace was re-encrypted under this version; null while a
   * rotation to it is under way (`npm run admin -- rotate-data-key`).
   */
  reencrypted_at: string | null;
}

/** One row (id 1): the id of the master key every new data key must be wrapped under. */
export interface MasterKeyStateTable {
  id: number;
  key_id: string;
  updated_at: string;
}

/** A secret; its writer columns name who made its current value current. */
export interface SecretsTable extends WriterColumns {
  id: string;
  workspace_id: string;
  team_id: string;
  project_id: string;
  environment_id: string;
  key: string;
  description: string | null;
  current_version: number;
  ciphertext: string;
  rotation_days: number | null;
  last_rotated_at: string | null;
  created_at: string;
  updated_at: string;
  /** JSON array of the environment qualifiers the value references; null when it has none. */
  reference_targets: string | null;
}

/**
 * Who wrote a value (modules/secrets/references/writers.ts reads them): "user" or "service_account", its id,
 * and the scope (KeyScope as JSON) of the narrowed key it wrote through (null: none). All null for
 * a value written before they were recorded.
 */
export interface WriterColumns {
  writer_kind: string | null;
  writer_id: string | null;
  writer_scope: string | null;
}

/** A version of a secret; its writer columns name who wrote that value. */
export interface SecretVersionsTable extends WriterColumns {
  secret_id: string;
  version: number;
  ciphertext: string;
  created_at: string;
}

/** A deleted secret, recoverable until `purge_after` (its row as it was, without the value copy). */
export interface DeletedSecretsTable extends Omit<SecretsTable, "ciphertext"> {
  deleted_at: string;
  purge_after: string;
}

export type DeletedSecretVersionsTable = SecretVersionsTable;

export interface ShareLinksTable {
  id: string;
  workspace_id: string;
  environment_id: string;
  token_hash: string;
  ciphertext: string;
  passphrase_hash: string | null;
  max_views: number;
  views: number;
  expires_at: string;
  created_by: string;
  created_at: string;
  /** Wrong passphrases so far; at the limit the link is burnt. */
  failed_attempts: number;
  revoked_at: string | null;
  /** JSON array of the shared secrets' key names (names, never values). */
  secret_keys: string;
}

export interface OneTimeCodesTable {
  id: string;
  user_id: string;
  /** HMAC of the code under a key derived from the master key: useless to an offline guesser. */
  code_hash: string;
  attempts: number;
  expires_at: string;
  consumed_at: string | null;
  delivery_error: string | null;
  created_at: string;
}

export interface InvitesTable {
  id: string;
  workspace_id: string;
  team_id: string | null;
  invitee_email: string;
  role: number;
  token_hash: string;
  /** expired is derived from expiry_time, never stored. */
  status: "pending" | "accepted" | "rejected";
  invited_by: string;
  expiry_time: string;
  delivery_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface IdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  email: string | null;
  created_at: string;
}

export interface TwoFactorTable {
  user_id: string;
  /** The TOTP secret sealed under the master key `master_key_id` names (crypto/sealed-secrets.ts). */
  secret: string;
  master_key_id: string;
  /** Null while set-up waits for its first code. */
  enabled_at: string | null;
  /** The last TOTP time step a code was accepted for: a code works once. */
  last_used_step: number | null;
  created_at: string;
  updated_at: string;
}

export interface RecoveryCodesTable {
  user_id: string;
  /** SHA-256 of the normalised code. */
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

export interface SignInChallengesTable {
  token_hash: string;
  user_id: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  /** How the first factor was proven: the session it finishes into records it. */
  sign_in_method: string | null;
}

export interface DeviceAuthorizationsTable {
  id: string;
  device_code_hash: string;
  user_code_hash: string;
  client_id: string;
  client_name: string | null;
  hostname: string | null;
  ip_address: string | null;
  user_agent: string | null;
  /** pending | approved | denied | used */
  status: string;
  interval_seconds: number;
  last_polled_at: string | null;
  user_id: string | null;
  sign_in_method: string | null;
  /** The session that approved: the approval holds only while it is live. */
  approving_session_id: string | null;
  workspace_id: string | null;
  decided_at: string | null;
  created_at: string;
  expires_at: string;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  api_keys: ApiKeysTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  projects: ProjectsTable;
  environments: EnvironmentsTable;
  audit_events: AuditEventsTable;
  audit_chain_heads: AuditChainHeadsTable;
  audit_checkpoints: AuditCheckpointsTable;
  audit_chain_key: AuditChainKeyTable;
  audit_verifications: AuditVerificationsTable;
  audit_stream_cursors: AuditStreamCursorsTable;
  audit_stream_leases: AuditStreamLeasesTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  data_keys: DataKeysTable;
  master_key_state: MasterKeyStateTable;
  secrets: SecretsTable;
  secret_versions: SecretVersionsTable;
  deleted_secrets: DeletedSecretsTable;
  deleted_secret_versions: DeletedSecretVersionsTable;
  share_links: ShareLinksTable;
  one_time_codes: OneTimeCodesTable;
  invites: InvitesTable;
  identities: IdentitiesTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  password_resets: PasswordResetsTable;
  device_authorizations: DeviceAuthorizationsTable;
  service_accounts: ServiceAccountsTable;
  service_account_teams: ServiceAccountTeamsTable;
  service_account_keys: ServiceAccountKeysTable;
  service_account_trusts: ServiceAccountTrustsTable;
  oidc_token_uses: OidcTokenUsesTable;
}

export type Db = Kysely<Database>;
/** A query runner: the database itself or an open transaction. */
export type Queryable = Kysely<Database> | Transaction<Database>;
