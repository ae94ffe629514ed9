// Generated from Coffer's OpenAPI document by `npm run client:generate` — do not edit.
// test/openapi.test.ts fails when this file and the served document drift apart.

export interface paths {
    "/admin/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The instance's plans and what each allows (its operators only)
         * @description The instance's plans (COFFER_PLANS) and what each allows. Only for the instance's operators (COFFER_OPERATORS), signed in with a session to their verified account; anyone else, and any API key, gets 404 as for a path that does not exist.
         */
        get: operations["listInstancePlans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every workspace of the instance (its operators only)
         * @description Every workspace of the instance, oldest first; `limit` (default 100) and `cursor` (X-Next-Cursor). Only for the instance's operators (COFFER_OPERATORS), signed in with a session to their verified account; anyone else, and any API key, gets 404 as for a path that does not exist.
         */
        get: operations["listInstanceWorkspaces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/workspaces/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set a workspace's plan (the instance's operators only)
         * @description Sets a workspace's plan, recorded in its audit trail as `workspace.plan_changed` by the operator's account; the two-factor code in X-Coffer-OTP when the account has it. Only for the instance's operators (COFFER_OPERATORS), signed in with a session to their verified account; anyone else, and any API key, gets 404 as for a path that does not exist.
         */
        patch: operations["setWorkspacePlan"];
        trace?: never;
    };
    "/auth/2fa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether two-factor sign-in is on
         * @description Whether two-factor sign-in is on
         */
        get: operations["getTwoFactor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/2fa/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-factor sign-in off
         * @description Turns two-factor sign-in off (the current code in X-Coffer-OTP). 409 while a workspace of yours requires it.
         */
        post: operations["disableTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/2fa/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-factor sign-in on with its first code
         * @description Turns two-factor sign-in on with the app's first code, and answers ten recovery codes, shown this once.
         */
        post: operations["enableTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/2fa/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * New recovery codes (the old ones stop working)
         * @description New recovery codes (the current code in X-Coffer-OTP); the old ones stop working.
         */
        post: operations["renewRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/2fa/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start setting up two-factor sign-in (a TOTP secret)
         * @description Starts a set-up: a new TOTP secret for an authenticator app (replaces an unfinished one). Nothing is on until POST /auth/2fa/enable.
         */
        post: operations["setUpTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/2fa/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish a sign-in with the two-factor code
         * @description Finishes a sign-in that answered 401 two_factor_required (password or provider) with its `challenge` and the two-factor code (or a recovery code). A challenge lives 5 minutes and takes 5 attempts.
         */
        post: operations["finishTwoFactorSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/device/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign the waiting device in to your account
         * @description Approves the device: its next poll gets a session of the caller's account, carrying the caller's sign-in method. Needs a session (not an API key) and, when the account has two-factor sign-in, X-Coffer-OTP.
         */
        post: operations["approveDeviceSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/device/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start signing a device in (RFC 8628 device authorization)
         * @description RFC 8628 §3.1: starts signing a device (the CLI) in. Show `user_code` and `verification_uri` to the person, then poll /auth/device/token every `interval` seconds. Codes last 10 minutes. Errors in the OAuth shape, with the API's detail and code beside.
         */
        post: operations["startDeviceSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/device/deny": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refuse the waiting device
         * @description Denies the device: its next poll answers access_denied. Needs a session (not an API key).
         */
        post: operations["denyDeviceSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/device/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The device waiting for a user code
         * @description The device waiting for this user code (its name, host, address and time), for the person to check before approving. Needs a session (not an API key). Wrong codes spend the account's budget (429 past it).
         */
        post: operations["lookUpDeviceSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/device/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Poll for the device's tokens (RFC 8628 device grant)
         * @description RFC 8628 §3.4: the device polls with its device_code. 400 with `error` authorization_pending (keep polling), slow_down (add 5 s to the interval), access_denied, expired_token, invalid_grant (unknown or used). Once approved, it answers a session's tokens, once. Errors in the OAuth shape, with the API's detail and code beside.
         */
        post: operations["pollDeviceSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/get-started": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account and its first workspace
         * @description Create an account and its first workspace
         */
        post: operations["signUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/github-callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GitHub's redirect back
         * @description Completes the GitHub round trip: sets the refresh cookie and redirects to COFFER_PUBLIC_URL/ (or answers the token as JSON when the request accepts application/json). Failures redirect with ?error=. An account with two-factor sign-in is sent to COFFER_PUBLIC_URL/two-factor#challenge=… (JSON: 401 two_factor_required with `challenge`) to finish at POST /auth/2fa/sign-in.
         */
        get: operations["finishGithubLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/github-login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign in with GitHub (redirect)
         * @description Redirects the browser to GitHub's consent screen (authorization code, state, PKCE S256). 404 when not configured.
         */
        get: operations["startGithubLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/google-callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Google's redirect back
         * @description Completes the Google round trip: sets the refresh cookie and redirects to COFFER_PUBLIC_URL/ (or answers the token as JSON when the request accepts application/json). Failures redirect with ?error=. An account with two-factor sign-in is sent to COFFER_PUBLIC_URL/two-factor#challenge=… (JSON: 401 two_factor_required with `challenge`) to finish at POST /auth/2fa/sign-in.
         */
        get: operations["finishGoogleLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/google-login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign in with Google (redirect)
         * @description Redirects the browser to Google's consent screen (authorization code, state, PKCE S256). 404 when not configured.
         */
        get: operations["startGoogleLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password (OAuth2 password flow)
         * @description OAuth 2.0 password flow: a form with username (the email) and password, and `otp` when the account has two-factor sign-in (without it: 401 two_factor_required with a `challenge` to finish at /auth/2fa/sign-in). Each account has a budget of failed sign-ins (429 with Retry-After past it). Cross-site browser requests: 403.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out of the current session
         * @description Sign out of the current session
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user's profile
         * @description The signed-in user's profile
         */
        get: operations["getProfile"];
        put?: never;
        post?: never;
        /**
         * Delete the signed-in account
         * @description Irreversible. Deletes workspaces the caller is the only Owner of; leaves the others. Needs a session (not an API key), and the two-factor code in X-Coffer-OTP when the account has it.
         */
        delete: operations["deleteAccount"];
        options?: never;
        head?: never;
        /**
         * Change the signed-in user's name
         * @description `name` wins over first_name / middle_name / last_name when both are sent. Email cannot change.
         */
        patch: operations["updateProfile"];
        trace?: never;
    };
    "/auth/oidc-callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The single sign-on provider's redirect back
         * @description Completes the the OpenID Connect provider round trip: sets the refresh cookie and redirects to COFFER_PUBLIC_URL/ (or answers the token as JSON when the request accepts application/json). Failures redirect with ?error=. An account with two-factor sign-in is sent to COFFER_PUBLIC_URL/two-factor#challenge=… (JSON: 401 two_factor_required with `challenge`) to finish at POST /auth/2fa/sign-in.
         */
        get: operations["finishOidcLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oidc-login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign in with single sign-on (redirect)
         * @description Redirects the browser to the OpenID Connect provider's consent screen (authorization code, state, PKCE S256, nonce; the endpoint comes from the issuer's discovery document, and when that cannot be read the browser goes to COFFER_PUBLIC_URL/?error=provider_unavailable (JSON: 502) or provider_error (400)). 404 when not configured.
         */
        get: operations["startOidcLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oidc/exchange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a CI job's OIDC token for a short-lived key
         * @description Exchanges an OIDC ID token (GitHub Actions, GitLab CI, a Kubernetes service-account token…) for a short-lived key of the service account named by `service_account_id` (required: only that account's trusts are matched, never another workspace's): verified against the issuer's published keys, exp/nbf/iss/aud checked, sub and claims matched against the trust, each token exchanged once. 401 oidc_token_rejected / oidc_token_replayed; 502 oidc_issuer_unavailable (one message, whatever went wrong reading the issuer).
         */
        post: operations["exchangeOidcToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password; other sessions end
         * @description Changes the password (the current one, then the new one); every other session of the account ends. Needs a session, and the two-factor code in X-Coffer-OTP when the account has it. 409 password_not_set for an account without a password (set one through a reset).
         */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password/forgot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a link to reset a forgotten password
         * @description Mails a link to reset the password, valid COFFER_PASSWORD_RESET_TTL seconds and once. Answers the same whether or not the address has an account; 3 requests per address an hour.
         */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with the mailed token
         * @description Sets a new password with the mailed token; every session of the account ends (two-factor sign-in stays on). Also how an account made through Google or GitHub gets a password.
         */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which sign-in providers this deployment offers
         * @description Which identity providers this deployment offers for sign-in (true = its client id is configured).
         */
        get: operations["listSignInProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trade a refresh token for a new access token
         * @description Rotates the refresh token: the cookie is read first, the JSON body's refresh_token second. A token presented again within COFFER_REFRESH_REUSE_GRACE_SECONDS yields the same session; after it, the session is revoked.
         */
        post: operations["refreshAccessToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/request-otp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a one-time code to verify the email
         * @description Mails the signed-in account a six-digit code. Refused (429 with Retry-After) while a live code is outstanding; 409 when the address is already verified; 502 when the mail could not be sent (ask again).
         */
        post: operations["requestVerificationCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify the email with the one-time code (alias)
         * @description Submits the code. Five wrong guesses kill it (410 afterwards); an expired code is 410.
         */
        post: operations["verifyCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify the email with the one-time code
         * @description Mails the signed-in account a six-digit code. Refused (429 with Retry-After) while a live code is outstanding; 409 when the address is already verified; 502 when the mail could not be sent (ask again).
         */
        post: operations["verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/environments/{workspace_id}/{team_id}/{project_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project's environments
         * @description The project's environments
         */
        get: operations["listEnvironments"];
        put?: never;
        /**
         * Create an environment
         * @description Member or above, in the team; a parent or `protected: true` needs Admin. default_policy (days) defaults to COFFER_DEFAULT_ROTATION_DAYS and is never echoed. parent_environment_id: an environment of the same project whose secrets this one inherits (422 if not in the project, more than 3 levels deep, or circular). references_from: which other environments' values may reference this one (default `anywhere`).
         */
        post: operations["createEnvironment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/environments/{workspace_id}/{team_id}/{project_id}/{environment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One environment
         * @description One environment
         */
        get: operations["getEnvironment"];
        put?: never;
        post?: never;
        /**
         * Delete an environment and its secrets
         * @description Admin or Owner. Deletes the environment and every secret in it; 409 (naming them) while other environments inherit from it.
         */
        delete: operations["deleteEnvironment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/environments/{workspace_id}/{team_id}/{project_id}/{environment_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change an environment
         * @description Renames the environment (the slug follows), changes its rotation policy, sets or clears (null) the parent it inherits secrets from (Admin: the audit entry names the old and the new parent), says which other environments' values may reference it (references_from: `anywhere`, `project`, `nowhere`), or protects it (`protected`, Admin). On a protected environment every change needs Admin (403 `environment_protected`).
         */
        patch: operations["updateEnvironment"];
        trace?: never;
    };
    "/environments/{workspace_id}/{team_id}/{project_id}/compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Environments of a project side by side
         * @description Environments of one project side by side: every key in any of them, with its presence, version and a value fingerprint per environment (values only with values=true). The caller must read each one.
         */
        get: operations["compareEnvironments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The process answers
         * @description The process answers
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/{workspace_id}/{team_id}/{project_id}/{environment_id}/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import from Railway, Vercel or Render
         * @description Reads the platform's variables like preview, then writes the added ones (and the changed ones with overwrite: true; only `keys` when given) in one transaction, with new versions and audit entries. Answers the preview's shape describing what was written.
         */
        post: operations["applyImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/{workspace_id}/{team_id}/{project_id}/{environment_id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview an import from Railway, Vercel or Render
         * @description Reads the platform's variables with the given token (used for this request only) and reports what an import would add, change, leave unchanged or skip. Changes nothing. Values are masked unless reveal is true.
         */
        post: operations["previewImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invite/{workspace_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's invites
         * @description Admin or Owner. Newest first with statuses; `limit`, `cursor` (X-Next-Cursor).
         */
        get: operations["listInvites"];
        put?: never;
        /**
         * Invite someone to the workspace
         * @description Owner only. Mails an invite link (COFFER_PUBLIC_URL/invite?token=…). Counts against the seat limit (402 seat_limit_reached when full). mail_sent false means the mail failed: re-send it. Grants power: needs a session (an API key cannot grant power), and the two-factor code in X-Coffer-OTP when the account has it.
         */
        post: operations["sendInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invite/{workspace_id}/{invite_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Cancel an invite
         * @description Owner only. Withdraws the invite (its seat is freed).
         */
        delete: operations["cancelInvite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invite/{workspace_id}/{invite_id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an invite's mail again
         * @description Owner only. A new link and a new expiry; the previous link stops working. Grants power: needs a session (an API key cannot grant power), and the two-factor code in X-Coffer-OTP when the account has it.
         */
        post: operations["resendInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invite/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invite
         * @description Joins the workspace with the invite's role and team. A new address gets an account (name and password required); an existing account proves itself with its password (and its two-factor code as `otp` when it has two-factor sign-in) or its credential. A higher role or another team than the invite's is refused (403).
         */
        post: operations["acceptInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invite/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decline an invite
         * @description Declines the invite; no credential needed. Returns the Invite record with status rejected.
         */
        post: operations["rejectInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invite/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check an invite token
         * @description Checks an invite token with no side effects. 410 when it expired or was already used.
         */
        post: operations["validateInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user's active API keys
         * @description The signed-in user's active API keys
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Mint an API key (its token is shown once)
         * @description Mints an API key; the token is in this answer only. The key may be narrowed: to one workspace (workspace_id), to projects or environments of it (their secrets only), to read-only access, to client address ranges; what it may do is what its holder's role allows within that scope. Needs a session (an API key cannot mint or change keys), and the two-factor code in X-Coffer-OTP when the account has it.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key
         * @description Revokes a key. Needs a session, except for a key revoking itself.
         */
        post: operations["revokeApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename, describe, re-time or revoke an API key
         * @description Changes a key's name, description or expiry, or revokes it. Needs a session (an API key cannot mint or change keys), and the two-factor code in X-Coffer-OTP when the account has it.
         */
        patch: operations["updateApiKey"];
        trace?: never;
    };
    "/keys/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling API key's scope and the environments it reaches
         * @description The calling API key: its scope, and for a key narrowed to projects or environments the environments whose secrets it may read now (ids, names, slugs, and the team and project each is in). Any API key may ask about itself, a narrowed or read-only one too; a session has no key to describe (404).
         */
        get: operations["getCurrentApiKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{workspace_id}/{team_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team's projects
         * @description The team's projects
         */
        get: operations["listProjects"];
        put?: never;
        /**
         * Create a project
         * @description Owner or Admin. The slug is derived from the name and unique within the team.
         */
        post: operations["createProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{workspace_id}/{team_id}/{project_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One project
         * @description One project
         */
        get: operations["getProject"];
        put?: never;
        post?: never;
        /**
         * Delete a project and its environments
         * @description Removes the project with its environments and secrets.
         */
        delete: operations["deleteProject"];
        options?: never;
        head?: never;
        /**
         * Change a project
         * @description Change a project
         */
        patch: operations["updateProject"];
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The database, the master key and Redis are usable
         * @description The database, the master key and Redis are usable
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every secret of the environment, decrypted
         * @description Every secret of the environment, decrypted. With `version=n` each secret is read at version n, or at its newest when it has fewer; with `at=<time>` the environment as it was then (paid capability). References in values are resolved with the caller's permissions, and only as far as each value's writer may read too (other environments as they are now); raw=true answers the stored text. 207 when some values cannot be decrypted or their references resolved (`unresolved` says which reference and why). A 200 carries an ETag (not with `at`); If-None-Match with it answers 304 (no body) while nothing in the environment, or in an environment its references reach, changed.
         */
        get: operations["listSecrets"];
        put?: never;
        /**
         * Create one secret
         * @description Creates one secret (version 1). 409 when the key exists in the environment. 422 reference_unreadable when the value references an environment the caller may not read (the same answer as for one that does not exist), reference_not_accepted when that environment takes no references from here.
         */
        post: operations["createSecret"];
        /**
         * Delete every secret of the environment
         * @description Deletes every secret in the environment. Workspace Owner only. Each stays restorable for COFFER_DELETED_SECRETS_DAYS.
         */
        delete: operations["deleteAllSecrets"];
        options?: never;
        head?: never;
        /**
         * Update secrets by key, all or nothing
         * @description Bulk update matched on `key` (optional `new_key`, `value`), atomic.
         */
        patch: operations["updateSecrets"];
        trace?: never;
    };
    "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/{secret_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One secret, decrypted
         * @description One secret, decrypted, its references resolved with the caller's permissions, as far as each value's writer may read too (raw=true: the stored text). 409 reference_unresolved when a reference cannot be resolved. A 200 carries an ETag; If-None-Match with it answers 304 (no body) while nothing in the environment, or in an environment its references reach, changed.
         */
        get: operations["getSecret"];
        put?: never;
        post?: never;
        /**
         * Delete one secret with its versions and log
         * @description Deletes one secret with its versions and its log. It stays restorable, with its versions, for COFFER_DELETED_SECRETS_DAYS (GET …/deleted).
         */
        delete: operations["deleteSecret"];
        options?: never;
        head?: never;
        /**
         * Change one secret (a new value is a new version)
         * @description Changes key, value, description or rotation_days; only a changed value creates a new version (and is checked as a created one is: 422 reference_unreadable, reference_not_accepted).
         */
        patch: operations["updateSecret"];
        trace?: never;
    };
    "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/{secret_id}/inherited-by": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The environments that inherit a secret from here
         * @description The environments that inherit this secret from this one (directly or through others, unless they set the key themselves): deleting it takes it from them. Names only, never values.
         */
        get: operations["listSecretHeirs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/{secret_id}/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A secret's audit entries
         * @description The secret's audit entries, newest first (`limit`, `cursor` from X-Next-Cursor).
         */
        get: operations["listSecretLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/{secret_id}/rollback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Roll a secret back to an earlier version
         * @description Rolls the secret back to an earlier version: that version's value becomes a new version (current + 1), so history only grows. 422 for the current version or one that does not exist, or one whose value references an environment the caller may not read (reference_unreadable).
         */
        post: operations["rollbackSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/{secret_id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A secret's versions (paid plans)
         * @description Every version's stored ciphertext, newest first, with its author (as the audit trail names them) and, for a rollback's version, the version it restored. Never a value (GET …/versions/{version} reads one). Paid capability (402 on the free plan).
         */
        get: operations["listSecretVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/{secret_id}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One version's value, an audited read (paid plans)
         * @description One version's value as stored (references unresolved), recorded in the audit trail as a read of that version. Paid capability, like version history (402 on the free plan); 404 for a version the secret does not have.
         */
        get: operations["readSecretVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create up to 1,000 secrets, all or nothing
         * @description Creates up to 1,000 secrets, all or nothing: a key repeated in the batch or already present refuses the whole batch with 409 and the list of keys.
         */
        post: operations["createSecrets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/bulk-delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete some secrets of the environment, all or nothing
         * @description Deletes the given secrets of the environment in one transaction, all or nothing: 404 `not_found` names the ids the environment has not (`ids`). Each stays restorable for COFFER_DELETED_SECRETS_DAYS (0: a delete is final); the trail holds one entry with the count and the keys.
         */
        post: operations["deleteSecrets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/by-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One secret by its key, decrypted
         * @description One secret by its key, as the list shows it: the environment's own, else the one it inherits from the nearest parent (`inherited_from` says which). The same record, references, ETag/304 and 409s as the read by id; 404 when the environment reads no such key.
         */
        get: operations["getSecretByKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The environment's recoverable deleted secrets
         * @description The environment's deleted secrets that can still be restored (for COFFER_DELETED_SECRETS_DAYS), most recently deleted first; keys only, never values. They are in no list, read or count until restored.
         */
        get: operations["listDeletedSecrets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/deleted/{secret_id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a deleted secret with its versions
         * @description Restores a deleted secret with every version, under its own id; its log starts again with the restore. 409 when a secret with its key exists now; 404 once it is purged; 422 reference_unreadable when its value references an environment the caller may not read.
         */
        post: operations["restoreSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The environment as one JSON object or dotenv text
         * @description The environment as the list reads it (inherited keys and references resolved), as one flat JSON object {KEY: value} (format=json, the default) or as dotenv text (format=dotenv, text/plain). When some values cannot be read: the list's 207, in JSON whatever the format — or 409 export_incomplete with `Prefer: handling=strict`. 409 not_representable when a value has no dotenv form. A 200 carries an ETag; If-None-Match with it answers 304 while nothing the export shows changed.
         */
        get: operations["exportEnvironment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every secret of the environment, without values
         * @description Every secret the environment reads (inherited ones included, `inherited_from` says from where) without its value: nothing is decrypted and no read of a value is recorded. What a screen lists before someone asks to see a value (a read of the secret, which the audit trail records). A 200 carries an ETag; If-None-Match with it answers 304 while nothing in the environment or its parents changed.
         */
        get: operations["listSecretMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put an environment back to a moment
         * @description Puts the environment back to a moment (paid capability). Without apply, a preview: keys deleted since (added back with their versions), values changed since (changed: a new version each), keys created since (removed: deleted, recoverable) and the unchanged. With apply: true, all of it in one transaction (409 if the environment changed while it was compared; 422 reference_unreadable if a value it puts back references an environment the caller may not read). Keys are shown under their current names.
         */
        post: operations["restoreEnvironment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/share": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint a share link for some secrets
         * @description Mints a share link for some secrets of this environment: a snapshot of their values, readable with a plain GET of `url` until it expires or its views are spent. Paid capability (402 on the free plan).
         */
        post: operations["createShareLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What happened in an environment, newest first
         * @description What happened to the environment's secrets, newest first: each version written (created, updated, rolled_back, restored), each deletion, rename and restore, with who did it as the audit trail names them — never a value. `undoable` events are put back by a restore to just before `at` (POST …/restore). Paged by `limit` (1-500, default 100) and `cursor` from X-Next-Cursor; `before` keeps the events before a moment. Paid capability (402 on the free plan), like version history.
         */
        get: operations["getEnvironmentTimeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user's live sessions
         * @description The signed-in user's live sessions
         */
        get: operations["listSessions"];
        put?: never;
        /**
         * Sign out everywhere
         * @description Revokes every session of the account. Needs a session (not an API key).
         */
        post: operations["revokeAllSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End one session
         * @description Revokes one session of the account. Needs a session (not an API key).
         */
        post: operations["revokeSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/share/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the secrets behind a share link
         * @description Reads a share link's key/value pairs and spends one view. A passphrase, when the link has one, goes in the X-Share-Passphrase header; five wrong ones burn the link. Expired, used-up, revoked or burnt links answer 410. A browser opening this URL (or a link preview) is redirected (303) to the page /s/#{token}, where the values show only when the reader asks: nothing is spent by opening it.
         */
        get: operations["viewShareLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams/{workspace_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The teams the caller can see
         * @description Owners and Admins see every team; Viewers and Members only the teams they belong to.
         */
        get: operations["listTeams"];
        put?: never;
        /**
         * Create a team
         * @description Owner or Admin. Names are unique within the workspace (409).
         */
        post: operations["createTeam"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams/{workspace_id}/{team_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One team
         * @description One team
         */
        get: operations["getTeam"];
        put?: never;
        post?: never;
        /**
         * Delete a team and its projects
         * @description Removes the team with its projects, environments and secrets.
         */
        delete: operations["deleteTeam"];
        options?: never;
        head?: never;
        /**
         * Rename a team or change its avatar
         * @description Rename a team or change its avatar
         */
        patch: operations["updateTeam"];
        trace?: never;
    };
    "/teams/{workspace_id}/{team_id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team's members
         * @description The team's members
         */
        get: operations["listTeamMembers"];
        put?: never;
        /**
         * Add a workspace member to a team
         * @description Owner or Admin. Adds a member of the workspace to the team. Grants power: needs a session (an API key cannot grant power), and the two-factor code in X-Coffer-OTP when the account has it.
         */
        post: operations["addTeamMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams/{workspace_id}/{team_id}/members/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member from a team
         * @description Remove a member from a team
         */
        delete: operations["removeTeamMember"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams/{workspace_id}/{team_id}/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team's projects
         * @description The team's projects
         */
        get: operations["listTeamProjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspaces the user belongs to
         * @description The workspaces the user belongs to
         */
        get: operations["listWorkspaces"];
        put?: never;
        /**
         * Create a workspace
         * @description Create a workspace
         */
        post: operations["createWorkspace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a workspace and everything in it
         * @description Owner only. Deletes every team, project, environment and secret beneath it.
         */
        delete: operations["deleteWorkspace"];
        options?: never;
        head?: never;
        /**
         * Rename a workspace or change its avatar
         * @description Owner only. `require_two_factor: true` makes two-factor sign-in a condition of reaching the workspace (409 unless the Owner has it on); members without it get 403 two_factor_enrollment_required until they turn it on. `require_sso: true` makes single sign-on one (409 sso_not_configured when the deployment has no OpenID Connect provider, 409 sso_session_required unless the Owner made the request from a single sign-on session); other sessions get 403 sso_required, API keys are not affected. What grants power here (workspace.relax_sign_in) needs a session (an API key cannot grant power), and the two-factor code in X-Coffer-OTP when the account has it.
         */
        patch: operations["updateWorkspace"];
        trace?: never;
    };
    "/workspaces/{workspace_id}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's audit trail, newest first
         * @description Admin or Owner. Newest first. `view=operations` is the trail as people read it: one entry per operation (a bulk operation is one entry with a count and its keys; `batch=<its id>` lists its items), reads of values and sign-ins included; the default `changes` lists every change as recorded one by one. `limit` (1-1000, default 100), `cursor` from the X-Next-Cursor header of the previous page, filters `action` (team.created, secret. for every secret action, or several comma-separated), `actor` (a user, API key or service account id), `project`, `environment`, `since` and `until` (times).
         */
        get: operations["listAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}/audit/chain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the audit chain stands, and its last verification
         * @description Admin or Owner. Where the trail's chain stands: its end (sequence and hmac: note them somewhere else to detect a truncation later), what retention removed from its start, and the last verification.
         */
        get: operations["getAuditChain"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}/audit/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's audit trail as CSV or JSON
         * @description Admin or Owner. The trail as a download: `format` csv (default) or json, newest first, filters `action` (team.created, secret. for every secret action, or several comma-separated), `actor` (a user, API key or service account id), `project`, `environment`, `since` and `until` (times); at most 100000 entries (narrow by time for more). CSV cells that a spreadsheet would run as a formula are escaped.
         */
        get: operations["exportAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}/audit/verification-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The key that verifies an exported audit trail (Owner)
         * @description Owner, with a session (never an API key) and the two-factor code when the account has one. The workspace's chain key, to verify an export with a verifier of your own (docs/audit.md). An HMAC key can forge entries as well as check them: keep it as you would a secret. Each read is recorded. Grants power: needs a session (an API key cannot grant power), and the two-factor code in X-Coffer-OTP when the account has it.
         */
        get: operations["getAuditVerificationKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}/audit/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify the audit trail's tamper-evident chain
         * @description Admin or Owner. Verifies the trail's tamper-evident chain: reads every entry of the range (`from`, `to`: sequences; default the whole chain), recomputes each HMAC, and names the first entry where the chain breaks and how (changed, missing, inserted, reordered). Recorded in the trail as `audit.verified`.
         */
        get: operations["verifyAuditChain"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's members and roles
         * @description Members with their roles, in the order they joined; optional `limit` and `cursor` (X-Next-Cursor).
         */
        get: operations["listMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}/members/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member (or leave)
         * @description Owner only, except that any member may remove themselves (leave). The last Owner cannot be removed (409).
         */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        /**
         * Change a member's role
         * @description Owner only. Changes a member's role; the last Owner cannot be demoted (409). Grants power: needs a session (an API key cannot grant power), and the two-factor code in X-Coffer-OTP when the account has it.
         */
        patch: operations["updateMemberRole"];
        trace?: never;
    };
    "/workspaces/{workspace_id}/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find secrets by key or description across the workspace
         * @description Secrets of the workspace whose key or description holds `q` (any case), sorted by key, at most `limit` (1-100, default 50): only those the caller may read (Viewers and Members: their teams). Values are never searched or answered. A key narrowed to projects or environments is refused.
         */
        get: operations["searchSecrets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}/service-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's service accounts
         * @description The workspace's service accounts. Admins and Owners.
         */
        get: operations["listServiceAccounts"];
        put?: never;
        /**
         * Create a service account
         * @description Creates a service account with a role (at most Admin, and never above the caller's) and teams. It takes no seat; the plan caps how many a workspace has (402 plan_required). Names are unique in the workspace (409). Grants power: needs a session (an API key cannot grant power), and the two-factor code in X-Coffer-OTP when the account has it.
         */
        post: operations["createServiceAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}/service-accounts/{service_account_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One service account
         * @description One service account
         */
        get: operations["getServiceAccount"];
        put?: never;
        post?: never;
        /**
         * Delete a service account with its keys and trusts
         * @description Deletes the service account with its keys and trusts; every key answers 401 at once.
         */
        delete: operations["deleteServiceAccount"];
        options?: never;
        head?: never;
        /**
         * Change, disable or enable a service account
         * @description Changes the name, description, role, teams, or disables it (its keys answer 401 service_account_disabled until enabled again). Grants power: needs a session (an API key cannot grant power), and the two-factor code in X-Coffer-OTP when the account has it.
         */
        patch: operations["updateServiceAccount"];
        trace?: never;
    };
    "/workspaces/{workspace_id}/service-accounts/{service_account_id}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A service account's live keys and their scope
         * @description The account's live keys, newest first, with their scope and last use; never a token.
         */
        get: operations["listServiceAccountKeys"];
        put?: never;
        /**
         * Mint a key of a service account
         * @description Mints a key of the service account (sk-svc-…; the token is in this answer only), bound to this workspace and optionally narrowed: projects or environments, read-only access, client address ranges, a lifetime. Grants power: needs a session (an API key cannot grant power), and the two-factor code in X-Coffer-OTP when the account has it.
         */
        post: operations["createServiceAccountKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}/service-accounts/{service_account_id}/keys/{key_id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a key of a service account
         * @description Revokes a key of the service account; it answers 401 api_key_revoked at once.
         */
        post: operations["revokeServiceAccountKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}/service-accounts/{service_account_id}/trusts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The OIDC issuers a service account trusts
         * @description The OIDC issuers the account trusts.
         */
        get: operations["listServiceAccountTrusts"];
        put?: never;
        /**
         * Trust an OIDC issuer
         * @description Trusts an OIDC issuer: its tokens whose aud is `audience` and whose sub (and `claims`) match the patterns can be exchanged at POST /auth/oidc/exchange for a key of this account that lives `token_minutes`, narrowed by the trust's scope. Grants power: needs a session (an API key cannot grant power), and the two-factor code in X-Coffer-OTP when the account has it.
         */
        post: operations["createServiceAccountTrust"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}/service-accounts/{service_account_id}/trusts/{trust_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Stop trusting an OIDC issuer
         * @description Removes a trust: its issuer's tokens are no longer exchanged.
         */
        delete: operations["deleteServiceAccountTrust"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}/share-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's share links the caller answers for
         * @description The workspace's share links, newest first: every link for Admins and Owners, the caller's own for Viewers and Members. Never a token or a value. Optional `limit` and `cursor` (X-Next-Cursor).
         */
        get: operations["listShareLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}/share-links/{link_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a share link
         * @description Revokes a share link: its snapshot is erased and its URL answers 410. The person who made it, or an Admin or Owner. Revoking it again changes nothing.
         */
        delete: operations["revokeShareLink"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}/switch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a workspace the session's scope
         * @description Makes this workspace the caller's current one (the scope of API keys and new sessions). Called with a session token, it also answers a new access token carrying the workspace.
         */
        post: operations["switchWorkspace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's webhooks
         * @description The workspace's webhooks (never their secrets). Admins and Owners.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a signed webhook
         * @description Creates a webhook: events of the workspace (optionally of one project or environment, and of some event types) are POSTed to `url`, signed with the `secret` the answer carries this once. A URL resolving to a loopback, private, link-local or multicast address is refused (422) unless the operator allowed its network. Grants power: needs a session (an API key cannot grant power), and the two-factor code in X-Coffer-OTP when the account has it.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook
         * @description One webhook
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook with its delivery log
         * @description Deletes the webhook and its delivery log; undelivered deliveries are dropped.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Change, disable or enable a webhook
         * @description Changes the address, description, events or filters; `enabled: false` holds deliveries back, `enabled: true` resumes a webhook (also one disabled for failing) and clears its failure count. Grants power: needs a session (an API key cannot grant power), and the two-factor code in X-Coffer-OTP when the account has it.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/workspaces/{workspace_id}/webhooks/{webhook_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A webhook's delivery log
         * @description The delivery log, newest first: status (pending, delivered, failed), attempts, last status code, error and latency, and the body sent. `limit` (default 50), `cursor` from X-Next-Cursor, `status`.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}/webhooks/{webhook_id}/deliveries/{delivery_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One delivery of a webhook
         * @description One delivery of a webhook
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a finished delivery again
         * @description Sends a delivered or given-up delivery again, as new (same id and body, fresh attempts): after a receiver was fixed. 409 while it is still pending.
         */
        post: operations["redeliverWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}/webhooks/{webhook_id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook's signing secret
         * @description A new signing secret, shown once. The previous one keeps signing beside it (a second `v1` in Coffer-Signature) for `overlap_seconds` (default 86400, at most 7 days; 0 ends it at once). Grants power: needs a session (an API key cannot grant power), and the two-factor code in X-Coffer-OTP when the account has it.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{workspace_id}/webhooks/{webhook_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook a test event
         * @description Queues a `webhook.test` event for this webhook alone and answers its delivery (202); follow it in the log.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace of the current scope
         * @description The workspace this request is scoped to: X-Workspace-Id, else the credential's own scope.
         */
        get: operations["getCurrentWorkspace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description what went wrong, for programs; the table is in docs/api.md
         * @enum {string}
         */
        ErrorCode: "bad_request" | "otp_incorrect" | "invalid_state" | "provider_denied" | "provider_error" | "provider_auth_failed" | "id_token_rejected" | "provider_not_found" | "provider_rate_limited" | "not_authenticated" | "invalid_credentials" | "invalid_token" | "access_token_expired" | "api_key_revoked" | "api_key_expired" | "api_key_address_refused" | "service_account_disabled" | "oidc_token_rejected" | "oidc_token_replayed" | "session_revoked" | "session_expired" | "refresh_token_invalid" | "refresh_token_reused" | "two_factor_required" | "two_factor_incorrect" | "two_factor_challenge_invalid" | "reset_token_invalid" | "plan_required" | "seat_limit_reached" | "forbidden" | "not_a_member" | "key_scope_forbidden" | "environment_protected" | "password_incorrect" | "email_not_verified" | "session_required" | "two_factor_code_required" | "two_factor_code_incorrect" | "two_factor_enrollment_required" | "sso_required" | "cross_site_request" | "not_found" | "conflict" | "email_taken" | "already_revoked" | "password_not_set" | "two_factor_not_enabled" | "two_factor_required_by_workspace" | "sso_not_configured" | "sso_session_required" | "gone" | "invite_expired" | "invite_used" | "decryption_failed" | "reference_unresolved" | "export_incomplete" | "not_representable" | "passphrase_required" | "passphrase_incorrect" | "request_timeout" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "header_fields_too_large" | "rate_limited" | "internal_error" | "provider_unavailable" | "oidc_issuer_unavailable" | "mail_failed" | "not_ready" | "master_key_unavailable" | "database_unavailable" | "storage_full" | "dashboard_not_built";
        ImportApplyRequest: {
            /** @description import only these keys (default: every readable variable) */
            keys?: string[];
            /**
             * @description also write keys that exist here with another value (a new version)
             * @default false
             */
            overwrite: boolean;
            /**
             * @description the hosting platform to read from
             * @enum {string}
             */
            provider: "railway" | "vercel" | "render";
            /**
             * @description return values in clear text instead of masked
             * @default false
             */
            reveal: boolean;
            source: components["schemas"]["ImportSource"];
            /** @description the platform's API token (printable ASCII); used for this request only, never stored */
            token: string;
        };
        ImportChange: {
            current: string;
            incoming: string;
            key: string;
        };
        ImportItem: {
            key: string;
            value: string;
        };
        ImportPreviewRequest: {
            /**
             * @description the hosting platform to read from
             * @enum {string}
             */
            provider: "railway" | "vercel" | "render";
            /**
             * @description return values in clear text instead of masked
             * @default false
             */
            reveal: boolean;
            source: components["schemas"]["ImportSource"];
            /** @description the platform's API token (printable ASCII); used for this request only, never stored */
            token: string;
        };
        ImportPreviewResponse: {
            added: components["schemas"]["ImportItem"][];
            changed: components["schemas"]["ImportChange"][];
            /** @enum {string} */
            provider: "railway" | "vercel" | "render";
            skipped: components["schemas"]["SkippedItem"][];
            /** @description variables read from the platform, skipped ones included */
            total: number;
            unchanged: string[];
        };
        /** @description Which variables to read, in the platform's own terms: Railway project_id + environment_id (+ service_id); Vercel project_id (+ target production|preview|development); Render service_id (or project_id). */
        ImportSource: {
            environment_id?: string | null;
            project_id?: string | null;
            service_id?: string | null;
            target?: string | null;
        };
        SkippedItem: {
            key: string;
            reason: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listInstancePlans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        /** @description null = unlimited */
                        seats: number | null;
                        /** @description null = unlimited */
                        service_accounts: number | null;
                        share_links: boolean;
                        /** @description versions, the timeline and point-in-time restore */
                        version_history: boolean;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listInstanceWorkspaces: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description pass as `cursor` for the next page; absent on the last page */
                    "X-Next-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        /** @description members (pending invites not counted) */
                        members: number;
                        name: string;
                        /** @description free | pro | enterprise (or an operator-defined plan) */
                        plan: string;
                        /** @description null = unlimited */
                        seat_limit: number | null;
                        slug: string;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    setWorkspacePlan: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description a plan of the instance (COFFER_PLANS) */
                    plan: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        /** @description members (pending invites not counted) */
                        members: number;
                        name: string;
                        /** @description free | pro | enterprise (or an operator-defined plan) */
                        plan: string;
                        /** @description null = unlimited */
                        seat_limit: number | null;
                        slug: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    getTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enabled: boolean;
                        /** Format: date-time */
                        enabled_at: string | null;
                        /** @description unused recovery codes (0 when two-factor is off) */
                        recovery_codes_left: number;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    disableTwoFactor: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enabled: boolean;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        workspaces?: {
                            id: string;
                            name: string;
                        }[];
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    enableTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the app's current code */
                    code: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enabled: boolean;
                        /** @description single-use codes for when the app is lost; shown once, stored only as digests */
                        recovery_codes: string[];
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    renewRecoveryCodes: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description single-use codes for when the app is lost; shown once, stored only as digests */
                        recovery_codes: string[];
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    setUpTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the same as an otpauth:// URI, for a QR code */
                        otpauth_url: string;
                        /** @description the TOTP secret (base32): type it into an authenticator app, once */
                        secret: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    finishTwoFactorSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    challenge: string;
                    /** @description the two-factor code, or a recovery code */
                    otp: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @description seconds */
                        expires_in: number;
                        /** @enum {string} */
                        token_type: "bearer";
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description finishes this sign-in with POST /auth/2fa/sign-in (5 minutes) */
                        challenge?: string;
                        code: string;
                        detail: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    approveDeviceSignIn: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description as shown in the terminal: XXXX-XXXX */
                    user_code: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        client_name: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        expires_at: string;
                        hostname: string | null;
                        /** @description where the device asked from */
                        ip_address: string | null;
                        /** @enum {string} */
                        status: "approved" | "denied";
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Gone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    startDeviceSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the client: "coffer-cli" */
                    client_id: string;
                    /** @description what signs in, e.g. Coffer CLI 1.4.0 */
                    client_name?: string;
                    /** @description the machine, shown to the approver */
                    hostname?: string;
                    /** @description ignored: the session is the account's */
                    scope?: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description the client: "coffer-cli" */
                    client_id: string;
                    /** @description what signs in, e.g. Coffer CLI 1.4.0 */
                    client_name?: string;
                    /** @description the machine, shown to the approver */
                    hostname?: string;
                    /** @description ignored: the session is the account's */
                    scope?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the device's secret: poll /auth/device/token with it */
                        device_code: string;
                        /** @description seconds */
                        expires_in: number;
                        /** @description seconds to wait between polls */
                        interval: number;
                        /** @description XXXX-XXXX, shown to the person to type or check in the dashboard */
                        user_code: string;
                        verification_uri: string;
                        /** @description verification_uri with the code filled in */
                        verification_uri_complete: string;
                    };
                };
            };
            /** @description RFC 8628 §3.5 / RFC 6749 §5.2: the OAuth error shape, not the API's own */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description error again, as every error of the API carries it */
                        code?: string;
                        /** @description error_description again, as every error of the API carries it */
                        detail?: string;
                        /** @enum {string} */
                        error: "authorization_pending" | "slow_down" | "access_denied" | "expired_token" | "invalid_grant" | "invalid_client" | "unsupported_grant_type";
                        error_description?: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    denyDeviceSignIn: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description as shown in the terminal: XXXX-XXXX */
                    user_code: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        client_name: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        expires_at: string;
                        hostname: string | null;
                        /** @description where the device asked from */
                        ip_address: string | null;
                        /** @enum {string} */
                        status: "approved" | "denied";
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Gone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    lookUpDeviceSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description as shown in the terminal: XXXX-XXXX */
                    user_code: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        client_name: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        expires_at: string;
                        hostname: string | null;
                        /** @description where the device asked from */
                        ip_address: string | null;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    pollDeviceSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the client: "coffer-cli" */
                    client_id: string;
                    device_code: string;
                    /** @description urn:ietf:params:oauth:grant-type:device_code */
                    grant_type: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description the client: "coffer-cli" */
                    client_id: string;
                    device_code: string;
                    /** @description urn:ietf:params:oauth:grant-type:device_code */
                    grant_type: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @description seconds */
                        expires_in: number;
                        /** @description rotates at POST /auth/refresh, as a password sign-in's */
                        refresh_token: string;
                        /** @enum {string} */
                        token_type: "bearer";
                    };
                };
            };
            /** @description RFC 8628 §3.5 / RFC 6749 §5.2: the OAuth error shape, not the API's own */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description error again, as every error of the API carries it */
                        code?: string;
                        /** @description error_description again, as every error of the API carries it */
                        detail?: string;
                        /** @enum {string} */
                        error: "authorization_pending" | "slow_down" | "access_denied" | "expired_token" | "invalid_grant" | "invalid_client" | "unsupported_grant_type";
                        error_description?: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    signUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description client-side creation time (ISO 8601) */
                    created_at: string;
                    /** Format: email */
                    email: string;
                    first_name: string;
                    last_name: string;
                    middle_name?: string | null;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        current_workspace_id: string | null;
                        email: string;
                        email_verified: boolean;
                        first_name: string;
                        /** @description false for an account made through Google or GitHub that never set one (a reset sets it) */
                        has_password: boolean;
                        /** Format: uuid */
                        id: string;
                        last_name: string;
                        middle_name: string | null;
                        name: string;
                        /** Format: date-time */
                        updated_at: string;
                        workspace: {
                            avatar_url: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** @description free | pro | enterprise (or an operator-defined plan) */
                            plan: string;
                            /** @description members' sessions must come from the deployment's single sign-on (OpenID Connect) provider to reach the workspace; API keys are not affected (Owners set it) */
                            require_sso: boolean;
                            /** @description every member must use two-factor sign-in to reach the workspace (Owners set it) */
                            require_two_factor: boolean;
                            /** @description the caller's role: 0 Viewer, 1 Member, 2 Admin, 3 Owner */
                            role: number;
                            /** @description null = unlimited */
                            seat_limit: number | null;
                            slug: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    finishGithubLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @description seconds */
                        expires_in: number;
                        /** @enum {string} */
                        token_type: "bearer";
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description finishes this sign-in with POST /auth/2fa/sign-in (5 minutes) */
                        challenge?: string;
                        code: string;
                        detail: string;
                    };
                };
            };
        };
    };
    startGithubLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    finishGoogleLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @description seconds */
                        expires_in: number;
                        /** @enum {string} */
                        token_type: "bearer";
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description finishes this sign-in with POST /auth/2fa/sign-in (5 minutes) */
                        challenge?: string;
                        code: string;
                        detail: string;
                    };
                };
            };
        };
    };
    startGoogleLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    client_id?: string;
                    grant_type?: string;
                    /** @description the two-factor code (or a recovery code) of an account that has two-factor sign-in */
                    otp?: string;
                    password: string;
                    scope?: string;
                    /** @description the account's email address */
                    username: string;
                };
                "application/x-www-form-urlencoded": {
                    client_id?: string;
                    grant_type?: string;
                    /** @description the two-factor code (or a recovery code) of an account that has two-factor sign-in */
                    otp?: string;
                    password: string;
                    scope?: string;
                    /** @description the account's email address */
                    username: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @description seconds */
                        expires_in: number;
                        /** @enum {string} */
                        token_type: "bearer";
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description finishes this sign-in with POST /auth/2fa/sign-in (5 minutes) */
                        challenge?: string;
                        code: string;
                        detail: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description sessions revoked */
                        revoked: number;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    getProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        current_workspace_id: string | null;
                        email: string;
                        email_verified: boolean;
                        first_name: string;
                        /** @description false for an account made through Google or GitHub that never set one (a reset sets it) */
                        has_password: boolean;
                        /** Format: uuid */
                        id: string;
                        /** @description true, and present only, when the account is one of the instance's operators (COFFER_OPERATORS, a verified email): the instance-admin page is theirs */
                        instance_operator?: boolean;
                        last_name: string;
                        middle_name: string | null;
                        name: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    deleteAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: boolean;
                        /** @description workspaces the user was the only Owner of */
                        workspaces_deleted: number;
                        /** @description workspaces the user left; they live on */
                        workspaces_left: number;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    updateProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email?: string;
                    first_name?: string;
                    last_name?: string;
                    middle_name?: string | null;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        current_workspace_id: string | null;
                        email: string;
                        email_verified: boolean;
                        first_name: string;
                        /** @description false for an account made through Google or GitHub that never set one (a reset sets it) */
                        has_password: boolean;
                        /** Format: uuid */
                        id: string;
                        last_name: string;
                        middle_name: string | null;
                        name: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    finishOidcLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @description seconds */
                        expires_in: number;
                        /** @enum {string} */
                        token_type: "bearer";
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description finishes this sign-in with POST /auth/2fa/sign-in (5 minutes) */
                        challenge?: string;
                        code: string;
                        detail: string;
                    };
                };
            };
        };
    };
    startOidcLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    exchangeOidcToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description the service account whose trust must accept the token: only its trusts are matched (the id is on the service account's page in the dashboard, in `coffer ci-setup`'s output, and in GET /workspaces/{workspace_id}/service-accounts)
                     */
                    service_account_id: string;
                    /** @description the OIDC ID token (a JWT) */
                    token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description an sk-svc- key that expires; use it as an API key */
                        access_token: string;
                        /** Format: date-time */
                        expires_at: string;
                        /** @description seconds */
                        expires_in: number;
                        /** Format: uuid */
                        service_account_id: string;
                        /** @enum {string} */
                        token_type: "Bearer";
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description A platform failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    current_password: string;
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: boolean;
                        /** @description the account's other sessions, now signed out */
                        sessions_revoked: number;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the same whether or not the address has an account */
                        detail: string;
                        requested: boolean;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    new_password: string;
                    /** @description the token of the mailed link */
                    token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the account's address, to sign in with */
                        email: string;
                        reset: boolean;
                        sessions_revoked: number;
                    };
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listSignInProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        github: boolean;
                        google: boolean;
                        /** @description single sign-on through the deployment's OpenID Connect provider; null when not configured */
                        oidc: {
                            /** @description what the sign-in button calls it (COFFER_OIDC_NAME) */
                            name: string;
                        } | null;
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    refreshAccessToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refresh_token?: string;
                } | null;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @description seconds */
                        expires_in: number;
                        /** @enum {string} */
                        token_type: "bearer";
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    requestVerificationCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        /** Format: date-time */
                        expires_at: string;
                        sent: boolean;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description A platform failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    verifyCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the six-digit code */
                    otp: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email_verified: boolean;
                    };
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts_left?: number;
                        code: string;
                        detail: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Gone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    verifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        /** Format: date-time */
                        expires_at: string;
                        sent: boolean;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description A platform failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listEnvironments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @enum {string} */
                        environment_type: "dev" | "staging" | "prod" | "pilot" | "custom";
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /**
                         * Format: uuid
                         * @description present when the environment inherits: its parent
                         */
                        parent_environment_id?: string;
                        /** Format: uuid */
                        project_id: string;
                        /**
                         * @description present when an Admin has protected the environment: writes into it need Admin
                         * @enum {boolean}
                         */
                        protected?: true;
                        /**
                         * @description present when not `anywhere`: which other environments' values may reference this one
                         * @enum {string}
                         */
                        references_from?: "anywhere" | "project" | "nowhere";
                        slug: string;
                        /** Format: uuid */
                        team_id: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    createEnvironment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description rotation cadence in days; write-only */
                    default_policy?: number;
                    /** @enum {string} */
                    environment_type: "dev" | "staging" | "prod" | "pilot" | "custom";
                    name: string;
                    /**
                     * Format: uuid
                     * @description an environment of the same project whose secrets this one inherits (its own secrets override them); at most 3 levels, no cycles; null: none
                     */
                    parent_environment_id?: string | null;
                    /** @description Admin or Owner: whether writes into the environment (secrets, imports, restores, rollbacks, what it inherits, its settings, deleting it) need Admin; false by default, also for prod environments */
                    protected?: boolean;
                    /**
                     * @description which other environments' values may reference this one (as `env.KEY` or `project.env.KEY`): `anywhere` (the default: any whose writer and reader may read this one), `project` (only this project's), `nowhere`
                     * @enum {string}
                     */
                    references_from?: "anywhere" | "project" | "nowhere";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @enum {string} */
                        environment_type: "dev" | "staging" | "prod" | "pilot" | "custom";
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /**
                         * Format: uuid
                         * @description present when the environment inherits: its parent
                         */
                        parent_environment_id?: string;
                        /** Format: uuid */
                        project_id: string;
                        /**
                         * @description present when an Admin has protected the environment: writes into it need Admin
                         * @enum {boolean}
                         */
                        protected?: true;
                        /**
                         * @description present when not `anywhere`: which other environments' values may reference this one
                         * @enum {string}
                         */
                        references_from?: "anywhere" | "project" | "nowhere";
                        slug: string;
                        /** Format: uuid */
                        team_id: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    getEnvironment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @enum {string} */
                        environment_type: "dev" | "staging" | "prod" | "pilot" | "custom";
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /**
                         * Format: uuid
                         * @description present when the environment inherits: its parent
                         */
                        parent_environment_id?: string;
                        /** Format: uuid */
                        project_id: string;
                        /**
                         * @description present when an Admin has protected the environment: writes into it need Admin
                         * @enum {boolean}
                         */
                        protected?: true;
                        /**
                         * @description present when not `anywhere`: which other environments' values may reference this one
                         * @enum {string}
                         */
                        references_from?: "anywhere" | "project" | "nowhere";
                        slug: string;
                        /** Format: uuid */
                        team_id: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    deleteEnvironment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: boolean;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    updateEnvironment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description rotation cadence in days; write-only */
                    default_policy?: number;
                    name?: string;
                    /**
                     * Format: uuid
                     * @description an environment of the same project whose secrets this one inherits (its own secrets override them); at most 3 levels, no cycles; null: none
                     */
                    parent_environment_id?: string | null;
                    /** @description Admin or Owner: whether writes into the environment (secrets, imports, restores, rollbacks, what it inherits, its settings, deleting it) need Admin; false by default, also for prod environments */
                    protected?: boolean;
                    /**
                     * @description which other environments' values may reference this one (as `env.KEY` or `project.env.KEY`): `anywhere` (the default: any whose writer and reader may read this one), `project` (only this project's), `nowhere`
                     * @enum {string}
                     */
                    references_from?: "anywhere" | "project" | "nowhere";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @enum {string} */
                        environment_type: "dev" | "staging" | "prod" | "pilot" | "custom";
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /**
                         * Format: uuid
                         * @description present when the environment inherits: its parent
                         */
                        parent_environment_id?: string;
                        /** Format: uuid */
                        project_id: string;
                        /**
                         * @description present when an Admin has protected the environment: writes into it need Admin
                         * @enum {boolean}
                         */
                        protected?: true;
                        /**
                         * @description present when not `anywhere`: which other environments' values may reference this one
                         * @enum {string}
                         */
                        references_from?: "anywhere" | "project" | "nowhere";
                        slug: string;
                        /** Format: uuid */
                        team_id: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    compareEnvironments: {
        parameters: {
            query: {
                /**
                 * @description 2 to 10 environment ids of this project, comma-separated, in the order to show them
                 * @example 0b9f3c1e-8a6d-4f1e-9c3b-2d7a5e8f1a20,5c2e7d9a-1b4f-4e8c-a6d3-9f0b2c4e6a81
                 */
                environments: string;
                /** @description include each value (default false: fingerprints only) */
                values?: boolean;
            };
            header?: never;
            path: {
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        environments: {
                            /** @enum {string} */
                            environment_type: "dev" | "staging" | "prod" | "pilot" | "custom";
                            /** Format: uuid */
                            id: string;
                            name: string;
                        }[];
                        keys: {
                            /** @description one per environment, in the order asked */
                            environments: {
                                /** Format: uuid */
                                environment_id: string;
                                /** @description equal values have equal fingerprints within this answer (keyed for this answer only: nothing about a value can be learnt from it) */
                                fingerprint?: string;
                                /** @description the environment the value comes from when this one inherits the key (absent: its own); secret_id and version are then that environment's */
                                inherited_from?: {
                                    /** Format: uuid */
                                    id: string;
                                    name: string;
                                    slug: string;
                                };
                                present: boolean;
                                /** Format: uuid */
                                secret_id?: string;
                                /** @description only with values=true */
                                value?: string;
                                version?: number;
                            }[];
                            key: string;
                            /** @description missing: absent from at least one environment (an inherited key is present); differs: present everywhere, effective values not all equal */
                            status: "same" | "differs" | "missing";
                        }[];
                        unreadable: {
                            /** Format: uuid */
                            environment_id: string;
                            secret_ids: string[];
                        }[];
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    applyImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                team_id: string;
                /** @description a workspace id, or the literal null: the scope then comes from X-Workspace-Id, then the credential */
                workspace_id: string | "null";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportApplyRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportPreviewResponse"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        keys?: string[];
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description A platform failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    previewImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                team_id: string;
                /** @description a workspace id, or the literal null: the scope then comes from X-Workspace-Id, then the credential */
                workspace_id: string | "null";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportPreviewRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportPreviewResponse"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        keys?: string[];
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description A platform failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listInvites: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description pass as `cursor` for the next page; absent on the last page */
                    "X-Next-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        expiry_time: string;
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        invited_by: string;
                        invitee_email: string;
                        mail_error: string | null;
                        role: number;
                        /** @enum {string} */
                        status: "pending" | "accepted" | "rejected" | "expired";
                        /** Format: uuid */
                        team_id: string | null;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    sendInvite: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path: {
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    invitee_email: string;
                    /** @description 0 Viewer, 1 Member, 2 Admin, 3 Owner */
                    role: number;
                    /** Format: uuid */
                    team_id?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        expiry_time: string;
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        invited_by: string;
                        invitee_email: string;
                        mail_error: string | null;
                        /** @description false when the mail could not be delivered: re-send it */
                        mail_sent: boolean;
                        role: number;
                        /** @enum {string} */
                        status: "pending" | "accepted" | "rejected" | "expired";
                        /** Format: uuid */
                        team_id: string | null;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description The workspace's plan does not include this */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    cancelInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invite_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: boolean;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    resendInvite: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path: {
                invite_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        expiry_time: string;
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        invited_by: string;
                        invitee_email: string;
                        mail_error: string | null;
                        /** @description false when the mail could not be delivered: re-send it */
                        mail_sent: boolean;
                        role: number;
                        /** @enum {string} */
                        status: "pending" | "accepted" | "rejected" | "expired";
                        /** Format: uuid */
                        team_id: string | null;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Gone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    acceptInvite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description required when the address has no account yet */
                    name?: string;
                    /** @description the two-factor code of an existing account that accepts with its password */
                    otp?: string;
                    password: string;
                    /** @description 0 Viewer, 1 Member, 2 Admin, 3 Owner */
                    role?: number;
                    /** Format: uuid */
                    team_id?: string | null;
                    token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invite: {
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            expiry_time: string;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            invited_by: string;
                            invitee_email: string;
                            role: number;
                            /** @enum {string} */
                            status: "pending" | "accepted" | "rejected" | "expired";
                            /** Format: uuid */
                            team_id: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            /** Format: uuid */
                            workspace_id: string;
                        };
                        role: number;
                        user: {
                            email: string;
                            /** Format: uuid */
                            id: string;
                            name: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Gone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    rejectInvite: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        expiry_time: string;
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        invited_by: string;
                        invitee_email: string;
                        role: number;
                        /** @enum {string} */
                        status: "pending" | "accepted" | "rejected" | "expired";
                        /** Format: uuid */
                        team_id: string | null;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Gone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    validateInvite: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        expiry_time: string;
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        invited_by: string;
                        invitee_email: string;
                        inviter: {
                            email: string;
                            id: string;
                            name: string;
                        };
                        role: number;
                        /** @enum {string} */
                        status: "pending" | "accepted" | "rejected" | "expired";
                        /** Format: uuid */
                        team_id: string | null;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                        workspace_name: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Gone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access: "read" | "read_write";
                        allowed_cidrs: string[] | null;
                        /** Format: date-time */
                        created_at: string;
                        description: string | null;
                        environment_ids: string[] | null;
                        /** Format: date-time */
                        expires_at: string | null;
                        /** Format: uuid */
                        id: string;
                        is_revoked: boolean;
                        /** Format: date-time */
                        last_used_at: string | null;
                        name: string;
                        /** @description the first characters of the token, for recognising it */
                        prefix: string;
                        project_ids: string[] | null;
                        /** Format: date-time */
                        updated_at: string;
                        /**
                         * Format: uuid
                         * @description the one workspace the key reaches; null: every workspace of its holder
                         */
                        workspace_id: string | null;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description read: the key changes nothing; read_write (default): what the holder's role allows */
                    access?: "read" | "read_write";
                    /** @description client addresses or CIDR ranges the key may be used from (the address COFFER_TRUST_PROXY decides); a use from elsewhere answers 401 api_key_address_refused */
                    allowed_cidrs?: string[] | null;
                    description?: string | null;
                    /** @description the only environments the key reaches (their secrets only); null or absent: not narrowed */
                    environment_ids?: string[] | null;
                    /** @description lifetime in minutes from now */
                    expires_at?: number | null;
                    name: string;
                    /** @description the only projects the key reaches (their secrets only); null or absent: not narrowed */
                    project_ids?: string[] | null;
                    /**
                     * Format: uuid
                     * @description bind the key to this workspace (needed to name projects or environments); absent: every workspace of yours
                     */
                    workspace_id?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access: "read" | "read_write";
                        allowed_cidrs: string[] | null;
                        /** Format: date-time */
                        created_at: string;
                        description: string | null;
                        environment_ids: string[] | null;
                        /** Format: date-time */
                        expires_at: string | null;
                        /** Format: uuid */
                        id: string;
                        is_revoked: boolean;
                        /** Format: date-time */
                        last_used_at: string | null;
                        name: string;
                        /** @description the first characters of the token, for recognising it */
                        prefix: string;
                        project_ids: string[] | null;
                        /** @description the credential; shown once, never again */
                        token: string;
                        /** Format: date-time */
                        updated_at: string;
                        /**
                         * Format: uuid
                         * @description the one workspace the key reaches; null: every workspace of its holder
                         */
                        workspace_id: string | null;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access: "read" | "read_write";
                        allowed_cidrs: string[] | null;
                        /** Format: date-time */
                        created_at: string;
                        description: string | null;
                        environment_ids: string[] | null;
                        /** Format: date-time */
                        expires_at: string | null;
                        /** Format: uuid */
                        id: string;
                        is_revoked: boolean;
                        /** Format: date-time */
                        last_used_at: string | null;
                        name: string;
                        /** @description the first characters of the token, for recognising it */
                        prefix: string;
                        project_ids: string[] | null;
                        /** Format: date-time */
                        updated_at: string;
                        /**
                         * Format: uuid
                         * @description the one workspace the key reaches; null: every workspace of its holder
                         */
                        workspace_id: string | null;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    updateApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path: {
                key_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    /** @description lifetime in minutes from now */
                    expires_at?: number | null;
                    is_revoked?: boolean;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access: "read" | "read_write";
                        allowed_cidrs: string[] | null;
                        /** Format: date-time */
                        created_at: string;
                        description: string | null;
                        environment_ids: string[] | null;
                        /** Format: date-time */
                        expires_at: string | null;
                        /** Format: uuid */
                        id: string;
                        is_revoked: boolean;
                        /** Format: date-time */
                        last_used_at: string | null;
                        name: string;
                        /** @description the first characters of the token, for recognising it */
                        prefix: string;
                        project_ids: string[] | null;
                        /** Format: date-time */
                        updated_at: string;
                        /**
                         * Format: uuid
                         * @description the one workspace the key reaches; null: every workspace of its holder
                         */
                        workspace_id: string | null;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    getCurrentApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access: "read" | "read_write";
                        environment_ids: string[] | null;
                        /** @description for a key narrowed to projects or environments: those environments (a project's, all of them) whose secrets it may read now; null: the key is not narrowed to any, it reaches what its holder may read */
                        environments: {
                            environment_type: string;
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** Format: uuid */
                            project_id: string;
                            slug: string;
                            /** Format: uuid */
                            team_id: string;
                            /** Format: uuid */
                            workspace_id: string;
                        }[] | null;
                        /** Format: uuid */
                        id: string;
                        name: string;
                        project_ids: string[] | null;
                        /**
                         * Format: uuid
                         * @description set for a service account's key
                         */
                        service_account_id: string | null;
                        /**
                         * Format: uuid
                         * @description the one workspace the key reaches; null: every workspace of its holder
                         */
                        workspace_id: string | null;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listProjects: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        is_active: boolean;
                        name: string;
                        /** @description free-form; stored and returned as given (at most 16 KiB of JSON, nested at most 32 deep) */
                        proj_metadata: {
                            [key: string]: unknown;
                        };
                        slug: string;
                        /** Format: uuid */
                        team_id: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    createProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description free-form; stored and returned as given (at most 16 KiB of JSON, nested at most 32 deep) */
                    proj_metadata?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        is_active: boolean;
                        name: string;
                        /** @description free-form; stored and returned as given (at most 16 KiB of JSON, nested at most 32 deep) */
                        proj_metadata: {
                            [key: string]: unknown;
                        };
                        slug: string;
                        /** Format: uuid */
                        team_id: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    getProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        is_active: boolean;
                        name: string;
                        /** @description free-form; stored and returned as given (at most 16 KiB of JSON, nested at most 32 deep) */
                        proj_metadata: {
                            [key: string]: unknown;
                        };
                        slug: string;
                        /** Format: uuid */
                        team_id: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    deleteProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: boolean;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    updateProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    is_active?: boolean;
                    name?: string;
                    /** @description free-form; stored and returned as given (at most 16 KiB of JSON, nested at most 32 deep) */
                    proj_metadata?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        is_active: boolean;
                        name: string;
                        /** @description free-form; stored and returned as given (at most 16 KiB of JSON, nested at most 32 deep) */
                        proj_metadata: {
                            [key: string]: unknown;
                        };
                        slug: string;
                        /** Format: uuid */
                        team_id: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listSecrets: {
        parameters: {
            query?: {
                /** @description read the environment as it was at this moment (paid capability): each secret that existed then, deleted ones still recoverable included, at the version current then; no ETag */
                at?: string;
                /** @description the stored text of each value, references (${KEY}, ${environment.KEY}, ${project.environment.KEY}) unresolved */
                raw?: boolean;
                /** @description read each secret at this version, or its newest */
                version?: number;
            };
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description strong tag of this answer for this caller; send it back as If-None-Match to get 304 when nothing changed */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        current_version: number;
                        description: string | null;
                        /** @enum {string} */
                        environment_type: "dev" | "staging" | "prod" | "pilot" | "custom";
                        /** Format: uuid */
                        id: string;
                        /**
                         * Format: uuid
                         * @description present on a secret inherited from a parent environment: that environment's id
                         */
                        inherited_from?: string;
                        key: string;
                        /** Format: date-time */
                        last_rotated_at: string | null;
                        /** @description the stored text, present only when references make it differ from value */
                        raw_value?: string;
                        rotation_days: number;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description the value, its references resolved (the stored text with raw=true) */
                        value: string;
                    }[];
                };
            };
            /** @description Some values could not be decrypted (detail.failed_ids) */
            207: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: {
                            /** @description secrets whose stored value could not be decrypted, or whose references could not be resolved */
                            failed_ids: string[];
                            succeeded: {
                                /** Format: date-time */
                                created_at: string;
                                current_version: number;
                                description: string | null;
                                /** @enum {string} */
                                environment_type: "dev" | "staging" | "prod" | "pilot" | "custom";
                                /** Format: uuid */
                                id: string;
                                /**
                                 * Format: uuid
                                 * @description present on a secret inherited from a parent environment: that environment's id
                                 */
                                inherited_from?: string;
                                key: string;
                                /** Format: date-time */
                                last_rotated_at: string | null;
                                /** @description the stored text, present only when references make it differ from value */
                                raw_value?: string;
                                rotation_days: number;
                                /** Format: date-time */
                                updated_at: string;
                                /** @description the value, its references resolved (the stored text with raw=true) */
                                value: string;
                            }[];
                            /** @description the secrets of failed_ids left unresolved, each with the reference and why */
                            unresolved?: {
                                /** Format: uuid */
                                id: string;
                                key: string;
                                /** @description the stored text, to see or mend the reference */
                                raw_value: string;
                                /**
                                 * @description unreachable: no such environment, or one the reader may not read; missing: no such key there; undecryptable: its value cannot be decrypted; cycle: it leads back to itself; too_deep: more than 5 hops; writer_cannot_read: whoever wrote a value on the way (whose reference left its environment) may not read where it leads, now; writer_unknown: such a value was saved before writers were recorded; not_referenceable: the environment takes no references from here (its references_from)
                                 * @enum {string}
                                 */
                                reason: "unreachable" | "missing" | "undecryptable" | "cycle" | "too_deep" | "writer_cannot_read" | "writer_unknown" | "not_referenceable";
                                /** @description the reference as written in the value, e.g. ${prod.DB_HOST} */
                                reference: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Not modified: If-None-Match named the current tag (or was *); no body, nothing was decrypted */
            304: {
                headers: {
                    /** @description strong tag of this answer for this caller; send it back as If-None-Match to get 304 when nothing changed */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    createSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    /** @description a valid environment-variable name */
                    key: string;
                    /** @description this secret's own rotation cadence in days */
                    rotation_days?: number | null;
                    /** @description at most 64 KiB */
                    value: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        current_version: number;
                        description: string | null;
                        /** @enum {string} */
                        environment_type: "dev" | "staging" | "prod" | "pilot" | "custom";
                        /** Format: uuid */
                        id: string;
                        /**
                         * Format: uuid
                         * @description present on a secret inherited from a parent environment: that environment's id
                         */
                        inherited_from?: string;
                        key: string;
                        /** Format: date-time */
                        last_rotated_at: string | null;
                        /** @description the stored text, present only when references make it differ from value */
                        raw_value?: string;
                        rotation_days: number;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description the value, its references resolved (the stored text with raw=true) */
                        value: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    deleteAllSecrets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: number;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    updateSecrets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    secrets: {
                        description?: string | null;
                        /** @description a valid environment-variable name */
                        key: string;
                        /** @description a valid environment-variable name */
                        new_key?: string;
                        /** @description at most 64 KiB */
                        value?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        current_version: number;
                        description: string | null;
                        /** @enum {string} */
                        environment_type: "dev" | "staging" | "prod" | "pilot" | "custom";
                        /** Format: uuid */
                        id: string;
                        /**
                         * Format: uuid
                         * @description present on a secret inherited from a parent environment: that environment's id
                         */
                        inherited_from?: string;
                        key: string;
                        /** Format: date-time */
                        last_rotated_at: string | null;
                        /** @description the stored text, present only when references make it differ from value */
                        raw_value?: string;
                        rotation_days: number;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description the value, its references resolved (the stored text with raw=true) */
                        value: string;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    getSecret: {
        parameters: {
            query?: {
                /** @description the stored text of each value, references (${KEY}, ${environment.KEY}, ${project.environment.KEY}) unresolved */
                raw?: boolean;
            };
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                secret_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description strong tag of this answer for this caller; send it back as If-None-Match to get 304 when nothing changed */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        current_version: number;
                        description: string | null;
                        /** @enum {string} */
                        environment_type: "dev" | "staging" | "prod" | "pilot" | "custom";
                        /** Format: uuid */
                        id: string;
                        /**
                         * Format: uuid
                         * @description present on a secret inherited from a parent environment: that environment's id
                         */
                        inherited_from?: string;
                        key: string;
                        /** Format: date-time */
                        last_rotated_at: string | null;
                        /** @description the stored text, present only when references make it differ from value */
                        raw_value?: string;
                        rotation_days: number;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description the value, its references resolved (the stored text with raw=true) */
                        value: string;
                    };
                };
            };
            /** @description Not modified: If-None-Match named the current tag (or was *); no body, nothing was decrypted */
            304: {
                headers: {
                    /** @description strong tag of this answer for this caller; send it back as If-None-Match to get 304 when nothing changed */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    deleteSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                secret_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: boolean;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    updateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                secret_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    /** @description a valid environment-variable name */
                    key?: string;
                    /** @description this secret's own rotation cadence in days */
                    rotation_days?: number | null;
                    /** @description at most 64 KiB */
                    value?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        current_version: number;
                        description: string | null;
                        /** @enum {string} */
                        environment_type: "dev" | "staging" | "prod" | "pilot" | "custom";
                        /** Format: uuid */
                        id: string;
                        /**
                         * Format: uuid
                         * @description present on a secret inherited from a parent environment: that environment's id
                         */
                        inherited_from?: string;
                        key: string;
                        /** Format: date-time */
                        last_rotated_at: string | null;
                        /** @description the stored text, present only when references make it differ from value */
                        raw_value?: string;
                        rotation_days: number;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description the value, its references resolved (the stored text with raw=true) */
                        value: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listSecretHeirs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                secret_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the environments that read this secret from here, nearest first; deleting it takes it from them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        environment_type: "dev" | "staging" | "prod" | "pilot" | "custom";
                        /** Format: uuid */
                        id: string;
                        name: string;
                        slug: string;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listSecretLogs: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                secret_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description pass as `cursor` for the next page; absent on the last page */
                    "X-Next-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description <resource>.<past-tense verb>, e.g. secret.created */
                        action: string;
                        actor: {
                            /** @description the person, the person's key, or the service account */
                            id: string;
                            /** @description the key that acted, if one did */
                            key: {
                                id: string;
                                name: string;
                            } | null;
                            name: string;
                            /** @description user | api_key | service_account | anonymous | system | operator */
                            type: string;
                            /** @description the person (for a service account: its id) */
                            user_id: string;
                        };
                        /** @description the summary entry of the bulk operation this entry is an item of; the workspace trail lists summaries, and `batch=<id>` lists a summary's items */
                        batch_id: string | null;
                        /** @description the entry's place in the tamper-evident chain (null only for entries not yet chained) */
                        chain: {
                            /** @description HMAC-SHA256 of the entry and prev_hmac, hex (docs/audit.md) */
                            hmac: string;
                            /** @description the previous entry's hmac (64 zeros for the first) */
                            prev_hmac: string;
                            /** @description its place in the workspace's chain: 1, 2, 3… with no gaps */
                            sequence: number;
                        } | null;
                        /** Format: date-time */
                        created_at: string;
                        /** @description what else names the event: `key` for a secret (as it was named then), `count` and `keys` (comma-separated) for a bulk operation; never a value */
                        details: {
                            [key: string]: unknown;
                        };
                        /** @description the environment it happened in, if any */
                        environment_id: string | null;
                        /** @description the environment's name when it happened */
                        environment_name: string | null;
                        /** Format: uuid */
                        id: string;
                        ip_address: string | null;
                        /** @description the project it happened in, if any */
                        project_id: string | null;
                        /** @description the project's name when it happened (it survives a rename or a deletion) */
                        project_name: string | null;
                        resource_id: string | null;
                        resource_type: string;
                        secret_id: string | null;
                        user_agent: string | null;
                        version: number | null;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    rollbackSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                secret_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the earlier version whose value becomes the newest version (current + 1) */
                    version: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        current_version: number;
                        description: string | null;
                        /** @enum {string} */
                        environment_type: "dev" | "staging" | "prod" | "pilot" | "custom";
                        /** Format: uuid */
                        id: string;
                        /**
                         * Format: uuid
                         * @description present on a secret inherited from a parent environment: that environment's id
                         */
                        inherited_from?: string;
                        key: string;
                        /** Format: date-time */
                        last_rotated_at: string | null;
                        /** @description the stored text, present only when references make it differ from value */
                        raw_value?: string;
                        rotation_days: number;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description the value, its references resolved (the stored text with raw=true) */
                        value: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listSecretVersions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                secret_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description who wrote the version, as the audit trail names them; null when it no longer holds the entry (past its retention, or a secret restored from Recently deleted, whose log starts again) */
                        author: {
                            /** @description the person, the person's key, or the service account */
                            id: string;
                            /** @description the key that acted, if one did */
                            key: {
                                id: string;
                                name: string;
                            } | null;
                            name: string;
                            /** @description user | api_key | service_account | anonymous | system | operator */
                            type: string;
                            /** @description the person (for a service account: its id) */
                            user_id: string;
                        } | null;
                        /** @description stored form: v1.<data-key-version>.<base64url nonce|ct|tag> */
                        ciphertext: string;
                        /** Format: date-time */
                        created_at: string;
                        /** @description for a rollback's version: the version whose value it made current again (null otherwise) */
                        restored_from_version: number | null;
                        version: number;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description The workspace's plan does not include this */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    readSecretVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                secret_id: string;
                team_id: string;
                version: number;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description the value as stored (references unresolved) */
                        value: string;
                        version: number;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description The workspace's plan does not include this */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    createSecrets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    secrets: {
                        description?: string | null;
                        /** @description a valid environment-variable name */
                        key: string;
                        /** @description this secret's own rotation cadence in days */
                        rotation_days?: number | null;
                        /** @description at most 64 KiB */
                        value: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        current_version: number;
                        description: string | null;
                        /** @enum {string} */
                        environment_type: "dev" | "staging" | "prod" | "pilot" | "custom";
                        /** Format: uuid */
                        id: string;
                        /**
                         * Format: uuid
                         * @description present on a secret inherited from a parent environment: that environment's id
                         */
                        inherited_from?: string;
                        key: string;
                        /** Format: date-time */
                        last_rotated_at: string | null;
                        /** @description the stored text, present only when references make it differ from value */
                        raw_value?: string;
                        rotation_days: number;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description the value, its references resolved (the stored text with raw=true) */
                        value: string;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    deleteSecrets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: number;
                        ids: string[];
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    getSecretByKey: {
        parameters: {
            query: {
                /** @description the secret's key, exactly (keys are case-sensitive) */
                key: string;
                /** @description the stored text of each value, references (${KEY}, ${environment.KEY}, ${project.environment.KEY}) unresolved */
                raw?: boolean;
            };
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description strong tag of this answer for this caller; send it back as If-None-Match to get 304 when nothing changed */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        current_version: number;
                        description: string | null;
                        /** @enum {string} */
                        environment_type: "dev" | "staging" | "prod" | "pilot" | "custom";
                        /** Format: uuid */
                        id: string;
                        /**
                         * Format: uuid
                         * @description present on a secret inherited from a parent environment: that environment's id
                         */
                        inherited_from?: string;
                        key: string;
                        /** Format: date-time */
                        last_rotated_at: string | null;
                        /** @description the stored text, present only when references make it differ from value */
                        raw_value?: string;
                        rotation_days: number;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description the value, its references resolved (the stored text with raw=true) */
                        value: string;
                    };
                };
            };
            /** @description Not modified: If-None-Match named the current tag (or was *); no body, nothing was decrypted */
            304: {
                headers: {
                    /** @description strong tag of this answer for this caller; send it back as If-None-Match to get 304 when nothing changed */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listDeletedSecrets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description the version it had when deleted */
                        current_version: number;
                        /** Format: date-time */
                        deleted_at: string;
                        description: string | null;
                        /** Format: uuid */
                        id: string;
                        key: string;
                        /** Format: date-time */
                        purge_after: string;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    restoreSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                secret_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        current_version: number;
                        description: string | null;
                        /** @enum {string} */
                        environment_type: "dev" | "staging" | "prod" | "pilot" | "custom";
                        /** Format: uuid */
                        id: string;
                        /**
                         * Format: uuid
                         * @description present on a secret inherited from a parent environment: that environment's id
                         */
                        inherited_from?: string;
                        key: string;
                        /** Format: date-time */
                        last_rotated_at: string | null;
                        /** @description the stored text, present only when references make it differ from value */
                        raw_value?: string;
                        rotation_days: number;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description the value, its references resolved (the stored text with raw=true) */
                        value: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    exportEnvironment: {
        parameters: {
            query?: {
                /** @description json (default): one flat object {KEY: value}, strings only; dotenv: KEY='value' lines (text/plain) that the dotenv package reads back identically */
                format?: "json" | "dotenv";
            };
            header?: {
                /** @description RFC 7240. handling=strict: when some values cannot be read, answer 409 export_incomplete instead of a 207 (for tools that take any 2xx for the whole environment, such as the External Secrets Operator) */
                prefer?: string;
            };
            path: {
                environment_id: string;
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole environment */
            200: {
                headers: {
                    /** @description strong tag of this answer for this caller; send it back as If-None-Match to get 304 when nothing changed */
                    ETag?: string;
                    /** @description handling=strict when the request preferred it (RFC 7240) */
                    "Preference-Applied"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: string;
                    };
                    "text/plain": string;
                };
            };
            /** @description Some values could not be decrypted (detail.failed_ids) */
            207: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: {
                            /** @description secrets whose stored value could not be decrypted, or whose references could not be resolved */
                            failed_ids: string[];
                            succeeded: {
                                /** Format: date-time */
                                created_at: string;
                                current_version: number;
                                description: string | null;
                                /** @enum {string} */
                                environment_type: "dev" | "staging" | "prod" | "pilot" | "custom";
                                /** Format: uuid */
                                id: string;
                                /**
                                 * Format: uuid
                                 * @description present on a secret inherited from a parent environment: that environment's id
                                 */
                                inherited_from?: string;
                                key: string;
                                /** Format: date-time */
                                last_rotated_at: string | null;
                                /** @description the stored text, present only when references make it differ from value */
                                raw_value?: string;
                                rotation_days: number;
                                /** Format: date-time */
                                updated_at: string;
                                /** @description the value, its references resolved (the stored text with raw=true) */
                                value: string;
                            }[];
                            /** @description the secrets of failed_ids left unresolved, each with the reference and why */
                            unresolved?: {
                                /** Format: uuid */
                                id: string;
                                key: string;
                                /** @description the stored text, to see or mend the reference */
                                raw_value: string;
                                /**
                                 * @description unreachable: no such environment, or one the reader may not read; missing: no such key there; undecryptable: its value cannot be decrypted; cycle: it leads back to itself; too_deep: more than 5 hops; writer_cannot_read: whoever wrote a value on the way (whose reference left its environment) may not read where it leads, now; writer_unknown: such a value was saved before writers were recorded; not_referenceable: the environment takes no references from here (its references_from)
                                 * @enum {string}
                                 */
                                reason: "unreachable" | "missing" | "undecryptable" | "cycle" | "too_deep" | "writer_cannot_read" | "writer_unknown" | "not_referenceable";
                                /** @description the reference as written in the value, e.g. ${prod.DB_HOST} */
                                reference: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Not modified: If-None-Match named the current tag (or was *); no body, nothing was decrypted */
            304: {
                headers: {
                    /** @description strong tag of this answer for this caller; send it back as If-None-Match to get 304 when nothing changed */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listSecretMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description strong tag of this answer for this caller; send it back as If-None-Match to get 304 when nothing changed */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        current_version: number;
                        description: string | null;
                        /** @enum {string} */
                        environment_type: "dev" | "staging" | "prod" | "pilot" | "custom";
                        /** Format: uuid */
                        id: string;
                        /**
                         * Format: uuid
                         * @description present on a secret inherited from a parent environment: that environment's id
                         */
                        inherited_from?: string;
                        key: string;
                        /** Format: date-time */
                        last_rotated_at: string | null;
                        rotation_days: number;
                        /** Format: date-time */
                        updated_at: string;
                    }[];
                };
            };
            /** @description Not modified: If-None-Match named the current tag (or was *); no body, nothing was decrypted */
            304: {
                headers: {
                    /** @description strong tag of this answer for this caller; send it back as If-None-Match to get 304 when nothing changed */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    restoreEnvironment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description false (default): only preview; true: restore, in one transaction
                     * @default false
                     */
                    apply?: boolean;
                    /**
                     * Format: date-time
                     * @description the moment to put the environment back to
                     */
                    at: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description deleted since: recreated with their versions */
                        added: {
                            key: string;
                            value: string;
                        }[];
                        applied: boolean;
                        /** Format: date-time */
                        at: string;
                        /** @description a new version each, with the value they had then */
                        changed: {
                            current: string;
                            incoming: string;
                            key: string;
                        }[];
                        /** @description created since: deleted (recoverable as any delete) */
                        removed: {
                            key: string;
                            value: string;
                        }[];
                        unchanged: string[];
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description The workspace's plan does not include this */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    createShareLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 60 */
                    expires_in_minutes?: number;
                    /** @default 1 */
                    max_views?: number;
                    /** @description 8 characters or more; five wrong guesses burn the link */
                    passphrase?: string;
                    secret_ids: string[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the link to send a person: the dashboard's page with the token in the fragment, which no server or link preview sees; the values show only when the reader asks */
                        browser_url: string;
                        /** Format: date-time */
                        expires_at: string;
                        /** Format: uuid */
                        id: string;
                        max_views: number;
                        /** @description for scripts: a plain GET reads the values and spends a view (a browser opening it is sent to browser_url instead); the token in it is shown once */
                        url: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description The workspace's plan does not include this */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    getEnvironmentTimeline: {
        parameters: {
            query?: {
                /** @description only events strictly before this moment */
                before?: string;
                /** @description the X-Next-Cursor header of the previous page */
                cursor?: string;
                /** @description events per page, 1 to 500 (default 100) */
                limit?: number;
            };
            header?: never;
            path: {
                environment_id: string;
                project_id: string;
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description pass as `cursor` for the next page; absent on the last page */
                    "X-Next-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description who, as the audit trail names them; null when it no longer knows (a delete forgets a secret's log) */
                        actor: {
                            /** @description the person, the person's key, or the service account */
                            id: string;
                            /** @description the key that acted, if one did */
                            key: {
                                id: string;
                                name: string;
                            } | null;
                            name: string;
                            /** @description user | api_key | service_account | anonymous | system | operator */
                            type: string;
                            /** @description the person (for a service account: its id) */
                            user_id: string;
                        } | null;
                        /** Format: date-time */
                        at: string;
                        /** @description the event's identifier within the timeline */
                        id: string;
                        /** @description the secret's key now (or when it was deleted, if it still is) */
                        key: string;
                        /**
                         * @description created, updated, rolled_back (an earlier value made current), restored (back from Recently deleted, or to a moment), deleted, renamed
                         * @enum {string}
                         */
                        kind: "created" | "updated" | "rolled_back" | "restored" | "deleted" | "renamed";
                        /** @description the key before and after, when the event renamed the secret */
                        renamed: {
                            from: string;
                            to: string;
                        } | null;
                        /**
                         * Format: date-time
                         * @description when part of a restore of the environment: its moment
                         */
                        restored_to: string | null;
                        /** Format: uuid */
                        secret_id: string;
                        /** @description a restore to just before `at` puts back what this event changed; false for renames, restores from Recently deleted and deletions undone since, which leave no trace a restore can act on */
                        undoable: boolean;
                        /** @description the version written (or current then; for a deletion, the last one) */
                        version: number | null;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description The workspace's plan does not include this */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        detail: string;
                        ids?: string[];
                        keys?: string[];
                        /** @description reference_unresolved: why (as in a 207's unresolved) */
                        reason?: string;
                        /** @description reference_unresolved: the reference, as written */
                        reference?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description the session this request was made with */
                        current: boolean;
                        /** Format: date-time */
                        expires_at: string;
                        /** Format: uuid */
                        id: string;
                        ip_address: string | null;
                        /**
                         * @description how the session was signed in (oidc: single sign-on, which a workspace may require); null for sessions from before this was recorded
                         * @enum {string|null}
                         */
                        sign_in_method: "password" | "google" | "github" | "oidc" | null;
                        user_agent: string;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    revokeAllSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        revoked: number;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    revokeSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        revoked: number;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    viewShareLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        expires_at: string;
                        secrets: {
                            key: string;
                            value: string;
                        }[];
                        views_remaining: number;
                    };
                };
            };
            /** @description a browser or a link preview: go to the page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts_left?: number;
                        code: string;
                        detail: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Gone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listTeams: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        avatar_url: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    createTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    avatar_url?: string | null;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        avatar_url: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    getTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        avatar_url: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    deleteTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: boolean;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    updateTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    avatar_url?: string | null;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        avatar_url: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listTeamMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        added_at: string;
                        email: string;
                        first_name: string;
                        last_name: string;
                        middle_name: string | null;
                        name: string;
                        /** @description the person's workspace role */
                        role: number;
                        /** Format: uuid */
                        user_id: string;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    addTeamMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path: {
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    user_id: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        added_at: string;
                        email: string;
                        first_name: string;
                        last_name: string;
                        middle_name: string | null;
                        name: string;
                        /** @description the person's workspace role */
                        role: number;
                        /** Format: uuid */
                        user_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    removeTeamMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                team_id: string;
                user_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        removed: boolean;
                        /** Format: uuid */
                        user_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listTeamProjects: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                team_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        is_active: boolean;
                        name: string;
                        /** @description free-form; stored and returned as given (at most 16 KiB of JSON, nested at most 32 deep) */
                        proj_metadata: {
                            [key: string]: unknown;
                        };
                        slug: string;
                        /** Format: uuid */
                        team_id: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listWorkspaces: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        avatar_url: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** @description free | pro | enterprise (or an operator-defined plan) */
                        plan: string;
                        /** @description members' sessions must come from the deployment's single sign-on (OpenID Connect) provider to reach the workspace; API keys are not affected (Owners set it) */
                        require_sso: boolean;
                        /** @description every member must use two-factor sign-in to reach the workspace (Owners set it) */
                        require_two_factor: boolean;
                        /** @description the caller's role: 0 Viewer, 1 Member, 2 Admin, 3 Owner */
                        role: number;
                        /** @description null = unlimited */
                        seat_limit: number | null;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    createWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    avatar_url?: string | null;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        avatar_url: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** @description free | pro | enterprise (or an operator-defined plan) */
                        plan: string;
                        /** @description members' sessions must come from the deployment's single sign-on (OpenID Connect) provider to reach the workspace; API keys are not affected (Owners set it) */
                        require_sso: boolean;
                        /** @description every member must use two-factor sign-in to reach the workspace (Owners set it) */
                        require_two_factor: boolean;
                        /** @description the caller's role: 0 Viewer, 1 Member, 2 Admin, 3 Owner */
                        role: number;
                        /** @description null = unlimited */
                        seat_limit: number | null;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    deleteWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: boolean;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    updateWorkspace: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path: {
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    avatar_url?: string | null;
                    name?: string;
                    /** @description require that members' sessions come from single sign-on (409 sso_not_configured without an OpenID Connect provider, 409 sso_session_required unless the Owner's own session does); other sessions get 403 sso_required, API keys are not affected */
                    require_sso?: boolean;
                    /** @description require two-factor sign-in of every member (the Owner setting it must have it on); members without it get 403 two_factor_enrollment_required */
                    require_two_factor?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        avatar_url: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** @description free | pro | enterprise (or an operator-defined plan) */
                        plan: string;
                        /** @description members' sessions must come from the deployment's single sign-on (OpenID Connect) provider to reach the workspace; API keys are not affected (Owners set it) */
                        require_sso: boolean;
                        /** @description every member must use two-factor sign-in to reach the workspace (Owners set it) */
                        require_two_factor: boolean;
                        /** @description the caller's role: 0 Viewer, 1 Member, 2 Admin, 3 Owner */
                        role: number;
                        /** @description null = unlimited */
                        seat_limit: number | null;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listAuditEntries: {
        parameters: {
            query?: {
                /** @description an action (secret.created), or every action of a resource with a trailing dot (secret.); several, comma-separated (up to 50), select any of them */
                action?: string;
                actor?: string;
                batch?: string;
                cursor?: string;
                environment?: string;
                limit?: number;
                project?: string;
                /** @description entries at or after this time */
                since?: string;
                /** @description entries before this time */
                until?: string;
                /** @description operations: one entry per operation (a bulk operation's summary, its items under `batch`), reads of values and sign-ins included, as people read the trail; changes: every change as recorded one by one (each item of a bulk create or update, no reads or sign-ins); all: every entry. Default: changes, or all when `action` is given (the export: operations, or all with `action`). */
                view?: "operations" | "changes" | "all";
            };
            header?: never;
            path: {
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description pass as `cursor` for the next page; absent on the last page */
                    "X-Next-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description <resource>.<past-tense verb>, e.g. secret.created */
                        action: string;
                        actor: {
                            /** @description the person, the person's key, or the service account */
                            id: string;
                            /** @description the key that acted, if one did */
                            key: {
                                id: string;
                                name: string;
                            } | null;
                            name: string;
                            /** @description user | api_key | service_account | anonymous | system | operator */
                            type: string;
                            /** @description the person (for a service account: its id) */
                            user_id: string;
                        };
                        /** @description the summary entry of the bulk operation this entry is an item of; the workspace trail lists summaries, and `batch=<id>` lists a summary's items */
                        batch_id: string | null;
                        /** @description the entry's place in the tamper-evident chain (null only for entries not yet chained) */
                        chain: {
                            /** @description HMAC-SHA256 of the entry and prev_hmac, hex (docs/audit.md) */
                            hmac: string;
                            /** @description the previous entry's hmac (64 zeros for the first) */
                            prev_hmac: string;
                            /** @description its place in the workspace's chain: 1, 2, 3… with no gaps */
                            sequence: number;
                        } | null;
                        /** Format: date-time */
                        created_at: string;
                        /** @description what else names the event: `key` for a secret (as it was named then), `count` and `keys` (comma-separated) for a bulk operation; never a value */
                        details: {
                            [key: string]: unknown;
                        };
                        /** @description the environment it happened in, if any */
                        environment_id: string | null;
                        /** @description the environment's name when it happened */
                        environment_name: string | null;
                        /** Format: uuid */
                        id: string;
                        ip_address: string | null;
                        /** @description the project it happened in, if any */
                        project_id: string | null;
                        /** @description the project's name when it happened (it survives a rename or a deletion) */
                        project_name: string | null;
                        resource_id: string | null;
                        resource_type: string;
                        secret_id: string | null;
                        user_agent: string | null;
                        version: number | null;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    getAuditChain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description what retention purged from the start: the chain continues from this entry's hmac */
                        checkpoint: {
                            /** Format: date-time */
                            created_at: string;
                            hmac: string;
                            purged: number;
                            sequence: number;
                        } | null;
                        /** @description where the chain ends */
                        head: {
                            hmac: string;
                            sequence: number;
                        } | null;
                        last_verification: {
                            checked: number;
                            /** @description the first place where the chain does not hold */
                            first_break: {
                                detail: string;
                                /** @description the entry where the chain breaks (null: the newest are gone) */
                                entry_id: string | null;
                                /** @description the sequence the chain expected there */
                                expected_sequence: number;
                                /** @description what most likely happened there */
                                kind: "changed" | "missing" | "inserted" | "reordered";
                                /** @description that entry's stored sequence (or the first one missing) */
                                sequence: number;
                            } | null;
                            holds: boolean;
                            /** Format: date-time */
                            verified_at: string;
                        } | null;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    exportAuditEntries: {
        parameters: {
            query?: {
                /** @description an action (secret.created), or every action of a resource with a trailing dot (secret.); several, comma-separated (up to 50), select any of them */
                action?: string;
                actor?: string;
                environment?: string;
                format?: "csv" | "json";
                project?: string;
                /** @description entries at or after this time */
                since?: string;
                /** @description entries before this time */
                until?: string;
                /** @description operations: one entry per operation (a bulk operation's summary, its items under `batch`), reads of values and sign-ins included, as people read the trail; changes: every change as recorded one by one (each item of a bulk create or update, no reads or sign-ins); all: every entry. Default: changes, or all when `action` is given (the export: operations, or all with `action`). */
                view?: "operations" | "changes" | "all";
            };
            header?: never;
            path: {
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entries, as a download */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description <resource>.<past-tense verb>, e.g. secret.created */
                        action: string;
                        actor: {
                            /** @description the person, the person's key, or the service account */
                            id: string;
                            /** @description the key that acted, if one did */
                            key: {
                                id: string;
                                name: string;
                            } | null;
                            name: string;
                            /** @description user | api_key | service_account | anonymous | system | operator */
                            type: string;
                            /** @description the person (for a service account: its id) */
                            user_id: string;
                        };
                        /** @description the summary entry of the bulk operation this entry is an item of; the workspace trail lists summaries, and `batch=<id>` lists a summary's items */
                        batch_id: string | null;
                        /** @description the entry's place in the tamper-evident chain (null only for entries not yet chained) */
                        chain: {
                            /** @description HMAC-SHA256 of the entry and prev_hmac, hex (docs/audit.md) */
                            hmac: string;
                            /** @description the previous entry's hmac (64 zeros for the first) */
                            prev_hmac: string;
                            /** @description its place in the workspace's chain: 1, 2, 3… with no gaps */
                            sequence: number;
                        } | null;
                        /** Format: date-time */
                        created_at: string;
                        /** @description what else names the event: `key` for a secret (as it was named then), `count` and `keys` (comma-separated) for a bulk operation; never a value */
                        details: {
                            [key: string]: unknown;
                        };
                        /** @description the environment it happened in, if any */
                        environment_id: string | null;
                        /** @description the environment's name when it happened */
                        environment_name: string | null;
                        /** Format: uuid */
                        id: string;
                        ip_address: string | null;
                        /** @description the project it happened in, if any */
                        project_id: string | null;
                        /** @description the project's name when it happened (it survives a rename or a deletion) */
                        project_name: string | null;
                        resource_id: string | null;
                        resource_type: string;
                        secret_id: string | null;
                        user_agent: string | null;
                        version: number | null;
                    }[];
                    "text/csv": string;
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    getAuditVerificationKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path: {
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        algorithm: "HMAC-SHA256";
                        /** @description hex; verifies every entry's hmac and the checkpoint's signature */
                        key: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    verifyAuditChain: {
        parameters: {
            query?: {
                /** @description the first sequence to verify (default: the chain's start) */
                from?: number;
                /** @description the last sequence to verify (default: its end) */
                to?: number;
            };
            header?: never;
            path: {
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description entries read and checked */
                        checked: number;
                        /** @description what retention purged from the start: the chain continues from this entry's hmac */
                        checkpoint: {
                            /** Format: date-time */
                            created_at: string;
                            hmac: string;
                            purged: number;
                            sequence: number;
                        } | null;
                        /** @description the first place where the chain does not hold */
                        first_break: {
                            detail: string;
                            /** @description the entry where the chain breaks (null: the newest are gone) */
                            entry_id: string | null;
                            /** @description the sequence the chain expected there */
                            expected_sequence: number;
                            /** @description what most likely happened there */
                            kind: "changed" | "missing" | "inserted" | "reordered";
                            /** @description that entry's stored sequence (or the first one missing) */
                            sequence: number;
                        } | null;
                        from: number;
                        /** @description where the chain ends */
                        head: {
                            hmac: string;
                            sequence: number;
                        } | null;
                        holds: boolean;
                        to: number;
                        /** Format: date-time */
                        verified_at: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description pass as `cursor` for the next page; absent on the last page */
                    "X-Next-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        first_name: string;
                        /** Format: date-time */
                        joined_at: string;
                        last_name: string;
                        middle_name: string | null;
                        name: string;
                        role: number;
                        /** @description the member has two-factor sign-in on */
                        two_factor: boolean;
                        /** Format: uuid */
                        user_id: string;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        removed: boolean;
                        /** Format: uuid */
                        user_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    updateMemberRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path: {
                user_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 0 Viewer, 1 Member, 2 Admin, 3 Owner */
                    role: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        first_name: string;
                        /** Format: date-time */
                        joined_at: string;
                        last_name: string;
                        middle_name: string | null;
                        name: string;
                        role: number;
                        /** @description the member has two-factor sign-in on */
                        two_factor: boolean;
                        /** Format: uuid */
                        user_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    searchSecrets: {
        parameters: {
            query: {
                limit?: number;
                /** @description text to find in keys and descriptions, any case */
                q: string;
            };
            header?: never;
            path: {
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        description: string | null;
                        environment: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        };
                        /** Format: uuid */
                        id: string;
                        key: string;
                        project: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        };
                        /** Format: uuid */
                        team_id: string;
                        /** Format: date-time */
                        updated_at: string;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listServiceAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        created_by: string;
                        description: string | null;
                        disabled: boolean;
                        /** Format: uuid */
                        id: string;
                        name: string;
                        role: number;
                        team_ids: string[];
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    createServiceAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path: {
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    name: string;
                    /** @description 0 Viewer, 1 Member, 2 Admin (never Owner, and never above the caller's own role) */
                    role: number;
                    /** @description the teams it belongs to (what a Viewer or Member reaches) */
                    team_ids?: string[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        created_by: string;
                        description: string | null;
                        disabled: boolean;
                        /** Format: uuid */
                        id: string;
                        name: string;
                        role: number;
                        team_ids: string[];
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description The workspace's plan does not include this */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    getServiceAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                service_account_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        created_by: string;
                        description: string | null;
                        disabled: boolean;
                        /** Format: uuid */
                        id: string;
                        name: string;
                        role: number;
                        team_ids: string[];
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    deleteServiceAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                service_account_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    updateServiceAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path: {
                service_account_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    /** @description a disabled account's keys answer 401 */
                    disabled?: boolean;
                    name?: string;
                    /** @description 0 Viewer, 1 Member, 2 Admin (never Owner, and never above the caller's own role) */
                    role?: number;
                    /** @description the teams it belongs to (what a Viewer or Member reaches) */
                    team_ids?: string[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        created_by: string;
                        description: string | null;
                        disabled: boolean;
                        /** Format: uuid */
                        id: string;
                        name: string;
                        role: number;
                        team_ids: string[];
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listServiceAccountKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                service_account_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access: "read" | "read_write";
                        allowed_cidrs: string[] | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        created_by: string;
                        description: string | null;
                        environment_ids: string[] | null;
                        /** Format: date-time */
                        expires_at: string | null;
                        /** Format: uuid */
                        id: string;
                        is_revoked: boolean;
                        /** Format: date-time */
                        last_used_at: string | null;
                        name: string;
                        /** @description the first characters of the token, for recognising it */
                        prefix: string;
                        project_ids: string[] | null;
                        /** Format: uuid */
                        service_account_id: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    createServiceAccountKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path: {
                service_account_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description read: the key changes nothing; read_write (default): what the holder's role allows */
                    access?: "read" | "read_write";
                    /** @description client addresses or CIDR ranges the key may be used from (the address COFFER_TRUST_PROXY decides); a use from elsewhere answers 401 api_key_address_refused */
                    allowed_cidrs?: string[] | null;
                    description?: string | null;
                    /** @description the only environments the key reaches (their secrets only); null or absent: not narrowed */
                    environment_ids?: string[] | null;
                    /** @description lifetime in minutes from now */
                    expires_at?: number | null;
                    name: string;
                    /** @description the only projects the key reaches (their secrets only); null or absent: not narrowed */
                    project_ids?: string[] | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access: "read" | "read_write";
                        allowed_cidrs: string[] | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        created_by: string;
                        description: string | null;
                        environment_ids: string[] | null;
                        /** Format: date-time */
                        expires_at: string | null;
                        /** Format: uuid */
                        id: string;
                        is_revoked: boolean;
                        /** Format: date-time */
                        last_used_at: string | null;
                        name: string;
                        /** @description the first characters of the token, for recognising it */
                        prefix: string;
                        project_ids: string[] | null;
                        /** Format: uuid */
                        service_account_id: string;
                        /** @description the credential; shown once, never again */
                        token: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    revokeServiceAccountKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: string;
                service_account_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access: "read" | "read_write";
                        allowed_cidrs: string[] | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        created_by: string;
                        description: string | null;
                        environment_ids: string[] | null;
                        /** Format: date-time */
                        expires_at: string | null;
                        /** Format: uuid */
                        id: string;
                        is_revoked: boolean;
                        /** Format: date-time */
                        last_used_at: string | null;
                        name: string;
                        /** @description the first characters of the token, for recognising it */
                        prefix: string;
                        project_ids: string[] | null;
                        /** Format: uuid */
                        service_account_id: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listServiceAccountTrusts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                service_account_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access: "read" | "read_write";
                        allowed_cidrs: string[] | null;
                        audience: string;
                        claims: {
                            [key: string]: string;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        created_by: string;
                        environment_ids: string[] | null;
                        /** Format: uuid */
                        id: string;
                        issuer: string;
                        name: string;
                        project_ids: string[] | null;
                        /** Format: uuid */
                        service_account_id: string;
                        subject: string;
                        token_minutes: number;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    createServiceAccountTrust: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path: {
                service_account_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description read: the key changes nothing; read_write (default): what the holder's role allows */
                    access?: "read" | "read_write";
                    /** @description client addresses or CIDR ranges the key may be used from (the address COFFER_TRUST_PROXY decides); a use from elsewhere answers 401 api_key_address_refused */
                    allowed_cidrs?: string[] | null;
                    /** @description the aud the tokens must carry */
                    audience: string;
                    /** @description further claims that must match, e.g. {"environment": "production"} */
                    claims?: {
                        [key: string]: string;
                    };
                    /** @description the only environments the key reaches (their secrets only); null or absent: not narrowed */
                    environment_ids?: string[] | null;
                    /** @description the OIDC issuer URL, exactly as its tokens' iss says, e.g. https://token.actions.githubusercontent.com: https, on a public address (loopback, private and link-local addresses, and plain http, only in networks the operator allowed with COFFER_OUTBOUND_ALLOW) */
                    issuer: string;
                    name: string;
                    /** @description the only projects the key reaches (their secrets only); null or absent: not narrowed */
                    project_ids?: string[] | null;
                    /** @description the sub pattern, e.g. repo:acme/payments:ref:refs/heads/main; matched whole, * matches any run of characters */
                    subject: string;
                    /** @description lifetime of the exchanged token (default 15) */
                    token_minutes?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access: "read" | "read_write";
                        allowed_cidrs: string[] | null;
                        audience: string;
                        claims: {
                            [key: string]: string;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        created_by: string;
                        environment_ids: string[] | null;
                        /** Format: uuid */
                        id: string;
                        issuer: string;
                        name: string;
                        project_ids: string[] | null;
                        /** Format: uuid */
                        service_account_id: string;
                        subject: string;
                        token_minutes: number;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    deleteServiceAccountTrust: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                service_account_id: string;
                trust_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listShareLinks: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description pass as `cursor` for the next page; absent on the last page */
                    "X-Next-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: uuid */
                        environment_id: string;
                        /** Format: date-time */
                        expires_at: string;
                        /** @description wrong passphrases so far (five burn the link) */
                        failed_attempts: number;
                        /** Format: uuid */
                        id: string;
                        max_views: number;
                        /** @description the link has a passphrase */
                        passphrase: boolean;
                        /** Format: date-time */
                        revoked_at: string | null;
                        /** @description the shared secrets' key names (never values) */
                        secret_keys: string[];
                        /** @enum {string} */
                        status: "active" | "expired" | "used_up" | "revoked" | "burnt";
                        views: number;
                        /** Format: uuid */
                        workspace_id: string;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    revokeShareLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                link_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        created_by: string;
                        /** Format: uuid */
                        environment_id: string;
                        /** Format: date-time */
                        expires_at: string;
                        /** @description wrong passphrases so far (five burn the link) */
                        failed_attempts: number;
                        /** Format: uuid */
                        id: string;
                        max_views: number;
                        /** @description the link has a passphrase */
                        passphrase: boolean;
                        /** Format: date-time */
                        revoked_at: string | null;
                        /** @description the shared secrets' key names (never values) */
                        secret_keys: string[];
                        /** @enum {string} */
                        status: "active" | "expired" | "used_up" | "revoked" | "burnt";
                        views: number;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    switchWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description a session token carrying the new workspace (sessions only) */
                        access_token: string | null;
                        expires_in: number | null;
                        /** @enum {string} */
                        token_type: "bearer";
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        consecutive_failures: number;
                        /** Format: date-time */
                        created_at: string;
                        created_by: string;
                        description: string | null;
                        /** Format: date-time */
                        disabled_at: string | null;
                        disabled_reason: string | null;
                        enabled: boolean;
                        /** Format: uuid */
                        environment_id: string | null;
                        events: string[];
                        /** Format: date-time */
                        failing_since: string | null;
                        /** Format: uuid */
                        id: string;
                        /** Format: date-time */
                        last_success_at: string | null;
                        /** Format: date-time */
                        previous_secret_expires_at: string | null;
                        /** Format: uuid */
                        project_id: string | null;
                        /** Format: date-time */
                        updated_at: string;
                        url: string;
                        /** Format: uuid */
                        workspace_id: string;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path: {
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    /**
                     * Format: uuid
                     * @description only events in this environment (its project is implied)
                     */
                    environment_id?: string | null;
                    /** @description the event types to send; empty or absent: every one */
                    events?: ("secret.created" | "secret.updated" | "secret.deleted" | "secret.restored" | "secret.rolled_back" | "environment.created" | "environment.updated" | "environment.deleted" | "environment.restored" | "environment.secrets_deleted" | "project.created" | "project.updated" | "project.deleted" | "import.applied" | "api_key.revoked" | "service_account.key_revoked")[];
                    /**
                     * Format: uuid
                     * @description only events in this project
                     */
                    project_id?: string | null;
                    /** @description where deliveries are POSTed: https (plain http only to networks in COFFER_OUTBOUND_ALLOW) */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        consecutive_failures: number;
                        /** Format: date-time */
                        created_at: string;
                        created_by: string;
                        description: string | null;
                        /** Format: date-time */
                        disabled_at: string | null;
                        disabled_reason: string | null;
                        enabled: boolean;
                        /** Format: uuid */
                        environment_id: string | null;
                        events: string[];
                        /** Format: date-time */
                        failing_since: string | null;
                        /** Format: uuid */
                        id: string;
                        /** Format: date-time */
                        last_success_at: string | null;
                        /** Format: date-time */
                        previous_secret_expires_at: string | null;
                        /** Format: uuid */
                        project_id: string | null;
                        /** @description the signing secret, shown this once */
                        secret: string;
                        /** Format: date-time */
                        updated_at: string;
                        url: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        consecutive_failures: number;
                        /** Format: date-time */
                        created_at: string;
                        created_by: string;
                        description: string | null;
                        /** Format: date-time */
                        disabled_at: string | null;
                        disabled_reason: string | null;
                        enabled: boolean;
                        /** Format: uuid */
                        environment_id: string | null;
                        events: string[];
                        /** Format: date-time */
                        failing_since: string | null;
                        /** Format: uuid */
                        id: string;
                        /** Format: date-time */
                        last_success_at: string | null;
                        /** Format: date-time */
                        previous_secret_expires_at: string | null;
                        /** Format: uuid */
                        project_id: string | null;
                        /** Format: date-time */
                        updated_at: string;
                        url: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: boolean;
                        id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path: {
                webhook_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    /** @description false stops deliveries (they wait); true resumes them and clears the failure count */
                    enabled?: boolean;
                    /**
                     * Format: uuid
                     * @description only events in this environment (its project is implied)
                     */
                    environment_id?: string | null;
                    /** @description the event types to send; empty or absent: every one */
                    events?: ("secret.created" | "secret.updated" | "secret.deleted" | "secret.restored" | "secret.rolled_back" | "environment.created" | "environment.updated" | "environment.deleted" | "environment.restored" | "environment.secrets_deleted" | "project.created" | "project.updated" | "project.deleted" | "import.applied" | "api_key.revoked" | "service_account.key_revoked")[];
                    /**
                     * Format: uuid
                     * @description only events in this project
                     */
                    project_id?: string | null;
                    /** @description where deliveries are POSTed: https (plain http only to networks in COFFER_OUTBOUND_ALLOW) */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        consecutive_failures: number;
                        /** Format: date-time */
                        created_at: string;
                        created_by: string;
                        description: string | null;
                        /** Format: date-time */
                        disabled_at: string | null;
                        disabled_reason: string | null;
                        enabled: boolean;
                        /** Format: uuid */
                        environment_id: string | null;
                        events: string[];
                        /** Format: date-time */
                        failing_since: string | null;
                        /** Format: uuid */
                        id: string;
                        /** Format: date-time */
                        last_success_at: string | null;
                        /** Format: date-time */
                        previous_secret_expires_at: string | null;
                        /** Format: uuid */
                        project_id: string | null;
                        /** Format: date-time */
                        updated_at: string;
                        url: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                status?: "pending" | "delivered" | "failed";
            };
            header?: never;
            path: {
                webhook_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description pass as `cursor` for the next page; absent on the last page */
                    "X-Next-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: number;
                        /** Format: date-time */
                        created_at: string;
                        event_id: string;
                        event_type: string;
                        /** Format: date-time */
                        finished_at: string | null;
                        /** Format: uuid */
                        id: string;
                        last_error: string | null;
                        last_latency_ms: number | null;
                        last_status_code: number | null;
                        /** Format: date-time */
                        next_attempt_at: string | null;
                        /** @description the JSON body sent */
                        payload: {
                            [key: string]: unknown;
                        };
                        status: "pending" | "delivered" | "failed";
                        /** Format: uuid */
                        webhook_id: string;
                    }[];
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                delivery_id: string;
                webhook_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: number;
                        /** Format: date-time */
                        created_at: string;
                        event_id: string;
                        event_type: string;
                        /** Format: date-time */
                        finished_at: string | null;
                        /** Format: uuid */
                        id: string;
                        last_error: string | null;
                        last_latency_ms: number | null;
                        last_status_code: number | null;
                        /** Format: date-time */
                        next_attempt_at: string | null;
                        /** @description the JSON body sent */
                        payload: {
                            [key: string]: unknown;
                        };
                        status: "pending" | "delivered" | "failed";
                        /** Format: uuid */
                        webhook_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    redeliverWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                delivery_id: string;
                webhook_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: number;
                        /** Format: date-time */
                        created_at: string;
                        event_id: string;
                        event_type: string;
                        /** Format: date-time */
                        finished_at: string | null;
                        /** Format: uuid */
                        id: string;
                        last_error: string | null;
                        last_latency_ms: number | null;
                        last_status_code: number | null;
                        /** Format: date-time */
                        next_attempt_at: string | null;
                        /** @description the JSON body sent */
                        payload: {
                            [key: string]: unknown;
                        };
                        status: "pending" | "delivered" | "failed";
                        /** Format: uuid */
                        webhook_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in */
                "x-coffer-otp"?: string;
            };
            path: {
                webhook_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description how long the old secret keeps signing beside the new one (default 86400) */
                    overlap_seconds?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        consecutive_failures: number;
                        /** Format: date-time */
                        created_at: string;
                        created_by: string;
                        description: string | null;
                        /** Format: date-time */
                        disabled_at: string | null;
                        disabled_reason: string | null;
                        enabled: boolean;
                        /** Format: uuid */
                        environment_id: string | null;
                        events: string[];
                        /** Format: date-time */
                        failing_since: string | null;
                        /** Format: uuid */
                        id: string;
                        /** Format: date-time */
                        last_success_at: string | null;
                        /** Format: date-time */
                        previous_secret_expires_at: string | null;
                        /** Format: uuid */
                        project_id: string | null;
                        /** @description the signing secret, shown this once */
                        secret: string;
                        /** Format: date-time */
                        updated_at: string;
                        url: string;
                        /** Format: uuid */
                        workspace_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: number;
                        /** Format: date-time */
                        created_at: string;
                        event_id: string;
                        event_type: string;
                        /** Format: date-time */
                        finished_at: string | null;
                        /** Format: uuid */
                        id: string;
                        last_error: string | null;
                        last_latency_ms: number | null;
                        last_status_code: number | null;
                        /** Format: date-time */
                        next_attempt_at: string | null;
                        /** @description the JSON body sent */
                        payload: {
                            [key: string]: unknown;
                        };
                        status: "pending" | "delivered" | "failed";
                        /** Format: uuid */
                        webhook_id: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
    getCurrentWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        avatar_url: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** @description free | pro | enterprise (or an operator-defined plan) */
                        plan: string;
                        /** @description members' sessions must come from the deployment's single sign-on (OpenID Connect) provider to reach the workspace; API keys are not affected (Owners set it) */
                        require_sso: boolean;
                        /** @description every member must use two-factor sign-in to reach the workspace (Owners set it) */
                        require_two_factor: boolean;
                        /** @description the caller's role: 0 Viewer, 1 Member, 2 Admin, 3 Owner */
                        role: number;
                        /** @description null = unlimited */
                        seat_limit: number | null;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description No valid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
            /** @description Validation error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the first problems found (at most 20) */
                        detail: {
                            ctx?: {
                                [key: string]: unknown;
                            };
                            input?: unknown;
                            loc: (string | number)[];
                            msg: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Too many requests (see Retry-After) */
            429: {
                headers: {
                    /** @description requests allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: components["schemas"]["ErrorCode"];
                        detail: string;
                        /** @description session_revoked only: why the session ended — replaced (the same user agent signed in again), signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused */
                        reason?: string;
                        /**
                         * Format: date-time
                         * @description session_revoked only
                         */
                        revoked_at?: string;
                    };
                };
            };
        };
    };
}
