// Railway: one GraphQL query, `variables(projectId, environmentId, serviceId)`, answered as a JSON
// object of name -> value. Account and workspace tokens go as Bearer, project tokens as
// Project-Access-Token; we try Bearer first, then the project-token header.
import { AppError } from "../../../errors.ts";
import { callPlatform, isRecord, type PlatformCall } from "./http.ts";
import type { ImportProvider, PlatformVariable } from "./types.ts";

const QUERY = `query coffer_import($projectId: String!, $environmentId: String!, $serviceId: String) {
  variables(projectId: $projectId, environmentId: $environmentId, serviceId: $serviceId)
}`;

export function railway(endpoint: string, timeoutMs: number): ImportProvider {
  const call: PlatformCall = { platform: "Railway", timeoutMs };
  async function query(headers: Record<string, string>, variables: Record<string, string | null>) {
    const { body } = await callPlatform(call, endpoint, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body: JSON.stringify({ query: QUERY, variables }),
    });
    if (!isRecord(body)) throw new AppError("provider_unavailable", "Railway answered an unexpected shape");
    return body;
  }
  const errorText = (body: Record<string, unknown>) =>
    Array.isArray(body.errors)
      ? body.errors.map((e) => (isRecord(e) && typeof e.message === "string" ? e.message : "")).join("; ")
      : "";
  const notAuthorized = (text: string) =>
    /not authori[sz]ed|project token not found|unauthori[sz]ed/i.test(text);

  /** The answer, or null when Railway refused these credentials (as GraphQL errors or HTTP 401/403). */
  async function queryAs(headers: Record<string, string>, variables: Record<string, string | null>) {
    try {
      const body = await query(headers, variables);
      return notAuthorized(errorText(body)) ? null : body;
    } catch (error) {
      if (error instanceof AppError && error.code === "provider_auth_failed") return null;
      throw error;
    }
  }

  return {
    async listVariables(token, source) {
      const variables = {
        projectId: source.project_id ?? null,
        environmentId: source.environment_id ?? null,
        serviceId: source.service_id ?? null,
      };
      const body =
        (await queryAs({ authorization: `Bearer ${token}` }, variables)) ??
        (await queryAs({ "project-access-token": token }, variables));
      if (!body) {
        throw new AppError(
          "provider_auth_failed",
          "Railway refused the token: check it and its access to this project",
        );
      }
      const problem = errorText(body);
      if (problem) {
        if (/not found/i.test(problem)) {
          throw new AppError(
            "provider_not_found",
            "Railway has no such project, environment or service: check the ids",
          );
        }
        throw new AppError(
          "provider_error",
          "Railway refused the query: check the project, environment and service ids",
        );
      }
      const data = isRecord(body.data) ? body.data.variables : undefined;
      if (!isRecord(data)) throw new AppError("provider_unavailable", "Railway answered an unexpected shape");
      return Object.entries(data).map(
        ([key, value]): PlatformVariable =>
          typeof value === "string"
            ? { key, value }
            : { key, value: null, unreadableReason: "value not readable (sealed variable)" },
      );
    },
  };
}
