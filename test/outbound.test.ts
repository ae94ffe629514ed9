// Every request the server sends goes where it should, by a path made for it (docs/webhooks.md,
// "Server-side request forgery"; docs/automation.md, "What Coffer fetches from an issuer"):
// destinations users choose (webhook URLs, the OIDC issuers service accounts trust and their keys)
// only through the vetted path of src/lib/outbound.ts; destinations the operator configured (sign-in
// providers, import platforms, SMTP, the database, Redis) through their own modules, each listed here
// with its reason. A new way out fails this file until it is listed — or routed through the vetted
// path. The server's side only: the CLI (src/cli), the SDK (src/client) and the dashboard (web/) run
// on their users' machines.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { newUser } from "./helpers/factories.ts";
import { type Issuer, startIssuer } from "./helpers/oidc-issuer.ts";
import { createTree, secretsPath } from "./helpers/tree.ts";
import { type Receiver, startReceiver } from "./helpers/webhook-receiver.ts";

const ROOT = join(import.meta.dirname, "..");

/** The server's sources: everything under src/ but the CLI and the SDK (and migrations, data only). */
function serverFiles(dir = "src"): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      return ["src/cli", "src/client", "src/db/migrations"].includes(path) ? [] : serverFiles(path);
    }
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

/** Modules whose values open connections (type-only imports open nothing). */
const NETWORK_MODULES = [
  "node:http",
  "node:https",
  "node:http2",
  "node:net",
  "node:tls",
  "node:dgram",
  "node:dns",
  "node:dns/promises",
  "http",
  "https",
  "net",
  "tls",
  "undici",
  "nodemailer",
  "ioredis",
  "pg",
];

/** What in a file can reach the network: network modules it imports values of, and calls that fetch. */
function waysOut(text: string): string[] {
  const found = new Set<string>();
  for (const [, specifier] of text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+"([^"]+)"/gms)) {
    if (NETWORK_MODULES.includes(specifier!)) found.add(specifier!);
  }
  for (const [, specifier] of text.matchAll(/(?:import|require)\(\s*["']([^"']+)["']/g)) {
    if (NETWORK_MODULES.includes(specifier!)) found.add(`dynamic ${specifier}`);
  }
  if (/(?<![\w.$])fetch\(|globalThis\.fetch\b/.test(text)) found.add("fetch()");
  if (/\bcreateRemoteJWKSet\(/.test(text)) found.add("createRemoteJWKSet()");
  if (/\b(WebSocket|EventSource|XMLHttpRequest)\b/.test(text)) found.add("WebSocket/EventSource/XHR");
  return [...found].sort();
}

/**
 * Every file of the server that can reach the network, what it uses, and why that is allowed.
 * Adding a way out anywhere else fails the first test below.
 */
const SANCTIONED: Record<string, { uses: string[]; why: string }> = {
  "src/lib/outbound.ts": {
    uses: ["node:dns/promises", "node:http", "node:https", "node:net"],
    why: "the vetted path: destinations users choose, vetted after DNS, pinned, no redirects, bounded",
  },
  "src/lib/bounded-fetch.ts": {
    uses: ["fetch()"],
    why: "destinations the operator configured (Google, GitHub, the single sign-on issuer): bounded, trusted",
  },
  "src/lib/oidc-discovery.ts": {
    uses: ["createRemoteJWKSet()"],
    why: "an issuer's keys, always through the fetcher its caller gives (jose's customFetch), never jose's own",
  },
  "src/modules/imports/providers/http.ts": {
    uses: ["fetch()"],
    why: "the import platforms' APIs, at the base URLs the operator configured (COFFER_IMPORT_*_URL)",
  },
  "src/modules/mail/service.ts": {
    uses: ["nodemailer"],
    why: "SMTP_URL, the operator's mail server",
  },
  "src/db/connect.ts": {
    uses: ["pg"],
    why: "DATABASE_URL, the operator's database",
  },
  "src/server.ts": {
    uses: ["ioredis"],
    why: "REDIS_URL, the operator's Redis",
  },
  "src/http/security-headers.ts": {
    uses: ["node:http", "node:net"],
    why: "the server's own answers and sockets (headers on every response): nothing goes out",
  },
  "src/http/errors.ts": {
    uses: ["node:http"],
    why: "STATUS_CODES, the reason phrases of answers: nothing goes out",
  },
  "src/http/tls.ts": {
    uses: ["node:tls"],
    why: "createSecureContext, to check the operator's certificate and key before serving them: nothing goes out",
  },
  "src/lib/cidr.ts": {
    uses: ["node:net"],
    why: "address arithmetic (BlockList, isIP): no connection",
  },
  "src/modules/audit/streams/syslog-sink.ts": {
    uses: ["node:dgram", "node:net"],
    why: "the syslog receivers the operator named in COFFER_AUDIT_STREAMS (UDP datagrams, a TCP connection)",
  },
};

/**
 * Where users choose the destination: these may reach the network only through outbound.ts. The
 * audit streams' HTTP sink is the operator's choice, held to the webhooks' rules all the same.
 */
const USER_CHOSEN = [
  "src/modules/webhooks/",
  "src/modules/service-accounts/",
  "src/modules/audit/streams/http-sink.ts",
];
/** What the vetted path exports for them. */
const VETTED = [
  "DestinationRefused",
  "addressPermitted",
  "destinationProblem",
  "getOnce",
  "postOnce",
  "vetDestination",
];

/** The repository files a file imports (relative specifiers, resolved). */
function importsOf(file: string, text: string): { path: string; names: string[] }[] {
  return [...text.matchAll(/^import\s+(type\s+)?([^;]*?)\s+from\s+"(\.[^"]+)"/gms)].map(
    ([, , clause, spec]) => ({
      path: normalize(join(dirname(file), spec!)),
      names: [...(clause ?? "").matchAll(/(?:type\s+)?([\w$]+)(?:\s+as\s+[\w$]+)?/g)].map((m) => m[1]!),
    }),
  );
}

describe("every outbound request goes through a sanctioned module", () => {
  const files = serverFiles();

  it("finds ways out only where they are listed, for the reason given", () => {
    const found = Object.fromEntries(
      files.map((file) => [file, waysOut(read(file))] as const).filter(([, uses]) => uses.length > 0),
    );
    expect(found).toEqual(
      Object.fromEntries(Object.entries(SANCTIONED).map(([file, { uses }]) => [file, uses])),
    );
  });

  it("lets webhooks and OIDC trusts reach the network only through the vetted path", () => {
    const offences: string[] = [];
    for (const file of files.filter((f) => USER_CHOSEN.some((prefix) => f.startsWith(prefix)))) {
      for (const { path, names } of importsOf(file, read(file))) {
        if (path === "src/lib/bounded-fetch.ts") offences.push(`${file} imports the trusted bounded fetch`);
        if (path === "src/modules/imports/providers/http.ts")
          offences.push(`${file} imports the import platforms' fetch`);
        if (path === "src/lib/outbound.ts") {
          const other = names.filter((name) => !VETTED.includes(name));
          if (other.length > 0) offences.push(`${file} imports ${other.join(", ")} from outbound.ts`);
        }
      }
    }
    expect(offences).toEqual([]);
    // The exchange's discovery and keys are fetched with getOnce, the vetted GET.
    const exchange = read("src/modules/service-accounts/oidc-exchange.ts");
    expect(exchange).toMatch(/createIssuerDiscovery\(\{[^}]*fetchText:[^}]*getOnce\(/s);
    // The discovery module fetches nothing itself: every request is its caller's fetcher.
    const discovery = read("src/lib/oidc-discovery.ts");
    expect(importsOf("src/lib/oidc-discovery.ts", discovery)).toEqual([]);
    const keySets = [...discovery.matchAll(/createRemoteJWKSet\((.*?)\);/gs)].map((m) => m[1]);
    expect(keySets).toHaveLength(1);
    expect(keySets[0]).toMatch(/\[customFetch\]: keySetFetch\(fetchText\)/);
  });

  it("gives the trusted bounded fetch to the operator's sign-in providers alone", () => {
    const importers = files.filter((file) =>
      importsOf(file, read(file)).some(({ path }) => path === "src/lib/bounded-fetch.ts"),
    );
    expect(importers.sort()).toEqual(["src/modules/oauth/oidc.ts", "src/modules/oauth/providers.ts"]);
    const vetted = files.filter((file) =>
      importsOf(file, read(file)).some(({ path }) => path === "src/lib/outbound.ts"),
    );
    for (const file of vetted)
      expect(
        USER_CHOSEN.some((prefix) => file.startsWith(prefix)),
        file,
      ).toBe(true);
  });
});

describe("with COFFER_OUTBOUND_ALLOW empty, nothing reaches 127.0.0.1", () => {
  let t: TestApp;
  let issuer: Issuer;
  let receiver: Receiver;
  let owner: Awaited<ReturnType<typeof newUser>>;

  beforeAll(async () => {
    issuer = await startIssuer();
    receiver = await startReceiver();
    t = await createTestApp({
      env: { COFFER_OUTBOUND_ALLOW: "", COFFER_WEBHOOK_POLL_MS: "25", COFFER_DEFAULT_PLAN: "pro" },
    });
    owner = await newUser(t.app);
  });
  afterAll(async () => {
    await t.close();
    await issuer.stop();
    await receiver.close();
  });

  const post = (url: string, payload: object) =>
    t.app.inject({ method: "POST", url, headers: owner.headers, payload });

  it("refuses an issuer or a webhook on 127.0.0.1 when it is added", async () => {
    const account = (
      await post(`/workspaces/${owner.workspaceId}/service-accounts`, { name: "ci", role: 0 })
    ).json();
    const trust = await post(`/workspaces/${owner.workspaceId}/service-accounts/${account.id}/trusts`, {
      name: "loopback",
      issuer: issuer.url,
      audience: "coffer",
      subject: "*",
    });
    expect(trust.statusCode).toBe(422);
    expect(trust.json().detail[0].loc).toEqual(["body", "issuer"]);
    const hook = await post(`/workspaces/${owner.workspaceId}/webhooks`, { url: receiver.url });
    expect(hook.statusCode).toBe(422);
    expect(hook.json().detail[0].loc).toEqual(["body", "url"]);
  });

  it("sends nothing to 127.0.0.1 when an issuer or a webhook comes to point there later", async () => {
    // Both added while their names pointed elsewhere (one that does not resolve is accepted).
    const account = (
      await post(`/workspaces/${owner.workspaceId}/service-accounts`, { name: "moved", role: 0 })
    ).json();
    const trust = (
      await post(`/workspaces/${owner.workspaceId}/service-accounts/${account.id}/trusts`, {
        name: "moved",
        issuer: "https://issuer.invalid",
        audience: "coffer",
        subject: "*",
      })
    ).json();
    await t.db
      .updateTable("service_account_trusts")
      .set({ issuer: issuer.url })
      .where("id", "=", trust.id)
      .execute();
    const exchanged = await t.app.inject({
      method: "POST",
      url: "/auth/oidc/exchange",
      payload: { token: await issuer.token(), service_account_id: account.id },
    });
    expect(exchanged.json().code).toBe("oidc_issuer_unavailable");

    const hook = (
      await post(`/workspaces/${owner.workspaceId}/webhooks`, { url: "https://hooks.invalid/x" })
    ).json();
    await t.db.updateTable("webhooks").set({ url: receiver.url }).where("id", "=", hook.id).execute();
    const tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
    expect((await post(`${secretsPath(tree)}/`, { key: "TRIGGER", value: "x" })).statusCode).toBe(201);
    const deadline = Date.now() + 10_000;
    let refused: { last_error: string | null } | undefined;
    while (!refused && Date.now() < deadline) {
      const deliveries = await t.app.inject({
        method: "GET",
        url: `/workspaces/${owner.workspaceId}/webhooks/${hook.id}/deliveries`,
        headers: owner.headers,
      });
      refused = (deliveries.json() as { last_error: string | null }[]).find((d) => d.last_error);
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(refused?.last_error).toMatch(/^refused: 127\.0\.0\.1 resolves to 127\.0\.0\.1/);

    expect(issuer.requests).toEqual([]);
    expect(receiver.received).toEqual([]);
  });
});
