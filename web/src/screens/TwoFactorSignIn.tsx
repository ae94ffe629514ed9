// `/two-factor#challenge=…`: where a Google or GitHub sign-in of an account with two-factor sign-in
// lands. The provider proved who this is; the code step finishes it with the challenge.
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { Alert } from "../components/Alert.tsx";
import { AuthLayout } from "../components/AuthLayout.tsx";
import { TwoFactorStep } from "../components/TwoFactorStep.tsx";
import { useFragmentParam } from "../components/useFragmentParam.ts";

export function TwoFactorSignIn() {
  const challenge = useFragmentParam("challenge");
  const navigate = useNavigate();
  const [ended, setEnded] = useState<string>();

  if (!challenge || ended) {
    return (
      <AuthLayout title="Two-factor sign-in">
        <Alert kind="error">
          {ended ??
            "This page finishes a sign-in with Google or GitHub, and this one is missing or incomplete."}
        </Alert>
        <p className="auth-alt">
          <Link to="/sign-in">Sign in again</Link>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Sign in">
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={() => navigate({ to: "/", replace: true })}
        onRestart={setEnded}
      />
      <p className="auth-alt">
        <Link to="/sign-in">Cancel and sign in another way</Link>
      </p>
    </AuthLayout>
  );
}
