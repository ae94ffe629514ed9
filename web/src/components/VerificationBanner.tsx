// "Verify your email": asks the API to mail a six-digit code (sign-up already asked for the first),
// then takes it. A code already outstanding (429) just opens the code field and says when a new one
// can be asked for; the field stays open across a reload of the tab.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { api } from "../api/client.ts";
import { ApiError, errorMessage, retryAt, unwrap } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";
import { queryKeys } from "../api/queries.ts";
import { codeWasSentTo, rememberCodeSent } from "../lib/verification.ts";
import { Button } from "./Button.tsx";
import { Field } from "./Field.tsx";

export function VerificationBanner({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<"idle" | "sent">(() => (codeWasSentTo(email) ? "sent" : "idle"));
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const requestCode = useWrite(() => unwrap(api.POST("/auth/request-otp")));
  const verifyCode = useWrite((otp: number) => unwrap(api.POST("/auth/verify", { body: { otp } })), {
    invalidates: () => [queryKeys.me()],
  });

  async function sendCode() {
    setBusy(true);
    setMessage(undefined);
    try {
      await requestCode.mutateAsync();
      setStage("sent");
      rememberCodeSent(email);
      setMessage(`We sent a six-digit code to ${email}.`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        setStage("sent");
        rememberCodeSent(email);
        const wait = error.retryAfter === undefined ? "" : ` ${retryAt(error.retryAfter, new Date())}`;
        setMessage(`A code was sent a moment ago: enter it below, or ask for a new one later.${wait}`);
      } else if (error instanceof ApiError && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.me() });
      } else setMessage(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await verifyCode.mutateAsync(Number(code));
    } catch (error) {
      setMessage(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="banner" aria-label="Email verification">
      <p>
        <strong>Verify your email.</strong> Confirm <span className="mono">{email}</span> to secure your
        account.
      </p>
      {stage === "sent" ? (
        <form className="banner-form" onSubmit={verify}>
          <Field
            label="Verification code"
            hideLabel
            placeholder="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
          />
          <Button type="submit" variant="primary" size="sm" busy={busy}>
            Verify
          </Button>
          <Button size="sm" variant="ghost" onClick={() => void sendCode()} disabled={busy}>
            Send a new code
          </Button>
        </form>
      ) : (
        <Button size="sm" variant="primary" onClick={() => void sendCode()} busy={busy}>
          Send code
        </Button>
      )}
      {message && (
        <p className="banner-message" role="status">
          {message}
        </p>
      )}
    </section>
  );
}
