// The signed-in person's live sessions (one per device). The API marks the one this browser uses
// (`current`). Revoking it, or all of them, signs this browser out: the next request is refused,
// the refresh fails, and the session client sends the page to the sign-in screen.
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "../api/client.ts";
import { unwrap } from "../api/errors.ts";
import { peopleKeys, type Session, useSessions } from "../api/people-queries.ts";
import { useActionDialog } from "../components/ActionDialog.tsx";
import { Button } from "../components/Button.tsx";
import { HeadedSection } from "../components/PageHeader.tsx";
import { QueryTable } from "../components/QueryTable.tsx";
import { RowButton } from "../components/RowButton.tsx";
import { actionsColumn, type Column } from "../components/Table.tsx";
import { when } from "../components/When.tsx";
import { describeExpiry, describeSignInMethod, describeUserAgent } from "../lib/people.ts";
import "../styles/people.css";

export function Sessions() {
  const sessions = useSessions();
  const queryClient = useQueryClient();
  const { ask, dialog } = useActionDialog();
  const now = useMemo(() => new Date(), []);
  // Refetching with a revoked session is what signs this browser out (see client.ts).
  const refresh = () => queryClient.invalidateQueries({ queryKey: peopleKeys.sessions() });

  const revoke = (session: Session) =>
    ask({
      title: session.current ? "Sign out this browser?" : "Revoke this session?",
      submitLabel: "Revoke session",
      danger: true,
      message: session.current
        ? "This is the session you are using now: revoking it signs you out here."
        : `${describeUserAgent(session.user_agent)} (${session.ip_address ?? "unknown address"}) is signed out on its next request.`,
      run: () =>
        unwrap(api.POST("/sessions/{session_id}/", { params: { path: { session_id: session.id } } })).then(
          refresh,
        ),
    });

  const revokeAll = () =>
    ask({
      title: "Revoke every session?",
      submitLabel: "Revoke all sessions",
      danger: true,
      message: "Every device is signed out, this browser too. API keys are not affected.",
      run: () => unwrap(api.POST("/sessions/")).then(refresh),
    });

  const columns: Column<Session>[] = [
    {
      header: "Device",
      cell: (s) => (
        <span>
          <strong>{describeUserAgent(s.user_agent)}</strong>
          {s.current && <span className="badge you-badge">this browser</span>}
          <span className="description ua" title={s.user_agent}>
            {s.user_agent || "no user agent"}
          </span>
        </span>
      ),
    },
    { header: "Address", cell: (s) => <span className="mono">{s.ip_address ?? "unknown"}</span> },
    {
      header: "Signed in",
      cell: (s) => (
        <span>
          {when(s.created_at)}
          {s.sign_in_method && <span className="description">{describeSignInMethod(s.sign_in_method)}</span>}
        </span>
      ),
    },
    {
      header: "Expires",
      cell: (s) => (
        <time dateTime={s.expires_at} title={new Date(s.expires_at).toLocaleString()}>
          {describeExpiry(s.expires_at, now)}
        </time>
      ),
    },
    actionsColumn((s) => (
      <RowButton
        danger
        aria-label={
          s.current
            ? "Revoke this browser's session"
            : `Revoke the session of ${describeUserAgent(s.user_agent)} from ${s.ip_address ?? "an unknown address"}`
        }
        onClick={() => revoke(s)}
      >
        Revoke
      </RowButton>
    )),
  ];

  return (
    <HeadedSection
      className="people"
      title="Sessions"
      action={
        sessions.data &&
        sessions.data.length > 0 && (
          <Button variant="danger" onClick={revokeAll}>
            Revoke all
          </Button>
        )
      }
      intro="Where you are signed in. Signing in again on a device replaces its session."
    >
      <QueryTable
        query={sessions}
        loading="Loading sessions…"
        caption="Sessions"
        rowClassName={(s) => (s.current ? "row-current" : undefined)}
        columns={columns}
        empty={<p>No live sessions.</p>}
      />
      {dialog}
    </HeadedSection>
  );
}
