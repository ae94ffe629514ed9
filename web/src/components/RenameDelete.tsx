// Rename and delete buttons for a named thing (a team, a project…), each shown only when the
// caller may (the screen passes the permission checks), each opening the screen's action dialog.
import { type FetchResult, unwrap } from "../api/errors.ts";
import type { ActionSpec } from "./ActionDialog.tsx";
import { Button } from "./Button.tsx";

export function RenameDelete(props: {
  what: string;
  name: string;
  ask: (spec: ActionSpec) => void;
  mayRename: boolean;
  mayDelete: boolean;
  consequence: string;
  rename: (name: string) => Promise<FetchResult<unknown>>;
  remove: () => Promise<FetchResult<unknown>>;
  refresh: () => Promise<unknown>;
}) {
  const { what, name, ask, refresh } = props;
  const label = `${what[0]?.toUpperCase()}${what.slice(1)} name`;
  return (
    <>
      {props.mayRename && (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Rename ${what} ${name}`}
          onClick={() =>
            ask({
              title: `Rename ${what}`,
              submitLabel: "Rename",
              name: { label, initial: name },
              run: ({ name: next }) => unwrap(props.rename(next)).then(refresh),
            })
          }
        >
          Rename
        </Button>
      )}
      {props.mayDelete && (
        <Button
          size="sm"
          variant="ghost"
          className="danger-text"
          aria-label={`Delete ${what} ${name}`}
          onClick={() =>
            ask({
              title: `Delete ${what} ${name}?`,
              submitLabel: `Delete ${what}`,
              danger: true,
              message: `${props.consequence} This cannot be undone.`,
              run: () => unwrap(props.remove()).then(refresh),
            })
          }
        >
          Delete
        </Button>
      )}
    </>
  );
}
