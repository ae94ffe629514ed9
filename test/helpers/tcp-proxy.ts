// A TCP proxy on 127.0.0.1 in front of a real PostgreSQL or Redis, that a test cuts and restores:
// a real socket fault between Coffer and what it depends on, not a mock.
//   cut("refuse")    every open connection is reset and new ones are refused (the server is down);
//   cut("blackhole") open connections stay open but nothing passes either way, and new ones are
//                    accepted and held (a network partition: the peer never answers);
//   restore()        new connections pass again (the ones cut stay dead, as after a real outage).
import { createServer, type Server, Socket } from "node:net";

export type CutMode = "refuse" | "blackhole";

export interface TcpProxy {
  port: number;
  /** `target` with its host and port replaced by the proxy's (a postgres:// or redis:// URL). */
  url(target: string): string;
  cut(mode?: CutMode): Promise<void>;
  restore(): Promise<void>;
  /** Connections that passed through, from the start. */
  readonly connections: number;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let mode: CutMode | undefined;
  let connections = 0;
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    socket.on("error", () => {});
  };

  const onConnection = (client: Socket) => {
    track(client);
    if (mode === "blackhole") {
      client.pause();
      return;
    }
    connections++;
    const upstream = new Socket();
    track(upstream);
    upstream.connect(targetPort, targetHost);
    const forward = (from: Socket, to: Socket) =>
      from.on("data", (chunk: Buffer) => {
        if (mode === "blackhole") return; // swallowed: the peer never hears it
        to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  };

  let server: Server = createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve((server.address() as { port: number }).port);
      });
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const port = await listen(0);

  return {
    port,
    url(target) {
      const url = new URL(target);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    async cut(how = "refuse") {
      mode = how;
      if (how === "refuse") {
        for (const socket of open) socket.resetAndDestroy();
        await stopListening();
      }
    },
    async restore() {
      const wasRefusing = mode === "refuse";
      mode = undefined;
      if (!wasRefusing) {
        // Held connections of the blackhole die as the outage's; new ones pass.
        for (const socket of open) socket.resetAndDestroy();
        return;
      }
      server = createServer(onConnection);
      await listen(port);
    },
    get connections() {
      return connections;
    },
    async close() {
      mode = "refuse";
      for (const socket of open) socket.destroy();
      if (server.listening) await stopListening();
    },
  };
}
