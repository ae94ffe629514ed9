// Turns every thrown thing into the error contract: 422 in the spec's shape, AppError by its
// code, Fastify's own client errors kept as 4xx, and anything else a logged 500.
import type { FastifyError, FastifyInstance } from "fastify";
import { AppError, ValidationFailed, type ValidationIssue } from "../errors.ts";
import { toValidationIssues } from "./validation.ts";

const FASTIFY_CODES: Record<string, { status: number; code: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: "payload_too_large" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: "unsupported_media_type" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: "bad_request" },
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ValidationFailed, request, reply) => {
    if (error instanceof ValidationFailed) return reply.code(422).send({ detail: error.issues });
    if (error instanceof AppError) {
      return reply
        .code(error.status)
        .headers(error.headers)
        .send({ detail: error.message, code: error.code, ...error.body });
    }
    if (error.validation) {
      const context = error.validationContext ?? "body";
      return reply.code(422).send({ detail: toValidationIssues(error.validation as never, context) });
    }
    if (
      error.code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
      error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" ||
      error instanceof SyntaxError
    ) {
      const issue: ValidationIssue = {
        loc: ["body"],
        msg: "JSON decode error: the body is not valid JSON",
        type: "json_invalid",
      };
      return reply.code(422).send({ detail: [issue] });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.code(known.status).send({ detail: error.message, code: known.code });
    if (error.statusCode === 429) {
      return reply
        .code(429)
        .send({ detail: "Too many requests; retry after the time in Retry-After", code: "rate_limited" });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ detail: error.message, code: "bad_request" });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send({ detail: "Internal server error", code: "internal_error" });
  });

  // The path is not echoed: it may carry a share-link token.
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ detail: "Not Found", code: "not_found" }),
  );
}
