// Trusting an OIDC issuer for a service account: GitHub Actions by repository and branch, or any
// issuer by its URL and a subject pattern; the audience, further claims, token lifetime and scope.
import { useState } from "react";
import { defaultAudience, GITHUB_ISSUER, githubSubject } from "../../../src/lib/ci-snippet.ts";
import {
  type ServiceAccount as Account,
  accountPath,
  automationKeys,
  type Trust,
  type WorkspaceTree,
} from "../api/automation-queries.ts";
import { api } from "../api/client.ts";
import { unwrap } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";
import { useWorkspace } from "../api/workspace.tsx";
import { Field, TextArea, useFields } from "../components/Field.tsx";
import { FormDialog } from "../components/FormDialog.tsx";
import { KeyScopeFields } from "../components/KeyScopeFields.tsx";
import { RadioGroup } from "../components/RadioChoice.tsx";
import { checkedScopeFields, openScope } from "../lib/key-scope.ts";
import { parseClaims } from "../lib/trusts.ts";

type Provider = "github" | "other";

const PROVIDERS: readonly { value: Provider; label: string }[] = [
  { value: "github", label: "GitHub Actions" },
  { value: "other", label: "Another OIDC issuer (GitLab CI, Kubernetes, …)" },
];

export function AddTrustDialog({
  account,
  tree,
  onClose,
  onAdded,
}: {
  account: Account;
  tree: WorkspaceTree;
  onClose: () => void;
  onAdded: (trust: Trust) => void;
}) {
  const { workspace } = useWorkspace();
  const ws = workspace.id;
  const [provider, setProvider] = useState<Provider>("github");
  const [form, set] = useFields({
    repo: "",
    branch: "main",
    name: "",
    issuer: "",
    subject: "",
    audience: defaultAudience(window.location.origin),
    claims: "",
    minutes: "15",
  });
  const [scope, setScope] = useState(() => openScope("read", "workspace"));
  const add = useWrite(
    () => {
      const { repo, branch, name, issuer, subject, audience, claims, minutes } = form;
      const scoped = checkedScopeFields(scope);
      const parsed = parseClaims(claims);
      if ("error" in parsed) return Promise.reject(new Error(parsed.error));
      const github = provider === "github";
      if (github && !/^[\w.-]+\/[\w.-]+$/.test(repo.trim())) {
        return Promise.reject(new Error("The repository is owner/name, e.g. acme/payments."));
      }
      return unwrap(
        api.POST("/workspaces/{workspace_id}/service-accounts/{service_account_id}/trusts", {
          params: { path: accountPath(ws, account.id) },
          body: {
            name: (name.trim() || (github ? `${repo.trim()}@${branch.trim()}` : issuer.trim())).slice(0, 100),
            issuer: github ? GITHUB_ISSUER : issuer.trim(),
            audience: audience.trim(),
            subject: github ? githubSubject(repo.trim(), branch.trim() || "*") : subject.trim(),
            claims: parsed.claims,
            token_minutes: Number(minutes),
            ...scoped,
          },
        }),
      );
    },
    { invalidates: () => [automationKeys.trusts(ws, account.id)] },
  );

  return (
    <FormDialog
      open
      wide
      title={`Trust an OIDC issuer for ${account.name}`}
      submitLabel="Add trust"
      onClose={onClose}
      onSubmit={async () => onAdded(await add.mutateAsync())}
    >
      <RadioGroup
        legend="Tokens from"
        name="trust-provider"
        options={PROVIDERS}
        value={provider}
        onChange={setProvider}
      />
      {provider === "github" ? (
        <div className="row-2">
          <Field
            label="Repository"
            required
            autoFocus
            placeholder="acme/payments"
            hint="owner/name"
            value={form.repo}
            onChange={set("repo")}
          />
          <Field
            label="Branch"
            required
            hint="* for any branch"
            value={form.branch}
            onChange={set("branch")}
          />
        </div>
      ) : (
        <>
          <Field
            label="Issuer URL"
            required
            autoFocus
            placeholder="https://gitlab.com"
            hint="exactly as the tokens' iss says"
            value={form.issuer}
            onChange={set("issuer")}
          />
          <Field
            label="Subject pattern"
            required
            placeholder="project_path:acme/payments:ref_type:branch:ref:main"
            hint="matched whole; * matches any run of characters"
            value={form.subject}
            onChange={set("subject")}
          />
        </>
      )}
      <div className="row-2">
        <Field
          label="Audience"
          required
          hint="the aud the tokens must carry"
          value={form.audience}
          onChange={set("audience")}
        />
        <Field
          label="Token lifetime (minutes)"
          type="number"
          min={1}
          max={60}
          required
          value={form.minutes}
          onChange={set("minutes")}
        />
      </div>
      <TextArea
        label="Further claims (optional)"
        hint="one claim=pattern per line, e.g. environment=production"
        rows={2}
        spellCheck={false}
        value={form.claims}
        onChange={set("claims")}
      />
      <Field label="Name (optional)" maxLength={100} value={form.name} onChange={set("name")} />
      <KeyScopeFields value={scope} onChange={setScope} tree={tree} holder="its role" />
    </FormDialog>
  );
}
