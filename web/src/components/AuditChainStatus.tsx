// The trail's tamper-evident chain on the audit screen: when it was last verified and what that
// found (the first break, named by its sequence and what happened there), and "Verify now", which
// has the server read and check every entry.
import { type ChainState, useAuditChain, useVerifyAuditChain } from "../api/audit-queries.ts";
import { errorMessage } from "../api/errors.ts";
import { relativeTime } from "../lib/relative-time.ts";
import { Alert } from "./Alert.tsx";
import { Button } from "./Button.tsx";

type Break = NonNullable<NonNullable<ChainState["last_verification"]>["first_break"]>;

const KIND: Record<Break["kind"], string> = {
  changed: "an entry was changed",
  missing: "entries are missing",
  inserted: "an entry was added",
  reordered: "entries were moved",
};

function breakText(at: Break): string {
  return `Broken at entry #${at.sequence}: ${KIND[at.kind]} (${at.detail}).`;
}

export function AuditChainStatus({ ws }: { ws: string }) {
  const chain = useAuditChain(ws, true);
  const verify = useVerifyAuditChain(ws);
  const last = chain.data?.last_verification ?? null;
  const entries = chain.data?.head?.sequence ?? 0;
  const when = last && (
    <time dateTime={last.verified_at} title={new Date(last.verified_at).toLocaleString()}>
      {relativeTime(last.verified_at, new Date())}
    </time>
  );
  return (
    <section className="audit-chain" aria-label="Tamper evidence">
      <div>
        <p>
          <strong>Tamper-evident:</strong> each of the {entries} entries is sealed to the one before it.{" "}
          {last === null ? (
            <span className="muted">Never verified.</span>
          ) : last.holds ? (
            <span>
              Verified {when}: the chain holds ({last.checked} entries checked).
            </span>
          ) : (
            <span>Verified {when}: it does not hold.</span>
          )}
        </p>
        {last && !last.holds && last.first_break && <Alert kind="error">{breakText(last.first_break)}</Alert>}
        {chain.error && <Alert kind="error">{errorMessage(chain.error)}</Alert>}
        {verify.error && <Alert kind="error">The verification failed: {errorMessage(verify.error)}</Alert>}
      </div>
      <Button onClick={() => verify.mutate()} busy={verify.isPending} disabled={verify.isPending}>
        Verify now
      </Button>
    </section>
  );
}
