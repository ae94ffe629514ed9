// The team of an invite. Viewers and Members see only their teams' projects, so for them a team
// is required: one of the workspace's, or "no team" chosen on purpose, with what that means said.
// Admins and Owners see every team, so for them it stays optional.
import { useId } from "react";
import type { Team } from "../api/queries.ts";
import { NO_TEAM } from "../lib/invite-team.ts";
import { Role } from "../lib/permissions.ts";

export function InviteTeamField({
  role,
  team,
  teams,
  onChange,
}: {
  role: number;
  team: string;
  teams: readonly Team[];
  onChange: (team: string) => void;
}) {
  const id = useId();
  const seesOnlyTeams = role < Role.Admin;
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        Team
      </label>
      <select
        id={id}
        value={team}
        required={seesOnlyTeams}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      >
        {seesOnlyTeams ? (
          <option value="" disabled>
            Choose a team…
          </option>
        ) : (
          <option value="">No team</option>
        )}
        {teams.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
        {seesOnlyTeams && <option value={NO_TEAM}>No team (sees nothing)</option>}
      </select>
      <span id={`${id}-hint`} className={seesOnlyTeams && team === NO_TEAM ? "field-warning" : "field-hint"}>
        {!seesOnlyTeams
          ? "Admins and Owners see every team; a team is optional."
          : team === NO_TEAM
            ? "In no team, they see no project and no secret until an Admin adds them to a team."
            : "Viewers and Members see only the projects of their teams: choose the team they join."}
      </span>
    </div>
  );
}
