// Issuers that every customer of a CI platform shares: any repository on GitHub gets tokens from
// the same https://token.actions.githubusercontent.com. A trust of one must pin the owner (the
// organisation, group or account) in its subject or its claims, or every job on the platform could
// exchange its token for the account's key. Per-tenant issuers (GitHub Enterprise's own, CircleCI's
// per-organisation ones, a self-hosted GitLab, a Kubernetes cluster) need no pin.

interface SharedIssuer {
  platform: string;
  /** The subject's fixed start, then the owner's name up to `end`. */
  subject: { prefix: string; end: string };
  /** Claims naming the owner, or a path whose first segment is the owner. */
  claims: readonly string[];
  /** How to pin it, for the 422's message. */
  howTo: string;
}

const SHARED_ISSUERS: Record<string, SharedIssuer> = {
  "https://token.actions.githubusercontent.com": {
    platform: "GitHub Actions",
    subject: { prefix: "repo:", end: "/" },
    claims: ["repository_owner", "repository_owner_id", "repository"],
    howTo: 'a subject starting "repo:OWNER/", or claims {"repository_owner": "OWNER"}',
  },
  "https://gitlab.com": {
    platform: "GitLab.com",
    subject: { prefix: "project_path:", end: "/" },
    claims: ["namespace_path", "namespace_id", "project_path"],
    howTo: 'a subject starting "project_path:GROUP/", or claims {"namespace_path": "GROUP"}',
  },
  "https://app.terraform.io": {
    platform: "HCP Terraform",
    subject: { prefix: "organization:", end: ":" },
    claims: ["terraform_organization_name", "terraform_organization_id"],
    howTo: 'a subject starting "organization:ORG:", or claims {"terraform_organization_name": "ORG"}',
  },
  "https://agent.buildkite.com": {
    platform: "Buildkite",
    subject: { prefix: "organization:", end: ":" },
    claims: ["organization_slug", "organization_id"],
    howTo: 'a subject starting "organization:ORG:", or claims {"organization_slug": "ORG"}',
  },
};

/** The issuer as its tokens would name it: lower-case host, no default port, no trailing slash. */
function canonical(issuer: string): string {
  try {
    const url = new URL(issuer);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    return issuer;
  }
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The pattern starts with an owner's name written out (no `*`), ended by `end` — or by the
 * pattern's own end, when the pattern may be the name whole.
 */
function namesOwner(pattern: string, end: string, whole: boolean): boolean {
  const stop = escaped(end);
  return new RegExp(`^[^*${stop}]+(${stop}${whole ? "|$" : ""})`).test(pattern);
}

/**
 * Why a trust of a shared issuer would accept other owners' tokens (a 422's message), or undefined
 * when the issuer is not shared or the subject or a claim pins the owner.
 */
export function unpinnedSharedIssuer(
  issuer: string,
  subject: string,
  claims: Record<string, string>,
): string | undefined {
  const shared = SHARED_ISSUERS[canonical(issuer)];
  if (!shared) return undefined;
  const { prefix, end } = shared.subject;
  if (subject.startsWith(prefix) && namesOwner(subject.slice(prefix.length), end, false)) return undefined;
  // A claim names the owner whole ("acme", an id), or a path whose first segment is the owner.
  if (shared.claims.some((name) => typeof claims[name] === "string" && namesOwner(claims[name], "/", true))) {
    return undefined;
  }
  return (
    `${shared.platform}'s issuer is shared by every ${shared.platform} user: pin the owner with ` +
    `${shared.howTo} (written out, without *)`
  );
}
