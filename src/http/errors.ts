// Turns every thrown thing into the error contract: 422 in the spec's shape, AppError by its
// code, Fastify's and Node's own client errors mapped onto the same table, anything else a
// logged 500. Nothing leaves in another shape, not even a malformed request line.
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { storeFailureAnswer } from "../db/failures.ts";
import { AppError, type ErrorCode, ValidationFailed, type ValidationIssue } from "../errors.ts";
import { toValidationIssues } from "./validation.ts";

const FASTIFY_CODES: Record<string, AppError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: new AppError(
    "payload_too_large",
    "The request body is larger than this route accepts",
  ),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new AppError(
    "unsupported_media_type",
    "Send the body as application/json (the sign-in form also takes application/x-www-form-urlencoded)",
  ),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: new AppError("bad_request", "Content-Length does not match the body"),
  FST_ERR_PARAM_TOO_LONG: new AppError("uri_too_long", "A path segment is too long"),
  FST_ERR_BAD_URL: new AppError("bad_request", "The URL is malformed"),
};

/** The code of the error table for a status that Fastify or Node chose. */
const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  401: "not_authenticated",
  403: "forbidden",
  404: "not_found",
  408: "request_timeout",
  409: "conflict",
  410: "gone",
  413: "payload_too_large",
  414: "uri_too_long",
  415: "unsupported_media_type",
  429: "rate_limited",
  431: "header_fields_too_large",
};

/** A framework error as an AppError of the table (unknown 4xx become 400 bad_request). */
export function fromFrameworkError(error: {
  code?: string;
  statusCode?: number;
  message?: string;
}): AppError {
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) return known;
  const code = (error.statusCode && CODE_BY_STATUS[error.statusCode]) || "bad_request";
  return new AppError(
    code,
    code === "bad_request" ? "The request is malformed" : (STATUS_CODES[error.statusCode!] ?? "Error"),
  );
}

const sendAppError = (reply: FastifyReply, error: AppError) =>
  reply
    .code(error.status)
    .headers(error.headers)
    .send({ detail: error.message, code: error.code, ...error.body });

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (a malformed request line,
 * headers past the size limit, a timeout): answered in the same shape, then the socket closes.
 */
export function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Socket,
  extraHeaders: Record<string, string> = {},
): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const appError =
    error.code === "HPE_HEADER_OVERFLOW"
      ? new AppError("header_fields_too_large", "The request line or headers are larger than 16 KiB")
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? new AppError("request_timeout", "The request took too long to arrive")
        : new AppError("bad_request", "The request is not valid HTTP");
  const body = JSON.stringify({ detail: appError.message, code: appError.code });
  const headers = {
    "content-type": "application/json; charset=utf-8",
    "x-content-type-options": "nosniff",
    "cache-control": "no-store",
    ...extraHeaders,
    connection: "close",
    "content-length": String(Buffer.byteLength(body)),
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\n${head.join("")}\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Answers a request no route matched, or returns false to let the JSON 404 answer it. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

export function registerErrorHandling(app: FastifyInstance, fallback?: NotFoundFallback): void {
  app.setErrorHandler((error: FastifyError | AppError | ValidationFailed, request, reply) => {
    if (error instanceof ValidationFailed) return reply.code(422).send({ detail: error.issues });
    if (error instanceof AppError) return sendAppError(reply, error);
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
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendAppError(reply, fromFrameworkError(error));
    }
    const storeFailure = storeFailureAnswer(error);
    if (storeFailure) {
      // No stack and no SQL: the cause is outside this request, and the operator needs only what.
      request.log.warn(
        { code: storeFailure.code, cause: (error as { code?: string }).code, reason: error.message },
        "the store failed this request",
      );
      return sendAppError(reply, storeFailure);
    }
    request.log.error({ err: error }, "unhandled error");
    return sendAppError(reply, new AppError("internal_error", "Internal server error"));
  });

  // The path is not echoed: it may carry a share-link token.
  app.setNotFoundHandler(async (request, reply) => {
    if (fallback && (await fallback(request, reply))) return reply;
    return reply.code(404).send({ detail: "Not Found", code: "not_found" });
  });
}
