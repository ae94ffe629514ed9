// The one error contract: every code the API can answer, and its HTTP status (DESIGN.md §3).
// Bodies are {"detail": "<message>", "code": "<code>"}; 422 has its own shape (http/validation.ts).

export const ERROR_STATUS = {
  bad_request: 400,
  otp_incorrect: 400,
  invalid_state: 400,
  provider_denied: 400,
  provider_error: 400,
  provider_auth_failed: 400,
  id_token_rejected: 400,
  provider_not_found: 404,
  provider_rate_limited: 429,
  not_authenticated: 401,
  invalid_credentials: 401,
  invalid_token: 401,
  access_token_expired: 401,
  api_key_revoked: 401,
  api_key_expired: 401,
  api_key_address_refused: 401,
  service_account_disabled: 401,
  oidc_token_rejected: 401,
  oidc_token_replayed: 401,
  session_revoked: 401,
  session_expired: 401,
  refresh_token_invalid: 401,
  refresh_token_reused: 401,
  two_factor_required: 401,
  two_factor_incorrect: 401,
  two_factor_challenge_invalid: 401,
  reset_token_invalid: 400,
  plan_required: 402,
  seat_limit_reached: 402,
  forbidden: 403,
  not_a_member: 403,
  key_scope_forbidden: 403,
  environment_protected: 403,
  password_incorrect: 403,
  email_not_verified: 403,
  session_required: 403,
  two_factor_code_required: 403,
  two_factor_code_incorrect: 403,
  two_factor_enrollment_required: 403,
  sso_required: 403,
  cross_site_request: 403,
  not_found: 404,
  conflict: 409,
  email_taken: 409,
  already_revoked: 409,
  password_not_set: 409,
  two_factor_not_enabled: 409,
  two_factor_required_by_workspace: 409,
  sso_not_configured: 409,
  sso_session_required: 409,
  gone: 410,
  invite_expired: 410,
  invite_used: 410,
  decryption_failed: 409,
  reference_unresolved: 409,
  export_incomplete: 409,
  not_representable: 409,
  passphrase_required: 401,
  passphrase_incorrect: 403,
  request_timeout: 408,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  header_fields_too_large: 431,
  rate_limited: 429,
  internal_error: 500,
  provider_unavailable: 502,
  oidc_issuer_unavailable: 502,
  mail_failed: 502,
  not_ready: 503,
  master_key_unavailable: 503,
  database_unavailable: 503,
  storage_full: 507,
  dashboard_not_built: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** Extra fields of the body beside detail and code (e.g. the keys a batch conflicts on). */
  readonly body: Record<string, unknown>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    extra: { headers?: Record<string, string>; body?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
    this.headers = extra.headers ?? {};
    this.body = extra.body ?? {};
  }
}

/** One entry of a 422 body, in the spec's shape. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

/** A 422 raised by a service for a rule the schema cannot express. */
export class ValidationFailed extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((i) => i.msg).join("; "));
  }
}

export const notFound = (what: string) => new AppError("not_found", `${what} not found`);
