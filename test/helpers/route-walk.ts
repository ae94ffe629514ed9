// Walking the route table: the served OpenAPI document lists every operation with its security, its
// parameters, its body schema and what it takes in the policy (x-coffer-actions); a walk sends each
// one a request the schema accepts, naming real ids where the caller has them.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";

export type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  minLength?: number;
  minimum?: number;
  anyOf?: Schema[];
};

export type Operation = {
  security?: Record<string, unknown>[];
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema; example?: unknown }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  "x-coffer-actions"?: string[];
};

export interface Route {
  method: string;
  path: string;
  op: Operation;
}

export interface RouteTable {
  routes: Route[];
  document: {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, Schema> };
  };
}

export const isPublic = (op: Operation) => Array.isArray(op.security) && op.security.length === 0;
export const isOptional = (op: Operation) => (op.security ?? []).some((s) => Object.keys(s).length === 0);

/** The routes the app serves, from its OpenAPI document (the app must run with DEBUG=true). */
export async function routeTable(app: FastifyInstance): Promise<RouteTable> {
  const document = (
    await app.inject({ method: "GET", url: "/openapi.json" })
  ).json() as RouteTable["document"];
  const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
  return { routes, document };
}

export interface Example {
  /** Real values by field or parameter name (ids, a user, a URL the server may reach). */
  known?: Record<string, unknown>;
  /** Every optional field too, not only the required ones (the request that changes the most). */
  full?: boolean;
}

/** A value the schema accepts: required fields (all with `full`), the first enum value, valid formats. */
export function exampleOf(table: RouteTable, raw: Schema, options: Example = {}, name?: string): unknown {
  const resolve = (schema: Schema): Schema =>
    schema.$ref ? resolve(table.document.components.schemas[schema.$ref.split("/").pop()!]!) : schema;
  const schema = resolve(raw);
  if (name !== undefined && options.known && name in options.known) return options.known[name];
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return exampleOf(table, schema.anyOf[0]!, options, name);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== "null") : schema.type;
  switch (type) {
    case "object": {
      const names = options.full ? Object.keys(schema.properties ?? {}) : (schema.required ?? []);
      return Object.fromEntries(
        names.map((field) => [field, exampleOf(table, schema.properties?.[field] ?? {}, options, field)]),
      );
    }
    case "array": {
      const singular = name?.endsWith("_ids") ? name.slice(0, -1) : undefined;
      const count = Math.max(schema.minItems ?? 0, options.full ? 1 : 0);
      return Array.from({ length: count }, () => exampleOf(table, schema.items ?? {}, options, singular));
    }
    case "integer":
    case "number":
      return Math.max(schema.minimum ?? 1, 1);
    case "boolean":
      return false;
    case "string":
      if (schema.format === "uuid") return randomUUID();
      if (schema.format === "date-time") return new Date().toISOString();
      if (schema.format === "email") return `x-${randomUUID()}@example.com`;
      if (schema.format === "uri") return "https://example.com/a.png";
      return "A".repeat(Math.max(schema.minLength ?? 1, 8));
    default:
      return {};
  }
}

/** Sends the route one request: path ids from `ids` (made up when missing), required query parameters, a body. */
export function requestRoute(
  app: FastifyInstance,
  table: RouteTable,
  route: Route,
  ids: Record<string, string>,
  headers: Record<string, string>,
  options: Example = {},
) {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? randomUUID());
  // Required query parameters too: a request the schema refuses would prove nothing.
  const query = new URLSearchParams(
    (route.op.parameters ?? [])
      .filter((p) => p.in === "query" && p.required)
      .map((p): [string, string] => [
        p.name,
        String(p.example ?? exampleOf(table, p.schema ?? {}, options, p.name)),
      ]),
  ).toString();
  const url = query ? `${path}?${query}` : path;
  const json = route.op.requestBody?.content["application/json"]?.schema;
  return app.inject({
    method: route.method as "GET",
    url,
    headers,
    ...(json ? { payload: exampleOf(table, json, options) as Record<string, unknown> } : {}),
  });
}
