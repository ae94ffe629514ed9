// The OpenAPI document, generated from the route schemas. Served only when DEBUG is on.
import { createReadStream } from "node:fs";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyContextConfig, FastifyInstance, FastifySchema } from "fastify";
import { type Action, MATRIX } from "../auth/policy.ts";
import { REDOC_BUNDLE } from "../lib/layout.ts";
import { OtpHeader } from "./schemas.ts";
import { DOCS_CSP } from "./security-headers.ts";

const REDOC_PAGE = `<!doctype html>
<html lang="en"><head><title>Coffer API</title><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><div id="redoc"></div>
<script src="/redoc/redoc.standalone.js"></script>
<script src="/redoc/init.js"></script></body></html>`;

// A file, not an inline script: the page's CSP allows scripts from this origin only.
const REDOC_INIT = `Redoc.init("/openapi.json", {}, document.getElementById("redoc"));\n`;

const GRANTS =
  "needs a session (an API key cannot grant power), and the two-factor code in X-Coffer-OTP when the account has it.";

/**
 * The route's schema as documented: what it takes in the policy (x-coffer-actions: its own action
 * first), and, where that grants power, what the credential must be and the header that carries the code.
 */
function withActions(schema: FastifySchema, config: FastifyContextConfig): FastifySchema {
  const actions: string[] = [config.action, ...(config.alsoTakes ?? []), config.accountAction].filter(
    (action) => action !== undefined,
  );
  if (!schema || actions.length === 0) return schema;
  const granting = actions.filter((action) => action in MATRIX && MATRIX[action as Action].grants);
  // An OpenAPI extension: FastifySchema does not type x- keys.
  const documented: FastifySchema & Record<string, unknown> = { ...schema, "x-coffer-actions": actions };
  if (granting.length === 0) return documented;
  const note =
    granting[0] === actions[0]
      ? `Grants power: ${GRANTS}`
      : `What grants power here (${granting.join(", ")}) ${GRANTS}`;
  const headers = (schema.headers ?? { type: "object", properties: {} }) as { properties?: object };
  return {
    ...documented,
    description: [documented.description, note].filter(Boolean).join(" "),
    headers: { ...headers, properties: { ...headers.properties, ...OtpHeader.properties } },
  };
}

export async function registerOpenApi(
  app: FastifyInstance,
  serve: boolean,
  publicUrl: string,
): Promise<void> {
  await app.register(swagger, {
    // Each operation names what it takes in the permission matrix and among account actions, so that
    // clients (and the route-table test) know what credential it needs without a list kept by hand.
    transform: ({ schema, url, route }) => ({ schema: withActions(schema, route.config ?? {}), url }),
    // Named schemas ($id) become components under their own names, so clients get real type names.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === "string" ? json.$id : `def-${i}`,
    },
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Coffer",
        version: "0.1.0",
        description:
          "Self-hostable secrets management: workspace -> team -> project -> environment -> secret.",
        license: { name: "UNLICENSED" },
      },
      servers: [{ url: publicUrl, description: "this Coffer (COFFER_PUBLIC_URL)" }],
      components: {
        securitySchemes: {
          OAuth2PasswordBearer: {
            type: "oauth2",
            flows: { password: { tokenUrl: "/auth/login", scopes: {} } },
          },
          APIKeyHeader: { type: "apiKey", in: "header", name: "X-API-Key" },
          HTTPBearer: { type: "http", scheme: "bearer" },
        },
      },
    },
  });
  if (!serve) return;
  // The UI's routes carry no route config of their own; without this they would ask for a credential.
  await app.register(async (docs) => {
    docs.addHook("onRoute", (route) => {
      route.config = { ...route.config, public: true };
    });
    // Replaces the API's CSP (which lets nothing load) on these pages only.
    docs.addHook("onSend", async (_request, reply, payload) => {
      reply.header("content-security-policy", DOCS_CSP);
      return payload;
    });
    await docs.register(swaggerUi, { routePrefix: "/docs" });
    const page = { config: { public: true }, schema: { hide: true } };
    docs.get("/openapi.json", page, async () => app.swagger());
    docs.get("/redoc", page, async (_request, reply) =>
      reply.type("text/html; charset=utf-8").send(REDOC_PAGE),
    );
    docs.get("/redoc/init.js", page, async (_request, reply) =>
      reply.type("text/javascript; charset=utf-8").send(REDOC_INIT),
    );
    docs.get("/redoc/redoc.standalone.js", page, async (_request, reply) =>
      reply
        .type("text/javascript; charset=utf-8")
        .header("cache-control", "public, max-age=86400")
        .send(createReadStream(REDOC_BUNDLE)),
    );
  });
}
