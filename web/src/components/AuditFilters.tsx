// The audit trail's filters: what happened (grouped actions), who did it, in which project and
// environment, and between which days. Every change is applied at once (the page keeps the filters
// in its URL); a value the lists no longer hold (a member gone, a project deleted) stays chosen.
import { useState } from "react";
import type { WorkspaceTree } from "../api/automation-queries.ts";
import { ACTION_GROUPS, actionLabel, isOfferedAction } from "../lib/audit.ts";
import {
  type AuditFilters,
  activePreset,
  hasFilters,
  TIME_PRESETS,
  withPreset,
} from "../lib/audit-filters.ts";
import { Button } from "./Button.tsx";
import { Field, SelectField } from "./Field.tsx";

export interface ChoiceGroup {
  label: string;
  choices: readonly { value: string; label: string }[];
}

const inGroups = (groups: readonly ChoiceGroup[], value: string) =>
  groups.some((group) => group.choices.some((c) => c.value === value));

/** The option of a value the lists do not hold, so the select still shows what filters the page. */
function Unlisted({
  value,
  groups,
  label,
}: {
  value: string | undefined;
  groups: readonly ChoiceGroup[];
  label: string;
}) {
  if (!value || inGroups(groups, value)) return null;
  return <option value={value}>{label}</option>;
}

function Groups({ groups }: { groups: readonly ChoiceGroup[] }) {
  return groups
    .filter((group) => group.choices.length > 0)
    .map((group) => (
      <optgroup key={group.label} label={group.label}>
        {group.choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </optgroup>
    ));
}

/** Projects by team; environments by project (those of the chosen project only, once one is). */
function placeGroups(tree: WorkspaceTree, project: string | undefined) {
  const teams = new Map<string, ChoiceGroup & { choices: { value: string; label: string }[] }>();
  for (const p of tree.projects) {
    const group = teams.get(p.teamName) ?? { label: p.teamName, choices: [] };
    group.choices.push({ value: p.id, label: p.name });
    teams.set(p.teamName, group);
  }
  const environments = tree.projects
    .filter((p) => !project || p.id === project)
    .map((p) => ({ label: p.name, choices: p.environments.map((e) => ({ value: e.id, label: e.name })) }));
  return { projects: [...teams.values()], environments };
}

export function AuditFilterForm({
  filters,
  onChange,
  actors,
  tree,
}: {
  filters: AuditFilters;
  onChange: (next: AuditFilters) => void;
  actors: readonly ChoiceGroup[];
  tree: WorkspaceTree;
}) {
  const set = (name: keyof AuditFilters) => (event: { target: { value: string } }) =>
    onChange({ ...filters, [name]: event.target.value });
  const places = placeGroups(tree, filters.project);
  const chooseProject = (event: { target: { value: string } }) => {
    const project = event.target.value;
    // An environment of another project would match nothing: it goes with the change.
    const keepEnvironment =
      !project ||
      tree.projects.find((p) => p.id === project)?.environments.some((e) => e.id === filters.environment);
    onChange({ ...filters, project, environment: keepEnvironment ? filters.environment : undefined });
  };

  return (
    <form className="audit-filters" aria-label="Filter the audit trail" onSubmit={(e) => e.preventDefault()}>
      <SelectField label="Action" value={filters.action ?? ""} onChange={set("action")}>
        <option value="">Any action</option>
        {filters.action && !isOfferedAction(filters.action) && (
          <option value={filters.action}>{actionLabel(filters.action)}</option>
        )}
        <Groups groups={ACTION_GROUPS} />
      </SelectField>
      <SelectField label="Actor" value={filters.actor ?? ""} onChange={set("actor")}>
        <option value="">Anyone</option>
        <Unlisted value={filters.actor} groups={actors} label="Someone no longer listed" />
        <Groups groups={actors} />
      </SelectField>
      <SelectField label="Project" value={filters.project ?? ""} onChange={chooseProject}>
        <option value="">Any project</option>
        <Unlisted value={filters.project} groups={places.projects} label="A project not listed (deleted?)" />
        <Groups groups={places.projects} />
      </SelectField>
      <SelectField label="Environment" value={filters.environment ?? ""} onChange={set("environment")}>
        <option value="">Any environment</option>
        <Unlisted
          value={filters.environment}
          groups={places.environments}
          label="An environment not listed (deleted?)"
        />
        <Groups groups={places.environments} />
      </SelectField>
      <TimePresets filters={filters} onChange={onChange} />
      <DayField
        label="From"
        value={filters.from}
        max={filters.to}
        onCommit={(from) => onChange({ ...filters, from, within: undefined })}
      />
      <DayField
        label="To"
        value={filters.to}
        min={filters.from}
        onCommit={(to) => onChange({ ...filters, to, within: undefined })}
      />
      {hasFilters(filters) && (
        <div className="audit-filters-clear">
          <Button onClick={() => onChange({})}>Clear filters</Button>
        </div>
      )}
    </form>
  );
}

/**
 * A day, applied as soon as it is a plausible one: a date field has a value at every digit typed
 * into its year (0002, 0020, 0202, 2026), and each would otherwise be a query and a history entry.
 * The rest (an emptied field too) is applied when the field is left, or on Enter.
 */
function DayField({
  label,
  value,
  min,
  max,
  onCommit,
}: {
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onCommit: (day: string) => void;
}) {
  const [draft, setDraft] = useState<{ of: string | undefined; day: string } | null>(null);
  // A draft belongs to the value it was typed over: a new value (Clear, Back) drops it.
  const day = draft && draft.of === value ? draft.day : (value ?? "");
  const commit = (next: string) => {
    setDraft(null);
    if (next !== (value ?? "")) onCommit(next);
  };
  return (
    <Field
      label={label}
      type="date"
      value={day}
      min={min}
      max={max}
      onChange={(e) => {
        const next = e.target.value;
        // Empty is also what a half-typed date reads as: that waits for the field to be left.
        if (next >= "1970") commit(next);
        else setDraft({ of: value, day: next });
      }}
      onBlur={() => commit(day)}
      onKeyDown={(e) => {
        if (e.key === "Enter") commit(day);
      }}
    />
  );
}

/** Ranges people ask for most, one click each; From and To stay for any other (a custom range). */
function TimePresets({
  filters,
  onChange,
}: {
  filters: AuditFilters;
  onChange: (next: AuditFilters) => void;
}) {
  const active = activePreset(filters);
  return (
    <fieldset className="audit-presets">
      <legend className="field-label">When</legend>
      {TIME_PRESETS.map((preset) => (
        <Button
          key={preset.value}
          size="sm"
          variant={active === preset.value ? "primary" : "ghost"}
          aria-pressed={active === preset.value}
          onClick={() => onChange(withPreset(filters, preset.value))}
        >
          {preset.label}
        </Button>
      ))}
    </fieldset>
  );
}
