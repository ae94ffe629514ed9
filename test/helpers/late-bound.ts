// A value a suite's beforeAll makes, handed out before it exists: set-up helpers return it at
// collection time, and the tests read it once beforeAll has run.

/** A stand-in for the value `current()` returns once it is made; reading it earlier is an error. */
export function lateBound<T extends object>(what: string, current: () => T | undefined): T {
  const made = (): T => {
    const value = current();
    if (value === undefined) throw new Error(`${what} is read before beforeAll made it`);
    return value;
  };
  // Keys and descriptors too, so that spreading it or comparing it with toEqual sees the value's fields.
  return new Proxy({} as T, {
    get(_target, property) {
      const value = made();
      const field: unknown = Reflect.get(value, property, value);
      return typeof field === "function" ? field.bind(value) : field;
    },
    has: (_target, property) => Reflect.has(made(), property),
    ownKeys: () => Reflect.ownKeys(made()),
    getOwnPropertyDescriptor(_target, property) {
      const descriptor = Reflect.getOwnPropertyDescriptor(made(), property);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
