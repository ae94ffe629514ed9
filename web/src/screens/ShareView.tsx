// The page a share link opens in a browser: /s/#<token>. The token is read from the fragment
// (never sent to any server's logs) and goes to GET /share/{token} only when the reader asks:
// every read spends one of the link's views. A passphrase, when the link has one, goes in the
// X-Share-Passphrase header. No session is needed. Whether a link still works is known only by
// asking (which spends a view), so the page offers Show; once the API says the link is dead (expired,
// used up, revoked, burnt, or no such link), the page says so and offers nothing more.
import { type FormEvent, useState } from "react";
import { api } from "../api/client.ts";
import { ApiError, errorMessage, unwrap } from "../api/errors.ts";
import type { Ok } from "../api/queries.ts";
import { Alert } from "../components/Alert.tsx";
import { AuthLayout } from "../components/AuthLayout.tsx";
import { Button } from "../components/Button.tsx";
import { CopyButton } from "../components/CopyButton.tsx";
import { Field } from "../components/Field.tsx";
import { tokenFromFragment } from "../lib/history.ts";
import "../styles/history.css";

type Shared = Ok<"viewShareLink">;

interface DeadLink {
  title: string;
  text: string;
}

/** The answers after which the link will never show anything: the page's last word. */
const DEAD_LINKS: Record<string, DeadLink> = {
  gone: {
    title: "This link no longer works",
    text: "It expired, its views are used up, it was revoked, or wrong passphrases burnt it. Ask the sender for a new one.",
  },
  not_found: {
    title: "This link does not open",
    text: "No share link has this address. Check that it was copied whole, up to its last character.",
  },
};
const BURNT: DeadLink = {
  title: "This link no longer works",
  text: "That was the last attempt: wrong passphrases have burnt this link. Ask the sender for a new one.",
};

/** Why the link is dead for good, or undefined when another try may work. */
function deadLink(failure: unknown): DeadLink | undefined {
  if (!(failure instanceof ApiError)) return undefined;
  if (failure.code === "passphrase_incorrect" && attemptsLeft(failure) === 0) return BURNT;
  return DEAD_LINKS[failure.code];
}

function attemptsLeft(failure: ApiError): number | undefined {
  const { body } = failure;
  return body && typeof body === "object" && "attempts_left" in body && typeof body.attempts_left === "number"
    ? body.attempts_left
    : undefined;
}

export function ShareView() {
  const [token] = useState(() => tokenFromFragment(window.location.hash));
  const [passphrase, setPassphrase] = useState("");
  const [needsPassphrase, setNeedsPassphrase] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [dead, setDead] = useState<DeadLink>();
  const [shared, setShared] = useState<Shared>();

  async function reveal(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    setBusy(true);
    setError(undefined);
    try {
      setShared(
        await unwrap(
          api.GET("/share/{token}", {
            params: { path: { token } },
            headers: needsPassphrase ? { "x-share-passphrase": passphrase } : {},
          }),
        ),
      );
    } catch (failure) {
      const reason = deadLink(failure);
      if (reason) setDead(reason);
      else if (failure instanceof ApiError && failure.code === "passphrase_required")
        setNeedsPassphrase(true);
      // Anything else (a wrong passphrase with attempts left, which the API's message counts; too
      // many requests; no connection) may go another way on the next try.
      else setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <AuthLayout title="Shared secrets">
        <Alert kind="error">This page needs the whole share link, including the part after #.</Alert>
      </AuthLayout>
    );
  }

  if (dead) {
    return (
      <AuthLayout title={dead.title}>
        <Alert kind="error">{dead.text}</Alert>
      </AuthLayout>
    );
  }

  if (shared) {
    return (
      <AuthLayout title="Shared secrets">
        <ul className="shared-list">
          {shared.secrets.map((s) => (
            <li key={s.key}>
              <code className="key">{s.key}</code>
              <span className="shared-value">
                <code className="value">{s.value}</code>
                <CopyButton value={s.value} label={`Copy the value of ${s.key}`} />
              </span>
            </li>
          ))}
        </ul>
        <p className="muted">
          {shared.views_remaining === 0
            ? "That was the last view: the link no longer opens."
            : `${shared.views_remaining} more view${shared.views_remaining === 1 ? "" : "s"} left, until ${new Date(shared.expires_at).toLocaleString()}.`}{" "}
          Nothing here is kept by this page: copy what you need before leaving it.
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Shared secrets">
      <form className="stack" onSubmit={reveal}>
        <p>Someone shared secrets with you. Showing them uses one of the link's views.</p>
        {needsPassphrase && (
          <Field
            label="Passphrase"
            type="password"
            autoComplete="off"
            required
            autoFocus
            hint="The sender set a passphrase: they will have told it to you separately."
            value={passphrase}
            onChange={(e) => setPassphrase(e.target.value)}
          />
        )}
        {error && <Alert kind="error">{error}</Alert>}
        <Button type="submit" variant="primary" busy={busy}>
          Show the secrets
        </Button>
      </form>
    </AuthLayout>
  );
}
