// What a new key (or an OIDC trust's tokens) may reach, as a form section: read-only or read and
// write; every workspace, this workspace, or only the chosen projects and environments; and the
// client addresses it may be used from. The API checks all of it again.
import { useId } from "react";
import type { WorkspaceTree } from "../api/automation-queries.ts";
import { useWorkspace } from "../api/workspace.tsx";
import {
  type Reach,
  type ScopeChoice,
  scopeProblem,
  toggleEnvironment,
  toggleProject,
} from "../lib/key-scope.ts";
import { Alert, Loading } from "./Alert.tsx";
import { TextArea } from "./Field.tsx";
import { RadioChoice } from "./RadioChoice.tsx";

export function KeyScopeFields({
  value,
  onChange,
  tree,
  everywhere,
  holder,
}: {
  value: ScopeChoice;
  onChange: (next: ScopeChoice) => void;
  tree: WorkspaceTree;
  /** Offer "every workspace of yours" (personal keys). */
  everywhere?: boolean;
  /** Who the key acts as, for the wording: "you" or the service account. */
  holder: string;
}) {
  const name = useId();
  const { workspace } = useWorkspace();
  const reachChoices: { reach: Reach; label: string }[] = [
    ...(everywhere ? [{ reach: "everywhere" as const, label: "Every workspace of yours" }] : []),
    { reach: "workspace", label: `All of ${workspace.name} that ${holder} can reach` },
    { reach: "chosen", label: "Only the projects and environments chosen below" },
  ];
  const problem = value.reach === "chosen" ? scopeProblem(value) : undefined;

  return (
    <div className="stack key-scope-fields">
      <fieldset className="choice">
        <legend className="field-label">Secrets access</legend>
        <RadioChoice
          name={`${name}-access`}
          checked={value.access === "read"}
          onSelect={() => onChange({ ...value, access: "read" })}
        >
          Read-only
        </RadioChoice>
        <RadioChoice
          name={`${name}-access`}
          checked={value.access === "read_write"}
          onSelect={() => onChange({ ...value, access: "read_write" })}
        >
          Read and write (what {holder === "you" ? "your" : "its"} role allows)
        </RadioChoice>
      </fieldset>
      <fieldset className="choice choice-column">
        <legend className="field-label">Reaches</legend>
        {reachChoices.map((c) => (
          <RadioChoice
            key={c.reach}
            name={`${name}-reach`}
            checked={value.reach === c.reach}
            onSelect={() => onChange({ ...value, reach: c.reach })}
          >
            {c.label}
          </RadioChoice>
        ))}
      </fieldset>
      {value.reach === "chosen" && <TreeChoice value={value} onChange={onChange} tree={tree} />}
      {problem && <Alert kind="warning">{problem}</Alert>}
      <TextArea
        label="Allowed client addresses (optional)"
        hint="IP addresses or CIDR ranges, one per line, e.g. 203.0.113.0/24. Empty: any address. A use from elsewhere is refused."
        rows={2}
        spellCheck={false}
        value={value.cidrs}
        onChange={(e) => onChange({ ...value, cidrs: e.target.value })}
      />
    </div>
  );
}

function TreeChoice({
  value,
  onChange,
  tree,
}: {
  value: ScopeChoice;
  onChange: (next: ScopeChoice) => void;
  tree: WorkspaceTree;
}) {
  if (!tree.ready) return <Loading label="Loading projects and environments…" />;
  if (tree.projects.length === 0) return <p className="muted">This workspace has no projects yet.</p>;
  return (
    <fieldset className="scope-tree">
      <legend className="visually-hidden">Projects and environments</legend>
      <ul>
        {tree.projects.map((project) => {
          const whole = value.projectIds.has(project.id);
          return (
            <li key={project.id}>
              <label className="check">
                <input
                  type="checkbox"
                  checked={whole}
                  onChange={(e) => onChange(toggleProject(value, project, e.target.checked))}
                />{" "}
                <strong>{project.name}</strong>{" "}
                <span className="muted">({project.teamName}) — every environment</span>
              </label>
              {!whole && project.environments.length > 0 && (
                <ul>
                  {project.environments.map((environment) => (
                    <li key={environment.id}>
                      <label className="check">
                        <input
                          type="checkbox"
                          checked={value.environmentIds.has(environment.id)}
                          onChange={(e) =>
                            onChange(toggleEnvironment(value, environment.id, e.target.checked))
                          }
                        />{" "}
                        {project.name} / {environment.name}
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
