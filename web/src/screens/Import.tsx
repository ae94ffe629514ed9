// Import an environment's variables from Railway, Vercel or Render: the platform's token (a
// password field, kept in this page's memory only and sent with each request, never stored), the
// source fields that platform needs, a preview of what would be added / changed / unchanged /
// skipped, then apply (optionally overwriting the changed keys). Member of the team and up.

import { Link, useParams } from "@tanstack/react-router";
import type { components } from "coffer/client";
import { type FormEvent, useId, useState } from "react";
import { api } from "../api/client.ts";
import { ApiError, errorMessage, unwrap } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";
import { type EnvPath, type Ok, queryKeys, useEnvironments } from "../api/queries.ts";
import { Alert } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { Field, SelectField } from "../components/Field.tsx";
import { ImportPreview } from "../components/ImportPreview.tsx";
import { useCan } from "../components/RoleGate.tsx";
import {
  appliedSummary,
  importFailure,
  importSource,
  missingFields,
  PLATFORMS,
  type Platform,
  type SourceField,
  VERCEL_TARGETS,
  writesOf,
} from "../lib/history.ts";
import { environmentLink } from "../nav.ts";
import "../styles/history.css";

const BASE = "/integrations/{workspace_id}/{team_id}/{project_id}/{environment_id}" as const;

export function Import() {
  const params = useParams({ from: "/w/$workspaceId/env/$teamId/$projectId/$environmentId/import" });
  const path: EnvPath = {
    workspace_id: params.workspaceId,
    team_id: params.teamId,
    project_id: params.projectId,
    environment_id: params.environmentId,
  };
  const can = useCan();
  // A preview writes nothing, but it is a POST the person asks for with their platform token, not
  // a read to cache and refetch: a mutation, like the apply it prepares.
  const previewImport = useWrite((body: components["schemas"]["ImportPreviewRequest"]) =>
    unwrap(api.POST(`${BASE}/preview`, { params: { path }, body })),
  );
  const applyImport = useWrite(
    (body: components["schemas"]["ImportApplyRequest"]) =>
      unwrap(api.POST(`${BASE}/apply`, { params: { path }, body })),
    { invalidates: () => [queryKeys.secrets(path)] },
  );
  const environment = useEnvironments(path.workspace_id, path.team_id, path.project_id).data?.find(
    (e) => e.id === path.environment_id,
  );

  const [platform, setPlatform] = useState<Platform>("railway");
  const [token, setToken] = useState("");
  const [fields, setFields] = useState<Partial<Record<SourceField, string>>>({});
  const [reveal, setReveal] = useState(false);
  const [overwrite, setOverwrite] = useState(false);
  const [busy, setBusy] = useState<"preview" | "apply" | null>(null);
  const [error, setError] = useState<string>();
  const [preview, setPreview] = useState<Ok<"previewImport">>();
  const [applied, setApplied] = useState<string>();

  const back = <Link {...environmentLink(path)}>Back to {environment?.name ?? "the environment"}</Link>;

  if (!can("secret.write", path.team_id)) {
    return <Alert kind="warning">Importing needs the Member role in this team or higher. {back}</Alert>;
  }
  if (environment?.protected && !can("secret.write", path.team_id, true)) {
    return (
      <Alert kind="warning">
        Protected: only Admins and Owners import into {environment.name}. Ask an Admin. {back}
      </Alert>
    );
  }

  const source = importSource(platform, fields);
  const describe = (failure: unknown) =>
    failure instanceof ApiError ? importFailure(platform, failure) : errorMessage(failure);
  // Anything edited after a preview makes it stale: it must be previewed again before applying.
  const edit = (change: () => void) => {
    change();
    setPreview(undefined);
    setApplied(undefined);
  };

  async function run(kind: "preview" | "apply") {
    const missing = missingFields(platform, source);
    if (missing.length > 0) {
      setError(`${PLATFORMS[platform].label} needs: ${missing.join(", ")}`);
      return;
    }
    setBusy(kind);
    setError(undefined);
    try {
      const body = { provider: platform, token, source, reveal };
      if (kind === "preview") {
        setPreview(await previewImport.mutateAsync(body));
        setApplied(undefined);
      } else {
        const report = await applyImport.mutateAsync({ ...body, overwrite });
        setApplied(appliedSummary(report, overwrite));
        setPreview(undefined);
        setToken(""); // done with it: the next import asks again
      }
    } catch (failure) {
      setError(describe(failure));
    } finally {
      setBusy(null);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run("preview");
  };
  const writes = preview ? writesOf(preview, overwrite) : 0;

  return (
    <section aria-labelledby="import-title" className="import">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        {back}
      </nav>
      <div className="page-header">
        <div>
          <h1 id="import-title">Import into {environment?.name ?? "this environment"}</h1>
          <p className="muted">
            Read variables from a hosting platform, see what would change, then apply. The token is used for
            these requests only and never stored.
          </p>
        </div>
      </div>
      <form className="card pad stack import-form" onSubmit={submit}>
        <SelectField
          label="Platform"
          value={platform}
          onChange={(e) => edit(() => setPlatform(e.target.value as Platform))}
        >
          {Object.entries(PLATFORMS).map(([name, p]) => (
            <option key={name} value={name}>
              {p.label}
            </option>
          ))}
        </SelectField>
        <Field
          label={`${PLATFORMS[platform].label} token`}
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          hint={PLATFORMS[platform].tokenHint}
          value={token}
          onChange={(e) => edit(() => setToken(e.target.value.trim()))}
        />
        <div className="row-2 gap">
          {PLATFORMS[platform].fields.map((field) =>
            field.name === "target" ? (
              <TargetSelect
                key={field.name}
                value={fields.target ?? ""}
                onChange={(value) => edit(() => setFields((f) => ({ ...f, target: value })))}
              />
            ) : (
              <Field
                key={`${platform}-${field.name}`}
                label={field.label}
                required={field.required}
                hint={field.hint}
                spellCheck={false}
                autoComplete="off"
                value={fields[field.name] ?? ""}
                onChange={(e) => edit(() => setFields((f) => ({ ...f, [field.name]: e.target.value })))}
              />
            ),
          )}
        </div>
        <label className="check">
          <input type="checkbox" checked={reveal} onChange={(e) => edit(() => setReveal(e.target.checked))} />{" "}
          Show values in the preview
        </label>
        <div className="actions">
          <Button type="submit" variant="primary" busy={busy === "preview"}>
            Preview import
          </Button>
        </div>
      </form>
      {error && <Alert kind="error">{error}</Alert>}
      {applied && (
        <Alert kind="success">
          Imported from {PLATFORMS[platform].label}: {applied}. {back}
        </Alert>
      )}
      {preview && (
        <ImportPreview
          report={preview}
          overwrite={overwrite}
          onOverwrite={setOverwrite}
          footer={
            <Button
              variant="primary"
              busy={busy === "apply"}
              disabled={writes === 0}
              onClick={() => void run("apply")}
            >
              {writes === 0 ? "Nothing to apply" : `Apply ${writes} change${writes === 1 ? "" : "s"}`}
            </Button>
          }
        />
      )}
    </section>
  );
}

function TargetSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        Target
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Every target</option>
        {VERCEL_TARGETS.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
    </div>
  );
}
