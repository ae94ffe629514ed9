// Queries compiled once. Kysely builds and compiles a query on every call; on the reads every
// request makes (the environment behind each secrets call) that showed in the profile. A prepared
// query is built once per database with a marker for each argument, and later calls bind the
// real values where the markers landed: the same SQL, the same parameters, none of the building.
// On PostgreSQL it also runs as a named statement (see connect.ts): each connection parses and
// plans it once, which halved the database's CPU per list. Such a query names its columns (no
// `select *`): a column added by a newer node's migration then leaves its plan valid.
import {
  type Compilable,
  CompiledQuery,
  type DialectAdapter,
  type Insertable,
  type QueryResult,
} from "kysely";
import { sha256 } from "../crypto/tokens.ts";
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
  statementNames.set(sql, `coffer_${sha256(sql).slice(0, 24)}`);
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

/** The most rows one prepared INSERT carries: 256 rows of the widest table stay far under both engines' bound. */
const CHUNK = 256;

/**
 * INSERTs of rows into `table`, compiled once per engine, set of columns (a code path always gives
 * the same ones) and number of rows. Kysely's building and compiling of a bulk's thousand-row
 * inserts was a tenth of its CPU, and a twenty-column one-row insert showed in the create's profile.
 * The rows go in chunks of CHUNK, the rest in chunks of the powers of two it is made of (1,000 rows:
 * 256 three times, then 128, 64, 32 and 8): every size is compiled once, so a table has a handful
 * of statements, not one per size a caller ever sent (each a named statement on every PostgreSQL
 * connection). Columns whose value is undefined are left out, as Kysely does; rows that do not all
 * leave out the same ones go one by one.
 */
export function preparedInsert<T extends keyof Database & string>(
  table: T,
): (db: Queryable, rows: readonly Insertable<Database[T]>[]) => Promise<void> {
  const compiled = new WeakMap<DialectAdapter, Map<string, Compiled>>();
  async function insertChunk(db: Queryable, chunk: readonly Record<string, unknown>[]): Promise<void> {
    const columns = Object.keys(chunk[0]!).filter((column) => chunk[0]![column] !== undefined);
    if (!chunk.every((row) => sameColumns(row, columns))) {
      // One by one: each row leaves out its own columns (the table's default), which one VALUES
      // list cannot do on SQLite (Kysely fills the gaps with null there).
      for (const row of chunk) await insertChunk(db, [row]);
      return;
    }
    const adapter = db.getExecutor().adapter;
    let shapes = compiled.get(adapter);
    if (!shapes) {
      shapes = new Map();
      compiled.set(adapter, shapes);
    }
    const shape = `${chunk.length}:${columns.join(",")}`;
    let query = shapes.get(shape);
    if (!query) {
      query = compileInsert(db, table, columns, chunk.length);
      shapes.set(shape, query);
    }
    const parameters: unknown[] = [];
    for (const row of chunk) for (const column of columns) parameters.push(row[column]);
    await run(db, query, parameters);
  }
  return async (db, rows) => {
    for (let start = 0; start < rows.length; ) {
      const left = rows.length - start;
      const size = left >= CHUNK ? CHUNK : 2 ** Math.floor(Math.log2(left));
      await insertChunk(db, rows.slice(start, start + size) as readonly Record<string, unknown>[]);
      start += size;
    }
  };
}

const sameColumns = (row: Record<string, unknown>, columns: readonly string[]) =>
  columns.every((column) => row[column] !== undefined) &&
  Object.keys(row).filter((column) => row[column] !== undefined).length === columns.length;

function compileInsert(db: Queryable, table: string, columns: readonly string[], size: number): Compiled {
  const markers = Object.fromEntries(columns.map((column) => [column, marker(column)]));
  // The table is generic here: Kysely's types cannot follow a table chosen by a type parameter.
  const rows = (count: number) =>
    db
      .insertInto(table as never)
      .values(Array.from({ length: count }, () => markers) as never)
      .compile();
  const insert = rows(size);
  if (insert.parameters.some((parameter, index) => parameter !== marker(columns[index % columns.length]!)))
    throw new Error(`prepared insert into ${table}: parameters out of column order`);
  // All the drivers read of the node is its kind: a one-row insert's node says it as well as the
  // thousands of value nodes of a chunk's, which would stay in memory beside its SQL.
  return { ...remember(insert), node: rows(1).query };
}
