// The frame of the account's pages (profile, security): the signed-in person's profile loaded, the
// page's heading, and the tabs between them.
import type { ReactNode } from "react";
import { errorMessage } from "../api/errors.ts";
import { type Profile, useMe } from "../api/queries.ts";
import { AccountTabs } from "./AccountTabs.tsx";
import { Alert, Loading } from "./Alert.tsx";
import "../styles/people.css";
import "../styles/security.css";

export function AccountPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: (profile: Profile) => ReactNode;
}) {
  const me = useMe();
  if (me.error) return <Alert kind="error">{errorMessage(me.error)}</Alert>;
  if (!me.data) return <Loading />;
  return (
    <section aria-labelledby="account-title" className="people account">
      <div className="page-header">
        <div>
          <h1 id="account-title">{title}</h1>
          <p className="muted">{intro}</p>
        </div>
      </div>
      <AccountTabs />
      {children(me.data)}
    </section>
  );
}
