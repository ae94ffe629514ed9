// A workspace's home: its teams, each team's projects, each project's environments. Creating,
// renaming and deleting are offered only where the caller's role allows (RoleGate / useCan).

import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { api } from "../api/client.ts";
import { errorMessage, unwrap } from "../api/errors.ts";
import {
  type Environment,
  type Project,
  queryKeys,
  type Team,
  useEnvironments,
  useProjects,
} from "../api/queries.ts";
import { useWorkspace } from "../api/workspace.tsx";
import { type ActionSpec, useActionDialog } from "../components/ActionDialog.tsx";
import { Alert } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { DeleteEnvironmentDialog } from "../components/DeleteEnvironmentDialog.tsx";
import { ProtectedBadge } from "../components/EnvironmentControls.tsx";
import { NewProjectDialog } from "../components/NewProjectDialog.tsx";
import { QueryStatus } from "../components/QueryStatus.tsx";
import { RenameDelete } from "../components/RenameDelete.tsx";
import { RoleGate, useCan } from "../components/RoleGate.tsx";
import { ENVIRONMENT_TYPES, type EnvironmentType, TYPE_HINT } from "../lib/environment-types.ts";
import { environmentLink } from "../nav.ts";

type Ask = (spec: ActionSpec) => void;

export function Tree() {
  const { workspace, teams } = useWorkspace();
  const queryClient = useQueryClient();
  const { ask, dialog } = useActionDialog();
  const ws = workspace.id;
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.workspace(ws) });

  const createTeam = () =>
    ask({
      title: "New team",
      submitLabel: "Create team",
      name: { label: "Team name" },
      run: ({ name }) =>
        unwrap(
          api.POST("/teams/{workspace_id}/", { params: { path: { workspace_id: ws } }, body: { name } }),
        ).then(refresh),
    });

  return (
    <section aria-labelledby="tree-title">
      <div className="page-header">
        <div>
          <h1 id="tree-title">{workspace.name}</h1>
          <p className="muted">Teams, their projects and each project's environments.</p>
        </div>
        <RoleGate action="team.create">
          <Button variant="primary" onClick={createTeam}>
            New team
          </Button>
        </RoleGate>
      </div>
      {teams.length === 0 && (
        <div className="empty">
          <p>No teams yet.</p>
          <RoleGate
            action="team.create"
            fallback={<p className="muted">An Admin can create the first team.</p>}
          >
            <Button variant="primary" onClick={createTeam}>
              Create the first team
            </Button>
          </RoleGate>
        </div>
      )}
      <div className="teams">
        {teams.map((team) => (
          <TeamCard key={team.id} team={team} ask={ask} refresh={refresh} />
        ))}
      </div>
      {dialog}
    </section>
  );
}

function TeamCard({ team, ask, refresh }: { team: Team; ask: Ask; refresh: () => Promise<unknown> }) {
  const can = useCan();
  const ws = team.workspace_id;
  const projects = useProjects(ws, team.id);
  const [creating, setCreating] = useState(false);
  const path = { workspace_id: ws, team_id: team.id };
  return (
    <article className="card team" aria-labelledby={`team-${team.id}`}>
      <header className="card-header">
        <h2 id={`team-${team.id}`}>{team.name}</h2>
        <div className="actions">
          {can("project.create") && (
            <Button size="sm" variant="primary" onClick={() => setCreating(true)}>
              New project
            </Button>
          )}
          <RenameDelete
            what="team"
            name={team.name}
            ask={ask}
            mayRename={can("team.update")}
            mayDelete={can("team.delete")}
            consequence="Its projects, environments and secrets are deleted with it."
            rename={(name) =>
              api.PATCH("/teams/{workspace_id}/{team_id}", { params: { path }, body: { name } })
            }
            remove={() => api.DELETE("/teams/{workspace_id}/{team_id}", { params: { path } })}
            refresh={refresh}
          />
        </div>
      </header>
      <QueryStatus query={projects} />
      {projects.data?.length === 0 && <p className="muted pad">No projects in this team yet.</p>}
      <ul className="projects">
        {projects.data?.map((project) => (
          <ProjectRow key={project.id} project={project} ask={ask} refresh={refresh} />
        ))}
      </ul>
      {creating && <NewProjectDialog team={team} onClose={() => setCreating(false)} onCreated={refresh} />}
    </article>
  );
}

function ProjectRow({
  project,
  ask,
  refresh,
}: {
  project: Project;
  ask: Ask;
  refresh: () => Promise<unknown>;
}) {
  const can = useCan();
  const ws = project.workspace_id;
  const environments = useEnvironments(ws, project.team_id, project.id);
  const path = { workspace_id: ws, team_id: project.team_id, project_id: project.id };

  const createEnvironment = () =>
    ask({
      title: `New environment in ${project.name}`,
      submitLabel: "Create environment",
      name: { label: "Environment name" },
      choice: { label: "Type", options: ENVIRONMENT_TYPES, initial: "dev", hint: TYPE_HINT },
      run: ({ name, choice }) =>
        unwrap(
          api.POST("/environments/{workspace_id}/{team_id}/{project_id}/", {
            params: { path },
            body: { name, environment_type: choice as EnvironmentType },
          }),
        ).then(refresh),
    });

  return (
    <li className="project">
      <div className="project-head">
        <h3>{project.name}</h3>
        <div className="actions">
          {(environments.data?.length ?? 0) >= 2 && can("secret.read", project.team_id) && (
            <Link
              className="btn btn-secondary btn-sm"
              to="/w/$workspaceId/compare/$teamId/$projectId"
              params={{ workspaceId: ws, teamId: project.team_id, projectId: project.id }}
              aria-label={`Compare the environments of ${project.name}`}
            >
              Compare
            </Link>
          )}
          {can("environment.create", project.team_id) && (
            <Button size="sm" onClick={createEnvironment}>
              New environment
            </Button>
          )}
          <RenameDelete
            what="project"
            name={project.name}
            ask={ask}
            mayRename={can("project.update")}
            mayDelete={can("project.delete")}
            consequence="Its environments and secrets are deleted with it."
            rename={(name) =>
              api.PATCH("/projects/{workspace_id}/{team_id}/{project_id}", {
                params: { path },
                body: { name },
              })
            }
            remove={() => api.DELETE("/projects/{workspace_id}/{team_id}/{project_id}", { params: { path } })}
            refresh={refresh}
          />
        </div>
      </div>
      {environments.error && <Alert kind="error">{errorMessage(environments.error)}</Alert>}
      <ul className="environments">
        {environments.data?.map((environment) => (
          <EnvironmentChip
            key={environment.id}
            environment={environment}
            siblings={environments.data}
            ask={ask}
            refresh={refresh}
          />
        ))}
        {environments.data?.length === 0 && <li className="muted">No environments yet.</li>}
      </ul>
    </li>
  );
}

const NO_PARENT = "(none)";

function EnvironmentChip({
  environment: env,
  siblings,
  ask,
  refresh,
}: {
  environment: Environment;
  /** The project's environments, the parents it may inherit from among them. */
  siblings: readonly Environment[];
  ask: Ask;
  refresh: () => Promise<unknown>;
}) {
  const parent = siblings.find((e) => e.id === env.parent_environment_id);
  const candidates = siblings.filter((e) => e.id !== env.id);
  // A name two environments share is told apart by its slug.
  const labelOf = (e: Environment) =>
    candidates.filter((c) => c.name === e.name).length > 1 ? `${e.name} (${e.slug})` : e.name;
  const can = useCan();
  const [deleting, setDeleting] = useState(false);
  const path = {
    workspace_id: env.workspace_id,
    team_id: env.team_id,
    project_id: env.project_id,
    environment_id: env.id,
  };
  const envPath = "/environments/{workspace_id}/{team_id}/{project_id}/{environment_id}" as const;
  return (
    <li className="env-chip">
      <Link {...environmentLink(path)} className="env-link">
        <span className={`env-type env-${env.environment_type}`}>{env.environment_type}</span>
        {env.name}
        <ProtectedBadge environment={env} />
        {parent && <span className="env-parent"> · inherits {parent.name}</span>}
      </Link>
      {can("environment.set_inheritance", env.team_id, env.protected) && candidates.length > 0 && (
        <button
          type="button"
          className="icon-btn"
          aria-label={`Choose what environment ${env.name} inherits from`}
          title="Inherit secrets from another environment"
          onClick={() =>
            ask({
              title: `What ${env.name} inherits`,
              submitLabel: "Save",
              message:
                env.environment_type === "prod"
                  ? `${env.name} is a prod environment: what it inherits is what it runs with. An environment that inherits reads the other's secrets as its own; a key it sets itself overrides the inherited one.`
                  : "An environment that inherits reads the other's secrets as its own; a key it sets itself overrides the inherited one.",
              choice: {
                label: "Inherits from",
                options: [NO_PARENT, ...candidates.map(labelOf)],
                initial: parent ? labelOf(parent) : NO_PARENT,
              },
              run: ({ choice }) =>
                unwrap(
                  api.PATCH(`${envPath}/`, {
                    params: { path },
                    body: {
                      parent_environment_id: candidates.find((c) => labelOf(c) === choice)?.id ?? null,
                    },
                  }),
                ).then(refresh),
            })
          }
        >
          ⤒
        </button>
      )}
      {can("environment.create", env.team_id, env.protected) && (
        <button
          type="button"
          className="icon-btn"
          aria-label={`Rename environment ${env.name}`}
          onClick={() =>
            ask({
              title: "Rename environment",
              submitLabel: "Rename",
              name: { label: "Environment name", initial: env.name },
              run: ({ name }) =>
                unwrap(api.PATCH(`${envPath}/`, { params: { path }, body: { name } })).then(refresh),
            })
          }
        >
          ✎
        </button>
      )}
      {can("environment.delete") && (
        <button
          type="button"
          className="icon-btn danger-text"
          aria-label={`Delete environment ${env.name}`}
          onClick={() => setDeleting(true)}
        >
          ×
        </button>
      )}
      {deleting && (
        <DeleteEnvironmentDialog
          name={env.name}
          path={path}
          onDelete={() => unwrap(api.DELETE(envPath, { params: { path } })).then(refresh)}
          onClose={() => setDeleting(false)}
        />
      )}
    </li>
  );
}
