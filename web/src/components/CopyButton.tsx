import { useEffect, useState } from "react";
import { Button } from "./Button.tsx";

/** Copies a value to the clipboard; the button says so for two seconds (announced politely). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return undefined;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={label}
      onClick={() =>
        navigator.clipboard.writeText(value).then(
          () => setState("copied"),
          () => setState("failed"),
        )
      }
    >
      <span aria-live="polite">
        {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy"}
      </span>
    </Button>
  );
}
