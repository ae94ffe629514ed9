// What the CLI prints: plain text for people (colours only on a terminal, never with NO_COLOR),
// JSON with --json, warnings on stderr.
export const useColor = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
export const paint = (code: number, text: string) => (useColor ? `\u001b[${code}m${text}\u001b[0m` : text);
export const warn = (text: string) => process.stderr.write(`${paint(33, "warning:")} ${text}\n`);

export function print(json: boolean, value: unknown, text: string): void {
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : text);
}

export async function readStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

/**
 * A progress bar on stderr, drawn only on a terminal (a pipe or a CI log gets the final summary
 * alone): `[##########----------] 1000/2000 secrets`.
 */
export function progressBar(total: number, unit: string): { update(done: number): void; end(): void } {
  const live = Boolean(process.stderr.isTTY);
  const width = 24;
  return {
    update(done) {
      if (!live) return;
      const filled = Math.round((done / total) * width);
      process.stderr.write(`\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${unit}`);
    },
    end() {
      if (live) process.stderr.write("\n");
    },
  };
}
