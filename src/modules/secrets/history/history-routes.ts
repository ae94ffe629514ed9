// One past version's value, read on purpose from a secret's history: the same permission as any
// read (secret.read), the same plan as the history (402 on the free plan), and in the audit trail
// as a read of that version.
import { ErrorBody } from "../../../http/schemas.ts";
import { contextOf } from "../../../http/scope.ts";
import type { TypedApp } from "../../../http/types.ts";
import { pathOf } from "../../environments/index.ts";
import type { SecretRouteOptions } from "../responses.ts";
import { VersionParams, VersionValue } from "../schemas.ts";

export function registerVersionRead(app: TypedApp, options: SecretRouteOptions): void {
  const { secrets, preHandler, base, common, errors } = options;
  app.get(
    `${base}/:secret_id/versions/:version`,
    {
      config: { action: "secret.read" },
      preHandler,
      schema: {
        ...common,
        description:
          "One version's value as stored (references unresolved), recorded in the audit trail as a read of " +
          "that version. Paid capability, like version history (402 on the free plan); 404 for a version the " +
          "secret does not have.",
        params: VersionParams,
        response: { 200: VersionValue, 402: ErrorBody, ...errors },
      },
    },
    async (request) =>
      secrets.versionValue(
        contextOf(request),
        pathOf(request),
        request.params.secret_id,
        request.params.version,
      ),
  );
}
