// Queries compiled once. Kysely builds and compiles a query on every call; on the reads every
// request makes (the environment behind each secrets call) that showed in the profile. A prepared
// query is built once per database with a marker for each argument, and later calls bind the
// real values where the markers landed: the same SQL, the same parameters, none of the building.
// On PostgreSQL it also runs as a named statement (see connect.ts): each connection parses and
// plans it once, which halved the database's CPU per list. Such a query names its columns (no
// `select *`): a column added by a newer node's migration then leaves its plan valid.
import { createHash } from "node:crypto";
import {
  type Compilable,
  CompiledQuery,
  type DialectAdapter,
  type Insertable,
  type QueryResult,
} from "kysely";
import type { Database, Queryable } from "./schema.ts";

/** SQL text of every prepared query → its statement name (derived from the text: never reused). */
const statementNames = new Map<string, string>();

/** The name a prepared query's SQL runs under as a PostgreSQL named statement; undefined for others. */
export const statementNameOf = (sql: string): string | undefined => statementNames.get(sql);

const marker = (name: string) => `\u0000prepared:${name}\u0000`;

/** A query compiled once: its SQL (named for PostgreSQL, see connect.ts) and its node. */
interface Compiled {
  sql: string;
  node: CompiledQuery["query"];
}

function remember({ sql, query }: CompiledQuery): Compiled {
  statementNames.set(sql, `coffer_${createHash("sha256").update(sql).digest("hex").slice(0, 24)}`);
  return { sql, node: query };
}

/** Runs a compiled query with its real parameters. */
function run<R>(db: Queryable, query: Compiled, parameters: readonly unknown[]): Promise<QueryResult<R>> {
  // The query's own node goes with it: the embedded engine's driver sends a SELECT to its reader.
  return db.executeQuery<R>({ ...CompiledQuery.raw(query.sql, [...parameters]), query: query.node });
}

/** A prepared query's arguments: each is bound where its marker landed. */
type Arguments = Record<string, string | number | null>;

/**
 * `build` makes the query from its named arguments; the returned function runs it with real ones
 * and resolves to its whole result (rows, and the rows an UPDATE or DELETE changed).
 */
export function preparedQuery<A extends Arguments, R>(
  names: readonly (keyof A & string)[],
  build: (db: Queryable, args: A) => Compilable<R>,
): (db: Queryable, args: A) => Promise<QueryResult<R>> {
  // Per engine (engines differ in SQL), keyed by the dialect's adapter, which a database and each of
  // its transactions share: a transaction reuses what the database compiled, as a request's
  // writes run in transactions of their own. Kysely marks getExecutor() internal; data-key-versions.ts
  // asks it for the adapter too.
  const compiled = new WeakMap<DialectAdapter, Compiled & { order: (keyof A & string)[] }>();
  return (db, args) => {
    const adapter = db.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (!query) {
      // Markers stand in for every argument, numbers included: Kysely binds what it is given, and
      // the real value replaces the marker before the query runs.
      const markers = Object.fromEntries(names.map((name) => [name, marker(name)])) as unknown as A;
      const compiledQuery = build(db, markers).compile();
      const order = compiledQuery.parameters.map((parameter) => {
        const name = names.find((n) => marker(n) === parameter);
        if (!name) throw new Error(`prepared query: parameter ${String(parameter)} is not an argument`);
        return name;
      });
      query = { ...remember(compiledQuery), order };
      compiled.set(adapter, query);
    }
    return run<R>(
      db,
      query,
      query.order.map((name) => args[name]),
    );
  };
}

/** As preparedQuery, resolving to the rows. */
export function prepared<A extends Arguments, R>(
  names: readonly (keyof A & string)[],
  build: (db: Queryable, args: A) => Compilable<R>,
): (db: Queryable, args: A) => Promise<R[]> {
  const run = preparedQuery(names, build);
  return async (db, args) => (await run(db, args)).rows;
}

/**
 * A one-row INSERT into `table`, compiled once per engine and set of columns (a code path always
 * gives the same ones): the single writes' rows, where Kysely's building of a twenty-column insert
 * showed in the create's profile. Columns whose value is undefined are left out, as Kysely does.
 */
export function preparedInsert<T extends keyof Database & string>(
  table: T,
): (db: Queryable, row: Insertable<Database[T]>) => Promise<void> {
  const compiled = new WeakMap<DialectAdapter, Map<string, Compiled>>();
  return async (db, row) => {
    const values = row as Record<string, unknown>;
    const columns = Object.keys(values).filter((column) => values[column] !== undefined);
    const adapter = db.getExecutor().adapter;
    let shapes = compiled.get(adapter);
    if (!shapes) {
      shapes = new Map();
      compiled.set(adapter, shapes);
    }
    const shape = columns.join(",");
    let query = shapes.get(shape);
    if (!query) {
      const markers = Object.fromEntries(columns.map((column) => [column, marker(column)]));
      // The table is generic here: Kysely's types cannot follow a table chosen by a type parameter.
      const insert = db
        .insertInto(table)
        .values(markers as never)
        .compile();
      if (insert.parameters.some((parameter, index) => parameter !== marker(columns[index]!)))
        throw new Error(`prepared insert into ${table}: parameters out of column order`);
      query = remember(insert);
      shapes.set(shape, query);
    }
    await run(
      db,
      query,
      columns.map((column) => values[column]),
    );
  };
}
