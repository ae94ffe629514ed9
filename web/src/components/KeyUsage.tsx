// How a new key is used, under its token in the key-created dialog: the variables a deploy job
// sets, and the command. COFFER_TOKEN is the one name (the CLI reads no other); a key narrowed to
// one environment needs no .coffer.json and no --env (the CLI asks the server what it reaches).
import { CopyableCode } from "./CopyButton.tsx";

export function KeyUsage({ token }: { token: string }) {
  const lines = [
    `export COFFER_API_URL=${window.location.origin}`,
    `export COFFER_TOKEN=${token}`,
    "coffer run -- <your command>",
  ].join("\n");
  return (
    <div className="stack">
      <p>
        Use it from a deploy job or a shell: the CLI reads the key from <code>COFFER_TOKEN</code>. A key
        narrowed to one environment needs no <code>.coffer.json</code> and no <code>--env</code>.
      </p>
      <CopyableCode code={lines} copyLabel="Copy the usage lines" testId="key-usage" />
    </div>
  );
}
