// A team made over HTTP, for the test files of teams and their members.
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { type Headers, send } from "./http.ts";

/** Creates team `name` in the workspace, expects 201, returns the record. */
export async function createTeamIn(
  app: FastifyInstance,
  headers: Headers,
  workspaceId: string,
  name: string,
) {
  const response = await send(app, "POST", `/teams/${workspaceId}/`, headers, { name });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; name: string; workspace_id: string; created_at: string };
}
