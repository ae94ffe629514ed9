// A workspace's members, their roles and whether they use two-factor sign-in. Owners change roles,
// remove members and may require two-factor sign-in or single sign-on of everyone; anyone may
// leave (the API refuses the last Owner with a 409, shown in the dialog). Below: the invites (Admin+).
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { api } from "../api/client.ts";
import { unwrap } from "../api/errors.ts";
import { type Member, peopleKeys, useMembers } from "../api/people-queries.ts";
import { queryKeys, useMe } from "../api/queries.ts";
import { useWorkspace } from "../api/workspace.tsx";
import { useActionDialog } from "../components/ActionDialog.tsx";
import { LoadMore } from "../components/LoadMore.tsx";
import { HeadedSection } from "../components/PageHeader.tsx";
import { QueryTable } from "../components/QueryTable.tsx";
import { RoleBadge } from "../components/RoleBadge.tsx";
import { useCan } from "../components/RoleGate.tsx";
import { RowButton } from "../components/RowButton.tsx";
import { SsoRequirement } from "../components/SsoRequirement.tsx";
import { actionsColumn, type Column } from "../components/Table.tsx";
import { TwoFactorRequirement } from "../components/TwoFactorRequirement.tsx";
import { day } from "../components/When.tsx";
import { ROLE_CHOICES, roleFromName } from "../lib/people.ts";
import { roleName } from "../lib/permissions.ts";
import { Invites } from "./MembersInvites.tsx";
import "../styles/people.css";
import "../styles/security.css";

export function Members() {
  const { workspace } = useWorkspace();
  const ws = workspace.id;
  const can = useCan();
  const me = useMe().data;
  const members = useMembers(ws);
  const { ask, dialog } = useActionDialog();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const rows = members.data?.pages.flatMap((p) => p.items) ?? [];
  const path = (userId: string) => ({ workspace_id: ws, user_id: userId });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaces() });
  const refreshMembers = () => queryClient.invalidateQueries({ queryKey: peopleKeys.members(ws) });

  const changeRole = (member: Member) =>
    ask({
      title: `Change the role of ${member.name || member.email}`,
      submitLabel: "Change role",
      choice: {
        label: "Role",
        options: ROLE_CHOICES.map((c) => c.label),
        initial: roleName(member.role),
      },
      run: async ({ choice }) => {
        const role = roleFromName(choice);
        if (role === undefined || role === member.role) return;
        await unwrap(
          api.PATCH("/workspaces/{workspace_id}/members/{user_id}", {
            params: { path: path(member.user_id) },
            body: { role },
          }),
        );
        await Promise.all([refreshMembers(), refresh()]);
      },
    });

  const remove = (member: Member) =>
    ask({
      title: `Remove ${member.name || member.email}?`,
      submitLabel: "Remove member",
      danger: true,
      message: `${member.email} loses access to ${workspace.name} and its teams at once.`,
      run: () =>
        unwrap(
          api.DELETE("/workspaces/{workspace_id}/members/{user_id}", {
            params: { path: path(member.user_id) },
          }),
        ).then(refreshMembers),
    });

  const leave = (member: Member) =>
    ask({
      title: `Leave ${workspace.name}?`,
      submitLabel: "Leave workspace",
      danger: true,
      message: "You lose access to its teams and secrets until someone invites you again.",
      run: async () => {
        await unwrap(
          api.DELETE("/workspaces/{workspace_id}/members/{user_id}", {
            params: { path: path(member.user_id) },
          }),
        );
        await refresh();
        await navigate({ to: "/", replace: true });
      },
    });

  const columns: Column<Member>[] = [
    {
      header: "Name",
      cell: (m) => (
        <span>
          {m.name || "—"}
          {m.user_id === me?.id && <span className="badge you-badge">you</span>}
        </span>
      ),
    },
    { header: "Email", cell: (m) => <span className="mono break">{m.email}</span> },
    { header: "Role", cell: (m) => <RoleBadge role={m.role} /> },
    {
      header: "Two-factor",
      cell: (m) => (
        <span className={m.two_factor ? "badge two-factor-on" : "badge two-factor-off"}>
          {m.two_factor ? "On" : "Off"}
        </span>
      ),
    },
    { header: "Joined", cell: (m) => day(m.joined_at) },
    actionsColumn((m) => {
      const self = m.user_id === me?.id;
      const who = m.name || m.email;
      return (
        <span className="actions">
          {can("member.update_role") && (
            <RowButton aria-label={`Change role of ${who}`} onClick={() => changeRole(m)}>
              Change role
            </RowButton>
          )}
          {self
            ? can("member.leave") && (
                <RowButton danger onClick={() => leave(m)}>
                  Leave
                </RowButton>
              )
            : can("member.remove") && (
                <RowButton danger aria-label={`Remove ${who}`} onClick={() => remove(m)}>
                  Remove
                </RowButton>
              )}
        </span>
      );
    }),
  ];

  return (
    <HeadedSection
      className="people"
      title="Members"
      intro={
        <>
          Who belongs to {workspace.name}, and their role. You are {roleName(workspace.role)}.
        </>
      }
    >
      <TwoFactorRequirement members={members.data && !members.hasNextPage ? rows : undefined} ask={ask} />
      <SsoRequirement ask={ask} />
      <QueryTable
        query={members}
        loading="Loading members…"
        caption="Members"
        rows={rows}
        rowKey={(m) => m.user_id}
        columns={columns}
      />
      <LoadMore query={members} label="Load more members" />
      {can("invite.list") && (
        <Invites memberCount={members.hasNextPage ? undefined : rows.length} ask={ask} />
      )}
      {dialog}
    </HeadedSection>
  );
}
