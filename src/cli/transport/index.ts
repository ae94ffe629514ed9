// What the CLI bundle has for fetch, Headers, Request, Response and FormData: a small transport over
// node:http, put in place of Node's globals by esbuild (`inject`, packages/cli/build.mjs). Why: Node
// keeps all five in one lazily loaded module (undici) that brings http2, tls, zlib, perf_hooks and
// worker_threads with it: touching any of them cost ~28 ms of a `coffer run -- true` that took
// ~100 ms in all (measured on Node 22: node:http GET + spawn 38 ms, the same with fetch 66 ms). The
// SDK (src/client) stays standard, for browsers and Node; only the CLI bundle gets the swap, and the
// CLI run from its TypeScript sources still uses Node's own.
export { transportFetch as fetch } from "./fetch.ts";
export { TransportHeaders as Headers } from "./headers.ts";
export {
  TransportFormData as FormData,
  TransportRequest as Request,
  TransportResponse as Response,
} from "./messages.ts";
