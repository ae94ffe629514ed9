// The share links the signed-in person answers for in this workspace — every link for Admins and
// Owners, their own for everyone else — with what became of each (active, used up, expired,
// revoked, burnt by wrong passphrases) and a Revoke action. A listing never holds a token or a
// value: a link's URL was shown once, when it was made.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "../api/client.ts";
import { unwrap } from "../api/errors.ts";
import { useMembers } from "../api/people-queries.ts";
import { type Ok, queryKeys } from "../api/queries.ts";
import { useWorkspace } from "../api/workspace.tsx";
import { useActionDialog } from "../components/ActionDialog.tsx";
import { HeadedSection } from "../components/PageHeader.tsx";
import { QueryTable } from "../components/QueryTable.tsx";
import { RowButton } from "../components/RowButton.tsx";
import { actionsColumn, type Column } from "../components/Table.tsx";
import { when } from "../components/When.tsx";
import { allows } from "../lib/permissions.ts";
import "../styles/people.css";

type ShareLink = Ok<"listShareLinks">[number];

const STATUS_LABEL: Record<ShareLink["status"], string> = {
  active: "Active",
  used_up: "Used up",
  expired: "Expired",
  revoked: "Revoked",
  burnt: "Burnt (wrong passphrases)",
};

const linksKey = (ws: string) => [...queryKeys.workspace(ws), "share-links"] as const;

export function ShareLinks() {
  const { workspace, caller } = useWorkspace();
  const ws = workspace.id;
  const queryClient = useQueryClient();
  const { ask, dialog } = useActionDialog();
  const links = useQuery({
    queryKey: linksKey(ws),
    queryFn: () =>
      unwrap(api.GET("/workspaces/{workspace_id}/share-links", { params: { path: { workspace_id: ws } } })),
  });
  const members = useMembers(ws);
  const names = useMemo(
    () =>
      new Map((members.data?.pages ?? []).flatMap((p) => p.items).map((m) => [m.user_id, m.name || m.email])),
    [members.data],
  );
  const seesAll = allows(caller, "share_link.manage_all");

  const revoke = (link: ShareLink) =>
    ask({
      title: "Revoke this share link?",
      submitLabel: "Revoke link",
      danger: true,
      message: `Whoever holds the link to ${link.secret_keys.join(", ") || "these secrets"} can no longer read it. This cannot be undone.`,
      run: () =>
        unwrap(
          api.DELETE("/workspaces/{workspace_id}/share-links/{link_id}", {
            params: { path: { workspace_id: ws, link_id: link.id } },
          }),
        ).then(() => queryClient.invalidateQueries({ queryKey: linksKey(ws) })),
    });

  const columns: Column<ShareLink>[] = [
    {
      header: "Secrets",
      className: "col-key",
      cell: (l) =>
        l.secret_keys.length > 0 ? (
          <span>
            {l.secret_keys.map((key) => (
              <code key={key} className="share-key">
                {key}
              </code>
            ))}
          </span>
        ) : (
          <span className="muted">not recorded</span>
        ),
    },
    {
      header: "Status",
      cell: (l) => <span className={`status status-${l.status}`}>{STATUS_LABEL[l.status]}</span>,
    },
    { header: "Views", cell: (l) => `${l.views} of ${l.max_views}` },
    { header: "Passphrase", cell: (l) => (l.passphrase ? `yes (${l.failed_attempts} wrong)` : "no") },
    { header: "Created", cell: (l) => when(l.created_at) },
    { header: "Expires", cell: (l) => when(l.expires_at) },
    ...(seesAll
      ? [{ header: "By", cell: (l: ShareLink) => names.get(l.created_by) ?? "a former member" }]
      : []),
    // Only a live link is worth revoking; the others no longer open.
    actionsColumn((l) =>
      l.status !== "active" ? null : (
        <RowButton
          danger
          aria-label={`Revoke the link to ${l.secret_keys.join(", ")}`}
          onClick={() => revoke(l)}
        >
          Revoke
        </RowButton>
      ),
    ),
  ];

  return (
    <HeadedSection
      className="people"
      title="Share links"
      intro={
        seesAll
          ? "Every share link of this workspace. Revoking one erases its snapshot: the link stops working at once."
          : "The share links you made. Revoking one erases its snapshot: the link stops working at once."
      }
    >
      <QueryTable
        query={links}
        loading="Loading share links…"
        caption="Share links"
        columns={columns}
        empty={<p>No share links. Make one from an environment's secrets (select them, then Share).</p>}
      />
      {dialog}
    </HeadedSection>
  );
}
