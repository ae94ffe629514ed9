// Every operation's name and one-line summary, in one place: what generated clients call each
// method (`revokeApiKey`, not `postKeysByKeyId`) and what the docs list. A route without an entry
// fails at start-up (see registerOperationNames), so no operation can ship unnamed.
import type { FastifyInstance, RouteOptions } from "fastify";
import { ErrorBody, INT32_MAX, SECURITY } from "./schemas.ts";

const W = "/:workspace_id";
const T = `${W}/:team_id`;
const SA = `${W}/service-accounts/:service_account_id`;
const WH = `${W}/webhooks/:webhook_id`;
const P = `${T}/:project_id`;
const E = `${P}/:environment_id`;

export const OPERATIONS: Record<string, [operationId: string, summary: string]> = {
  "GET /healthz": ["getHealth", "The process answers"],
  "GET /readyz": ["getReadiness", "The database, the master key and Redis are usable"],
  "POST /auth/get-started": ["signUp", "Create an account and its first workspace"],
  "POST /auth/login": ["login", "Sign in with email and password (OAuth2 password flow)"],
  "POST /auth/refresh": ["refreshAccessToken", "Trade a refresh token for a new access token"],
  "POST /auth/logout": ["logout", "Sign out of the current session"],
  "GET /auth/me": ["getProfile", "The signed-in user's profile"],
  "PATCH /auth/me": ["updateProfile", "Change the signed-in user's name"],
  "DELETE /auth/me": ["deleteAccount", "Delete the signed-in account"],
  "POST /auth/password": ["changePassword", "Change the password; other sessions end"],
  "POST /auth/password/forgot": ["requestPasswordReset", "Mail a link to reset a forgotten password"],
  "POST /auth/password/reset": ["resetPassword", "Set a new password with the mailed token"],
  "GET /auth/2fa": ["getTwoFactor", "Whether two-factor sign-in is on"],
  "POST /auth/2fa/setup": ["setUpTwoFactor", "Start setting up two-factor sign-in (a TOTP secret)"],
  "POST /auth/2fa/enable": ["enableTwoFactor", "Turn two-factor sign-in on with its first code"],
  "POST /auth/2fa/disable": ["disableTwoFactor", "Turn two-factor sign-in off"],
  "POST /auth/2fa/recovery-codes": ["renewRecoveryCodes", "New recovery codes (the old ones stop working)"],
  "POST /auth/2fa/sign-in": ["finishTwoFactorSignIn", "Finish a sign-in with the two-factor code"],
  "POST /auth/device/code": [
    "startDeviceSignIn",
    "Start signing a device in (RFC 8628 device authorization)",
  ],
  "POST /auth/device/token": ["pollDeviceSignIn", "Poll for the device's tokens (RFC 8628 device grant)"],
  "POST /auth/device/lookup": ["lookUpDeviceSignIn", "The device waiting for a user code"],
  "POST /auth/device/approve": ["approveDeviceSignIn", "Sign the waiting device in to your account"],
  "POST /auth/device/deny": ["denyDeviceSignIn", "Refuse the waiting device"],
  "GET /sessions/": ["listSessions", "The signed-in user's live sessions"],
  "POST /sessions/": ["revokeAllSessions", "Sign out everywhere"],
  "POST /sessions/:session_id/": ["revokeSession", "End one session"],
  "POST /keys/": ["createApiKey", "Mint an API key (its token is shown once)"],
  "GET /keys/": ["listApiKeys", "The signed-in user's active API keys"],
  "GET /keys/current": ["getCurrentApiKey", "The calling API key's scope and the environments it reaches"],
  "PATCH /keys/:key_id": ["updateApiKey", "Rename, describe, re-time or revoke an API key"],
  "POST /keys/:key_id": ["revokeApiKey", "Revoke an API key"],
  "GET /admin/workspaces": ["listInstanceWorkspaces", "Every workspace of the instance (its operators only)"],
  "GET /admin/plans": ["listInstancePlans", "The instance's plans and what each allows (its operators only)"],
  "PATCH /admin/workspaces/:id": [
    "setWorkspacePlan",
    "Set a workspace's plan (the instance's operators only)",
  ],
  "GET /workspaces/": ["listWorkspaces", "The workspaces the user belongs to"],
  "POST /workspaces/": ["createWorkspace", "Create a workspace"],
  "GET /workspaces/current": ["getCurrentWorkspace", "The workspace of the current scope"],
  [`PATCH /workspaces${W}`]: ["updateWorkspace", "Rename a workspace or change its avatar"],
  [`DELETE /workspaces${W}`]: ["deleteWorkspace", "Delete a workspace and everything in it"],
  [`GET /workspaces${W}/members`]: ["listMembers", "The workspace's members and roles"],
  [`PATCH /workspaces${W}/members/:user_id`]: ["updateMemberRole", "Change a member's role"],
  [`DELETE /workspaces${W}/members/:user_id`]: ["removeMember", "Remove a member (or leave)"],
  [`POST /workspaces${W}/switch`]: ["switchWorkspace", "Make a workspace the session's scope"],
  [`GET /workspaces${W}/audit`]: ["listAuditEntries", "The workspace's audit trail, newest first"],
  [`GET /workspaces${W}/search`]: [
    "searchSecrets",
    "Find secrets by key or description across the workspace",
  ],
  [`GET /workspaces${W}/audit/export`]: ["exportAuditEntries", "The workspace's audit trail as CSV or JSON"],
  [`GET /workspaces${W}/audit/verify`]: ["verifyAuditChain", "Verify the audit trail's tamper-evident chain"],
  [`GET /workspaces${W}/audit/chain`]: [
    "getAuditChain",
    "Where the audit chain stands, and its last verification",
  ],
  [`GET /workspaces${W}/audit/verification-key`]: [
    "getAuditVerificationKey",
    "The key that verifies an exported audit trail (Owner)",
  ],
  [`GET /workspaces${W}/share-links`]: [
    "listShareLinks",
    "The workspace's share links the caller answers for",
  ],
  [`DELETE /workspaces${W}/share-links/:link_id`]: ["revokeShareLink", "Revoke a share link"],
  [`GET /workspaces${W}/service-accounts`]: ["listServiceAccounts", "The workspace's service accounts"],
  [`POST /workspaces${W}/service-accounts`]: ["createServiceAccount", "Create a service account"],
  [`GET /workspaces${SA}`]: ["getServiceAccount", "One service account"],
  [`PATCH /workspaces${SA}`]: ["updateServiceAccount", "Change, disable or enable a service account"],
  [`DELETE /workspaces${SA}`]: ["deleteServiceAccount", "Delete a service account with its keys and trusts"],
  [`GET /workspaces${SA}/keys`]: ["listServiceAccountKeys", "A service account's live keys and their scope"],
  [`POST /workspaces${SA}/keys`]: ["createServiceAccountKey", "Mint a key of a service account"],
  [`POST /workspaces${SA}/keys/:key_id/revoke`]: [
    "revokeServiceAccountKey",
    "Revoke a key of a service account",
  ],
  [`GET /workspaces${SA}/trusts`]: ["listServiceAccountTrusts", "The OIDC issuers a service account trusts"],
  [`POST /workspaces${SA}/trusts`]: ["createServiceAccountTrust", "Trust an OIDC issuer"],
  [`DELETE /workspaces${SA}/trusts/:trust_id`]: ["deleteServiceAccountTrust", "Stop trusting an OIDC issuer"],
  [`GET /workspaces${W}/webhooks`]: ["listWebhooks", "The workspace's webhooks"],
  [`POST /workspaces${W}/webhooks`]: ["createWebhook", "Create a signed webhook"],
  [`GET /workspaces${WH}`]: ["getWebhook", "One webhook"],
  [`PATCH /workspaces${WH}`]: ["updateWebhook", "Change, disable or enable a webhook"],
  [`DELETE /workspaces${WH}`]: ["deleteWebhook", "Delete a webhook with its delivery log"],
  [`POST /workspaces${WH}/rotate-secret`]: ["rotateWebhookSecret", "Rotate a webhook's signing secret"],
  [`POST /workspaces${WH}/test`]: ["testWebhook", "Send a webhook a test event"],
  [`GET /workspaces${WH}/deliveries`]: ["listWebhookDeliveries", "A webhook's delivery log"],
  [`GET /workspaces${WH}/deliveries/:delivery_id`]: ["getWebhookDelivery", "One delivery of a webhook"],
  [`POST /workspaces${WH}/deliveries/:delivery_id/redeliver`]: [
    "redeliverWebhookDelivery",
    "Send a finished delivery again",
  ],
  "POST /auth/oidc/exchange": ["exchangeOidcToken", "Exchange a CI job's OIDC token for a short-lived key"],
  [`GET /teams${W}/`]: ["listTeams", "The teams the caller can see"],
  [`POST /teams${W}/`]: ["createTeam", "Create a team"],
  [`GET /teams${T}`]: ["getTeam", "One team"],
  [`PATCH /teams${T}`]: ["updateTeam", "Rename a team or change its avatar"],
  [`DELETE /teams${T}`]: ["deleteTeam", "Delete a team and its projects"],
  [`GET /teams${T}/projects`]: ["listTeamProjects", "The team's projects"],
  [`GET /teams${T}/members`]: ["listTeamMembers", "The team's members"],
  [`POST /teams${T}/members`]: ["addTeamMember", "Add a workspace member to a team"],
  [`DELETE /teams${T}/members/:user_id`]: ["removeTeamMember", "Remove a member from a team"],
  [`GET /projects${T}/`]: ["listProjects", "The team's projects"],
  [`POST /projects${T}/`]: ["createProject", "Create a project"],
  [`GET /projects${P}`]: ["getProject", "One project"],
  [`PATCH /projects${P}`]: ["updateProject", "Change a project"],
  [`DELETE /projects${P}`]: ["deleteProject", "Delete a project and its environments"],
  [`GET /environments${P}/`]: ["listEnvironments", "The project's environments"],
  [`POST /environments${P}/`]: ["createEnvironment", "Create an environment"],
  [`GET /environments${E}`]: ["getEnvironment", "One environment"],
  [`DELETE /environments${E}`]: ["deleteEnvironment", "Delete an environment and its secrets"],
  [`PATCH /environments${E}/`]: ["updateEnvironment", "Change an environment"],
  [`POST /secrets${E}/`]: ["createSecret", "Create one secret"],
  [`GET /secrets${E}/`]: ["listSecrets", "Every secret of the environment, decrypted"],
  [`PATCH /secrets${E}/`]: ["updateSecrets", "Update secrets by key, all or nothing"],
  [`DELETE /secrets${E}/`]: ["deleteAllSecrets", "Delete every secret of the environment"],
  [`POST /secrets${E}/bulk`]: ["createSecrets", "Create up to 1,000 secrets, all or nothing"],
  [`POST /secrets${E}/bulk-delete`]: [
    "deleteSecrets",
    "Delete some secrets of the environment, all or nothing",
  ],
  [`GET /secrets${E}/metadata`]: ["listSecretMetadata", "Every secret of the environment, without values"],
  [`GET /secrets${E}/:secret_id`]: ["getSecret", "One secret, decrypted"],
  [`GET /secrets${E}/by-key`]: ["getSecretByKey", "One secret by its key, decrypted"],
  [`GET /secrets${E}/export`]: ["exportEnvironment", "The environment as one JSON object or dotenv text"],
  [`PATCH /secrets${E}/:secret_id`]: ["updateSecret", "Change one secret (a new value is a new version)"],
  [`DELETE /secrets${E}/:secret_id`]: ["deleteSecret", "Delete one secret with its versions and log"],
  [`GET /secrets${E}/:secret_id/versions`]: ["listSecretVersions", "A secret's versions (paid plans)"],
  [`GET /secrets${E}/:secret_id/versions/:version`]: [
    "readSecretVersion",
    "One version's value, an audited read (paid plans)",
  ],
  [`GET /secrets${E}/:secret_id/logs`]: ["listSecretLogs", "A secret's audit entries"],
  [`GET /secrets${E}/:secret_id/inherited-by`]: [
    "listSecretHeirs",
    "The environments that inherit a secret from here",
  ],
  [`GET /environments${P}/compare`]: ["compareEnvironments", "Environments of a project side by side"],
  [`POST /secrets${E}/restore`]: ["restoreEnvironment", "Put an environment back to a moment"],
  [`POST /secrets${E}/:secret_id/rollback`]: ["rollbackSecret", "Roll a secret back to an earlier version"],
  [`GET /secrets${E}/deleted`]: ["listDeletedSecrets", "The environment's recoverable deleted secrets"],
  [`GET /secrets${E}/timeline`]: ["getEnvironmentTimeline", "What happened in an environment, newest first"],
  [`POST /secrets${E}/deleted/:secret_id/restore`]: [
    "restoreSecret",
    "Restore a deleted secret with its versions",
  ],
  [`POST /secrets${E}/share`]: ["createShareLink", "Mint a share link for some secrets"],
  [`POST /integrations${E}/preview`]: ["previewImport", "Preview an import from Railway, Vercel or Render"],
  [`POST /integrations${E}/apply`]: ["applyImport", "Import from Railway, Vercel or Render"],
  "GET /share/:token": ["viewShareLink", "Read the secrets behind a share link"],
  "POST /auth/request-otp": ["requestVerificationCode", "Mail a one-time code to verify the email"],
  "POST /auth/verify-email": ["verifyEmail", "Verify the email with the one-time code"],
  "POST /auth/verify": ["verifyCode", "Verify the email with the one-time code (alias)"],
  "POST /invite/validate": ["validateInvite", "Check an invite token"],
  "POST /invite/accept": ["acceptInvite", "Accept an invite"],
  "POST /invite/reject": ["rejectInvite", "Decline an invite"],
  [`POST /invite${W}`]: ["sendInvite", "Invite someone to the workspace"],
  [`GET /invite${W}`]: ["listInvites", "The workspace's invites"],
  [`POST /invite${W}/:invite_id/resend`]: ["resendInvite", "Send an invite's mail again"],
  [`DELETE /invite${W}/:invite_id`]: ["cancelInvite", "Cancel an invite"],
  "GET /auth/providers": ["listSignInProviders", "Which sign-in providers this deployment offers"],
  "GET /auth/google-login": ["startGoogleLogin", "Sign in with Google (redirect)"],
  "GET /auth/google-callback": ["finishGoogleLogin", "Google's redirect back"],
  "GET /auth/github-login": ["startGithubLogin", "Sign in with GitHub (redirect)"],
  "GET /auth/github-callback": ["finishGithubLogin", "GitHub's redirect back"],
  "GET /auth/oidc-login": ["startOidcLogin", "Sign in with single sign-on (redirect)"],
  "GET /auth/oidc-callback": ["finishOidcLogin", "The single sign-on provider's redirect back"],
};

const STATUS_TEXT: Record<string, string> = {
  200: "OK",
  201: "Created",
  204: "No content",
  207: "Some values could not be decrypted (detail.failed_ids)",
  302: "Redirect",
  400: "Bad request",
  401: "No valid credential",
  402: "The workspace's plan does not include this",
  403: "Not allowed",
  404: "Not found",
  409: "Conflict",
  410: "Gone",
  413: "Body too large",
  422: "Validation error",
  429: "Too many requests (see Retry-After)",
  502: "A platform failed",
  503: "Not ready",
};

type Schema = Record<string, unknown> & {
  hide?: boolean;
  response?: Record<string, unknown>;
  querystring?: { properties?: Record<string, unknown> };
};

// @fastify/rate-limit sets these in its onRequest hook, so every answer of a limited route carries
// them (errors included); Retry-After comes with the 429 alone. The window is a minute (rate-limit.ts).
const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": {
    type: "integer",
    format: "int32",
    minimum: 1,
    maximum: INT32_MAX,
    description: "requests allowed per window",
  },
  "RateLimit-Remaining": {
    type: "integer",
    format: "int32",
    minimum: 0,
    maximum: INT32_MAX,
    description: "requests left in this window",
  },
  "RateLimit-Reset": {
    type: "integer",
    format: "int32",
    minimum: 0,
    maximum: 60,
    description: "seconds until the window resets",
  },
};
const RETRY_AFTER_HEADER = {
  "Retry-After": {
    type: "integer",
    format: "int32",
    minimum: 0,
    maximum: 60,
    description: "seconds to wait before retrying",
  },
};
const CURSOR_HEADER = {
  "X-Next-Cursor": {
    type: "string",
    maxLength: 200,
    description: "pass as `cursor` for the next page; absent on the last page",
  },
};

/** Response headers the API sends, declared so clients (and generated SDKs) know them. */
function headersFor(status: string, paginated: boolean, rateLimited: boolean): Record<string, unknown> {
  return {
    ...(rateLimited ? RATE_LIMIT_HEADERS : {}),
    ...(status === "429" ? RETRY_AFTER_HEADER : {}),
    ...(status === "200" && paginated ? CURSOR_HEADER : {}),
  };
}

type RouteFlags = { public?: boolean; optionalAuth?: boolean; rateLimit?: object | false };

/** Public routes need nothing; routes that take a credential if one is sent say so with `{}`. */
function securityOf(flags: RouteFlags | undefined, schema: Schema): Record<string, unknown> {
  if (flags?.public) return { security: [] };
  if (flags?.optionalAuth && !schema.security) return { security: [...SECURITY, {}] };
  return {};
}

/**
 * Names every documented route (operationId + summary), marks public routes `security: []`, and
 * gives each response a description. Register on the root before the routes.
 */
export function registerOperationNames(app: FastifyInstance): void {
  app.addHook("onRoute", (route: RouteOptions) => {
    const schema = route.schema as Schema | undefined;
    if (!schema || schema.hide || route.method === "HEAD") return;
    const key = `${route.method} ${route.url}`;
    const named = OPERATIONS[key];
    if (!named) throw new Error(`route ${key} has no operationId: add it to src/http/operations.ts`);
    const [operationId, summary] = named;
    const paginated = Boolean(schema.querystring?.properties?.cursor);
    const rateLimited = (route.config as RouteFlags | undefined)?.rateLimit !== false;
    // A route without a response schema still says what success looks like (any JSON object).
    const declared = schema.response ?? {
      "2xx": { type: "object", additionalProperties: true, description: "Success" },
    };
    // A limited route can answer 429 whatever else it declares.
    const answers = rateLimited && !("429" in declared) ? { ...declared, 429: ErrorBody } : declared;
    const response = Object.fromEntries(
      Object.entries(answers).map(([status, body]) => {
        if (typeof body !== "object" || body === null) return [status, body];
        // Beside the headers a route declares itself (ETag, Preference-Applied).
        const own = (body as { headers?: Record<string, unknown> }).headers;
        const headers = { ...own, ...headersFor(status, paginated, rateLimited) };
        return [
          status,
          {
            ...body,
            ...("description" in body ? {} : { description: STATUS_TEXT[status] ?? "Response" }),
            ...(Object.keys(headers).length > 0 ? { headers } : {}),
          },
        ];
      }),
    );
    route.schema = {
      ...schema,
      operationId,
      summary: (schema.summary as string | undefined) ?? summary,
      description: (schema.description as string | undefined) ?? summary,
      ...securityOf(route.config as RouteFlags | undefined, schema),
      response,
    };
  });
}
