// Where a project-level page sits: its team (a link to the workspace's tree) and the project.
import { Link } from "@tanstack/react-router";

export function ProjectBreadcrumb({
  workspaceId,
  team,
  project,
}: {
  workspaceId: string;
  team: string | undefined;
  project: string | undefined;
}) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <Link to="/w/$workspaceId" params={{ workspaceId }}>
        {team ?? "Team"}
      </Link>
      <span aria-hidden="true">/</span>
      <span>{project ?? "Project"}</span>
    </nav>
  );
}
