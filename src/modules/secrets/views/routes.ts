// The routes that read across environments: environments of a project compared, the workspace
// searched, and the environments that inherit a secret (the consumer reads are in consumer-routes.ts).
import Type from "typebox";
import { authErrors, ErrorBody, WorkspaceParams } from "../../../http/schemas.ts";
import { contextOf } from "../../../http/scope.ts";
import type { TypedApp } from "../../../http/types.ts";
import { pathOf } from "../../environments/index.ts";
import type { SecretRouteOptions } from "../responses.ts";
import { Heirs, SearchQuery, SearchResult, SecretParams } from "../schemas.ts";
import { CompareParams, CompareQuery, Comparison } from "./compare-schemas.ts";
import { registerConsumerReads } from "./consumer-routes.ts";

export function registerViewRoutes(app: TypedApp, options: SecretRouteOptions): void {
  const { secrets, route, base, errors } = options;

  registerConsumerReads(app, options);

  app.get(
    "/environments/:workspace_id/:team_id/:project_id/compare",
    route("secret.read", {
      description:
        "Environments of one project side by side: every key in any of them, with its presence, version and a " +
        "value fingerprint per environment (values only with values=true). The caller must read each one.",
      params: CompareParams,
      querystring: CompareQuery,
      response: { 200: Comparison, ...errors },
    }),
    async (request) =>
      secrets.compare(
        contextOf(request),
        { teamId: request.params.team_id, projectId: request.params.project_id },
        request.query.environments.toLowerCase().split(","),
        request.query.values ?? false,
      ),
  );

  app.get(
    "/workspaces/:workspace_id/search",
    route("secret.search", {
      description:
        "Secrets of the workspace whose key or description holds `q` (any case), sorted by key, at most " +
        "`limit` (1-100, default 50): only those the caller may read (Viewers and Members: their teams). Values " +
        "are never searched or answered. A key narrowed to projects or environments is refused.",
      params: WorkspaceParams,
      querystring: SearchQuery,
      response: { 200: Type.Array(SearchResult), 403: ErrorBody, 404: ErrorBody, ...authErrors },
    }),
    async (request) => secrets.search(contextOf(request), request.query.q, request.query.limit ?? 50),
  );

  app.get(
    `${base}/:secret_id/inherited-by`,
    route("secret.read", {
      description:
        "The environments that inherit this secret from this one (directly or through others, unless they set " +
        "the key themselves): deleting it takes it from them. Names only, never values.",
      params: SecretParams,
      response: { 200: Heirs, ...errors },
    }),
    async (request) => secrets.inheritedBy(contextOf(request), pathOf(request), request.params.secret_id),
  );
}
