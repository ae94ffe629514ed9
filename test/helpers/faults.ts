// What the fault tests share: timing a call against a bound that defines correctness (never a
// fine timing), polling for recovery within a bound, and spotting stack traces a fault printed.
import type { Answer } from "./wire.ts";

/** The answer and how long it took. */
export async function timed(work: () => Promise<Answer>): Promise<{ answer: Answer; ms: number }> {
  const started = performance.now();
  const answer = await work();
  return { answer, ms: performance.now() - started };
}

/** Polls until `ok` holds (a throw counts as not yet), bounded; how long it took. */
export async function until(ok: () => Promise<boolean>, boundMs: number, what: string): Promise<number> {
  const started = performance.now();
  while (!(await ok().catch(() => false))) {
    if (performance.now() - started > boundMs) throw new Error(`${what}: not within ${boundMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return performance.now() - started;
}

/** The lines of a stack trace in a process's output. */
export const stackTraceLines = (text: string) => text.split("\n").filter((line) => /^\s+at\s/.test(line));
