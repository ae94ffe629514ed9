// Over 400 lines: one capability's contract (HTTPS served by Coffer), read top to bottom against a real server.
// Coffer serving HTTPS itself (COFFER_TLS_CERT_FILE / COFFER_TLS_KEY_FILE): the real server as a
// child process, certificates made by the openssl CLI at test time, requests through node:https
// trusting only those certificates. SIGHUP rereads the pair: connections already open keep working,
// new ones get the new certificate, a pair that cannot be used leaves the old one serving; the
// same with COFFER_WORKERS=2, where the primary passes the signal on to every worker.
import { execFileSync } from "node:child_process";
import { randomBytes, X509Certificate } from "node:crypto";
import { copyFileSync, readFileSync } from "node:fs";
import { Agent, request } from "node:https";
import { join } from "node:path";
import { connect, type TLSSocket } from "node:tls";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import {
  type Child,
  freePort,
  killChildren,
  refusedStart,
  spawnScript,
  stopChildrenAndRemoveTempDirs,
  tempDir,
} from "./helpers/server-process.ts";

const databaseUrl = inject("databaseUrl");
// Two workers each load the whole app through tsx: on a busy machine that takes a while.
const START_TIMEOUT_MS = 90_000;

type Line = Record<string, unknown>;

interface Pair {
  certFile: string;
  keyFile: string;
  cert: string;
  key: string;
  fingerprint: string;
}

/** A self-signed certificate for 127.0.0.1 and localhost (it is its own CA), and its key. */
function makePair(dir: string, name: string): Pair {
  const certFile = join(dir, `${name}.crt`);
  const keyFile = join(dir, `${name}.key`);
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-subj",
      `/CN=${name}`,
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ],
    { stdio: "ignore" },
  );
  const cert = readFileSync(certFile, "utf8");
  return { certFile, keyFile, cert, key: readFileSync(keyFile, "utf8"), fingerprint: fingerprintOf(cert) };
}

const fingerprintOf = (pem: string) => new X509Certificate(pem).fingerprint256;

/** Puts `pair` (or a cert of one and the key of another) where the server reads its pair. */
function install(at: { certFile: string; keyFile: string }, cert: Pair, key: Pair = cert): void {
  copyFileSync(key.keyFile, at.keyFile);
  copyFileSync(cert.certFile, at.certFile);
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The certificate the server presented on this request's connection. */
  fingerprint: string;
  /** Whether the request went on a connection opened before it (keep-alive). */
  reusedSocket: boolean;
  localPort: number;
}

/**
 * One HTTPS request trusting only `ca`, on `agent` (a keep-alive agent keeps its connection); a
 * POST when `post` gives a body and its content type.
 */
function send(
  port: number,
  path: string,
  ca: string[],
  agent: Agent | false = false,
  post?: { contentType: string; body: string },
): Promise<Answer> {
  const headers = post
    ? { "content-type": post.contentType, "content-length": String(Buffer.byteLength(post.body)) }
    : {};
  return new Promise((resolve, reject) => {
    const options = { host: "127.0.0.1", port, path, ca, agent, headers, timeout: 10_000 };
    const req = request({ ...options, method: post ? "POST" : "GET" }, (response) => {
      const socket = response.socket as TLSSocket;
      const fingerprint = socket.getPeerCertificate().fingerprint256;
      const localPort = socket.localPort ?? 0;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body,
          fingerprint,
          reusedSocket: req.reusedSocket,
          localPort,
        }),
      );
    });
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end(post?.body);
  });
}

const get = (port: number, path: string, ca: string[], agent: Agent | false = false) =>
  send(port, path, ca, agent);

interface TlsServer {
  child: Child;
  port: number;
  at: { certFile: string; keyFile: string };
}

/** On SQLite a fresh data dir (the master key is generated); on PostgreSQL the run's database and key. */
const engineEnv = (): Record<string, string> =>
  databaseUrl
    ? {
        COFFER_DATA_DIR: join(tempDir(), "data"),
        DATABASE_URL: databaseUrl,
        COFFER_MASTER_KEY: inject("masterKey"),
      }
    : { COFFER_DATA_DIR: join(tempDir(), "data") };

/** Starts the server on `pair` (copied to files of its own) and waits for "coffer is ready". */
async function startTlsServer(pair: Pair, env: Record<string, string> = {}): Promise<TlsServer> {
  const dir = tempDir("coffer-tls-serving-");
  const at = { certFile: join(dir, "server.crt"), keyFile: join(dir, "server.key") };
  install(at, pair);
  const port = await freePort();
  const child = spawnScript(
    "main",
    {
      ...engineEnv(),
      HOST: "127.0.0.1",
      PORT: String(port),
      COFFER_TLS_CERT_FILE: at.certFile,
      COFFER_TLS_KEY_FILE: at.keyFile,
      ...env,
    },
    true,
  );
  await child.waitForLog((line) => line.msg === "coffer is ready", START_TIMEOUT_MS);
  return { child, port, at };
}

const reloads = (server: TlsServer) =>
  server.child.logLines().filter((line: Line) => line.msg === "TLS certificate reloaded").length;

/** Sends SIGHUP and waits until `count` processes (one, or each worker) have reloaded in all. */
async function hangUp(server: TlsServer, count: number): Promise<void> {
  server.child.child.kill("SIGHUP");
  await server.child.waitForLog(() => reloads(server) >= count, 20_000);
}

const refusals = (server: TlsServer) =>
  server.child
    .logLines()
    .filter((line: Line) => String(line.msg).startsWith("TLS certificate not reloaded"))
    .map((line) => String(line.msg));

/** Sends SIGHUP with a pair that cannot be used; resolves with the error line logged. */
async function hangUpRefused(server: TlsServer): Promise<string> {
  const before = refusals(server).length;
  server.child.child.kill("SIGHUP");
  await server.child.waitForLog(() => refusals(server).length > before, 20_000);
  return refusals(server).at(-1)!;
}

let certs: string;
let first: Pair;
let second: Pair;
let third: Pair;
let trusted: string[];

beforeAll(() => {
  certs = tempDir("coffer-tls-certs-");
  first = makePair(certs, "first");
  second = makePair(certs, "second");
  third = makePair(certs, "third");
  trusted = [first.cert, second.cert, third.cert];
});

afterEach(async () => {
  await killChildren();
});

afterAll(stopChildrenAndRemoveTempDirs);

describe("serving HTTPS", () => {
  it("answers over TLS with the certificate given, HSTS on every answer, https:// links; plain HTTP gets nothing", async () => {
    const server = await startTlsServer(first);
    expect(server.child.stdout()).toContain(`Coffer is listening on https://localhost:${server.port}`);
    const ready = server.child.logLines().find((line) => line.msg === "coffer is ready");
    expect(ready?.publicUrl).toBe(`https://localhost:${server.port}`);

    const health = await get(server.port, "/healthz", [first.cert]);
    expect(health.status).toBe(200);
    expect(health.fingerprint).toBe(first.fingerprint);
    expect(health.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    const missing = await get(server.port, "/no/such/route", [first.cert]);
    expect(missing.status).toBe(404);
    expect(missing.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");

    // A client that does not trust the certificate refuses the connection.
    await expect(get(server.port, "/healthz", [second.cert])).rejects.toThrow(/self-signed|certificate/i);
    // Plain HTTP on the TLS port: the handshake fails and the connection closes unanswered.
    await expect(fetch(`http://127.0.0.1:${server.port}/healthz`)).rejects.toThrow();
  });

  it("signs up and signs in over HTTPS; the refresh cookie is Secure", async () => {
    const server = await startTlsServer(first);
    const email = `tls-${randomBytes(6).toString("hex")}@example.com`;
    const signUp = await send(server.port, "/auth/get-started", [first.cert], false, {
      contentType: "application/json",
      body: JSON.stringify({
        email,
        first_name: "Ada",
        last_name: "Lovelace",
        password: "correct horse battery",
        created_at: new Date().toISOString(),
      }),
    });
    expect(signUp.status, signUp.body).toBe(201);
    const signIn = await send(server.port, "/auth/login", [first.cert], false, {
      contentType: "application/x-www-form-urlencoded",
      body: new URLSearchParams({ username: email, password: "correct horse battery" }).toString(),
    });
    expect(signIn.status, signIn.body).toBe(200);
    const cookie = String(signIn.headers["set-cookie"]);
    expect(cookie).toMatch(/^refresh_token=/);
    expect(cookie).toMatch(/; Secure/);
  });

  it("keeps the slow-client limits and the graceful stop: unfinished headers get 408, SIGTERM leaves an idle connection at once", async () => {
    const server = await startTlsServer(first, { COFFER_HEADERS_TIMEOUT: "1", COFFER_SHUTDOWN_GRACE: "20" });
    // Fastify hands its `http` options to node:http only: over TLS they must reach node:https too.
    const started = Date.now();
    const slow = await new Promise<{ head: string; ms: number }>((resolve, reject) => {
      const socket = connect({ host: "127.0.0.1", port: server.port, ca: [first.cert] }, () =>
        socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"),
      );
      let data = "";
      socket.setEncoding("latin1");
      socket.on("data", (chunk: string) => {
        data += chunk;
      });
      socket.on("error", reject);
      socket.on("close", () => resolve({ head: data.split("\r\n")[0]!, ms: Date.now() - started }));
    });
    expect(slow.head).toBe("HTTP/1.1 408 Request Timeout");
    expect(slow.ms).toBeLessThan(5_000);

    const keepAlive = new Agent({ keepAlive: true });
    try {
      expect((await get(server.port, "/healthz", [first.cert], keepAlive)).status).toBe(200);
      const stopping = Date.now();
      expect(await server.child.stop()).toEqual({ code: 0, signal: null });
      expect(Date.now() - stopping).toBeLessThan(10_000);
    } finally {
      keepAlive.destroy();
    }
  });
});

describe("SIGHUP rereads the pair", () => {
  it("one process: an open connection stays usable, new connections get the new certificate; a bad pair keeps the old", async () => {
    const server = await startTlsServer(first);
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = await get(server.port, "/healthz", trusted, keepAlive);
      expect([before.status, before.fingerprint]).toEqual([200, first.fingerprint]);

      install(server.at, second);
      await hangUp(server, 1);

      const sameConnection = await get(server.port, "/healthz", trusted, keepAlive);
      expect(sameConnection.status).toBe(200);
      expect(sameConnection.reusedSocket).toBe(true);
      expect(sameConnection.localPort).toBe(before.localPort);
      expect(sameConnection.fingerprint).toBe(first.fingerprint);
      const fresh = await get(server.port, "/healthz", trusted);
      expect([fresh.status, fresh.fingerprint]).toEqual([200, second.fingerprint]);

      // The third certificate with the second's key: refused, logged in one line, no key material.
      install(server.at, third, second);
      const refused = await hangUpRefused(server);
      expect(refused).toContain(
        `${server.at.keyFile} is not the key of the certificate in ${server.at.certFile}`,
      );
      expect(refused).not.toContain("\n");
      expect(server.child.stdout()).not.toContain("PRIVATE KEY");
      expect(server.child.stdout()).not.toContain(second.key.split("\n")[1]);
      const afterRefusal = await get(server.port, "/healthz", trusted);
      expect([afterRefusal.status, afterRefusal.fingerprint]).toEqual([200, second.fingerprint]);

      // A key file that is gone: the same.
      install(server.at, third);
      execFileSync("rm", [server.at.keyFile]);
      expect(await hangUpRefused(server)).toContain(
        `COFFER_TLS_KEY_FILE: cannot read ${server.at.keyFile} (ENOENT)`,
      );
      expect((await get(server.port, "/healthz", trusted)).fingerprint).toBe(second.fingerprint);
      const stillOpen = await get(server.port, "/healthz", trusted, keepAlive);
      expect([stillOpen.status, stillOpen.reusedSocket]).toEqual([200, true]);
      expect(server.child.running()).toBe(true);
    } finally {
      keepAlive.destroy();
    }
  });

  it("COFFER_WORKERS=2: the primary passes SIGHUP to every worker; a bad pair is refused once, by the primary", async () => {
    const server = await startTlsServer(first, { COFFER_WORKERS: "2" });
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = await get(server.port, "/healthz", trusted, keepAlive);
      expect([before.status, before.fingerprint]).toEqual([200, first.fingerprint]);

      install(server.at, second);
      await hangUp(server, 2);
      const reloadedBy = server.child
        .logLines()
        .filter((line) => line.msg === "TLS certificate reloaded")
        .map((line) => line.pid);
      expect(new Set(reloadedBy).size).toBe(2);

      const sameConnection = await get(server.port, "/healthz", trusted, keepAlive);
      expect([sameConnection.status, sameConnection.reusedSocket]).toEqual([200, true]);
      expect(sameConnection.fingerprint).toBe(first.fingerprint);
      // Each connection goes to one worker or the other (the kernel's choice): all get the new one.
      const fresh = await Promise.all(
        Array.from({ length: 12 }, () => get(server.port, "/healthz", trusted)),
      );
      expect(new Set(fresh.map((answer) => answer.status))).toEqual(new Set([200]));
      expect(new Set(fresh.map((answer) => answer.fingerprint))).toEqual(new Set([second.fingerprint]));

      install(server.at, third, second);
      const refused = await hangUpRefused(server);
      expect(refused).toContain("is not the key of the certificate");
      expect(refusals(server)).toHaveLength(1);
      expect(reloads(server)).toBe(2);
      const afterRefusal = await Promise.all(
        Array.from({ length: 6 }, () => get(server.port, "/healthz", trusted)),
      );
      expect(new Set(afterRefusal.map((answer) => answer.fingerprint))).toEqual(
        new Set([second.fingerprint]),
      );
      expect(server.child.running()).toBe(true);
    } finally {
      keepAlive.destroy();
    }
  });
});

describe("a pair that cannot be used stops the start, in one line", () => {
  /** The one line of a refused start; the key never in what it printed. */
  const refusal = async (env: Record<string, string>) => {
    const line = await refusedStart({ HOST: "127.0.0.1", ...env });
    expect(line).not.toContain("PRIVATE KEY");
    return line;
  };

  it("a missing key file, one process or a primary of two workers", async () => {
    const keyFile = join(certs, "absent.key");
    const env = { COFFER_TLS_CERT_FILE: first.certFile, COFFER_TLS_KEY_FILE: keyFile };
    const expected = `coffer: COFFER_TLS_KEY_FILE: cannot read ${keyFile} (ENOENT)`;
    expect(await refusal(env)).toBe(expected);
    expect(await refusal({ ...env, COFFER_WORKERS: "2" })).toBe(expected);
  });

  it("a key that is not the certificate's, a certificate that is not PEM, one file of the two", async () => {
    expect(await refusal({ COFFER_TLS_CERT_FILE: first.certFile, COFFER_TLS_KEY_FILE: second.keyFile })).toBe(
      `coffer: COFFER_TLS_KEY_FILE: ${second.keyFile} is not the key of the certificate in ${first.certFile}`,
    );
    expect(await refusal({ COFFER_TLS_CERT_FILE: first.keyFile, COFFER_TLS_KEY_FILE: first.keyFile })).toBe(
      `coffer: COFFER_TLS_CERT_FILE: ${first.keyFile} holds no PEM certificate`,
    );
    expect(await refusal({ COFFER_TLS_CERT_FILE: first.certFile })).toBe(
      "coffer: configuration error: COFFER_TLS_KEY_FILE: is required with COFFER_TLS_CERT_FILE: set both, or neither",
    );
  });
});
