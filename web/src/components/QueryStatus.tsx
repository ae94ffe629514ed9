// What a list shows while its query is on its way, or when it failed: every screen that loads a
// list says it the same way, above where the list will stand.
import { errorMessage } from "../api/errors.ts";
import { Alert, Loading } from "./Alert.tsx";

export function QueryStatus({
  query,
  loading,
}: {
  query: { isPending: boolean; error: Error | null };
  /** "Loading members…"; "Loading…" when unsaid. */
  loading?: string;
}) {
  return (
    <>
      {query.isPending && <Loading label={loading} />}
      {query.error && <Alert kind="error">{errorMessage(query.error)}</Alert>}
    </>
  );
}
