// Graceful shutdown waits for the requests in flight: this counts them.
import type { FastifyInstance, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    /** Resolves once no request is in flight (graceful shutdown waits on it). */
    drained(): Promise<void>;
  }
}

export function trackInFlight(app: FastifyInstance): void {
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  app.decorate("drained", () =>
    inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
  );
  // Each request leaves the count once: when its response hooks have run, when Fastify sees it
  // aborted, or when its connection closes with no response finished. node:http aborts a request
  // whose client half-closes while the handler runs, and then neither hook comes: counted for
  // ever, it would hold every later shutdown to its grace period.
  const counted = new WeakSet<FastifyRequest>();
  const settle = (request: FastifyRequest) => {
    if (!counted.delete(request)) return;
    inFlight--;
    if (inFlight > 0) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  app.addHook("onRequest", (request, reply, done) => {
    inFlight++;
    counted.add(request);
    reply.raw.once("close", () => {
      if (!reply.raw.writableFinished) settle(request);
    });
    done();
  });
  app.addHook("onResponse", (request, _reply, next) => {
    settle(request);
    next();
  });
  app.addHook("onRequestAbort", (request, next) => {
    settle(request);
    next();
  });
}
