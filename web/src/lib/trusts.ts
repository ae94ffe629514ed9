// The pure part of the OIDC trust form: the "further claims" text as the API's claims object.

/** "environment=production\nactor=*" -> {environment: "production", actor: "*"}; a line without = is an error. */
export function parseClaims(text: string): { claims: Record<string, string> } | { error: string } {
  const claims: Record<string, string> = {};
  const lines = text.split("\n").map((line) => line.trim());
  for (const [index, line] of lines.entries()) {
    if (line === "") continue;
    const at = line.indexOf("=");
    const claim = at > 0 ? line.slice(0, at).trim() : "";
    const pattern = at > 0 ? line.slice(at + 1).trim() : "";
    if (!claim || !pattern) {
      return {
        error: `Further claims, line ${index + 1}: write claim=pattern, e.g. environment=production.`,
      };
    }
    if (claim in claims) return { error: `Further claims, line ${index + 1}: ${claim} is named twice.` };
    claims[claim] = pattern;
  }
  return { claims };
}
