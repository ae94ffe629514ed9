// The import preview's wire shapes, named as the spec names them (they are components of the
// OpenAPI document), and the apply request built on them.
import Type, { type Static, type TSchema } from "typebox";
import { Int32, Nullable, StringEnum, Uuid } from "../../http/schemas.ts";
import { LIMITS } from "../../lib/secret-limits.ts";

export const IMPORT_PROVIDERS = ["railway", "vercel", "render"] as const;

/** A reference to one of the named schemas below (registered once, see registerImportSchemas). */
const ref = <T extends TSchema>(schema: T & { $id?: string }) =>
  Type.Unsafe<Static<T>>({ $ref: `${schema.$id}#` });

const SourceField = Type.Optional(Nullable(Type.String({ maxLength: 256 })));

export const ImportSource = Type.Object(
  {
    project_id: SourceField,
    environment_id: SourceField,
    service_id: SourceField,
    target: SourceField,
  },
  {
    $id: "ImportSource",
    description:
      "Which variables to read, in the platform's own terms: Railway project_id + environment_id (+ service_id); " +
      "Vercel project_id (+ target production|preview|development); Render service_id (or project_id).",
  },
);

const previewFields = {
  provider: StringEnum(IMPORT_PROVIDERS, { description: "the hosting platform to read from" }),
  token: Type.String({
    minLength: 1,
    maxLength: 4096,
    // Printable ASCII only: a pasted trailing newline is a clear 422, not a failed platform call.
    pattern: "^[\\x21-\\x7e]+$",
    description: "the platform's API token (printable ASCII); used for this request only, never stored",
  }),
  source: ref(ImportSource),
  reveal: Type.Optional(
    Type.Boolean({ default: false, description: "return values in clear text instead of masked" }),
  ),
};

export const ImportPreviewRequest = Type.Object(previewFields, { $id: "ImportPreviewRequest" });

export const ImportApplyRequest = Type.Object(
  {
    ...previewFields,
    overwrite: Type.Optional(
      Type.Boolean({
        default: false,
        description: "also write keys that exist here with another value (a new version)",
      }),
    ),
    keys: Type.Optional(
      Type.Array(Type.String({ maxLength: 256 }), {
        maxItems: 1000,
        description: "import only these keys (default: every readable variable)",
      }),
    ),
  },
  { $id: "ImportApplyRequest" },
);

// Only a key that is a valid name, at most LIMITS.keyLength, is added or changed (service.ts); a
// skipped one is shown as the platform holds it.
const ImportedKey = Type.String({ maxLength: LIMITS.keyLength });

export const ImportItem = Type.Object({ key: ImportedKey, value: Type.String() }, { $id: "ImportItem" });
export const ImportChange = Type.Object(
  { key: ImportedKey, current: Type.String(), incoming: Type.String() },
  { $id: "ImportChange" },
);
export const SkippedItem = Type.Object({ key: Type.String(), reason: Type.String() }, { $id: "SkippedItem" });

export const ImportPreviewResponse = Type.Object(
  {
    provider: StringEnum(IMPORT_PROVIDERS),
    added: Type.Array(ref(ImportItem)),
    changed: Type.Array(ref(ImportChange)),
    unchanged: Type.Array(ImportedKey),
    skipped: Type.Array(ref(SkippedItem)),
    total: Int32({ description: "variables read from the platform, skipped ones included" }),
  },
  { $id: "ImportPreviewResponse" },
);

/** Every named schema, in dependency order. */
export const IMPORT_SCHEMAS = [
  ImportSource,
  ImportItem,
  ImportChange,
  SkippedItem,
  ImportPreviewRequest,
  ImportApplyRequest,
  ImportPreviewResponse,
];

export const ImportParams = Type.Object({
  workspace_id: Type.Union([Uuid, Type.Literal("null")], {
    description:
      "a workspace id, or the literal null: the scope then comes from X-Workspace-Id, then the credential",
  }),
  team_id: Uuid,
  project_id: Uuid,
  environment_id: Uuid,
});

export const ImportPreviewRequestRef = ref(ImportPreviewRequest);
export const ImportApplyRequestRef = ref(ImportApplyRequest);
export const ImportPreviewResponseRef = ref(ImportPreviewResponse);
