// The header's search across the workspace: an ARIA combobox (a text field that owns a listbox) of
// the secrets whose key or description holds the text, sent when typing pauses. Arrow keys move
// through the results, Enter opens one (its environment's secrets), Escape closes the list, "/"
// anywhere but in a field focuses it. On a phone it folds behind a button and opens as a full row.
import { useNavigate } from "@tanstack/react-router";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { errorMessage } from "../api/errors.ts";
import { SEARCH_LIMIT, type SearchResult, useSecretSearch } from "../api/search-queries.ts";
import { matchParts, placeOf, searchSummary } from "../lib/search.ts";
import { useDebouncedValue } from "./useDebouncedValue.ts";
import "../styles/search.css";

const PAUSE_MS = 200;

/** Whether a keypress there is someone typing (so "/" is a character, not the shortcut). */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  // Checkboxes, radios and buttons take no text.
  return !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(target.type);
}

export function HeaderSearch({ workspaceId }: { workspaceId: string }) {
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (result: SearchResult) => `${id}-option-${result.id}`;
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  /** On a phone: whether the field's row is unfolded. */
  const [unfolded, setUnfolded] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);

  const query = text.trim();
  const sent = useDebouncedValue(query, PAUSE_MS);
  const search = useSecretSearch(workspaceId, sent);
  const results = sent ? (search.data ?? []) : [];
  // The answer is about what the field says now (not the last one kept while the next comes).
  const current = search.isSuccess && !search.isPlaceholderData && sent === query;
  const shown = open && query.length > 0;
  const expanded = shown && results.length > 0;
  const activeIndex = results.findIndex((r) => r.id === activeId);
  const active = expanded && activeIndex >= 0 ? results[activeIndex] : undefined;

  // "/" focuses the field, unless someone is typing elsewhere or a dialog holds the page.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target) || document.querySelector("dialog[open]")) return;
      event.preventDefault();
      flushSync(() => setUnfolded(true));
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  function choose(result: SearchResult) {
    setText("");
    setOpen(false);
    setActiveId(null);
    setUnfolded(false);
    void navigate({
      to: "/w/$workspaceId/env/$teamId/$projectId/$environmentId",
      params: {
        workspaceId,
        teamId: result.team_id,
        projectId: result.project.id,
        environmentId: result.environment.id,
      },
      search: { key: result.key },
    });
  }

  function move(step: 1 | -1) {
    if (results.length === 0) return;
    const from = activeIndex < 0 ? (step === 1 ? -1 : results.length) : activeIndex;
    const next = results[(from + step + results.length) % results.length];
    setActiveId(next?.id ?? null);
    if (next) document.getElementById(optionId(next))?.scrollIntoView({ block: "nearest" });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp":
        event.preventDefault();
        if (!shown) {
          setOpen(true);
          if (event.altKey) return;
        }
        move(event.key === "ArrowDown" ? 1 : -1);
        return;
      case "Enter": {
        // The option moved to, else the first when the list answers what the field says.
        const chosen = active ?? (expanded && current ? results[0] : undefined);
        if (!chosen) return;
        event.preventDefault();
        choose(chosen);
        return;
      }
      case "Escape":
        event.preventDefault();
        if (shown) setOpen(false);
        else if (text) setText("");
        else if (unfolded) {
          setUnfolded(false);
          toggle.current?.focus();
        }
        return;
      default:
    }
  }

  let status: string | null = null;
  if (search.isError && sent === query) status = errorMessage(search.error);
  else if (!current) status = results.length > 0 ? null : "Searching…";
  else status = searchSummary({ count: results.length, limit: SEARCH_LIMIT, text: query });

  return (
    <>
      <button
        ref={toggle}
        type="button"
        className="icon-btn search-toggle"
        aria-expanded={unfolded}
        aria-controls={`${id}-row`}
        onClick={() => {
          flushSync(() => setUnfolded((was) => !was));
          if (!unfolded) input.current?.focus();
        }}
      >
        <SearchIcon />
        <span className="visually-hidden">Search the workspace</span>
      </button>
      <div id={`${id}-row`} className={unfolded ? "header-search header-search-open" : "header-search"}>
        <label htmlFor={`${id}-field`} className="visually-hidden">
          Search the workspace
        </label>
        <span className="header-search-field">
          <SearchIcon />
          <input
            ref={input}
            id={`${id}-field`}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            placeholder="Search keys and descriptions"
            title="Search the workspace: keys and descriptions (press /)"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={active ? optionId(active) : undefined}
            aria-keyshortcuts="/"
            maxLength={256}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActiveId(null);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
          <span className="header-search-key" aria-hidden="true">
            /
          </span>
        </span>
        <div className="header-search-popup" hidden={!shown}>
          <div id={listId} role="listbox" aria-label="Secrets found" hidden={!expanded}>
            {results.map((result) => {
              const key = matchParts(result.key, query);
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: keys reach the options through the combobox (aria-activedescendant)
                <div
                  key={result.id}
                  id={optionId(result)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={result.id === active?.id}
                  className="header-search-option"
                  // The field keeps the focus: a click chooses without blurring it first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(result)}
                >
                  <span>
                    <code className="header-search-name">
                      {key.before}
                      {key.match && <mark>{key.match}</mark>}
                      {key.after}
                    </code>
                    <span className="header-search-place"> — {placeOf(result)}</span>
                  </span>
                  {result.description && (
                    <span className="header-search-description">{result.description}</span>
                  )}
                </div>
              );
            })}
          </div>
          {status && (
            // Said by the live region below; shown here for the eye.
            <p
              className={search.isError ? "header-search-status danger-text" : "header-search-status"}
              aria-hidden="true"
            >
              {status}
            </p>
          )}
        </div>
        {/* Always in the page, so a screen reader hears each new count or error as it comes. */}
        <p role="status" className="visually-hidden">
          {shown && (current || search.isError) ? status : ""}
        </p>
      </div>
    </>
  );
}

function SearchIcon() {
  return (
    <svg
      className="search-icon"
      viewBox="0 0 20 20"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m13 13 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
