import type { FastifyPluginAsync } from "fastify";
import Type, { type Static } from "typebox";
import { workspaceRoutes } from "../../http/route-options.ts";
import { authErrors, ErrorBody } from "../../http/schemas.ts";
import { contextOf, workspaceScope } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import type { WorkspacesService } from "../workspaces/index.ts";
import {
  ImportApplyRequestRef,
  ImportParams,
  ImportPreviewRequestRef,
  ImportPreviewResponseRef,
} from "./schemas.ts";
import type { ImportsService } from "./service.ts";

type Params = Static<typeof ImportParams>;

/** Apply's 409: the keys that were created or deleted here while the import ran. */
const ConflictBody = Type.Object({
  detail: Type.String(),
  code: Type.String(),
  keys: Type.Optional(Type.Array(Type.String())),
});

export const importsRoutes =
  (deps: { imports: ImportsService; workspaces: WorkspacesService }): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const route = workspaceRoutes(["Import"], workspaceScope(deps.workspaces.lookup));
    const base = "/integrations/:workspace_id/:team_id/:project_id/:environment_id";
    const errors = {
      400: ErrorBody,
      403: ErrorBody,
      404: ErrorBody,
      409: ConflictBody,
      502: ErrorBody,
      ...authErrors,
    };
    const pathOf = (params: Params) => ({
      teamId: params.team_id,
      projectId: params.project_id,
      environmentId: params.environment_id,
    });

    app.post(
      `${base}/preview`,
      route("secret.write", {
        operationId: "previewImport",
        summary: "Preview an import from Railway, Vercel or Render",
        description:
          "Reads the platform's variables with the given token (used for this request only) and reports what an " +
          "import would add, change, leave unchanged or skip. Changes nothing. Values are masked unless reveal is true.",
        params: ImportParams,
        body: ImportPreviewRequestRef,
        response: { 200: ImportPreviewResponseRef, ...errors },
      }),
      async (request) => deps.imports.preview(contextOf(request), pathOf(request.params), request.body),
    );

    app.post(
      `${base}/apply`,
      route("secret.write", {
        operationId: "applyImport",
        summary: "Import from Railway, Vercel or Render",
        description:
          "Reads the platform's variables like preview, then writes the added ones (and the changed ones with " +
          "overwrite: true; only `keys` when given) in one transaction, with new versions and audit entries. " +
          "Answers the preview's shape describing what was written.",
        params: ImportParams,
        body: ImportApplyRequestRef,
        response: { 200: ImportPreviewResponseRef, ...errors },
      }),
      async (request) => deps.imports.apply(contextOf(request), pathOf(request.params), request.body),
    );
  };
