// Request validation with Ajv, and the translation of its errors into the spec's 422 body.
// Bodies are validated strictly (no type coercion: "1" is not an integer); path, query and
// headers arrive as strings and are coerced.
import type { ErrorObject } from "ajv";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import type { FastifyInstance, FastifySchemaCompiler } from "fastify";
import { ValidationFailed, type ValidationIssue } from "../errors.ts";
import { INPUT_LIMITS, inspectInput } from "./input-guard.ts";

function makeAjv(coerceTypes: boolean): Ajv {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: true,
    allErrors: true,
    verbose: true,
    strict: false,
  });
  addFormats.default(ajv, ["uuid", "date-time", "uri", "int32", "int64"]);
  // Lenient on purpose: any address a real client would send (user@localhost included), without
  // RFC 5322 corner cases.
  ajv.addFormat("email", /^[^\s@]+@[^\s@.][^\s@]*$/);
  return ajv;
}

const strictAjv = makeAjv(false);
const coercingAjv = makeAjv(true);

const PART_NAMES: Record<string, string> = {
  body: "body",
  querystring: "query",
  params: "path",
  headers: "header",
};

type Validate = ((data: unknown, context?: unknown) => boolean) & { errors?: unknown; schemaEnv?: unknown };

/**
 * Ajv behind the input guard: a part that breaks the limits every input obeys (NUL, depth, array
 * length) is refused before Ajv walks it, so no input can make validation itself explode.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === "body" ? strictAjv : coercingAjv;
  const validate = ajv.compile(schema as object) as Validate;
  const part = PART_NAMES[httpPart ?? "body"] ?? "body";
  const guarded = ((data: unknown, context?: unknown) => {
    const issues = inspectInput(data, part);
    if (issues.length > 0) return { error: new ValidationFailed(issues) };
    const valid = validate(data, context);
    guarded.errors = validate.errors;
    return valid;
  }) as Validate;
  // Fastify lets Ajv replace a root value (defaults) only when it sees this marker.
  guarded.schemaEnv = validate.schemaEnv;
  return guarded as ReturnType<FastifySchemaCompiler<unknown>>;
};

/**
 * Named schemas ($id) that routes reference as {$ref: "<id>#"}: known to the validator, and to
 * Fastify (serialisation, and the OpenAPI document's components). Call on the root instance.
 */
export function registerNamedSchemas(app: FastifyInstance, schemas: object[]): void {
  for (const schema of schemas as { $id?: string }[]) {
    if (!schema.$id) throw new Error("a named schema needs an $id");
    // The Ajv instances are shared by every app in the process: add each id once.
    for (const ajv of [strictAjv, coercingAjv]) if (!ajv.getSchema(schema.$id)) ajv.addSchema(schema);
    app.addSchema(schema);
  }
}

// Values of these fields never travel back in an error body.
const SENSITIVE = /pass|token|secret|value|otp|key$/i;

const TYPE_NAMES: Record<string, string> = {
  string: "string_type",
  integer: "int_type",
  number: "float_type",
  boolean: "bool_type",
  object: "dict_type",
  array: "list_type",
  null: "none_required",
};

/**
 * What a schema says to do about a missing field (its "x-when-missing"), e.g. where to find an id:
 * "Field required" alone leaves a caller guessing.
 */
function whenMissing(error: ErrorObject): string | undefined {
  const missing = (error.params as { missingProperty?: string }).missingProperty ?? "";
  const properties = (error.parentSchema as { properties?: Record<string, Record<string, unknown>> })
    ?.properties;
  const hint = properties?.[missing]?.["x-when-missing"];
  return typeof hint === "string" ? hint : undefined;
}

/** The answer to a value past a bound its schema sets: the message, its type, and the name its limit goes under. */
const BOUNDS: Record<string, { msg: (limit: number) => string; type: string; ctx: string }> = {
  minLength: {
    msg: (limit) => `String should have at least ${limit} character${limit === 1 ? "" : "s"}`,
    type: "string_too_short",
    ctx: "min_length",
  },
  maxLength: {
    msg: (limit) => `String should have at most ${limit} characters`,
    type: "string_too_long",
    ctx: "max_length",
  },
  minimum: {
    msg: (limit) => `Input should be greater than or equal to ${limit}`,
    type: "greater_than_equal",
    ctx: "ge",
  },
  maximum: {
    msg: (limit) => `Input should be less than or equal to ${limit}`,
    type: "less_than_equal",
    ctx: "le",
  },
  minItems: {
    msg: (limit) => `List should have at least ${limit} item(s)`,
    type: "too_short",
    ctx: "min_length",
  },
  maxItems: {
    msg: (limit) => `List should have at most ${limit} items`,
    type: "too_long",
    ctx: "max_length",
  },
};

function describe(error: ErrorObject): Pick<ValidationIssue, "msg" | "type" | "ctx"> {
  const p = error.params as Record<string, unknown>;
  // Own keys only: a keyword never reads the object's prototype.
  const bound = Object.hasOwn(BOUNDS, error.keyword) ? BOUNDS[error.keyword] : undefined;
  if (bound) return { msg: bound.msg(p.limit as number), type: bound.type, ctx: { [bound.ctx]: p.limit } };
  switch (error.keyword) {
    case "required": {
      const hint = whenMissing(error);
      return { msg: hint ? `Field required: ${hint}` : "Field required", type: "missing" };
    }
    case "type": {
      const expected = String(p.type).split(",")[0] ?? "value";
      return { msg: `Input should be a valid ${expected}`, type: TYPE_NAMES[expected] ?? "type_error" };
    }
    case "enum":
      return {
        msg: `Input should be ${(p.allowedValues as unknown[]).map((v) => `'${v}'`).join(", ")}`,
        type: "enum",
        ctx: { expected: p.allowedValues },
      };
    case "const":
      return {
        msg: `Input should be '${p.allowedValue}'`,
        type: "literal_error",
        ctx: { expected: p.allowedValue },
      };
    case "pattern":
      return {
        msg: `String should match pattern '${p.pattern}'`,
        type: "string_pattern_mismatch",
        ctx: { pattern: p.pattern },
      };
    case "format":
      if (p.format === "uuid") return { msg: "Input should be a valid UUID", type: "uuid_parsing" };
      if (p.format === "email") return { msg: "value is not a valid email address", type: "value_error" };
      if (p.format === "date-time")
        return { msg: "Input should be a valid datetime", type: "datetime_parsing" };
      return { msg: `Input should be a valid ${p.format}`, type: "value_error" };
    case "anyOf":
    case "oneOf":
      return { msg: "Input does not match any allowed form", type: "union_error" };
    default:
      return { msg: error.message ?? "Invalid value", type: "value_error" };
  }
}

function locOf(part: string, error: ErrorObject): (string | number)[] {
  const segments = error.instancePath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  if (error.keyword === "required")
    segments.push(String((error.params as { missingProperty: string }).missingProperty));
  return [part, ...segments];
}

function safeInput(loc: (string | number)[], error: ErrorObject): { input?: unknown } {
  if (error.keyword === "required") return {};
  const field = String(loc[loc.length - 1] ?? "");
  if (SENSITIVE.test(field)) return {};
  const data = error.data;
  if (typeof data === "string") return { input: data.length > 100 ? `${data.slice(0, 100)}…` : data };
  if (data === null || typeof data === "number" || typeof data === "boolean") return { input: data };
  return {};
}

const INTEGER_FORMATS = new Set(["int32", "int64"]);

export function toValidationIssues(errors: ErrorObject[], context: string): ValidationIssue[] {
  const part = PART_NAMES[context] ?? context;
  // A nullable field reports "must be null" beside the real complaint: never useful.
  const relevant = errors.filter(
    (e) => !(e.keyword === "type" && (e.params as { type?: string }).type === "null"),
  );
  // A bound stated twice is told once, by the keyword that says more: a uuid's format before its
  // length, an integer's type or range before its int32/int64 format.
  const atPath = (e: ErrorObject, keyword: (k: string) => boolean) =>
    relevant.some((o) => o !== e && o.instancePath === e.instancePath && keyword(o.keyword));
  const told = relevant.filter(
    (e) =>
      !(e.keyword === "maxLength" && atPath(e, (k) => k === "format")) &&
      !(e.keyword === "format" && INTEGER_FORMATS.has(String(e.params.format)) && atPath(e, () => true)),
  );
  // An anyOf whose surviving branch explains itself is noise; one that stays stands alone at its path.
  const kept = told.filter(
    (e) => e.keyword !== "anyOf" || !told.some((o) => o !== e && o.schemaPath.startsWith(`${e.schemaPath}/`)),
  );
  const unionPaths = new Set(kept.filter((e) => e.keyword === "anyOf").map((e) => e.instancePath));
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const error of kept) {
    if (error.keyword !== "anyOf" && unionPaths.has(error.instancePath)) continue;
    const loc = locOf(part, error);
    const key = `${loc.join("\u0000")}|${error.keyword}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ loc, ...describe(error), ...safeInput(loc, error) });
    // A 422 answers the first problems, never a list as long as the input.
    if (issues.length === INPUT_LIMITS.maxIssues) break;
  }
  return issues;
}
