import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";

// WebSocket upgrades (the pod terminal, live task logs) arrive on the HTTP
// server, not through Express: each route claims a path under the base path.
// A request no route claims is refused with a plain HTTP status.

export type UpgradeRoute = {
  /** Path below the base path, e.g. /api/kubernetes/proxy/... */
  matches(pathname: string): boolean;
  onConnection(socket: WebSocket, request: IncomingMessage): void;
  /** Sub-protocols the route speaks (e.g. channel.k8s.io); the first offered one that matches is chosen. */
  protocols?: string[];
  /** A route that answers the upgrade itself (a proxy passing it on) takes the raw socket instead; onConnection is then never called. */
  takeSocket?(request: IncomingMessage, socket: Duplex, head: Buffer, pathname: string): void;
};

export function createUpgradeHandler(basePath: string, routes: UpgradeRoute[], pathProblem: (path: string) => string | undefined) {
  const server = new WebSocketServer({
    noServer: true,
    handleProtocols: (offered, request) => {
      const route = (request as IncomingMessage & { atriumRoute?: UpgradeRoute }).atriumRoute;
      return [...offered].find((protocol) => route?.protocols?.includes(protocol)) ?? false;
    },
  });

  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const rawPath = (request.url ?? "/").split("?")[0];
    if (pathProblem(rawPath)) return refuse(socket, 400, "Bad Request");
    if (basePath && !rawPath.startsWith(`${basePath}/`)) return refuse(socket, 404, "Not Found");
    const pathname = rawPath.slice(basePath.length);
    const route = routes.find((candidate) => candidate.matches(pathname));
    if (!route) return refuse(socket, 404, "Not Found");
    if (route.takeSocket) return route.takeSocket(request, socket, head, pathname);
    (request as IncomingMessage & { atriumRoute?: UpgradeRoute }).atriumRoute = route;
    server.handleUpgrade(request, socket, head, (ws) => route.onConnection(ws, request));
  }

  return {
    handleUpgrade,
    close() {
      for (const client of server.clients) client.terminate();
      server.close();
    },
  };
}

export function refuse(socket: Duplex, status: number, statusText: string) {
  socket.end(`HTTP/1.1 ${status} ${statusText}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
