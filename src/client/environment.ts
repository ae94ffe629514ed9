// The read every consumer of Coffer makes: an environment's secrets, conditional on the copy the
// caller holds (If-None-Match -> 304: nothing decrypted, nothing sent), with a partial answer
// (207: some values could not be decrypted) typed rather than hidden.
import type { Client } from "openapi-fetch";
import { apiErrorOf } from "./errors.ts";
import type { paths } from "./schema.d.ts";
import type { EnvironmentPath, Secret, Unresolved } from "./types.ts";

export type EnvironmentRead =
  /** 304: the copy tagged `etag` is still the environment's content. */
  | { changed: false; etag: string }
  /**
   * The secrets the caller may read. `failedIds` names those whose value could not be decrypted
   * (a 207); such an answer carries no tag, so the next read is a full one.
   */
  | {
      changed: true;
      secrets: Secret[];
      failedIds: string[];
      /** Of failedIds, those whose references could not be resolved for the caller, with why. */
      unresolved: Unresolved[];
      etag: string | undefined;
    };

const LIST = "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/" as const;

/** An environment's secrets; throws ApiError for an error answer. */
export async function readEnvironment(
  client: Client<paths>,
  path: EnvironmentPath,
  options: { ifNoneMatch?: string; raw?: boolean } = {},
): Promise<EnvironmentRead> {
  const { ifNoneMatch, raw } = options;
  const { data, error, response } = await client.GET(LIST, {
    params: {
      path: {
        workspace_id: path.workspace_id,
        team_id: path.team_id,
        project_id: path.project_id,
        environment_id: path.environment_id,
      },
      ...(raw ? { query: { raw: true } } : {}),
    },
    ...(ifNoneMatch ? { headers: { "if-none-match": ifNoneMatch } } : {}),
  });
  if (response.status === 304 && ifNoneMatch) return { changed: false, etag: ifNoneMatch };
  if (!response.ok || data === undefined) throw apiErrorOf(response, error);
  if ("detail" in data)
    return {
      changed: true,
      secrets: data.detail.succeeded,
      failedIds: data.detail.failed_ids,
      unresolved: data.detail.unresolved ?? [],
      etag: undefined,
    };
  return {
    changed: true,
    secrets: data,
    failedIds: [],
    unresolved: [],
    etag: response.headers.get("etag") ?? undefined,
  };
}
