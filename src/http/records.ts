// A list of flat records (every property a string, number, boolean or null) serialized for the
// hot path. fast-json-stringify escapes short strings a character at a time in JavaScript; copying
// each record's declared properties into a fresh object and handing the list to JSON.stringify
// was 3.7x faster on 20 secrets (24 → 6.5 µs, measured). What the response schema guarantees
// stays: only declared properties leave, in the schema's order; a required one missing, or a
// value of another type than declared, is a 500, never a body that breaks the contract.
import type { TObject } from "typebox";

type JsonType = "string" | "number" | "integer" | "boolean" | "null";

interface Property {
  name: string;
  required: boolean;
  types: Set<JsonType>;
}

/** The JSON types a flat property schema allows; throws for a nested or unsupported one. */
function typesOf(name: string, schema: Record<string, unknown>): Set<JsonType> {
  const flat = (type: unknown): JsonType[] => {
    if (Array.isArray(type)) return type.flatMap(flat);
    if (type === "string" || type === "number" || type === "integer" || type === "boolean" || type === "null")
      return [type];
    throw new Error(`records.ts: property ${name} is not a flat value (type ${String(type)})`);
  };
  if (Array.isArray(schema.anyOf))
    return new Set((schema.anyOf as Record<string, unknown>[]).flatMap((s) => [...typesOf(name, s)]));
  return new Set(flat(schema.type));
}

function matches(value: unknown, types: Set<JsonType>): boolean {
  if (value === null) return types.has("null");
  switch (typeof value) {
    case "string":
      return types.has("string");
    case "boolean":
      return types.has("boolean");
    case "number":
      return types.has("number") || (types.has("integer") && Number.isInteger(value));
    default:
      return false;
  }
}

/** JSON of a list of records shaped by `schema` (an object of flat properties). */
export function recordListSerializer(schema: TObject): (records: readonly object[]) => string {
  const required = new Set<string>(schema.required ?? []);
  const properties: Property[] = Object.entries(schema.properties).map(([name, property]) => ({
    name,
    required: required.has(name),
    types: typesOf(name, property as unknown as Record<string, unknown>),
  }));
  const project = (record: object) => {
    const source = record as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const { name, required, types } of properties) {
      const value = source[name];
      if (value === undefined) {
        if (required) throw new Error(`response record lacks its required property ${name}`);
        continue;
      }
      if (!matches(value, types)) throw new Error(`response record property ${name} is not of its type`);
      out[name] = value;
    }
    return out;
  };
  return (records) => JSON.stringify(records.map(project));
}
