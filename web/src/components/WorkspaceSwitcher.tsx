// The workspace switcher: makes the chosen workspace the session's scope (POST …/switch answers a
// token carrying it) and opens it. Each workspace shows its plan, which the operator changes outside
// the dashboard: the list is read again when the switcher is focused (and see main.tsx).
import { useNavigate } from "@tanstack/react-router";
import { useId } from "react";
import { useSwitchWorkspace } from "../api/mutations.ts";
import { useWorkspaces } from "../api/queries.ts";
import { useSession } from "../api/session.tsx";
import { roleName } from "../lib/permissions.ts";
import { requirementOf } from "../lib/security.ts";

export function WorkspaceSwitcher({ current }: { current: string }) {
  const id = useId();
  const workspaces = useWorkspaces();
  const navigate = useNavigate();
  const { replaceToken } = useSession();
  const switchWorkspace = useSwitchWorkspace();

  async function switchTo(workspaceId: string) {
    try {
      const answer = await switchWorkspace.mutateAsync(workspaceId);
      if (answer.access_token) replaceToken(answer.access_token);
    } catch (error) {
      // A workspace that requires what this session lacks (two-factor sign-in, single sign-on)
      // refuses the switch too: its page says what to do.
      if (!requirementOf(error)) throw error;
    }
    await navigate({ to: "/w/$workspaceId", params: { workspaceId } });
  }

  return (
    <div className="switcher">
      <label htmlFor={id} className="visually-hidden">
        Workspace
      </label>
      <select
        id={id}
        value={current}
        onFocus={() => void workspaces.refetch()}
        onChange={(event) => void switchTo(event.target.value)}
      >
        {(workspaces.data ?? []).map((w) => (
          <option key={w.id} value={w.id}>
            {w.name} · {roleName(w.role)} · {w.plan}
          </option>
        ))}
      </select>
    </div>
  );
}
