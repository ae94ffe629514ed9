// The invites part of the Members screen: Admins and Owners see them with their statuses (newest
// first, a page at a time); Owners send, re-send and withdraw. A full plan (402) or a conflict (409)
// is explained in the invite dialog; a mail that could not be delivered is said so, to re-send.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../api/client.ts";
import { errorMessage, unwrap } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";
import { type Invite, peopleKeys, useInvites } from "../api/people-queries.ts";
import { useWorkspace } from "../api/workspace.tsx";
import type { ActionSpec } from "../components/ActionDialog.tsx";
import { Alert } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { Field, SelectField } from "../components/Field.tsx";
import { FormDialog } from "../components/FormDialog.tsx";
import { LoadMore } from "../components/LoadMore.tsx";
import { HeadedSection } from "../components/PageHeader.tsx";
import { QueryTable } from "../components/QueryTable.tsx";
import { useCan } from "../components/RoleGate.tsx";
import { RowButton } from "../components/RowButton.tsx";
import { actionsColumn, type Column } from "../components/Table.tsx";
import { teamOfChoice } from "../lib/invite-team.ts";
import { describeExpiry, inviteRefusal, ROLE_CHOICES, seatSummary } from "../lib/people.ts";
import { roleName } from "../lib/permissions.ts";
import { InviteTeamField } from "./InviteTeamField.tsx";

type Notice = { kind: "success" | "warning"; text: string };

/** What the API answered to a send or re-send, in words. */
const deliveryNotice = (invite: { invitee_email: string; mail_sent: boolean; mail_error: string | null }) =>
  invite.mail_sent
    ? ({ kind: "success", text: `Invite mailed to ${invite.invitee_email}.` } as const)
    : ({
        kind: "warning",
        text: `The invite to ${invite.invitee_email} exists, but the mail could not be delivered (${invite.mail_error ?? "unknown error"}): re-send it.`,
      } as const);

export function Invites({
  memberCount,
  ask,
}: {
  /** Known once every page of members is loaded; the seat count waits for it. */
  memberCount: number | undefined;
  ask: (spec: ActionSpec) => void;
}) {
  const { workspace, teams } = useWorkspace();
  const ws = workspace.id;
  const can = useCan();
  const invites = useInvites(ws, true);
  const queryClient = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  const rows = invites.data?.pages.flatMap((p) => p.items) ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: peopleKeys.invites(ws) });
  const teamName = (id: string | null) => (id ? (teams.find((t) => t.id === id)?.name ?? "a team") : "—");
  const mayManage = can("member.invite");

  const now = new Date();
  const pending = rows.filter((i) => i.status === "pending" && new Date(i.expiry_time) > now).length;
  const seats =
    memberCount !== undefined && invites.isSuccess && !invites.hasNextPage
      ? seatSummary(workspace.seat_limit, memberCount, pending)
      : null;

  const resendInvite = useWrite((invite: Invite) =>
    unwrap(
      api.POST("/invite/{workspace_id}/{invite_id}/resend", {
        params: { path: { workspace_id: ws, invite_id: invite.id } },
      }),
    ),
  );
  const resend = (invite: Invite) =>
    resendInvite
      .mutateAsync(invite)
      .then((sent) => setNotice(deliveryNotice(sent)))
      .catch((error: unknown) => setNotice({ kind: "warning", text: errorMessage(error) }))
      .then(refresh);

  const withdraw = (invite: Invite) =>
    ask({
      title: `Withdraw the invite to ${invite.invitee_email}?`,
      submitLabel: "Withdraw invite",
      danger: true,
      message: "The link stops working and its seat is freed.",
      run: () =>
        unwrap(
          api.DELETE("/invite/{workspace_id}/{invite_id}", {
            params: { path: { workspace_id: ws, invite_id: invite.id } },
          }),
        ).then(refresh),
    });

  const columns: Column<Invite>[] = [
    { header: "Email", cell: (i) => <span className="mono break">{i.invitee_email}</span> },
    { header: "Role", cell: (i) => roleName(i.role) },
    { header: "Team", cell: (i) => teamName(i.team_id) },
    {
      header: "Status",
      cell: (i) => (
        <span>
          <span className={`badge invite-${i.status}`}>{i.status}</span>
          {i.mail_error && i.status === "pending" && (
            <span className="field-error block">mail failed: {i.mail_error}</span>
          )}
        </span>
      ),
    },
    {
      header: "Expires",
      cell: (i) =>
        i.status === "pending" ? (
          <time dateTime={i.expiry_time}>{describeExpiry(i.expiry_time, now)}</time>
        ) : (
          "—"
        ),
    },
  ];
  if (mayManage) {
    columns.push(
      actionsColumn((i) =>
        i.status === "pending" || i.status === "expired" ? (
          <span className="actions">
            <RowButton aria-label={`Re-send the invite to ${i.invitee_email}`} onClick={() => void resend(i)}>
              Re-send
            </RowButton>
            {i.status === "pending" && (
              <RowButton
                danger
                aria-label={`Withdraw the invite to ${i.invitee_email}`}
                onClick={() => withdraw(i)}
              >
                Withdraw
              </RowButton>
            )}
          </span>
        ) : null,
      ),
    );
  }

  return (
    <HeadedSection
      className="invites"
      level={2}
      title="Invites"
      action={
        mayManage && (
          <Button variant="primary" onClick={() => setInviting(true)}>
            Invite someone
          </Button>
        )
      }
      intro={
        <>
          {workspace.plan} plan
          {seats && <span className={seats.full ? "seats-full" : undefined}> · {seats.text}</span>}
        </>
      }
    >
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      <QueryTable
        query={invites}
        loading="Loading invites…"
        caption="Invites"
        rows={rows}
        columns={columns}
        empty={<p>No invites yet.</p>}
      />
      <LoadMore query={invites} label="Load more invites" />
      <InviteDialog
        open={inviting}
        onClose={() => setInviting(false)}
        onSent={(sent) => {
          setNotice(deliveryNotice(sent));
          return refresh();
        }}
      />
    </HeadedSection>
  );
}

function InviteDialog({
  open,
  onClose,
  onSent,
}: {
  open: boolean;
  onClose: () => void;
  onSent: (sent: {
    invitee_email: string;
    mail_sent: boolean;
    mail_error: string | null;
  }) => Promise<unknown>;
}) {
  const { workspace, teams } = useWorkspace();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState("1");
  const [team, setTeam] = useState("");
  const close = () => {
    setEmail("");
    setRole("1");
    setTeam("");
    onClose();
  };

  async function send() {
    const sent = await unwrap(
      api.POST("/invite/{workspace_id}", {
        params: { path: { workspace_id: workspace.id } },
        body: { invitee_email: email.trim(), role: Number(role), team_id: teamOfChoice(team) },
      }),
    ).catch((error: unknown) => {
      throw inviteRefusal(error);
    });
    setEmail("");
    await onSent(sent);
  }

  return (
    <FormDialog open={open} title="Invite someone" submitLabel="Send invite" onClose={close} onSubmit={send}>
      <Field
        label="Email"
        type="email"
        required
        autoFocus
        maxLength={254}
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <SelectField label="Role" value={role} onChange={(e) => setRole(e.target.value)}>
        {ROLE_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </SelectField>
      <InviteTeamField role={Number(role)} team={team} onChange={setTeam} teams={teams} />
    </FormDialog>
  );
}
