import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";

// `pods/{name}/log` over a WebSocket, as the API server streams it
// (apimachinery's wsstream reader): the log in binary frames, or base64 text
// frames for `base64.binary.k8s.io`; closed once sent unless `follow` keeps
// it open. Backstage's log viewer follows a container this way
// (plugins/kubernetes-react/src/api/KubernetesProxyClient.ts, streamPodLogs).

const PROTOCOLS = ["binary.k8s.io", "base64.binary.k8s.io"] as const;

export function createLogSockets(): WebSocketServer {
  return new WebSocketServer({ noServer: true, handleProtocols: (offered) => PROTOCOLS.find((protocol) => offered.has(protocol)) ?? false });
}

export function acceptLogStream(sockets: WebSocketServer, request: IncomingMessage, socket: Duplex, head: Buffer, text: string, follow: boolean) {
  sockets.handleUpgrade(request, socket, head, (ws) => {
    if (text !== "") {
      if (ws.protocol === "base64.binary.k8s.io") ws.send(Buffer.from(text).toString("base64"));
      else ws.send(Buffer.from(text));
    }
    if (!follow) ws.close(1000);
  });
}
