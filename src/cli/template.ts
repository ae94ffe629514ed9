// `coffer export --template FILE`: a text in which `{{ KEY }}` (or `{{ .KEY }}`, as Doppler's and
// Infisical's Go templates write it) becomes the secret's value. Nothing in a template runs: a tag
// is a key, optionally with one filter from a fixed list (`{{ KEY | json }}`), or a quoted literal
// (`{{ "{{" }}` writes `{{`). A key the environment lacks, or a tag that is none of these, is
// refused with its line, and nothing is printed.
import { CliError, EXIT } from "./errors.ts";

const FILTERS: Record<string, (value: string) => string> = {
  /** A JSON string, quotes included: for a value inside a JSON or YAML file. */
  json: (value) => JSON.stringify(value),
  base64: (value) => Buffer.from(value, "utf8").toString("base64"),
};

const TAG = /^\{\{\s*(?:"([^"\n]*)"|\.?([A-Za-z_][A-Za-z0-9_]*)(?:\s*\|\s*([A-Za-z0-9_]+))?)\s*\}\}/;

/**
 * The template with its tags replaced, and the keys its tags name; `name` is how errors call the
 * template (its path), `where` the environments the values come from ("environment dev").
 */
export function renderTemplate(
  name: string,
  template: string,
  values: ReadonlyMap<string, string>,
  where: string,
): { text: string; keys: Set<string> } {
  const keys = new Set<string>();
  const missing: string[] = [];
  const malformed: string[] = [];
  const lines = template.split("\n").map((line, index) => {
    const at = `${name}:${index + 1}`;
    let out = "";
    let rest = line;
    for (let open = rest.indexOf("{{"); open !== -1; open = rest.indexOf("{{")) {
      out += rest.slice(0, open);
      rest = rest.slice(open);
      const tag = rest.match(TAG);
      if (!tag) {
        const shown = rest.slice(0, Math.max(rest.indexOf("}}") + 2, 2)).slice(0, 60);
        malformed.push(
          `${at}: ${JSON.stringify(shown)} is not a tag: write {{ KEY }}, {{ KEY | json }}, {{ KEY | base64 }}, or {{ "{{" }} for a literal {{`,
        );
        out += "{{";
        rest = rest.slice(2);
        continue;
      }
      rest = rest.slice(tag[0].length);
      const [, literal, key, filter] = tag;
      if (literal !== undefined) {
        out += literal;
        continue;
      }
      keys.add(key!);
      const value = values.get(key!);
      const apply = filter === undefined ? (v: string) => v : FILTERS[filter];
      if (!apply) {
        malformed.push(`${at}: no filter ${filter} (have: ${Object.keys(FILTERS).join(", ")})`);
      } else if (value === undefined) {
        missing.push(`${at}: no secret ${key} in ${where}`);
      } else {
        out += apply(value);
      }
    }
    return out + rest;
  });
  if (malformed.length > 0 || missing.length > 0) {
    const problems = [...malformed, ...missing];
    throw new CliError(
      `the template cannot be rendered:\n  ${problems.join("\n  ")}`,
      malformed.length > 0 ? EXIT.usage : EXIT.notFound,
    );
  }
  return { text: lines.join("\n"), keys };
}
