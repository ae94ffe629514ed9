// Railway, Vercel and Render as one small real HTTP server on 127.0.0.1, speaking their documented
// shapes (../shared/reference/platform-apis.md): GraphQL errors with HTTP 200, Vercel's `until`
// paging and per-entry fetch, Render's cursor paging. Special source ids misbehave on purpose:
// "missing" (not found), "limited" (429 with Retry-After in seconds), "limited-until" (429 with
// Retry-After as an HTTP date), "broken" (5xx), "slow" (answers late), "garbage" (200, not JSON),
// and for the paged APIs "endless" (a next page, always).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { closeNow, listenOnLoopback } from "./loopback.ts";

export const TOKENS = {
  railway: "rw-account-token",
  railwayProject: "rw-project-token",
  vercel: "vc-token",
  render: "rd-token",
};

export interface VercelEnv {
  id: string;
  key: string;
  value: string;
  type: "plain" | "encrypted" | "secret" | "sensitive" | "system";
  target: string[] | string;
  gitBranch?: string;
  decrypted?: boolean;
}

export interface FakePlatforms {
  url: string;
  env: Record<string, string>;
  /** Railway variables by project id; Vercel envs by project id; Render variables by service id. */
  railway: Map<string, Record<string, string | null>>;
  vercel: Map<string, VercelEnv[]>;
  render: Map<string, { key: string; value: string }[]>;
  /** Every request received, in order (method, path, headers). */
  requests: { method: string; path: string; headers: IncomingMessage["headers"]; body: string }[];
  /** Runs before each answer: lets a test change Coffer's side while a platform call is in flight. */
  beforeAnswer: (() => Promise<void>) | null;
  /** Railway refuses a wrong token with HTTP 401 instead of a GraphQL error (both happen). */
  railwayHttpAuthErrors: boolean;
  close(): Promise<void>;
}

const VERCEL_PAGE = 2;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** The misbehaving ids: true when the request was answered here. */
async function misbehave(id: string, res: ServerResponse, notFound: () => void): Promise<boolean> {
  if (id === "missing") notFound();
  else if (id === "limited")
    send(res, 429, { error: { code: "rate_limited", message: "slow down" } }, { "retry-after": "7" });
  else if (id === "limited-until") {
    const at = new Date(Date.now() + 120_000).toUTCString();
    send(res, 429, { error: { code: "rate_limited", message: "slow down" } }, { "retry-after": at });
  } else if (id === "broken") send(res, 503, { message: "upstream exploded" });
  else if (id === "garbage") {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<html>maintenance</html>");
  } else if (id === "slow") {
    await new Promise((r) => setTimeout(r, 3000));
    if (!res.destroyed) send(res, 200, {});
  } else return false;
  return true;
}

export async function startFakePlatforms(): Promise<FakePlatforms> {
  const fake = {
    railway: new Map<string, Record<string, string | null>>(),
    vercel: new Map<string, VercelEnv[]>(),
    render: new Map<string, { key: string; value: string }[]>(),
    requests: [] as FakePlatforms["requests"],
    beforeAnswer: null as FakePlatforms["beforeAnswer"],
    railwayHttpAuthErrors: false,
  };

  const server: Server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? "/", "http://fake");
    fake.requests.push({
      method: req.method ?? "",
      path: url.pathname + url.search,
      headers: req.headers,
      body,
    });
    const auth = req.headers.authorization ?? "";
    if (fake.beforeAnswer) await fake.beforeAnswer();

    // Railway: POST /railway/graphql
    if (url.pathname === "/railway/graphql" && req.method === "POST") {
      const { variables } = JSON.parse(body) as { variables: { projectId: string; environmentId: string } };
      const bearerOk = auth === `Bearer ${TOKENS.railway}`;
      const projectOk = req.headers["project-access-token"] === TOKENS.railwayProject;
      if (
        await misbehave(variables.projectId, res, () =>
          send(res, 200, { data: null, errors: [{ message: "Project not found" }] }),
        )
      )
        return;
      if (!bearerOk && !projectOk && fake.railwayHttpAuthErrors) {
        send(res, 401, { message: "Unauthorized" });
        return;
      }
      if (!bearerOk && !projectOk) {
        // Echoes what it got, as real APIs sometimes do: Coffer must never pass this on.
        send(res, 200, { data: null, errors: [{ message: `Not Authorized (${auth})` }] });
        return;
      }
      const vars = fake.railway.get(variables.projectId);
      if (!vars) send(res, 200, { data: null, errors: [{ message: "Project not found" }] });
      else send(res, 200, { data: { variables: vars } });
      return;
    }

    // Vercel: GET /vercel/v10/projects/{id}/env and /vercel/v1/projects/{id}/env/{envId}
    const vercelList = url.pathname.match(/^\/vercel\/v10\/projects\/([^/]+)\/env$/);
    const vercelOne = url.pathname.match(/^\/vercel\/v1\/projects\/([^/]+)\/env\/([^/]+)$/);
    if (vercelList || vercelOne) {
      const project = decodeURIComponent((vercelList ?? vercelOne)![1]!);
      if (
        await misbehave(project, res, () =>
          send(res, 404, { error: { code: "not_found", message: "Project not found" } }),
        )
      )
        return;
      if (auth !== `Bearer ${TOKENS.vercel}`) {
        send(res, 403, { error: { code: "forbidden", message: "Not authorized" } });
        return;
      }
      if (project === "endless") {
        const envs = [{ id: "x", key: "X", value: "x", type: "plain", target: ["production"] }];
        send(res, 200, { envs, pagination: { count: 1, next: 1, prev: null } });
        return;
      }
      const envs = fake.vercel.get(project);
      if (!envs) {
        send(res, 404, { error: { code: "not_found", message: "Project not found" } });
        return;
      }
      if (vercelOne) {
        const env = envs.find((e) => e.id === decodeURIComponent(vercelOne[2]!));
        if (!env) send(res, 404, { error: { code: "not_found", message: "no env" } });
        else send(res, 200, { ...env, decrypted: true });
        return;
      }
      const start = Number(url.searchParams.get("until") ?? 0);
      const page = envs
        .slice(start, start + VERCEL_PAGE)
        .map((e) =>
          e.decrypted === false
            ? { ...e, value: "encrypted-blob" }
            : e.type === "sensitive"
              ? { ...e, value: "" }
              : { ...e, decrypted: true },
        );
      const next = start + VERCEL_PAGE < envs.length ? start + VERCEL_PAGE : null;
      send(res, 200, { envs: page, pagination: { count: page.length, next, prev: start || null } });
      return;
    }

    // Render: GET /render/v1/services/{id}/env-vars?limit=&cursor=
    const renderList = url.pathname.match(/^\/render\/v1\/services\/([^/]+)\/env-vars$/);
    if (renderList && req.method === "GET") {
      const service = decodeURIComponent(renderList[1]!);
      if (
        await misbehave(service, res, () => send(res, 404, { id: "not-found", message: "service not found" }))
      )
        return;
      if (auth !== `Bearer ${TOKENS.render}`) {
        send(res, 401, { id: "unauthorized", message: "unauthorized" });
        return;
      }
      if (service === "endless") {
        send(
          res,
          200,
          Array.from({ length: 100 }, (_, i) => ({ cursor: "again", envVar: { key: `K_${i}`, value: "v" } })),
        );
        return;
      }
      const vars = fake.render.get(service);
      if (!vars) {
        send(res, 404, { id: "not-found", message: "service not found" });
        return;
      }
      const limit = Math.min(Number(url.searchParams.get("limit") ?? 20), 100);
      const cursor = url.searchParams.get("cursor");
      const start = cursor ? Number(Buffer.from(cursor, "base64").toString()) + 1 : 0;
      const page = vars.slice(start, start + limit).map((envVar, i) => ({
        cursor: Buffer.from(String(start + i)).toString("base64"),
        envVar,
      }));
      send(res, 200, page);
      return;
    }
    send(res, 404, { message: "no such fake route" });
  });
  const port = await listenOnLoopback(server);
  const url = `http://127.0.0.1:${port}`;
  // The object the server reads from: tests set beforeAnswer and railwayHttpAuthErrors on it.
  return Object.assign(fake, {
    url,
    env: {
      COFFER_RAILWAY_API_URL: `${url}/railway/graphql`,
      COFFER_VERCEL_API_URL: `${url}/vercel`,
      COFFER_RENDER_API_URL: `${url}/render`,
    },
    close: () => closeNow(server),
  });
}
