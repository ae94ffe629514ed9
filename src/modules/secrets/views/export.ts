// What an export of an environment answers: one flat {KEY: value} object, or dotenv text, of
// everything the list shows — never part of it passed off as the whole.
import { AppError } from "../../../errors.ts";
import { toDotenv } from "../../../lib/dotenv.ts";
import type { SecretView } from "../core.ts";
import { JSON_UTF8, partial } from "../responses.ts";
import type { EXPORT_FORMATS } from "../schemas.ts";
import type { Unresolved } from "../values/index.ts";

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

interface ListRead {
  succeeded: SecretView[];
  failedIds: string[];
  failedKeys: string[];
  unresolved: Unresolved[];
}

export type ExportAnswer =
  | { status: 207; body: ReturnType<typeof partial<SecretView>> }
  | { status: 200; type: string; text: string };

/**
 * The list's read as an export. Some values unreadable: the list's 207, or 409 export_incomplete
 * when the client prefers strict handling. A value dotenv cannot carry: 409 not_representable.
 */
export function presentExport(list: ListRead, format: ExportFormat, strict: boolean): ExportAnswer {
  if (list.failedIds.length > 0) {
    if (!strict) return { status: 207, body: partial(list) };
    throw new AppError(
      "export_incomplete",
      `${list.failedIds.length} value(s) of this environment cannot be read (${list.failedKeys.join(", ")}); ` +
        "without Prefer: handling=strict the export answers 207 with what can be read, and why the rest cannot",
      { body: { keys: list.failedKeys, ids: list.failedIds } },
    );
  }
  const entries = list.succeeded.map((record) => [record.key, record.value] as const);
  // fromEntries defines every key as its own property, __proto__ included.
  if (format === "json")
    return { status: 200, type: JSON_UTF8, text: JSON.stringify(Object.fromEntries(entries)) };
  const dotenv = toDotenv(entries);
  if (dotenv.unrepresentable.length > 0) {
    throw new AppError(
      "not_representable",
      `No dotenv quoting reads back the values of ${dotenv.unrepresentable.join(", ")} unchanged (dotenv ` +
        "has no escape for a quote, a backslash or a carriage return in some places): export with format=json",
      { body: { keys: dotenv.unrepresentable } },
    );
  }
  return { status: 200, type: "text/plain; charset=utf-8", text: dotenv.text };
}
