// The GitHub Actions workflow that reads Coffer with no stored secret: the job asks GitHub for an
// OIDC token and `coffer run` trades it for a short-lived key of the service account. Pure, so the
// CLI (`coffer ci-setup`) and the dashboard (a trust's "Workflow" dialog) print the same text.

/** The issuer of GitHub Actions' OIDC tokens, exactly as their `iss` says. */
export const GITHUB_ISSUER = "https://token.actions.githubusercontent.com";

/** The `sub` GitHub gives a job of `repo` (owner/name) running on `branch` (`*` for any). */
export const githubSubject = (repo: string, branch: string): string =>
  `repo:${repo}:ref:refs/heads/${branch}`;

/** The audience a trust expects by default: the API's host, which names this Coffer and nothing else. */
export const defaultAudience = (apiUrl: string): string => new URL(apiUrl).host;

export interface WorkflowTarget {
  apiUrl: string;
  serviceAccountId: string;
  audience: string;
}

/** The workflow lines to paste into a job (permissions and steps). */
export function githubWorkflowSnippet({ apiUrl, serviceAccountId, audience }: WorkflowTarget): string {
  return [
    "permissions:",
    "  id-token: write   # lets the job ask GitHub for an OIDC token",
    "  contents: read",
    "steps:",
    "  - uses: actions/checkout@v4",
    "  - name: Run with Coffer's secrets",
    "    env:",
    `      COFFER_API_URL: ${apiUrl}`,
    `      COFFER_SERVICE_ACCOUNT: ${serviceAccountId}`,
    "    run: |",
    `      export COFFER_OIDC_TOKEN="$(curl -sSf -H "Authorization: bearer $ACTIONS_ID_TOKEN_REQUEST_TOKEN" "$ACTIONS_ID_TOKEN_REQUEST_URL&audience=${audience}" | jq -r .value)"`,
    "      npx coffer run -- ./deploy.sh",
  ].join("\n");
}
