// The Fastify instance and what every request goes through before any module sees it: limits,
// security headers, the error contract, the body parsers, ids in paths.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyBaseLogger, type FastifyReply } from "fastify";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";
import { capConnections, serverTimeouts } from "../http/connection-limits.ts";
import { createDashboard, type Dashboard } from "../http/dashboard.ts";
import { answerClientError, fromFrameworkError, registerErrorHandling } from "../http/errors.ts";
import { registerOperationNames } from "../http/operations.ts";
import { ErrorCodeSchema } from "../http/schemas.ts";
import { apiSecurityHeaders, registerSecurityHeaders } from "../http/security-headers.ts";
import { registerNamedSchemas, validatorCompiler } from "../http/validation.ts";
import { IMPORT_SCHEMAS } from "../modules/imports/index.ts";
import type { AppDeps } from "./deps.ts";
import { trackInFlight } from "./in-flight.ts";

// The largest single-record body (a 64 KiB value, escaped, plus its description) fits in 1 MiB;
// the bulk routes take LIMITS.bulkBodyBytes. A small limit bounds what one request can hold in memory.
const BODY_LIMIT_BYTES = 1024 * 1024;

/** Fastify's typings take no hop count (its runtime does): a count becomes the equivalent function. */
const trustedProxies = (trust: Config["trustProxy"]) =>
  typeof trust === "number" ? (_address: string, hop: number) => hop < trust : trust;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UPPER = /[A-F]/;

/** Ids are stored lower-case; an upper-case UUID in a path names the same resource. */
function lowerCaseUuidParams(params: unknown): void {
  if (!params || typeof params !== "object") return;
  const record = params as Record<string, unknown>;
  for (const name in record) {
    const value = record[name];
    if (typeof value === "string" && UPPER.test(value) && UUID.test(value))
      record[name] = value.toLowerCase();
  }
}

export function createFastify(deps: AppDeps) {
  const { config } = deps;
  // Answers that leave before any hook runs carry the same security headers as the rest.
  const earlyHeaders = apiSecurityHeaders(config.publicUrl);
  const httpOptions = { requireHostHeader: false, ...serverTimeouts(config.connections) };
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    // Behind a load balancer, the client's address (rate limits, audit, sessions) is in X-Forwarded-For.
    trustProxy: trustedProxies(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // URL-level failures (bad percent-encoding, a path segment past maxParamLength) keep the error contract.
    frameworkErrors: (error, _request, reply) => {
      const appError = fromFrameworkError(error);
      void (reply as FastifyReply)
        .code(appError.status)
        .headers(earlyHeaders)
        .send({ detail: appError.message, code: appError.code });
    },
    clientErrorHandler: (error, socket) => answerClientError(error, socket, earlyHeaders),
    // A request without Host reaches the app, which refuses it in the error contract (below).
    // Fastify hands `http` to node:http only; node:https takes the same options beside the pair.
    ...(deps.tls ? { https: { ...deps.tls, ...httpOptions } } : { http: httpOptions }),
    requestTimeout: config.connections.requestTimeout * 1000,
    ajv: { customOptions: { coerceTypes: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  capConnections(app.server, config.connections);
  app.setValidatorCompiler(validatorCompiler);
  registerNamedSchemas(app, [ErrorCodeSchema, ...IMPORT_SCHEMAS]);
  registerOperationNames(app);
  registerSecurityHeaders(app, config.publicUrl);
  trackInFlight(app);
  const dashboard: Dashboard = createDashboard(deps.dashboardDir);
  registerErrorHandling(app, dashboard.answerNavigation);
  // The hooks every request runs take `done`: an async one costs a promise and a turn of the
  // microtask queue each, on every request.
  app.addHook("onRequest", (request, _reply, done) => {
    if (request.raw.httpVersion === "1.1" && !request.headers.host) {
      return done(new AppError("bad_request", "HTTP/1.1 requests must carry a Host header"));
    }
    done();
  });

  // An empty JSON body is "no body" (bodiless POSTs from clients that always send the header).
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    return parseJson(request, text, done);
  });
  // JSON is the only body everywhere but /auth/login, which registers the form parser for itself.
  app.removeContentTypeParser("text/plain");
  app.addHook("preValidation", (request, _reply, done) => {
    lowerCaseUuidParams(request.params);
    done();
  });
  return { app, dashboard };
}
