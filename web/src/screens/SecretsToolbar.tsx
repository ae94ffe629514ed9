// The secrets screen's controls: the selection's actions (Share, Delete selected: marked disabled
// until a row is ticked, yet still focusable and saying what to do when pressed), the writes (Import,
// Paste .env, Add secret), search and the rotation filter, and the environment's tools. On a phone
// everything but Add secret and search folds into one "More" list, so rows show on the first screen.
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { ActionsMenu } from "../components/ActionsMenu.tsx";
import { Button } from "../components/Button.tsx";
import { Field } from "../components/Field.tsx";
import { useNarrowScreen } from "../components/useNarrowScreen.ts";
import type { RotationState } from "../lib/rotation.ts";
import "../styles/secrets.css";

export type Filter = "all" | RotationState;
const FILTERS: { value: Filter; label: string }[] = [
  { value: "all", label: "All secrets" },
  { value: "overdue", label: "Rotation overdue" },
  { value: "due-soon", label: "Rotation due soon" },
  { value: "ok", label: "Rotation on time" },
];

export const SELECTION_HINTS = {
  share: "Tick the secrets to share in the table first: Share sends them as one link that opens once.",
  delete:
    "Tick the secrets to delete in the table first: Delete selected deletes them in one go, once you confirm.",
};
export type SelectionHint = keyof typeof SELECTION_HINTS;

export interface SecretsToolbarProps {
  /** The page's heading block, left of the actions. */
  title: ReactNode;
  mayWrite: boolean;
  mayRestore: boolean;
  chosen: number;
  selectionHint: SelectionHint | null;
  onSelectionHint: (hint: SelectionHint) => void;
  onShare: () => void;
  onDeleteSelected: () => void;
  importParams: { workspaceId: string; teamId: string; projectId: string; environmentId: string };
  onPaste: () => void;
  onAdd: () => void;
  search: string;
  onSearch: (search: string) => void;
  filter: Filter;
  onFilter: (filter: Filter) => void;
  reloading: boolean;
  onReload: () => void;
  empty: boolean;
  downloading: boolean;
  onDownload: () => void;
  onDeleted: () => void;
  onTimeline: () => void;
  onRestore: () => void;
}

export function SecretsToolbar(p: SecretsToolbarProps) {
  const narrow = useNarrowScreen();
  const none = p.chosen === 0;
  // aria-disabled rather than disabled: the button keeps its focus (it gets it back after a
  // delete) and, pressed, says why it does nothing.
  const selection = [
    <Button
      key="share"
      aria-disabled={none || undefined}
      onClick={() => (none ? p.onSelectionHint("share") : p.onShare())}
      aria-describedby={p.selectionHint === "share" && none ? "selection-hint" : undefined}
    >
      {none ? "Share" : `Share ${p.chosen}`}
    </Button>,
    <Button
      key="delete"
      className="danger-text"
      aria-disabled={none || undefined}
      onClick={() => (none ? p.onSelectionHint("delete") : p.onDeleteSelected())}
      aria-describedby={p.selectionHint === "delete" && none ? "selection-hint" : undefined}
    >
      {none ? "Delete selected" : `Delete ${p.chosen} selected`}
    </Button>,
  ];
  const writes = [
    <Link
      key="import"
      className="btn btn-secondary"
      to="/w/$workspaceId/env/$teamId/$projectId/$environmentId/import"
      params={p.importParams}
    >
      Import
    </Link>,
    <Button key="paste" onClick={p.onPaste}>
      Paste .env
    </Button>,
  ];
  const add = (
    <Button variant="primary" onClick={p.onAdd}>
      Add secret
    </Button>
  );
  const tools = [
    <Button key="reload" onClick={p.onReload} busy={p.reloading} aria-label="Reload secrets">
      Reload
    </Button>,
    <Button
      key="download"
      onClick={p.onDownload}
      disabled={p.empty}
      aria-busy={p.downloading || undefined}
      aria-label={p.chosen ? `Download the ${p.chosen} selected as .env` : "Download .env"}
    >
      {p.chosen ? `Download ${p.chosen} as .env` : "Download .env"}
    </Button>,
    <Button key="deleted" onClick={p.onDeleted}>
      Recently deleted
    </Button>,
    <Button key="timeline" onClick={p.onTimeline}>
      Timeline
    </Button>,
    p.mayRestore && (
      <Button key="restore" onClick={p.onRestore}>
        Restore to a moment
      </Button>
    ),
  ];
  const finding = (
    <>
      <Field
        label="Search secrets"
        hideLabel
        type="search"
        placeholder="Search by key or description"
        value={p.search}
        onChange={(e) => p.onSearch(e.target.value)}
      />
      <div className="field">
        <label htmlFor="rotation-filter" className="visually-hidden">
          Filter by rotation
        </label>
        <select id="rotation-filter" value={p.filter} onChange={(e) => p.onFilter(e.target.value as Filter)}>
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
    </>
  );

  if (narrow) {
    return (
      <>
        <div className="page-header secrets-header">
          {p.title}
          <div className="actions">
            {p.mayWrite && !none && selection}
            {p.mayWrite && add}
            <ActionsMenu label="More">
              {p.mayWrite && none && selection}
              {p.mayWrite && writes}
              {tools}
            </ActionsMenu>
          </div>
        </div>
        <div className="toolbar secrets-toolbar">{finding}</div>
      </>
    );
  }
  return (
    <>
      <div className="page-header secrets-header">
        {p.title}
        {p.mayWrite && (
          <div className="actions">
            {selection}
            {writes}
            {add}
          </div>
        )}
      </div>
      <div className="toolbar secrets-toolbar">
        {finding}
        {tools}
      </div>
    </>
  );
}
