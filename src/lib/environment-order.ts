// How environments are listed wherever people pick one (the dashboard's tree, tabs and selects,
// the CLI's lists): by type in the order a change travels (development, staging, production,
// then pilot and custom), then by name. Shared by the dashboard and the CLI so both agree.

/** The types in the order they are listed; the same list as the server's ENVIRONMENT_TYPES. */
export const TYPE_ORDER = ["dev", "staging", "prod", "pilot", "custom"] as const;

/** The environments a new project is offered, changeable before it is created. */
export const DEFAULT_ENVIRONMENTS = [
  { name: "development", environment_type: "dev" },
  { name: "staging", environment_type: "staging" },
  { name: "production", environment_type: "prod" },
] as const;

const rank = (type: string): number => {
  const at = (TYPE_ORDER as readonly string[]).indexOf(type);
  return at === -1 ? TYPE_ORDER.length : at;
};

/** A sorted copy: by type (development first), then name, then slug so equal names keep one order. */
export function byEnvironmentType<T extends { environment_type: string; name: string; slug?: string }>(
  environments: readonly T[],
): T[] {
  return [...environments].sort(
    (a, b) =>
      rank(a.environment_type) - rank(b.environment_type) ||
      a.name.localeCompare(b.name) ||
      (a.slug ?? "").localeCompare(b.slug ?? ""),
  );
}
