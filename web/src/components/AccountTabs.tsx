// The account's two pages (profile, security) under one heading's worth of navigation.
import { Link, useParams } from "@tanstack/react-router";

export function AccountTabs() {
  const { workspaceId } = useParams({ from: "/w/$workspaceId" });
  const tab = { className: "tab", activeProps: { className: "tab active", "aria-current": "page" as const } };
  return (
    <nav aria-label="Account" className="tabs">
      <Link to="/w/$workspaceId/account" params={{ workspaceId }} activeOptions={{ exact: true }} {...tab}>
        Profile
      </Link>
      <Link to="/w/$workspaceId/account/security" params={{ workspaceId }} {...tab}>
        Security
      </Link>
    </nav>
  );
}
