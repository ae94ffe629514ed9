// Builds workspace trees through the API, and memberships through the workspaces and teams modules'
// front doors: a person joins a workspace through an invite, which needs a mail and a token that
// invites.test.ts covers; here a member is only the setting of another test, so no mail is sent.
import type { FastifyInstance } from "fastify";
import type { Db } from "../../src/db/schema.ts";
import { addTeamMember } from "../../src/modules/teams/index.ts";
import { insertMember } from "../../src/modules/workspaces/index.ts";
import { bearer, newUser } from "./factories.ts";

async function created(app: FastifyInstance, url: string, headers: Record<string, string>, payload: object) {
  const response = await app.inject({ method: "POST", url, headers, payload });
  if (response.statusCode !== 201) throw new Error(`POST ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

export interface Tree {
  workspaceId: string;
  teamId: string;
  projectId: string;
  environmentId: string;
}

/** The secrets path of the tree's environment (or of another of its project), without a trailing slash. */
export const secretsPath = (tree: Tree, environmentId = tree.environmentId) =>
  `/secrets/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/${environmentId}`;

/** One secret POSTed into the tree's environment as `headers`: the answer as it comes. */
export const postSecret = (
  app: FastifyInstance,
  tree: Tree,
  headers: Record<string, string>,
  secret: { key: string; value: string },
) => app.inject({ method: "POST", url: `${secretsPath(tree)}/`, headers, payload: secret });

/** A team, a project and a dev environment in the owner's workspace. */
export async function createTree(
  app: FastifyInstance,
  ownerToken: string,
  workspaceId: string,
): Promise<Tree> {
  const headers = bearer(ownerToken);
  const team = await created(app, `/teams/${workspaceId}/`, headers, {
    name: `team-${Math.random().toString(36).slice(2, 8)}`,
  });
  const project = await created(app, `/projects/${workspaceId}/${team.id}/`, headers, {
    name: "Payments API",
  });
  const environment = await created(app, `/environments/${workspaceId}/${team.id}/${project.id}/`, headers, {
    name: "Development",
    environment_type: "dev",
  });
  return { workspaceId, teamId: team.id, projectId: project.id, environmentId: environment.id };
}

/** Another project ("Billing") in the tree's team, with a Production environment: ids outside the tree. */
export async function createOtherProject(app: FastifyInstance, ownerToken: string, tree: Tree) {
  const headers = bearer(ownerToken);
  const project = await created(app, `/projects/${tree.workspaceId}/${tree.teamId}/`, headers, {
    name: "Billing",
  });
  const environment = await created(
    app,
    `/environments/${tree.workspaceId}/${tree.teamId}/${project.id}/`,
    headers,
    {
      name: "Production",
      environment_type: "prod",
    },
  );
  return { projectId: project.id as string, environmentId: environment.id as string };
}

/** A new Owner, a tree in their workspace, and the secrets path of its environment. */
export async function ownerWithTree(app: FastifyInstance) {
  const owner = await newUser(app);
  const tree = await createTree(app, owner.accessToken, owner.workspaceId);
  return { owner, tree, base: secretsPath(tree) };
}

/** Makes `userId` a member of the workspace with `role`, and of the given teams, as of `now`. */
export async function addMember(
  db: Db,
  workspaceId: string,
  userId: string,
  role: number,
  teamIds: string[] = [],
  now = new Date().toISOString(),
) {
  await insertMember(db, { workspace_id: workspaceId, user_id: userId, role, now });
  for (const teamId of teamIds) {
    await addTeamMember(db, { team_id: teamId, user_id: userId, workspace_id: workspaceId, created_at: now });
  }
}

/** A new signed-in user who is a member of the workspace with `role` (and of the teams). */
export async function newMember(
  app: FastifyInstance,
  db: Db,
  workspaceId: string,
  role: number,
  teamIds: string[] = [],
) {
  const user = await newUser(app);
  await addMember(db, workspaceId, user.id, role, teamIds);
  return user;
}
