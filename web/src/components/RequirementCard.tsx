// A workspace requirement as its Owners see it (two-factor sign-in, single sign-on): a titled card
// with a switch, and a line that says what it does, or why it cannot be switched on yet.
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { api } from "../api/client.ts";
import { unwrap } from "../api/errors.ts";
import { queryKeys } from "../api/queries.ts";

/** Sets the workspace's requirements, then reloads the workspaces (their records carry them). */
export function useSetRequirements(workspaceId: string) {
  const queryClient = useQueryClient();
  return async (body: { require_two_factor?: boolean; require_sso?: boolean }) => {
    await unwrap(
      api.PATCH("/workspaces/{workspace_id}", { params: { path: { workspace_id: workspaceId } }, body }),
    );
    await queryClient.invalidateQueries({ queryKey: queryKeys.workspaces() });
  };
}

export function RequirementCard({
  title,
  label,
  checked,
  blocked,
  hint,
  onChange,
}: {
  title: string;
  /** The switch's own words: "Require … for every member". */
  label: string;
  checked: boolean;
  /** True while it may not be switched (the reason is the hint). */
  blocked: boolean;
  hint: ReactNode;
  onChange: (next: boolean) => void;
}) {
  const titleId = useId();
  const hintId = useId();
  return (
    <section className="card stack requirement" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <label className="check">
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          aria-checked={checked}
          disabled={blocked}
          aria-describedby={hintId}
          onChange={(e) => onChange(e.target.checked)}
        />{" "}
        {label}
      </label>
      <p id={hintId} className="muted">
        {hint}
      </p>
    </section>
  );
}
