// Two-factor sign-in of the signed-in account: its state (on since, recovery codes left), setting
// it up (TwoFactorSetupDialog), turning it off and renewing the recovery codes. Turning off and
// renewing ask for the current code through the one prompt of sensitive actions
// (api/second-factor.ts); a workspace that requires two-factor refuses turning off (409, shown).
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../api/client.ts";
import { errorMessage, unwrap } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";
import type { Ok } from "../api/queries.ts";
import { securityKeys, type TwoFactorStatus, useTwoFactorStatus } from "../api/security-queries.ts";
import { useActionDialog } from "./ActionDialog.tsx";
import { Alert } from "./Alert.tsx";
import { Button } from "./Button.tsx";
import { QueryStatus } from "./QueryStatus.tsx";
import { RecoveryCodesDialog } from "./RecoveryCodesDialog.tsx";
import { TwoFactorSetupDialog } from "./TwoFactorSetupDialog.tsx";
import { day } from "./When.tsx";

type Setup = Ok<"setUpTwoFactor">;
/** Fewer unused recovery codes than this: time to make new ones. */
const FEW_CODES_LEFT = 3;

export function TwoFactorSettings({ email }: { email: string }) {
  const status = useTwoFactorStatus();
  const queryClient = useQueryClient();
  const { ask, dialog } = useActionDialog();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refreshStatus = () => queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor() });
  // Turning it on or off may open or close workspaces that require it: everything is read again.
  // Not while recovery codes are shown: a workspace page reloading around them would unmount them.
  const refreshAll = () => queryClient.invalidateQueries();
  const startSetup = useWrite(() => unwrap(api.POST("/auth/2fa/setup")));

  // A failure stays the mutation's error, shown above the button.
  const begin = () => startSetup.mutateAsync().then(setSetup, () => undefined);

  const turnOff = () =>
    ask({
      title: "Turn off two-factor sign-in?",
      submitLabel: "Turn off",
      danger: true,
      message:
        "Signing in will need only your password (or Google / GitHub) again, and your recovery codes stop working.",
      run: () => unwrap(api.POST("/auth/2fa/disable")).then(refreshAll),
    });

  const renew = () =>
    ask({
      title: "Make new recovery codes?",
      submitLabel: "Make new codes",
      message: "Your current recovery codes stop working at once. The new ones are shown once.",
      run: async () => {
        const renewed = await unwrap(api.POST("/auth/2fa/recovery-codes"));
        setCodes(renewed.recovery_codes);
        await refreshStatus();
      },
    });

  return (
    <section className="card stack account-card" aria-labelledby="two-factor-title">
      <div className="card-title-row">
        <h2 id="two-factor-title">Two-factor sign-in</h2>
        {status.data && <StateBadge on={status.data.enabled} />}
      </div>
      <QueryStatus query={status} loading="Loading two-factor sign-in…" />
      {status.data?.enabled === false && (
        <>
          <p>
            With two-factor sign-in, signing in also needs a code from an authenticator app on your phone
            (Google Authenticator, 1Password, Authy…), and so do creating API keys and other sensitive
            changes.
          </p>
          {startSetup.error && <Alert kind="error">{errorMessage(startSetup.error)}</Alert>}
          <div>
            <Button variant="primary" busy={startSetup.isPending} onClick={() => void begin()}>
              Set up two-factor sign-in
            </Button>
          </div>
        </>
      )}
      {status.data?.enabled && <EnabledState status={status.data} onRenew={renew} onTurnOff={turnOff} />}
      {setup && (
        <TwoFactorSetupDialog
          setup={setup}
          onClose={() => setSetup(null)}
          onEnabled={async (recoveryCodes) => {
            setCodes(recoveryCodes);
            await refreshStatus();
          }}
        />
      )}
      {codes && (
        <RecoveryCodesDialog
          codes={codes}
          account={email}
          onDone={() => {
            setCodes(null);
            void refreshAll();
          }}
        />
      )}
      {dialog}
    </section>
  );
}

function StateBadge({ on }: { on: boolean }) {
  return <span className={on ? "badge state-on" : "badge state-off"}>{on ? "On" : "Off"}</span>;
}

function EnabledState({
  status,
  onRenew,
  onTurnOff,
}: {
  status: TwoFactorStatus;
  onRenew: () => void;
  onTurnOff: () => void;
}) {
  const left = status.recovery_codes_left;
  return (
    <>
      <p>
        Signing in needs a code from your authenticator app
        {status.enabled_at && <> (on since {day(status.enabled_at)})</>}. Creating API keys, changing your
        password and deleting the account ask for one too.
      </p>
      <p className={left <= FEW_CODES_LEFT ? "codes-left few" : "codes-left"}>
        {left === 1 ? "1 recovery code" : `${left} recovery codes`} left.
        {left <= FEW_CODES_LEFT && " Make new ones before you run out."}
      </p>
      <div className="actions">
        <Button onClick={onRenew}>New recovery codes</Button>
        <Button variant="ghost" className="danger-text" onClick={onTurnOff}>
          Turn off
        </Button>
      </div>
    </>
  );
}
