// An extra environment in a project, made over HTTP the way a client would: the tests that check what
// a delete takes with it need more than the one environment createTree() makes.
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { type Headers, send } from "./http.ts";

export interface ProjectPath {
  workspaceId: string;
  teamId: string;
  projectId: string;
}

/** Creates environment `name` of `environment_type` in the project, expects 201, returns its id. */
export async function addEnvironment(
  app: FastifyInstance,
  headers: Headers,
  { workspaceId, teamId, projectId }: ProjectPath,
  name: string,
  environment_type: string,
): Promise<string> {
  const response = await send(app, "POST", `/environments/${workspaceId}/${teamId}/${projectId}/`, headers, {
    name,
    environment_type,
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}
