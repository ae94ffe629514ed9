// One version's value in a secret's history: masked until the person reveals it (each reveal is a
// read the audit trail records, GET …/versions/{n}), then shown with how it differs from the
// current value (which is revealed with it, a read of its own).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../api/client.ts";
import { errorMessage, unwrap } from "../api/errors.ts";
import type { EnvPath } from "../api/queries.ts";
import { diffValues } from "../lib/value-diff.ts";
import { Alert } from "./Alert.tsx";
import { RowButton } from "./RowButton.tsx";

const ONE_VERSION =
  "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/{secret_id}/versions/{version}" as const;

/** A version's value, read when `enabled`; kept only while shown (a value, never cached for later). */
function useVersionValue(path: EnvPath, secretId: string, version: number, enabled: boolean) {
  return useQuery({
    queryKey: ["version-value", path.environment_id, secretId, version],
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    queryFn: () =>
      unwrap(api.GET(ONE_VERSION, { params: { path: { ...path, secret_id: secretId, version } } })),
  });
}

export function VersionValue({
  path,
  secretId,
  secretKey,
  version,
  current,
}: {
  path: EnvPath;
  secretId: string;
  secretKey: string;
  version: number;
  current: number;
}) {
  const [shown, setShown] = useState(false);
  const mine = useVersionValue(path, secretId, version, shown);
  const now = useVersionValue(path, secretId, current, shown && version !== current);
  if (!shown) {
    return (
      <span className="version-value">
        <span aria-hidden="true">••••••••</span>
        <span className="visually-hidden">hidden</span>
        <RowButton aria-label={`Reveal version ${version} of ${secretKey}`} onClick={() => setShown(true)}>
          Reveal
        </RowButton>
      </span>
    );
  }
  const error = mine.error ?? now.error;
  return (
    <span className="version-value">
      {mine.data ? <code className="version-text">{mine.data.value}</code> : <span>Reading…</span>}
      <RowButton aria-label={`Hide version ${version} of ${secretKey}`} onClick={() => setShown(false)}>
        Hide
      </RowButton>
      {error && <Alert kind="error">{errorMessage(error)}</Alert>}
      {mine.data && now.data && (
        <span className="version-diff">
          <span className="muted">
            against current (v{current}): <span className="diff-removed">− v{version}</span>{" "}
            <span className="diff-added">+ v{current}</span>
          </span>
          {mine.data.value === now.data.value ? (
            <span className="muted">the same value</span>
          ) : (
            <code className="diff">
              {diffValues(mine.data.value, now.data.value).map((part, index) =>
                part.kind === "same" ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reordered.
                  <span key={index}>{part.text}</span>
                ) : part.kind === "removed" ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: as above.
                  <del key={index} className="diff-removed">
                    {part.text}
                  </del>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: as above.
                  <ins key={index} className="diff-added">
                    {part.text}
                  </ins>
                ),
              )}
            </code>
          )}
        </span>
      )}
    </span>
  );
}
