// A button that unfolds a short list of actions (a disclosure, not an ARIA menu: the actions are
// ordinary buttons reached with Tab). It folds again on Escape, on a click outside, and once an
// action inside it is chosen.
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button } from "./Button.tsx";

export function ActionsMenu({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const inside = (target: EventTarget | null) => root.current?.contains(target as Node) ?? false;
    const outside = (event: PointerEvent) => {
      if (!inside(event.target)) setOpen(false);
    };
    // Heard after the action's own handler: the action runs, then the list folds.
    const chosen = (event: MouseEvent) => {
      const panel = document.getElementById(id);
      if (panel?.contains(event.target as Node) && (event.target as Element).closest("button, a"))
        setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !inside(document.activeElement)) return;
      setOpen(false);
      root.current?.querySelector<HTMLElement>("button")?.focus();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("click", chosen);
    document.addEventListener("keydown", onEscape);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("click", chosen);
      document.removeEventListener("keydown", onEscape);
    };
  }, [open, id]);
  return (
    <div className="actions-menu" ref={root}>
      <Button aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {label} <span aria-hidden="true">▾</span>
      </Button>
      {open && (
        <div id={id} className="actions-menu-panel">
          {children}
        </div>
      )}
    </div>
  );
}
