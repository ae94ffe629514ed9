// A workspace role as a badge ("Admin"); people.css colours each role.
import { roleName } from "../lib/permissions.ts";

export const RoleBadge = ({ role }: { role: number }) => (
  <span className={`badge role-${role}`}>{roleName(role)}</span>
);
