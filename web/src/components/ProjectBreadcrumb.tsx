// Where a project-level page sits, every part a way out: the team (the workspace's tree, scrolled
// to it), the project (its environments side by side) and, on an environment's page, a switcher to
// the project's other environments that keeps you on the same kind of page.
import { Link, useNavigate } from "@tanstack/react-router";

export interface BreadcrumbEnvironment {
  id: string;
  name: string;
}

export function ProjectBreadcrumb({
  workspaceId,
  teamId,
  projectId,
  team,
  project,
  environments,
  environmentId,
}: {
  workspaceId: string;
  teamId: string;
  projectId: string;
  team: string | undefined;
  project: string | undefined;
  /** On an environment's page: the project's environments, and which one this is. */
  environments?: readonly BreadcrumbEnvironment[];
  environmentId?: string;
}) {
  const navigate = useNavigate();
  const onProjectPage = environmentId === undefined;
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <Link to="/w/$workspaceId" params={{ workspaceId }} hash={`team-${teamId}`}>
        {team ?? "Team"}
      </Link>
      <span aria-hidden="true">/</span>
      {onProjectPage ? (
        <span aria-current="page">{project ?? "Project"}</span>
      ) : (
        <Link
          to="/w/$workspaceId/compare/$teamId/$projectId"
          params={{ workspaceId, teamId, projectId }}
          title="The project's environments side by side"
        >
          {project ?? "Project"}
        </Link>
      )}
      {environments && environments.length > 0 && environmentId && (
        <>
          <span aria-hidden="true">/</span>
          <select
            className="env-switcher"
            aria-label="Environment"
            value={environmentId}
            onChange={(event) =>
              void navigate({
                to: "/w/$workspaceId/env/$teamId/$projectId/$environmentId",
                params: { workspaceId, teamId, projectId, environmentId: event.target.value },
              })
            }
          >
            {environments.map((environment) => (
              <option key={environment.id} value={environment.id}>
                {environment.name}
              </option>
            ))}
          </select>
        </>
      )}
    </nav>
  );
}
