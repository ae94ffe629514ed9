// `/device?code=…`: where `coffer login` sends the person (RFC 8628's verification URI). They
// type (or find filled in) the code their terminal shows, see which machine asks — its name,
// address and time — and approve or deny it. Nothing is approved on arrival: a link someone else
// sent cannot sign their terminal in to this account without the person's click. Signed out, the
// page sends them to sign in (any way: password, two-factor, single sign-on) and back here.
import { Navigate, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { api } from "../api/client.ts";
import { unwrap } from "../api/errors.ts";
import { useMe } from "../api/queries.ts";
import { useSession } from "../api/session.tsx";
import { Alert, Loading } from "../components/Alert.tsx";
import { AuthLayout } from "../components/AuthLayout.tsx";
import { Button } from "../components/Button.tsx";
import { Field } from "../components/Field.tsx";
import { useSubmit } from "../components/useSubmit.ts";
import { forgetReturn, rememberReturn } from "../lib/after-sign-in.ts";

interface PendingDevice {
  client_name: string | null;
  hostname: string | null;
  ip_address: string | null;
  created_at: string;
}

export function DeviceSignIn() {
  const { status } = useSession();
  const search = useSearch({ from: "/device" });
  const here = search.code ? `/device?code=${encodeURIComponent(search.code)}` : "/device";
  if (status === "restoring") return <Loading label="Restoring your session…" />;
  if (status === "signed-out") {
    rememberReturn(here); // a provider sign-in comes back to `/`, which brings the person here
    return <Navigate to="/sign-in" search={{ next: here }} replace />;
  }
  return <Approval initialCode={search.code ?? ""} />;
}

function Approval({ initialCode }: { initialCode: string }) {
  const me = useMe();
  const [code, setCode] = useState(initialCode);
  const [device, setDevice] = useState<PendingDevice>();
  const [answered, setAnswered] = useState<"approved" | "denied">();
  useEffect(() => forgetReturn(), []);

  const lookup = useSubmit(async () => {
    setDevice(await unwrap(api.POST("/auth/device/lookup", { body: { user_code: code } })));
  });
  const approve = useSubmit(async () => {
    await unwrap(api.POST("/auth/device/approve", { body: { user_code: code } }));
    setAnswered("approved");
  });
  const deny = useSubmit(async () => {
    await unwrap(api.POST("/auth/device/deny", { body: { user_code: code } }));
    setAnswered("denied");
  });
  // A code in the link is looked up at once: looking up approves nothing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the code the page opened with
  useEffect(() => {
    if (initialCode) void lookup.submit();
  }, []);

  const machine = device?.hostname ?? "an unnamed machine";
  if (answered === "approved") {
    return (
      <AuthLayout title="Signed in">
        <Alert kind="success">
          The Coffer CLI on <strong>{machine}</strong> is signed in as {me.data?.email}. You can close this
          tab and go back to your terminal.
        </Alert>
      </AuthLayout>
    );
  }
  if (answered === "denied") {
    return (
      <AuthLayout title="Sign-in denied">
        <Alert kind="info">The Coffer CLI on {machine} was not signed in.</Alert>
      </AuthLayout>
    );
  }
  if (device) {
    const error = approve.error ?? deny.error;
    return (
      <AuthLayout title={`Sign in the Coffer CLI on ${machine}?`}>
        {error && <Alert kind="error">{error}</Alert>}
        <dl className="device-facts">
          <dt>Program</dt>
          <dd>{device.client_name ?? "unknown"}</dd>
          <dt>Machine</dt>
          <dd>{machine}</dd>
          <dt>Address</dt>
          <dd>{device.ip_address ?? "unknown"}</dd>
          <dt>Asked at</dt>
          <dd>{new Date(device.created_at).toLocaleString()}</dd>
          <dt>Account</dt>
          <dd>{me.data?.email ?? "…"}</dd>
        </dl>
        <Alert kind="warning">
          Approve only if you ran <code>coffer login</code> yourself just now and the code matches your
          terminal. Whoever holds that terminal gets your access.
        </Alert>
        <div className="row-2">
          <Button variant="primary" busy={approve.busy} onClick={() => void approve.submit()}>
            Approve
          </Button>
          <Button variant="danger" busy={deny.busy} onClick={() => void deny.submit()}>
            Deny
          </Button>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Sign in the Coffer CLI">
      <form onSubmit={lookup.submit} className="stack">
        {lookup.error && <Alert kind="error">{lookup.error}</Alert>}
        <Field
          label="Enter the code shown in your terminal"
          hint="Eight letters, like BCDF-GHJK"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          maxLength={20}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" variant="primary" busy={lookup.busy}>
          Continue
        </Button>
      </form>
    </AuthLayout>
  );
}
