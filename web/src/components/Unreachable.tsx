// A banner while Coffer does not answer, instead of "Failed to fetch" in every corner: it says so,
// asks again every few seconds (and on "Retry now"), and once the server answers refetches what the
// page shows, so nobody has to reload.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { isReachable, onReachability, probe } from "../api/reachability.ts";
import { Button } from "./Button.tsx";

const POLL_MS = 5_000;

export function Unreachable() {
  const reachable = useSyncExternalStore(onReachability, isReachable);
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);

  const check = useCallback(async () => {
    setChecking(true);
    const back = await probe();
    setChecking(false);
    if (back) await queryClient.invalidateQueries();
  }, [queryClient]);

  useEffect(() => {
    if (reachable) return;
    const timer = setInterval(() => void check(), POLL_MS);
    return () => clearInterval(timer);
  }, [reachable, check]);

  if (reachable) return null;
  return (
    <div className="unreachable" role="alert">
      <span>
        <strong>Coffer cannot be reached.</strong> Your connection or the server is down; trying again every{" "}
        {POLL_MS / 1000} seconds. Nothing you saved is lost.
      </span>
      <Button size="sm" busy={checking} onClick={() => void check()}>
        Retry now
      </Button>
    </div>
  );
}
