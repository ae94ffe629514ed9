// An environment's own settings on its page (issue 36): whether it is protected (writes into it
// need Admin) and what it inherits, a labelled select. Both are Admins'; others see them, with why
// they cannot change them. Changing a prod environment's parent asks first, naming both.
import { useState } from "react";
import { api } from "../api/client.ts";
import { errorMessage, unwrap } from "../api/errors.ts";
import type { Environment } from "../api/queries.ts";
import { inheritanceConfirmation } from "../lib/permissions.ts";
import { useActionDialog } from "./ActionDialog.tsx";
import { Alert } from "./Alert.tsx";
import { SelectField } from "./Field.tsx";
import { useCan } from "./RoleGate.tsx";

const ENV = "/environments/{workspace_id}/{team_id}/{project_id}/{environment_id}/" as const;

/** "Protected" beside an environment's name, wherever it shows (a chip, the page's title). */
export function ProtectedBadge({ environment }: { environment: Pick<Environment, "protected"> }) {
  if (!environment.protected) return null;
  return (
    <span className="badge env-protected" title="Protected: writes into it need Admin">
      Protected
    </span>
  );
}

export function EnvironmentControls({
  environment: env,
  siblings,
  refresh,
}: {
  environment: Environment;
  siblings: readonly Environment[];
  refresh: () => Promise<unknown>;
}) {
  const can = useCan();
  const { ask, dialog } = useActionDialog();
  const [error, setError] = useState<string | null>(null);
  const isProtected = env.protected === true;
  const mayInherit = can("environment.set_inheritance", env.team_id, isProtected);
  const mayProtect = can("environment.protect", env.team_id);
  const mayWrite = can("secret.write", env.team_id, isProtected);
  const candidates = siblings.filter((e) => e.id !== env.id);
  const labelOf = (e: Environment) =>
    candidates.filter((c) => c.name === e.name).length > 1 ? `${e.name} (${e.slug})` : e.name;
  const nameOf = (id: string | null | undefined) => candidates.find((c) => c.id === id)?.name ?? null;
  const path = {
    workspace_id: env.workspace_id,
    team_id: env.team_id,
    project_id: env.project_id,
    environment_id: env.id,
  };
  const patch = (body: { parent_environment_id?: string | null; protected?: boolean }) =>
    unwrap(api.PATCH(ENV, { params: { path }, body }))
      .then(refresh)
      .then(() => setError(null));

  const chooseParent = (parentId: string | null) => {
    if (parentId === (env.parent_environment_id ?? null)) return;
    if (env.environment_type !== "prod") {
      patch({ parent_environment_id: parentId }).catch((e) => setError(errorMessage(e)));
      return;
    }
    ask({
      title: `Change what ${env.name} inherits?`,
      submitLabel: parentId === null ? "Stop inheriting" : `Inherit from ${nameOf(parentId)}`,
      danger: true,
      message: inheritanceConfirmation(env.name, nameOf(parentId), nameOf(env.parent_environment_id)),
      run: () => patch({ parent_environment_id: parentId }),
    });
  };

  return (
    <div className="environment-controls">
      {error && <Alert kind="error">{error}</Alert>}
      {candidates.length > 0 && (
        <SelectField
          label="Inherits from"
          value={env.parent_environment_id ?? ""}
          disabled={!mayInherit}
          hint={
            mayInherit
              ? "Keys this environment does not set itself read the other's values."
              : "Only Admins and Owners change what an environment inherits: it changes what it runs with."
          }
          onChange={(e) => chooseParent(e.target.value === "" ? null : e.target.value)}
        >
          <option value="">(none)</option>
          {candidates.map((c) => (
            <option key={c.id} value={c.id}>
              {labelOf(c)}
            </option>
          ))}
        </SelectField>
      )}
      {mayProtect && (
        <label className="protect-toggle">
          <input
            type="checkbox"
            checked={isProtected}
            onChange={(e) => patch({ protected: e.target.checked }).catch((x) => setError(errorMessage(x)))}
          />{" "}
          Protected: writes into {env.name} need Admin
        </label>
      )}
      {isProtected && !mayWrite && (
        <p className="protected-note" role="note">
          Protected: only Admins and Owners change {env.name} (its secrets, imports, restores). Ask an Admin.
        </p>
      )}
      {dialog}
    </div>
  );
}
