import { useEffect, useState } from "react";
import { Button } from "./Button.tsx";

/**
 * Puts text on the clipboard. Text still to be fetched goes in as a promise (ClipboardItem), so
 * the click that asked for it still counts as the gesture that allows the copy (Safari requires
 * it); where ClipboardItem is missing the text is written once it has arrived.
 */
async function copy(text: string | Promise<string>): Promise<void> {
  if (typeof text === "string") return navigator.clipboard.writeText(text);
  if (typeof ClipboardItem === "undefined") return navigator.clipboard.writeText(await text);
  const blob = text.then((t) => new Blob([t], { type: "text/plain" }));
  // The fetch's own failure is the one to report, not the clipboard's "no data".
  await Promise.all([navigator.clipboard.write([new ClipboardItem({ "text/plain": blob })]), blob]);
}

const WORDS = { idle: "Copy", copying: "Copying…", copied: "Copied", failed: "Copy failed" } as const;

/**
 * Copies a value to the clipboard; the button says so for two seconds (announced politely). A
 * function is called at the click (a secret's value is fetched only then).
 */
export function CopyButton({ value, label }: { value: string | (() => Promise<string>); label: string }) {
  const [state, setState] = useState<keyof typeof WORDS>("idle");
  useEffect(() => {
    if (state === "idle" || state === "copying") return undefined;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={label}
      onClick={() => {
        if (state === "copying") return;
        setState("copying");
        copy(typeof value === "string" ? value : value()).then(
          () => setState("copied"),
          () => setState("failed"),
        );
      }}
    >
      <span aria-live="polite">{WORDS[state]}</span>
    </Button>
  );
}

/** Code to paste elsewhere (shell lines, a workflow), shown as it is with its copy button under it. */
export function CopyableCode({
  code,
  copyLabel,
  className = "code-block",
  testId,
}: {
  code: string;
  copyLabel: string;
  className?: string;
  testId?: string;
}) {
  return (
    <>
      <pre className={className} data-testid={testId}>
        {code}
      </pre>
      <CopyButton value={code} label={copyLabel} />
    </>
  );
}
