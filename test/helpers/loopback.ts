// A server of the test's own (a fake, a proxy, a sink) on a free port of 127.0.0.1, and the one way
// to stop an HTTP one without waiting for its clients.
import type { Server as HttpServer } from "node:http";
import type { AddressInfo, Server } from "node:net";

/** Listens on a free port of 127.0.0.1; resolves with that port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** Stops `server` now: open keep-alive connections are dropped, not waited for. */
export function closeNow(server: HttpServer): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
