// The OpenAPI document, generated from the route schemas. Served only when DEBUG is on.
import { createReadStream } from "node:fs";
import { createRequire } from "node:module";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { DOCS_CSP } from "./security-headers.ts";

// Redoc comes from its npm package, so the docs work on a machine without internet access.
const REDOC_BUNDLE = createRequire(import.meta.url).resolve("redoc/bundles/redoc.standalone.js");

const REDOC_PAGE = `<!doctype html>
<html lang="en"><head><title>Coffer API</title><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><div id="redoc"></div>
<script src="/redoc/redoc.standalone.js"></script>
<script src="/redoc/init.js"></script></body></html>`;

// A file, not an inline script: the page's CSP allows scripts from this origin only.
const REDOC_INIT = `Redoc.init("/openapi.json", {}, document.getElementById("redoc"));\n`;

export async function registerOpenApi(
  app: FastifyInstance,
  serve: boolean,
  publicUrl: string,
): Promise<void> {
  await app.register(swagger, {
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
