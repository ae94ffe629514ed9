// How the CLI fails: an error with the exit code it ends with (docs/cli.md, exit codes).
export const EXIT = { ok: 0, error: 1, usage: 2, auth: 3, notFound: 4, partial: 5, network: 6 } as const;

// No parameter properties: the CLI runs with Node's type stripping, which only erases types.
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number = EXIT.error) {
    super(message);
    this.exitCode = exitCode;
  }
}
