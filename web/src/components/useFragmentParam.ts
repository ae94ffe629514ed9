// A token a link carries in its fragment (`/reset-password#token=…`, `/two-factor#challenge=…`):
// read once when the page opens, then taken out of the address bar (a replace, so no history
// entry keeps it). It lives on only in the calling component's state.
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { fragmentParam } from "../lib/security.ts";

export function useFragmentParam(name: string): string | null {
  const [value] = useState(() => fragmentParam(window.location.hash, name));
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  useEffect(() => {
    if (window.location.hash) void navigate({ to: pathname, replace: true });
  }, [navigate, pathname]);
  return value;
}
