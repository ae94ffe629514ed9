// The secrets routes, one file per room (values/, views/, history/), all under the same workspace
// scope, tags and error answers.
import type { FastifyPluginAsync } from "fastify";
import { workspaceRoutes } from "../../http/route-options.ts";
import { workspaceScope } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import type { SharingService } from "../sharing/index.ts";
import type { WorkspacesService } from "../workspaces/index.ts";
import { registerHistoryRoutes } from "./history/routes.ts";
import { SECRET_ERRORS, type SecretRouteOptions } from "./responses.ts";
import type { SecretsService } from "./service.ts";
import { registerValueRoutes } from "./values/routes.ts";
import { registerViewRoutes } from "./views/routes.ts";

export const secretsRoutes =
  (deps: {
    secrets: SecretsService;
    sharing: SharingService;
    workspaces: WorkspacesService;
  }): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const options: SecretRouteOptions = {
      secrets: deps.secrets,
      base: "/secrets/:workspace_id/:team_id/:project_id/:environment_id",
      route: workspaceRoutes(["Secrets"], workspaceScope(deps.workspaces.lookup)),
      errors: SECRET_ERRORS,
    };
    registerValueRoutes(app, options, deps.sharing);
    registerViewRoutes(app, options);
    registerHistoryRoutes(app, options);
  };
