// Downloading an environment's secrets as a .env file, and what the page says after: what the file
// lacks and why, or why there is no file.
import { useState } from "react";
import { errorMessage } from "../api/errors.ts";
import type { EnvPath, SecretMetadata } from "../api/queries.ts";
import { type EnvFile, exportEnvFile, namedBy, selectedEnvFile } from "../api/secret-values.ts";
import { Alert } from "../components/Alert.tsx";
import { download } from "../lib/download.ts";

export interface EnvFileDownload {
  downloading: boolean;
  /** What the last downloaded file lacks, and why. */
  omitted?: Pick<EnvFile, "leftOut" | "unreadable">;
  failure?: string;
  save: (rows: readonly SecretMetadata[] | "all") => Promise<void>;
}

export function useEnvFileDownload(
  path: EnvPath,
  keyOf: (id: string) => string,
  fileName: string,
): EnvFileDownload {
  const [omitted, setOmitted] = useState<Pick<EnvFile, "leftOut" | "unreadable">>();
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string>();
  // The whole environment is one export (one read in the trail); the selected rows are read one by
  // one, so the trail names each secret read and the browser gets no value it was not asked for.
  async function save(rows: readonly SecretMetadata[] | "all") {
    if (downloading) return; // not disabled meanwhile: the button keeps the keyboard's focus
    setDownloading(true);
    setFailure(undefined);
    setOmitted(undefined);
    try {
      const file = rows === "all" ? await exportEnvFile(path, keyOf) : await selectedEnvFile(path, rows);
      download(file.text, `${fileName}.env`);
      setOmitted(file);
    } catch (error) {
      const keys = namedBy(error, "not_representable", "keys");
      setFailure(
        keys.length > 0
          ? `Not downloaded: no .env form carries the value of ${keys.join(", ")} to every common parser unchanged. Select the other secrets and download those, or use \`coffer export --format json\`.`
          : `Not downloaded: ${errorMessage(error)}`,
      );
    } finally {
      setDownloading(false);
    }
  }
  return { downloading, omitted, failure, save };
}

export function EnvFileDownloadNotes({ failure, omitted }: Pick<EnvFileDownload, "failure" | "omitted">) {
  return (
    <>
      {failure && <Alert kind="error">{failure}</Alert>}
      {omitted && omitted.leftOut.length > 0 && (
        <Alert kind="warning">
          Not in the downloaded file: {omitted.leftOut.join(", ")}. No .env form carries these values to every
          common parser unchanged; copy them one by one, or use `coffer export --format json`.
        </Alert>
      )}
      {omitted && omitted.unreadable.length > 0 && (
        <Alert kind="warning">
          Not in the downloaded file: {omitted.unreadable.join(", ")}. Their values cannot be read now (Show
          on the row says why).
        </Alert>
      )}
    </>
  );
}
