// The teams module's front door (tables: teams, team_members).
export { addTeamMember, findTeam, removeFromAllTeams, teamIdsOf } from "./repo.ts";
export { teamsRoutes } from "./routes.ts";
export { createTeamsService, type TeamsService } from "./service.ts";
