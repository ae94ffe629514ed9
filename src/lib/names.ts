// Person names: the display name from its parts, and parts from a display name.

export interface NameParts {
  first_name: string;
  middle_name: string | null;
  last_name: string;
}

export const fullName = (n: NameParts): string =>
  [n.first_name, n.middle_name, n.last_name].filter((part) => part && part.length > 0).join(" ");

/** "Ada Lovelace King" -> first Ada, middle Lovelace, last King; one word is a first name alone. */
export function splitName(name: string): NameParts {
  const parts = name.trim().split(/\s+/);
  if (parts.length === 1) return { first_name: parts[0] ?? "", middle_name: null, last_name: "" };
  return {
    first_name: parts[0] ?? "",
    middle_name: parts.length > 2 ? parts.slice(1, -1).join(" ") : null,
    last_name: parts[parts.length - 1] ?? "",
  };
}
