// The OpenAPI document, generated from the route schemas. Served only when DEBUG is on.
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";

export async function registerOpenApi(app: FastifyInstance, serve: boolean): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Coffer",
        version: "0.1.0",
        description:
          "Self-hostable secrets management: workspace -> team -> project -> environment -> secret.",
      },
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
    await docs.register(swaggerUi, { routePrefix: "/docs" });
  });
  app.get("/openapi.json", { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  app.get("/redoc", { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.type("text/html").send(`<!doctype html>
<html><head><title>Coffer API</title><meta charset="utf-8"></head>
<body><redoc spec-url="/openapi.json"></redoc>
<script src="https://cdn.jsdelivr.net/npm/redoc@2/bundles/redoc.standalone.js"></script></body></html>`),
  );
}
