// What a secret may be, as plain data: the API's schemas and the dashboard's paste preview both
// read it (the dashboard cannot import the schemas, which pull in server code).

export const LIMITS = {
  keyLength: 256,
  valueBytes: 64 * 1024,
  descriptionLength: 1024,
  batch: 1000,
  /** Body size of a bulk write: 1,000 secrets of up to ~16 KiB each (larger values in smaller batches). */
  bulkBodyBytes: 16 * 1024 * 1024,
} as const;

/** An environment-variable name (imports skip platform variables that do not match it). */
export const KEY_PATTERN = "^[A-Za-z_][A-Za-z0-9_]*$";
