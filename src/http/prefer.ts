// The Prefer request header (RFC 7240): which preferences a client states. Only `handling` is
// read (§4.4): `strict` asks for an error rather than a partial success.

/** The first `handling` preference of the header(s), lower-cased ("strict", "lenient"), if any. */
export function handlingPreference(header: string | string[] | undefined): string | undefined {
  const values = header === undefined ? [] : Array.isArray(header) ? header : [header];
  for (const value of values) {
    for (const preference of value.split(",")) {
      const [token = ""] = preference.split(";");
      const equals = token.indexOf("=");
      const name = (equals === -1 ? token : token.slice(0, equals)).trim().toLowerCase();
      // A preference stated twice counts once, as first stated (§2).
      if (name !== "handling") continue;
      const raw = equals === -1 ? "" : token.slice(equals + 1).trim();
      return raw.replace(/^"(.*)"$/, "$1").toLowerCase();
    }
  }
  return undefined;
}
