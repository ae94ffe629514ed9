// `/`: sends a signed-in person to their current workspace, anyone else to sign in (`/admin`: to
// the instance-admin page there). A failed
// provider sign-in lands here with ?error=, which the sign-in screen explains.
import { Navigate, useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect } from "react";
import { errorMessage } from "../api/errors.ts";
import { useMe, useWorkspaces } from "../api/queries.ts";
import { useSession } from "../api/session.tsx";
import { Alert, Loading } from "../components/Alert.tsx";
import { pendingReturn } from "../lib/after-sign-in.ts";

export function Home() {
  const { status } = useSession();
  const search = useSearch({ from: "/" });
  if (status === "restoring") return <Loading label="Restoring your session…" />;
  if (status === "signed-out" || search.error) {
    return <Navigate to="/sign-in" search={search.error ? { error: search.error } : {}} replace />;
  }
  // Back to the page that sent the person to sign in through a provider (the device approval).
  const back = pendingReturn();
  if (back) return <Back href={back} />;
  return <ToWorkspace />;
}

function Back({ href }: { href: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate({ href, replace: true });
  }, [href, navigate]);
  return <Loading />;
}

/** `/admin`: the instance-admin page inside the person's current workspace (or sign in first). */
export function ToInstanceAdmin() {
  const { status } = useSession();
  if (status === "restoring") return <Loading label="Restoring your session…" />;
  if (status === "signed-out") return <Navigate to="/sign-in" search={{ next: "/admin" }} replace />;
  return <ToWorkspace page="admin" />;
}

function ToWorkspace({ page }: { page?: "admin" }) {
  const me = useMe();
  const workspaces = useWorkspaces();
  if (me.error || workspaces.error)
    return <Alert kind="error">{errorMessage(me.error ?? workspaces.error)}</Alert>;
  if (!me.data || !workspaces.data) return <Loading />;
  const target = workspaces.data.find((w) => w.id === me.data.current_workspace_id) ?? workspaces.data[0];
  if (!target) return <Alert kind="info">You are not a member of any workspace.</Alert>;
  if (page === "admin")
    return <Navigate to="/w/$workspaceId/admin" params={{ workspaceId: target.id }} replace />;
  return <Navigate to="/w/$workspaceId" params={{ workspaceId: target.id }} replace />;
}
