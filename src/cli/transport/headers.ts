// Headers for the CLI bundle's HTTP transport (see index.ts for why the bundle has its own): case-
// insensitive names, values joined with ", " as fetch's are, Set-Cookie kept apart for getSetCookie.

export type HeadersInit =
  | TransportHeaders
  | Iterable<readonly [string, string]>
  | Record<string, string | readonly string[] | undefined>;

// RFC 9110 token characters: what a header name may be made of.
const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// A value may not carry a line break or NUL (header injection); fetch trims HTTP whitespace.
const FORBIDDEN_IN_VALUE = /[\0\r\n]/;

function checked(name: string, value: string, method: string): [string, string] {
  if (!NAME.test(name)) throw new TypeError(`Headers.${method}: "${name}" is an invalid header name.`);
  const trimmed = String(value).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, "");
  // Never the value itself in the message: it is often a credential (Authorization, X-API-Key).
  if (FORBIDDEN_IN_VALUE.test(trimmed))
    throw new TypeError(
      `Headers.${method}: the value of "${name}" is not a valid header value (a line break or NUL)`,
    );
  return [name.toLowerCase(), trimmed];
}

export class TransportHeaders {
  // Lower-cased name -> every value given, in order (joined on read, except Set-Cookie's).
  readonly #values = new Map<string, string[]>();

  constructor(init?: HeadersInit) {
    if (init === undefined || init === null) return;
    if (init instanceof TransportHeaders) {
      for (const [name, values] of init.#values) this.#values.set(name, [...values]);
    } else if (Symbol.iterator in init) {
      for (const pair of init as Iterable<readonly [string, string]>) {
        if (pair.length !== 2)
          throw new TypeError("Headers constructor: expected name/value pair to be length 2");
        this.append(pair[0], pair[1]);
      }
    } else {
      for (const [name, value] of Object.entries(init)) {
        if (value !== undefined) this.append(name, Array.isArray(value) ? value.join(",") : String(value));
      }
    }
  }

  append(name: string, value: string): void {
    const [key, text] = checked(name, value, "append");
    const values = this.#values.get(key);
    if (values) values.push(text);
    else this.#values.set(key, [text]);
  }

  set(name: string, value: string): void {
    const [key, text] = checked(name, value, "set");
    this.#values.set(key, [text]);
  }

  get(name: string): string | null {
    return this.#values.get(name.toLowerCase())?.join(", ") ?? null;
  }

  has(name: string): boolean {
    return this.#values.has(name.toLowerCase());
  }

  delete(name: string): void {
    this.#values.delete(name.toLowerCase());
  }

  getSetCookie(): string[] {
    return [...(this.#values.get("set-cookie") ?? [])];
  }

  /** As fetch's: names lower-cased and sorted, one entry per Set-Cookie, the others joined. */
  *entries(): IterableIterator<[string, string]> {
    for (const name of [...this.#values.keys()].sort()) {
      const values = this.#values.get(name) ?? [];
      if (name === "set-cookie") for (const value of values) yield [name, value];
      else yield [name, values.join(", ")];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  forEach(
    callback: (value: string, name: string, headers: TransportHeaders) => void,
    thisArg?: unknown,
  ): void {
    for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this);
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return "Headers";
  }
}
