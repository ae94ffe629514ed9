// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the values under test are references, ${…} as written.
// Over 400 lines: one property and the generator it runs over, read top to bottom.
// The invariant of references (security review, item 7), as a property over a generated workspace:
// for every value a reader receives, every part of it comes from an environment that the reader
// may read, and that every writer whose reference carried it out of the environment its value was
// read in (and every such writer before them on the way) may read; an environment that takes no
// references from there gives nothing. Three teams, four projects, eight environments (two
// inheriting), people of each role and team set, a service account and two narrowed keys write
// random references (some to environments they may read, some not, some to none), standings
// change between two rounds of writes, then everyone reads everything: the list, by id, by key,
// the JSON export, the environment as it was between the rounds (`?at=`), and share links.
//
// "May read" is this file's own model of roles, teams and key scopes (DESIGN.md §5), never the
// server's policy. Each literal value carries a marker naming where it lives; a received value's
// markers must each be reachable from the secret read along a path the model allows. Writes are
// checked against the model too: accepted exactly when the writer may write the environment and
// may read (and is accepted by) every environment its value names. Seeded: the same run each time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../src/auth/policy.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createApiKey, newUser } from "./helpers/factories.ts";
import { callerOf } from "./helpers/http.ts";
import { type Prng, prng } from "./helpers/prng.ts";
import { newMember } from "./helpers/tree.ts";

type Headers = Record<string, string>;
type ReferencesFrom = "anywhere" | "project" | "nowhere";

interface Env {
  name: string;
  project: string;
  slug: string;
  team: string;
  parent?: Env;
  referencesFrom: ReferencesFrom;
  id: string;
  base: string;
}

/** A person or a service account: what the policy would ask of them. */
interface Person {
  role: number;
  teams: Set<string>;
}

/** Who acts: a person or a service account, through a session or a key (narrowed or not). */
interface Actor {
  name: string;
  holder: Person;
  scope: { environments?: string[]; projects?: string[] } | null;
  headers: Headers;
}

interface Stored {
  raw: string;
  writer: Actor;
  id: string;
}

const TEAMS = ["red", "green", "blue"] as const;
const PROJECTS = [
  { name: "alpha", team: "red" },
  { name: "beta", team: "green" },
  { name: "gamma", team: "blue" },
  { name: "delta", team: "red" },
] as const;
const LITERAL_KEYS = ["L1", "L2"];
const REFERENCE_KEYS = ["R1", "R2", "R3", "R4"];
const marker = (env: Env, key: string) => `<${env.name}:${key}>`;
const MARKER = /<([a-z]+\/[a-z]+):(L\d)>/g;

let t: TestApp;
let ws = "";
const teamIds = new Map<string, string>();
const projectIds = new Map<string, string>();
const envs: Env[] = [];
const actors: Actor[] = [];
/** What each environment holds now, by key, and as it was between the two rounds. */
const current = new Map<Env, Map<string, Stored>>();
let then = new Map<Env, Map<string, Stored>>();
let between = "";
const stats = { accepted: 0, refused: 0, forbidden: 0, crossResolved: 0, reasons: new Map<string, number>() };

const send = callerOf(() => t.app);

async function created(url: string, headers: Headers, payload: object) {
  const response = await send("POST", url, headers, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

// ---- The model: who may read and write what (DESIGN.md §5, stated here on its own) ----

const inScope = (actor: Actor, env: Env) =>
  actor.scope === null ||
  (actor.scope.environments?.includes(env.name) ?? false) ||
  (actor.scope.projects?.includes(env.project) ?? false);
const inTeam = (person: Person, env: Env) => person.role >= Role.Admin || person.teams.has(env.team);
const mayRead = (actor: Actor, env: Env) =>
  actor.holder.role >= Role.Viewer && inTeam(actor.holder, env) && inScope(actor, env);
const mayWrite = (actor: Actor, env: Env) =>
  actor.holder.role >= Role.Member && inTeam(actor.holder, env) && inScope(actor, env);
/** Reading an environment that inherits is reading its parents too. */
const mayReadAll = (actor: Actor, env: Env): boolean =>
  mayRead(actor, env) && (env.parent === undefined || mayReadAll(actor, env.parent));
const accepts = (target: Env, from: Env) =>
  target === from ||
  target.referencesFrom === "anywhere" ||
  (target.referencesFrom === "project" && target.project === from.project);

/** The environment a reference's names point to from `from`, if any. */
function named(from: Env, names: string[]): Env | undefined {
  if (names.length === 0) return from;
  const [project, slug] = names.length === 2 ? names : [from.project, names[0]];
  return envs.find((e) => e.project === project && e.slug === slug);
}

const referencesOf = (raw: string) =>
  [...raw.matchAll(/\$\{([^}]*)\}/g)].map((m) => {
    const names = m[1]!.split(".");
    return { key: names.pop()!, names };
  });

/** A key as an environment reads it: its own value, else the nearest parent's (and where it lives). */
function effective(values: (env: Env) => Map<string, Stored>, env: Env, key: string) {
  for (let at: Env | undefined = env; at; at = at.parent) {
    const found = values(at).get(key);
    if (found) return { stored: found, origin: at };
  }
  return undefined;
}

interface Crosser {
  writer: Actor;
  home: Env;
}

/**
 * Whether `target` (a literal's environment and key) can reach a reader through the value `raw`,
 * read in `readIn` and written by `writer`, along a path every principal on it may read.
 */
function reachable(
  reader: Actor,
  values: (env: Env) => Map<string, Stored>,
  target: { env: string; key: string },
  walk: { raw: string; writer: Actor; readIn: Env; crossers: Crosser[]; depth: number },
): boolean {
  if (walk.depth > 7) return false;
  for (const reference of referencesOf(walk.raw)) {
    const next = named(walk.readIn, reference.names);
    if (!next || !mayRead(reader, next) || !accepts(next, walk.readIn)) continue;
    const onward =
      next === walk.readIn ? walk.crossers : [...walk.crossers, { writer: walk.writer, home: walk.readIn }];
    const allowed = (env: Env) =>
      mayRead(reader, env) && onward.every((c) => c.home === env || mayRead(c.writer, env));
    const found = effective(values, next, reference.key);
    if (!found || !allowed(next) || !allowed(found.origin)) continue;
    if (found.stored.raw === marker(found.origin, reference.key)) {
      if (found.origin.name === target.env && reference.key === target.key) return true;
      continue;
    }
    const deeper = { raw: found.stored.raw, writer: found.stored.writer, readIn: next, crossers: onward };
    if (reachable(reader, values, target, { ...deeper, depth: walk.depth + 1 })) return true;
  }
  return false;
}

/** Asserts the invariant of one received value: each of its markers may have reached this reader. */
function checkReceived(
  reader: Actor,
  env: Env,
  key: string,
  value: string,
  how: string,
  values: (env: Env) => Map<string, Stored> = (e) => current.get(e)!,
) {
  const start = effective(values, env, key);
  expect(start, `${how}: ${env.name} reads a ${key} the model does not know`).toBeDefined();
  for (const [, markerEnv, markerKey] of value.matchAll(MARKER)) {
    const literal = start!.stored.raw === value && marker(start!.origin, key) === value;
    const ok =
      literal ||
      reachable(
        reader,
        values,
        { env: markerEnv!, key: markerKey! },
        {
          raw: start!.stored.raw,
          writer: start!.stored.writer,
          readIn: env,
          crossers: [],
          depth: 0,
        },
      );
    expect(ok, `${reader.name} ${how} ${env.name}/${key} = ${value} (stored ${start!.stored.raw})`).toBe(
      true,
    );
    if (markerEnv !== env.name) stats.crossResolved++;
  }
}

// ---- The workspace ----

function valueFor(random: Prng, writer: Actor, env: Env) {
  const parts: string[] = [];
  const count = 1 + Math.floor(random.next() * 2);
  for (let i = 0; i < count; i++) {
    const roll = random.next();
    const key = random.pick([...LITERAL_KEYS, ...REFERENCE_KEYS]);
    // Mostly environments the writer may read; some it may not; a few that do not exist.
    const readable = envs.filter((e) => mayRead(writer, e));
    const target =
      roll < 0.05 ? undefined : roll < 0.7 && readable.length > 0 ? random.pick(readable) : random.pick(envs);
    if (!target) parts.push(`\${nowhere.one.${key}}`);
    else if (target === env && random.next() < 0.7) parts.push(`\${${key}}`);
    else if (target.project === env.project) parts.push(`\${${target.slug}.${key}}`);
    else parts.push(`\${${target.project}.${target.slug}.${key}}`);
  }
  return parts.join("|");
}

/** What the model says the server answers a write of `raw` to `key` in `env` by `writer`. */
function expectedWrite(writer: Actor, env: Env, key: string, raw: string): number {
  if (!mayWrite(writer, env)) return 403;
  const existing = current.get(env)!.get(key);
  if (existing?.raw === raw) return 200;
  for (const reference of referencesOf(raw)) {
    if (reference.names.length === 0) continue;
    const target = named(env, reference.names);
    if (!target) return 422;
    if (target !== env && (!mayRead(writer, target) || !accepts(target, env))) return 422;
  }
  return existing ? 200 : 201;
}

async function writeRound(random: Prng, writes: number) {
  const writers = actors.filter((a) => a.holder.role >= Role.Member);
  for (let i = 0; i < writes; i++) {
    const writer = random.pick(writers);
    const writable = envs.filter((e) => mayWrite(writer, e));
    // Now and then an environment it may not write: the answer must say so.
    const env = random.next() < 0.9 && writable.length > 0 ? random.pick(writable) : random.pick(envs);
    const key = random.pick(REFERENCE_KEYS);
    const raw = valueFor(random, writer, env);
    const existing = current.get(env)!.get(key);
    const response = existing
      ? await send("PATCH", `${env.base}/${existing.id}`, writer.headers, { value: raw })
      : await send("POST", `${env.base}/`, writer.headers, { key, value: raw });
    const expected = expectedWrite(writer, env, key, raw);
    expect(response.statusCode, `${writer.name} writes ${raw} to ${env.name}/${key}: ${response.body}`).toBe(
      expected,
    );
    if (response.statusCode === 403) stats.forbidden++;
    if (response.statusCode === 422) stats.refused++;
    if (response.statusCode >= 300) continue;
    stats.accepted++;
    // A value sent back unchanged keeps its writer.
    if (existing?.raw !== raw) current.get(env)!.set(key, { raw, writer, id: response.json().id });
  }
}

const snapshot = () => new Map([...current].map(([env, values]) => [env, new Map(values)]));

beforeAll(async () => {
  t = await createTestApp({ env: { COFFER_DEFAULT_PLAN: "pro" } });
  const owner = await newUser(t.app);
  ws = owner.workspaceId;
  for (const team of TEAMS) teamIds.set(team, await created(`/teams/${ws}/`, owner.headers, { name: team }));
  for (const project of PROJECTS) {
    const teamId = teamIds.get(project.team)!;
    const projectId = await created(`/projects/${ws}/${teamId}/`, owner.headers, { name: project.name });
    projectIds.set(project.name, projectId);
    let one: Env | undefined;
    for (const slug of ["one", "two"]) {
      // alpha/two and gamma/two inherit their project's one; gamma/one takes references only from
      // gamma, beta/two from nowhere.
      const parent =
        slug === "two" && (project.name === "alpha" || project.name === "gamma") ? one : undefined;
      const referencesFrom: ReferencesFrom =
        `${project.name}/${slug}` === "gamma/one"
          ? "project"
          : `${project.name}/${slug}` === "beta/two"
            ? "nowhere"
            : "anywhere";
      const id = await created(`/environments/${ws}/${teamId}/${projectId}/`, owner.headers, {
        name: slug,
        environment_type: "custom",
        references_from: referencesFrom,
        ...(parent ? { parent_environment_id: parent.id } : {}),
      });
      const env: Env = {
        name: `${project.name}/${slug}`,
        project: project.name,
        slug,
        team: project.team,
        parent,
        referencesFrom,
        id,
        base: `/secrets/${ws}/${teamId}/${projectId}/${id}`,
      };
      if (slug === "one") one = env;
      envs.push(env);
      current.set(env, new Map());
    }
  }

  const person = (role: number, teams: string[]): Person => ({ role, teams: new Set(teams) });
  const ownerActor: Actor = {
    name: "owner",
    holder: person(Role.Owner, []),
    scope: null,
    headers: owner.headers,
  };
  actors.push(ownerActor);
  const people: [string, number, string[]][] = [
    ["admin", Role.Admin, []],
    ["member of red", Role.Member, ["red"]],
    ["member of red and green", Role.Member, ["red", "green"]],
    ["member of green and blue", Role.Member, ["green", "blue"]],
    ["viewer of blue", Role.Viewer, ["blue"]],
  ];
  const sessions = new Map<string, Awaited<ReturnType<typeof newMember>>>();
  for (const [name, role, teams] of people) {
    const user = await newMember(
      t.app,
      t.db,
      ws,
      role,
      teams.map((team) => teamIds.get(team)!),
    );
    sessions.set(name, user);
    actors.push({ name, holder: person(role, teams), scope: null, headers: user.headers });
  }
  const account = await send("POST", `/workspaces/${ws}/service-accounts`, owner.headers, {
    name: "deployer",
    role: Role.Member,
    team_ids: [teamIds.get("red"), teamIds.get("blue")],
  });
  const accountKey = await send(
    "POST",
    `/workspaces/${ws}/service-accounts/${account.json().id}/keys`,
    owner.headers,
    {
      name: "ci",
    },
  );
  actors.push({
    name: "service account of red and blue",
    holder: person(Role.Member, ["red", "blue"]),
    scope: null,
    headers: { "x-api-key": accountKey.json().token },
  });
  const narrowEnvs = ["alpha/one", "alpha/two", "beta/one"];
  const narrow = await createApiKey(t.app, owner.accessToken, {
    name: "narrow",
    workspace_id: ws,
    environment_ids: narrowEnvs.map((name) => envs.find((e) => e.name === name)!.id),
  });
  actors.push({
    name: "owner's key of three environments",
    holder: ownerActor.holder,
    scope: { environments: narrowEnvs },
    headers: { "x-api-key": narrow.token },
  });
  const redGreen = actors.find((a) => a.name === "member of red and green")!;
  const alphaKey = await createApiKey(t.app, sessions.get("member of red and green")!.accessToken, {
    name: "alpha",
    workspace_id: ws,
    project_ids: [projectIds.get("alpha")],
  });
  actors.push({
    name: "red and green member's key of alpha",
    holder: redGreen.holder,
    scope: { projects: ["alpha"] },
    headers: { "x-api-key": alphaKey.token },
  });

  // Every environment's literals, written by the Owner: markers of where they live.
  for (const env of envs) {
    for (const key of LITERAL_KEYS) {
      const raw = marker(env, key);
      const response = await send("POST", `${env.base}/`, owner.headers, { key, value: raw });
      current.get(env)!.set(key, { raw, writer: ownerActor, id: response.json().id });
    }
  }

  const random = prng(20261129);
  await writeRound(random, 70);
  t.clock.advance(5);
  between = t.clock.now().toISOString();
  then = snapshot();
  t.clock.advance(5);

  // Standings change: a Member leaves a team, the service account loses one, a Member becomes a Viewer.
  const leaving = sessions.get("member of red and green")!;
  const left = await send(
    "DELETE",
    `/teams/${ws}/${teamIds.get("green")}/members/${leaving.id}`,
    owner.headers,
  );
  expect(left.statusCode).toBe(200);
  redGreen.holder.teams.delete("green");
  const narrowed = await send(
    "PATCH",
    `/workspaces/${ws}/service-accounts/${account.json().id}`,
    owner.headers,
    {
      team_ids: [teamIds.get("red")],
    },
  );
  expect(narrowed.statusCode).toBe(200);
  actors.find((a) => a.name === "service account of red and blue")!.holder.teams.delete("blue");
  const demoted = sessions.get("member of green and blue")!;
  const role = await send("PATCH", `/workspaces/${ws}/members/${demoted.id}`, owner.headers, {
    role: Role.Viewer,
  });
  expect(role.statusCode, role.body).toBe(200);
  actors.find((a) => a.name === "member of green and blue")!.holder.role = Role.Viewer;

  // alpha/one comes to take references from alpha only: those written from elsewhere stop resolving.
  const alphaOne = envs.find((e) => e.name === "alpha/one")!;
  const policy = await send(
    "PATCH",
    `/environments/${ws}/${teamIds.get("red")}/${projectIds.get("alpha")}/${alphaOne.id}/`,
    owner.headers,
    { references_from: "project" },
  );
  expect(policy.statusCode, policy.body).toBe(200);
  alphaOne.referencesFrom = "project";

  await writeRound(random, 50);
}, 120_000);
afterAll(() => t.close());

type Record_ = { id: string; key: string; value: string };
type Partial_ = { detail: { succeeded: Record_[]; unresolved: { key: string; reason: string }[] } };

/** The records and unresolved reasons of a 200 or 207 list answer. */
function recordsOf(response: { statusCode: number; json: () => unknown }) {
  if (response.statusCode === 200) return { records: response.json() as Record_[], unresolved: [] };
  const { detail } = response.json() as Partial_;
  for (const u of detail.unresolved) stats.reasons.set(u.reason, (stats.reasons.get(u.reason) ?? 0) + 1);
  return { records: detail.succeeded, unresolved: detail.unresolved };
}

describe("the invariant: every principal that shaped a value a reader receives may read where it comes from", () => {
  it("holds for every reader, environment and way of reading", async () => {
    for (const reader of actors) {
      for (const env of envs) {
        const list = await send("GET", `${env.base}/`, reader.headers);
        if (!mayReadAll(reader, env)) {
          expect(list.statusCode, `${reader.name} lists ${env.name}`).toBe(403);
          continue;
        }
        expect([200, 207], `${reader.name} lists ${env.name}: ${list.body}`).toContain(list.statusCode);
        const { records } = recordsOf(list);
        for (const r of records) checkReceived(reader, env, r.key, r.value, "lists");

        const exported = await send("GET", `${env.base}/export`, reader.headers);
        if (exported.statusCode === 200) {
          for (const [key, value] of Object.entries(exported.json() as Record<string, string>)) {
            checkReceived(reader, env, key, value, "exports");
          }
        } else {
          for (const r of recordsOf(exported).records) checkReceived(reader, env, r.key, r.value, "exports");
        }

        for (const [key, stored] of current.get(env)!) {
          if (!key.startsWith("R")) continue;
          const one = await send("GET", `${env.base}/${stored.id}`, reader.headers);
          expect([200, 409], one.body).toContain(one.statusCode);
          if (one.statusCode === 200) checkReceived(reader, env, key, one.json().value, "reads by id");
          const byKey = await send("GET", `${env.base}/by-key?key=${key}`, reader.headers);
          expect([200, 409], byKey.body).toContain(byKey.statusCode);
          if (byKey.statusCode === 200) checkReceived(reader, env, key, byKey.json().value, "reads by key");
        }

        // The environment as it was between the rounds: its values then, everything else now.
        const past = await send("GET", `${env.base}/?at=${encodeURIComponent(between)}`, reader.headers);
        expect([200, 207], past.body).toContain(past.statusCode);
        const pastValues = (e: Env) => (e === env ? then.get(e)! : current.get(e)!);
        for (const r of recordsOf(past).records)
          checkReceived(reader, env, r.key, r.value, "reads as it was", pastValues);

        // A share link carries what its maker reads: the same rule, for the resolved records only.
        if (!mayWrite(reader, env)) continue;
        const shared = records.filter((r) => current.get(env)!.get(r.key)?.id === r.id).map((r) => r.id);
        if (shared.length === 0) continue;
        const link = await send("POST", `${env.base}/share`, reader.headers, { secret_ids: shared });
        expect(link.statusCode, link.body).toBe(201);
        const opened = await t.app.inject({
          method: "GET",
          url: `/share/${link.json().url.split("/").pop()}`,
        });
        for (const s of opened.json().secrets as { key: string; value: string }[]) {
          checkReceived(reader, env, s.key, s.value, "shares");
        }
      }
    }
    // Not vacuous: writes went both ways, references crossed environments, and some did not resolve
    // because of a writer or an environment's own rule.
    expect(stats.accepted).toBeGreaterThan(30);
    expect(stats.refused).toBeGreaterThan(10);
    expect(stats.crossResolved).toBeGreaterThan(50);
    expect(stats.forbidden).toBeGreaterThan(0);
    expect(stats.reasons.get("writer_cannot_read") ?? 0).toBeGreaterThan(0);
    expect(stats.reasons.get("not_referenceable") ?? 0).toBeGreaterThan(0);
  }, 120_000);
});
