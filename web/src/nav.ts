// The header's navigation inside a workspace, in order. `action` hides an entry the caller's role
// may not use (the permission matrix decides, see lib/permissions.ts).
import type { Action } from "./lib/permissions.ts";

export interface NavEntry {
  label: string;
  /** A route path under /w/$workspaceId (see routes.tsx). */
  to:
    | "/w/$workspaceId"
    | "/w/$workspaceId/audit"
    | "/w/$workspaceId/members"
    | "/w/$workspaceId/api-keys"
    | "/w/$workspaceId/service-accounts"
    | "/w/$workspaceId/webhooks"
    | "/w/$workspaceId/share-links"
    | "/w/$workspaceId/sessions"
    | "/w/$workspaceId/admin";
  action?: Action;
  /** Shown only to the instance's operators (GET /auth/me `instance_operator`). */
  operatorOnly?: boolean;
}

export const NAV: NavEntry[] = [
  { label: "Projects", to: "/w/$workspaceId" },
  { label: "Members", to: "/w/$workspaceId/members", action: "workspace.read" },
  { label: "Share links", to: "/w/$workspaceId/share-links", action: "share_link.list" },
  { label: "API keys", to: "/w/$workspaceId/api-keys" },
  { label: "Service accounts", to: "/w/$workspaceId/service-accounts", action: "service_account.list" },
  { label: "Webhooks", to: "/w/$workspaceId/webhooks", action: "webhook.list" },
  { label: "Sessions", to: "/w/$workspaceId/sessions" },
  { label: "Audit", to: "/w/$workspaceId/audit", action: "audit.read" },
  { label: "Instance", to: "/w/$workspaceId/admin", operatorOnly: true },
];

/**
 * The pages about the person rather than the workspace (route ids): they open even where the
 * workspace refuses the person (a member without the two-factor sign-in it requires), so that
 * they can turn it on.
 */
export const ACCOUNT_ROUTES: ReadonlySet<string> = new Set([
  "/w/$workspaceId/account",
  "/w/$workspaceId/account/security",
  "/w/$workspaceId/api-keys",
  "/w/$workspaceId/sessions",
  "/w/$workspaceId/admin",
]);

/** Where an environment's secrets are, from the API's path of it. */
export const environmentLink = (path: {
  workspace_id: string;
  team_id: string;
  project_id: string;
  environment_id: string;
}) =>
  ({
    to: "/w/$workspaceId/env/$teamId/$projectId/$environmentId",
    params: {
      workspaceId: path.workspace_id,
      teamId: path.team_id,
      projectId: path.project_id,
      environmentId: path.environment_id,
    },
  }) as const;
