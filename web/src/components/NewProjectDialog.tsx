// Creating a project with its environments: development, staging and production are offered,
// each renamable, removable, and more can be added. The project is created first, then each
// environment; a refusal midway keeps what was created, and submitting again goes on from there.
import { useState } from "react";
import { DEFAULT_ENVIRONMENTS } from "../../../src/lib/environment-order.ts";
import { api } from "../api/client.ts";
import { errorMessage, unwrap } from "../api/errors.ts";
import type { Project } from "../api/queries.ts";
import { ENVIRONMENT_TYPES, type EnvironmentType, TYPE_HINT } from "../lib/environment-types.ts";
import { Button } from "./Button.tsx";
import { Field } from "./Field.tsx";
import "../styles/project.css";
import { FormDialog } from "./FormDialog.tsx";

interface Row {
  key: number;
  name: string;
  type: EnvironmentType;
  /** Set once the server created it, so a second submit does not create it again. */
  created?: boolean;
}

const defaults = (): Row[] =>
  DEFAULT_ENVIRONMENTS.map((e, key) => ({ key, name: e.name, type: e.environment_type }));

export function NewProjectDialog({
  team,
  onClose,
  onCreated,
}: {
  team: { id: string; name: string; workspace_id: string };
  onClose: () => void;
  onCreated: () => Promise<unknown>;
}) {
  const [name, setName] = useState("");
  const [rows, setRows] = useState<Row[]>(defaults);
  const [project, setProject] = useState<Project | null>(null);
  const path = { workspace_id: team.workspace_id, team_id: team.id };
  const update = (key: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  async function create() {
    const made =
      project ??
      (await unwrap(
        api.POST("/projects/{workspace_id}/{team_id}/", { params: { path }, body: { name: name.trim() } }),
      ));
    setProject(made);
    for (const row of rows) {
      if (row.created || !row.name.trim()) continue;
      await unwrap(
        api.POST("/environments/{workspace_id}/{team_id}/{project_id}/", {
          params: { path: { ...path, project_id: made.id } },
          body: { name: row.name.trim(), environment_type: row.type },
        }),
      ).catch((error: unknown) => {
        throw new Error(
          `Project ${made.name} was created, but not environment "${row.name}": ${errorMessage(error)} ` +
            "Change it and create again to go on.",
        );
      });
      update(row.key, { created: true });
    }
    await onCreated();
  }

  return (
    <FormDialog
      open
      wide
      title={`New project in ${team.name}`}
      submitLabel={project ? "Create the rest" : "Create project"}
      onClose={onClose}
      onSubmit={create}
    >
      <Field
        label="Project name"
        required
        maxLength={100}
        autoFocus
        disabled={project !== null}
        value={project?.name ?? name}
        onChange={(e) => setName(e.target.value)}
      />
      <fieldset className="env-rows">
        <legend className="field-label">Environments</legend>
        <p className="field-hint">{TYPE_HINT}</p>
        {rows.length === 0 && <p className="muted">No environments: add them later from the project.</p>}
        <ul>
          {rows.map((row, i) => (
            <li key={row.key} className="env-row">
              <Field
                label={`Environment ${i + 1} name`}
                hideLabel
                required
                maxLength={100}
                disabled={row.created}
                value={row.name}
                onChange={(e) => update(row.key, { name: e.target.value })}
              />
              <label className="visually-hidden" htmlFor={`env-type-${row.key}`}>
                {`Environment ${i + 1} type`}
              </label>
              <select
                id={`env-type-${row.key}`}
                disabled={row.created}
                value={row.type}
                onChange={(e) => update(row.key, { type: e.target.value as EnvironmentType })}
              >
                {ENVIRONMENT_TYPES.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
              <Button
                size="sm"
                variant="ghost"
                disabled={row.created}
                aria-label={`Remove environment ${row.name || i + 1}`}
                onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
        <Button
          size="sm"
          onClick={() =>
            setRows((all) => [
              ...all,
              { key: Math.max(-1, ...all.map((r) => r.key)) + 1, name: "", type: "custom" },
            ])
          }
        >
          Add an environment
        </Button>
      </fieldset>
    </FormDialog>
  );
}
