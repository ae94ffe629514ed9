// The CLI bundle's own HTTP transport (src/cli/transport, issue 39) in real processes: `coffer run`
// against a real server never loads Node's fetch (undici, with http2, tls and zlib behind it), nor
// node:https for an http URL; over https it trusts the CAs Node trusts (NODE_EXTRA_CA_CERTS
// included) and no other. What Node loaded is read off process.moduleLoadList by a preloaded file.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer, type Server } from "node:https";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT } from "../src/cli/errors.ts";
import { runCoffer, serverWithOneSecret } from "./helpers/cli-process.ts";
import { httpJson } from "./helpers/real-port.ts";
import { type ServerProcess, stopChildrenAndRemoveTempDirs, tempDir } from "./helpers/server-process.ts";

const PRINT = ["--", process.execPath, "-e", "process.stdout.write(String(process.env.GREETING))"];
// Written where the CLI's Node writes what it loaded, when it exits.
const PRELOAD = `const { writeFileSync } = require("node:fs");
process.on("exit", () => writeFileSync(process.env.LOADED_FILE, process.moduleLoadList.join("\\n")));`;

let server: ServerProcess;
let ids: Record<string, string>;
let token: string;
let preload: string;

beforeAll(async () => {
  const made = await serverWithOneSecret("cli-transport", { key: "GREETING", value: "over the transport" });
  server = made.server;
  ids = made.ids;
  const key = await httpJson(server.url, "POST", "/keys/", made.tenant.headers, { name: "transport" });
  expect(key.status).toBe(201);
  token = key.body.token;
  preload = join(tempDir("coffer-transport-preload-"), "loaded.cjs");
  writeFileSync(preload, PRELOAD);
}, 60_000);
afterAll(stopChildrenAndRemoveTempDirs);

/** `coffer run` printing GREETING against `apiUrl`; resolves with its result and what Node loaded. */
async function runAgainst(apiUrl: string, env: Record<string, string> = {}) {
  const cwd = tempDir("coffer-transport-");
  writeFileSync(join(cwd, ".coffer.json"), JSON.stringify(ids));
  const loadedFile = join(cwd, "loaded.txt");
  const result = await runCoffer(["run", ...PRINT], {
    home: tempDir("coffer-transport-home-"),
    cwd,
    env: {
      COFFER_API_URL: apiUrl,
      COFFER_TOKEN: token,
      NODE_OPTIONS: `--require ${preload}`,
      LOADED_FILE: loadedFile,
      ...env,
    },
  });
  return { ...result, loaded: readFileSync(loadedFile, "utf8").split("\n") };
}

it("runs a command with its secrets without loading Node's fetch, nor node:https for an http URL", async () => {
  const { code, stdout, stderr, loaded } = await runAgainst(server.url);
  expect(code, stderr).toBe(0);
  expect(stdout).toBe("over the transport");
  expect(loaded).toContain("NativeModule http");
  expect(loaded).not.toContain("NativeModule internal/deps/undici/undici");
  expect(loaded).not.toContain("NativeModule https");
  expect(loaded).not.toContain("NativeModule tls");
});

describe("over https (a TLS front on 127.0.0.1 with a self-signed certificate)", () => {
  let front: Server;
  let frontUrl: string;
  let caFile: string;

  beforeAll(async () => {
    const dir = tempDir("coffer-transport-tls-");
    caFile = join(dir, "front.crt");
    const keyFile = join(dir, "front.key");
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
        ...["-days", "2", "-subj", "/CN=coffer-transport", "-addext", "subjectAltName=IP:127.0.0.1"],
        ...["-keyout", keyFile, "-out", caFile],
      ],
      { stdio: "ignore" },
    );
    const upstream = new URL(server.url);
    front = createServer({ cert: readFileSync(caFile), key: readFileSync(keyFile) }, (incoming, outgoing) => {
      const forwarded = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on("error", () => outgoing.destroy());
      incoming.pipe(forwarded);
    });
    await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
    const address = front.address();
    if (!address || typeof address === "string") throw new Error("the TLS front has no port");
    frontUrl = `https://127.0.0.1:${address.port}`;
  });
  afterAll(() => new Promise<void>((resolve) => front.close(() => resolve())));

  it("trusts the certificate NODE_EXTRA_CA_CERTS names, and still loads no undici", async () => {
    const { code, stdout, stderr, loaded } = await runAgainst(frontUrl, { NODE_EXTRA_CA_CERTS: caFile });
    expect(code, stderr).toBe(0);
    expect(stdout).toBe("over the transport");
    expect(loaded).toContain("NativeModule https");
    expect(loaded).not.toContain("NativeModule internal/deps/undici/undici");
  });

  it("refuses a certificate no CA it trusts has signed: Coffer cannot be reached, exit 6", async () => {
    const { code, stdout, stderr } = await runAgainst(frontUrl);
    expect(code).toBe(EXIT.network);
    expect(stdout).toBe("");
    expect(stderr).toContain(`cannot reach Coffer at ${frontUrl} (from COFFER_API_URL): is it running?`);
  });
});

it("refuses a credential with a line break in it without printing the credential, and sends nothing", async () => {
  // A header injection attempt through the token (or a token pasted with a stray line break): the
  // request is refused before it leaves, and the refusal names the header, never its value.
  const { code, stdout, stderr } = await runAgainst(server.url, {
    COFFER_TOKEN: `${token}\r\nX-Injected: yes`,
  });
  expect(code).not.toBe(0);
  expect(stdout).toBe("");
  expect(stderr).toMatch(/the value of "(x-api-key|authorization)" is not a valid header value/);
  expect(stderr).not.toContain(token);
  expect(stderr).not.toContain(token.slice(-12));
  expect(stderr).not.toContain("X-Injected");
});
