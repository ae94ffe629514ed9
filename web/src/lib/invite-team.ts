// An invite's team choice: a team's id, "no team" chosen on purpose, or nothing chosen yet.

/** The choice that says "no team" on purpose (a team's id is a UUID, never this). */
export const NO_TEAM = "none";

/** What the API takes for the choice: a team's id, or null. */
export const teamOfChoice = (choice: string): string | null =>
  choice === "" || choice === NO_TEAM ? null : choice;
