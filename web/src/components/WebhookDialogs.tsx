// The webhooks screens' dialogs: create or change a webhook (address, description, which project
// or environment, which event types), with the API's refusals shown on the fields they concern;
// and the signing secret, shown once after a create or a rotation, with how a receiver checks it.
import { useId, useState } from "react";
import { useWorkspaceTree } from "../api/automation-queries.ts";
import { api } from "../api/client.ts";
import { unwrap } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";
import { type Webhook, webhookKeys, webhookPath } from "../api/webhook-queries.ts";
import { useWorkspace } from "../api/workspace.tsx";
import {
  EVENT_GROUPS,
  type FieldProblems,
  fieldProblems,
  isEventType,
  overlapInWords,
  VERIFY_SNIPPET,
  webhookBody,
} from "../lib/webhooks.ts";
import { CopyableCode } from "./CopyButton.tsx";
import { Field, SelectField } from "./Field.tsx";
import { FormDialog } from "./FormDialog.tsx";
import { DescriptionField } from "./NameFields.tsx";
import { NewTokenDialog } from "./NewTokenDialog.tsx";
import { RadioChoice } from "./RadioChoice.tsx";

const NOT_SAVED = "Not saved: see the fields marked above.";

/** A new signing secret in the caller's state while its dialog is open. */
export interface ShownSecret {
  name: string;
  token: string;
  /** After a rotation: until when the old secret also signs (null: not at all). */
  rotation?: { previousExpiresAt: string | null };
}

/** Create (no `hook`) or change a webhook; `onCreated` receives the new one with its secret. */
export function WebhookDialog({
  hook,
  onClose,
  onCreated,
}: {
  hook?: Webhook;
  onClose: () => void;
  onCreated?: (created: Webhook & { secret: string }) => void;
}) {
  const { workspace, teams } = useWorkspace();
  const ws = workspace.id;
  const tree = useWorkspaceTree(ws, teams);
  const [url, setUrl] = useState(hook?.url ?? "");
  const [description, setDescription] = useState(hook?.description ?? "");
  const [projectId, setProjectId] = useState(hook?.project_id ?? "");
  const [environmentId, setEnvironmentId] = useState(hook?.environment_id ?? "");
  const [everyEvent, setEveryEvent] = useState((hook?.events.length ?? 0) === 0);
  const [events, setEvents] = useState<ReadonlySet<string>>(new Set(hook?.events.filter(isEventType)));
  const [problems, setProblems] = useState<FieldProblems>({});
  const project = tree.projects.find((p) => p.id === projectId);
  const teamNames = [...new Set(tree.projects.map((p) => p.teamName))];

  const save = useWrite(
    async () => {
      const form = webhookBody({ url, description, projectId, environmentId, everyEvent, events });
      setProblems(form.ok ? {} : form.problems);
      if (!form.ok) throw new Error(NOT_SAVED);
      try {
        if (hook) {
          await unwrap(
            api.PATCH("/workspaces/{workspace_id}/webhooks/{webhook_id}", {
              params: { path: webhookPath(ws, hook.id) },
              body: form.body,
            }),
          );
        } else {
          onCreated?.(
            await unwrap(
              api.POST("/workspaces/{workspace_id}/webhooks", {
                params: { path: { workspace_id: ws } },
                body: form.body,
              }),
            ),
          );
        }
      } catch (error) {
        const onFields = fieldProblems(error);
        if (!onFields) throw error;
        setProblems(onFields);
        throw new Error(NOT_SAVED);
      }
    },
    { invalidates: () => [webhookKeys.all(ws)] },
  );

  return (
    <FormDialog
      open
      wide
      title={hook ? "Edit webhook" : "New webhook"}
      submitLabel={hook ? "Save" : "Create webhook"}
      onClose={onClose}
      onSubmit={() => save.mutateAsync()}
    >
      <Field
        label="Payload URL"
        type="url"
        required
        autoFocus
        maxLength={2048}
        spellCheck={false}
        placeholder="https://deploy.example.com/coffer"
        hint="Coffer POSTs each event here as signed JSON: https, or plain http only to networks the operator allowed."
        error={problems.url}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
      />
      <DescriptionField error={problems.description} value={description} onChange={setDescription} />
      <div className="row-2">
        <SelectField
          label="Project"
          error={problems.project_id}
          value={projectId}
          onChange={(e) => {
            setProjectId(e.target.value);
            setEnvironmentId("");
          }}
        >
          <option value="">Every project</option>
          {teamNames.map((teamName) => (
            <optgroup key={teamName} label={teamName}>
              {tree.projects
                .filter((p) => p.teamName === teamName)
                .map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
            </optgroup>
          ))}
          {/* A filter on a project this list no longer holds stays chosen until changed. */}
          {projectId && !project && (
            <option value={projectId}>{tree.ready ? "A project no longer listed" : "…"}</option>
          )}
        </SelectField>
        <SelectField
          label="Environment"
          hint={project ? undefined : "Choose a project first to narrow to one of its environments."}
          error={problems.environment_id}
          disabled={!project}
          value={environmentId}
          onChange={(e) => setEnvironmentId(e.target.value)}
        >
          <option value="">{project ? `Every environment of ${project.name}` : "Every environment"}</option>
          {project?.environments.map((environment) => (
            <option key={environment.id} value={environment.id}>
              {environment.name}
            </option>
          ))}
        </SelectField>
      </div>
      <EventChoice
        everyEvent={everyEvent}
        events={events}
        problem={problems.events}
        onEveryEvent={setEveryEvent}
        onEvents={setEvents}
      />
    </FormDialog>
  );
}

function EventChoice({
  everyEvent,
  events,
  problem,
  onEveryEvent,
  onEvents,
}: {
  everyEvent: boolean;
  events: ReadonlySet<string>;
  problem?: string;
  onEveryEvent: (every: boolean) => void;
  onEvents: (next: ReadonlySet<string>) => void;
}) {
  const name = useId();
  const problemId = `${name}-problem`;
  const toggle = (type: string, on: boolean) => {
    const next = new Set(events);
    if (on) next.add(type);
    else next.delete(type);
    onEvents(next);
  };
  return (
    <fieldset className="choice choice-column" aria-describedby={problem ? problemId : undefined}>
      <legend className="field-label">Events</legend>
      <RadioChoice name={`${name}-events`} checked={everyEvent} onSelect={() => onEveryEvent(true)}>
        Every event, including types added later
      </RadioChoice>
      <RadioChoice name={`${name}-events`} checked={!everyEvent} onSelect={() => onEveryEvent(false)}>
        Only the event types ticked below
      </RadioChoice>
      {!everyEvent && (
        <div className="event-groups">
          {EVENT_GROUPS.map((group) => (
            <fieldset key={group.label} className="event-group">
              <legend>{group.label}</legend>
              {group.events.map((event) => (
                <label className="check event-check" key={event.type}>
                  <input
                    type="checkbox"
                    checked={events.has(event.type)}
                    onChange={(e) => toggle(event.type, e.target.checked)}
                  />
                  <span>
                    <code>{event.type}</code> <span className="muted">{event.what}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          ))}
        </div>
      )}
      {problem && (
        <span id={problemId} className="field-error" role="alert">
          {problem}
        </span>
      )}
    </fieldset>
  );
}

/** The signing secret, once: after a create, how a receiver checks it; after a rotation, the overlap too. */
export function WebhookSecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  return (
    <NewTokenDialog
      title={shown?.rotation ? "The new signing secret" : "The webhook's signing secret"}
      created={shown}
      onClose={onClose}
      wide
      testId="webhook-secret"
      copyLabel="Copy the signing secret"
      warning="Copy the signing secret now and store it in the receiver: this is the only time it is shown. If it is lost, rotate it."
    >
      {shown?.rotation && <p className="overlap-note">{overlapInWords(shown.rotation.previousExpiresAt)}</p>}
      <VerificationHint />
    </NewTokenDialog>
  );
}

function VerificationHint() {
  return (
    <div className="stack verification">
      <p>
        The receiver checks every delivery's <code>Coffer-Signature</code> header (<code>t=…,v1=…</code>):{" "}
        <code>v1</code> is the hex HMAC-SHA256 of <code>t</code>, a dot and the raw body, keyed with this
        secret. Accept a delivery when any <code>v1</code> matches, and refuse old timestamps. The full guide,
        with Python, is <strong>Verify a delivery</strong> in <code>docs/webhooks.md</code>.
      </p>
      <details>
        <summary>Verification in Node.js</summary>
        <CopyableCode code={VERIFY_SNIPPET} copyLabel="Copy the verification code" />
      </details>
    </div>
  );
}
