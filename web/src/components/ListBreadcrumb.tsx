// Where a page of one thing sits: the workspace's list of such things, a way back, then its name.
import { Link } from "@tanstack/react-router";
import type { NavEntry } from "../nav.ts";

export function ListBreadcrumb({
  workspaceId,
  list,
  label,
  here,
}: {
  workspaceId: string;
  /** The list's route, one of the header's. */
  list: NavEntry["to"];
  label: string;
  here: string;
}) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <Link to={list} params={{ workspaceId }}>
        {label}
      </Link>
      <span aria-hidden="true">/</span>
      <span>{here}</span>
    </nav>
  );
}
