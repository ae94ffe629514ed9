import type { ReactNode } from "react";
import { ThemeToggle } from "./ThemeToggle.tsx";

/** The centred card of the signed-out screens. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth" id="main">
      <div className="auth-theme">
        <ThemeToggle />
      </div>
      <div className="auth-card">
        <div className="auth-brand">
          <span className="brand-mark" aria-hidden="true" />
          <span className="brand-name">Coffer</span>
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
