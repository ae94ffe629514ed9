import type { ReactNode } from "react";

/** A message in the page flow: errors are announced (role=alert), the rest politely. */
export function Alert({
  kind = "info",
  children,
}: {
  kind?: "info" | "error" | "warning" | "success";
  children: ReactNode;
}) {
  return (
    <div className={`alert alert-${kind}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}

export function Loading({ label = "Loading…" }: { label?: string }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}
