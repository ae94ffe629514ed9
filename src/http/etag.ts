// Conditional reads (RFC 9110 §8.8.3, §13.1.2): strong entity tags for secret reads and the
// If-None-Match check that answers 304 before anything is decrypted.
//
// A tag is a digest of what decides the body: the environment's revision (bumped in the same
// transaction as every write that changes what its secrets read as), the caller's view (user and
// role: a changed role gives another tag, so no cached answer outlives a permission change), the
// query that shapes the body, and the representation's format. Never the plaintext: nothing
// about a value can be learnt from a tag. A rotated master key or data key leaves values, and so
// tags, as they were.
import { hash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { RequestContext } from "../auth/context.ts";

// Change it when the JSON of a secret read changes shape, so that no client keeps an old body.
const REPRESENTATION = "secrets/v1";

/** The quoted strong tag of a secret read as `ctx` sees it. */
export function secretReadTag(ctx: RequestContext, revision: number, parts: (string | number)[]): string {
  const input = [REPRESENTATION, ctx.workspaceId, ctx.principal.userId, ctx.role, revision, ...parts].join(
    "\n",
  );
  return `"${hash("sha256", input, "base64url").slice(0, 27)}"`;
}

/** The entity tags of an If-None-Match value; "*" alone is `any`; malformed members are skipped. */
export function parseIfNoneMatch(value: string): { any: true } | { any: false; tags: string[] } {
  if (value.trim() === "*") return { any: true };
  const tags: string[] = [];
  // entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE, where etagc may be a comma: scan, do not split.
  const member = /\s*(?:(W\/)?("[\x21\x23-\x7e\x80-\xff]*")|[^,]*)\s*(?:,|$)/y;
  while (member.lastIndex < value.length) {
    const start = member.lastIndex;
    const match = member.exec(value);
    if (!match || member.lastIndex === start) break;
    if (match[2]) tags.push(match[2]);
  }
  return { any: false, tags };
}

/**
 * Whether the client's copy is current (If-None-Match is false): "*", or one of its tags equals
 * ours under the weak comparison If-None-Match uses (a W/ prefix is ignored).
 */
export function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers["if-none-match"];
  if (header === undefined) return false;
  const parsed = parseIfNoneMatch(header);
  return parsed.any || parsed.tags.includes(etag);
}

/**
 * Sets the tag and, when the client's copy is current, answers 304 with no body; true when it did
 * (the caller then returns the reply without reading anything).
 */
export function answerIfNotModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  // The tag depends on the credential's user: a shared cache must not hand one user's tag to another.
  reply.header("etag", etag).header("vary", "authorization, x-api-key");
  if (!notModified(request, etag)) return false;
  void reply.code(304).send();
  return true;
}
