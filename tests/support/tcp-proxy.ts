import net from "node:net";

/**
 * A TCP proxy on 127.0.0.1 in front of a real server (PostgreSQL in the
 * tests). `kill()` drops every connection through it and stops listening, as
 * a database host that goes away does; `restore()` listens on the same port
 * again, as the database coming back. `hold()` stops passing on what the
 * clients send, so requests made from then on wait for the database: a
 * `kill()` after it finds them in flight.
 */
export type TcpProxy = {
  port: number;
  kill(): Promise<void>;
  hold(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const clients = new Set<net.Socket>();
  let holding = false;
  let server: net.Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const created = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => undefined);
        }
        clients.add(client);
        client.on("close", () => clients.delete(client));
        if (holding) client.pause();
        else client.pipe(upstream);
        upstream.pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      created.once("error", reject);
      created.listen(port, "127.0.0.1", () => {
        port = (created.address() as net.AddressInfo).port;
        server = created;
        resolve();
      });
    });

  const hold = () => {
    holding = true;
    for (const client of clients) {
      client.unpipe();
      client.pause();
    }
  };

  const kill = async () => {
    holding = false;
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    kill,
    hold,
    restore: listen,
    close: kill,
  };
}
