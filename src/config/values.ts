// Reading one variable: trimmed, empty as unset, and a ConfigError naming it when its value is wrong.

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    /** What is wrong, without the variable's name. */
    readonly reason: string,
  ) {
    super(`${variable}: ${reason}`);
  }
}

export type Env = Record<string, string | undefined>;

export function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

export function integer(
  env: Env,
  name: string,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `expected a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

export function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (["1", "true", "yes", "on"].includes(raw)) return true;
  if (["0", "false", "no", "off"].includes(raw)) return false;
  throw new ConfigError(name, `expected true or false, got "${raw}"`);
}

export function url(
  env: Env,
  name: string,
  fallback: string | undefined,
  protocols: string[],
): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, "is not a valid URL");
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(" or ")}`);
  }
  return raw.replace(/\/+$/, "");
}

/** An http(s) URL with a default: the address of a service the server calls, or its own. */
export function webUrl(env: Env, name: string, fallback: string): string {
  return url(env, name, fallback, ["http:", "https:"]) ?? fallback;
}
