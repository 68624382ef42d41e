import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { STATUS_CODES } from "node:http";
import { WebSocketServer, type WebSocket } from "ws";
import { createTinyShell, isShell } from "./tiny-shell.ts";
import type { KubernetesStatus } from "./status.ts";

// `pods/{name}/exec` over a WebSocket, as the API server speaks it
// (k8s.io/apimachinery/pkg/util/httpstream/wsstream): every frame is binary,
// its first byte the channel (0 stdin, 1 stdout, 2 stderr, 3 status, 4 resize).
// The subprotocols offered are negotiated as the real server does:
// v5.channel.k8s.io adds the close signal (255) for stdin,
// v4.channel.k8s.io ends the session with a JSON Status on channel 3, and
// plain channel.k8s.io (what Backstage's pod terminal asks for) just closes.

const PROTOCOLS = ["v5.channel.k8s.io", "v4.channel.k8s.io", "channel.k8s.io"] as const;
const STDIN = 0;
const STDOUT = 1;
const STDERR = 2;
const STATUS = 3;
const CLOSE = 255;

export type ExecRequest = { podName: string; command: string[]; tty: boolean; stdin: boolean; stderr: boolean };

export function createExecSockets(): WebSocketServer {
  return new WebSocketServer({
    noServer: true,
    handleProtocols: (offered) => PROTOCOLS.find((protocol) => offered.has(protocol)) ?? false,
  });
}

/** Refuses an upgrade request with a Status, as plain HTTP on the raw socket. */
export function refuseUpgrade(socket: Duplex, status: KubernetesStatus) {
  const body = JSON.stringify(status);
  socket.end(`HTTP/1.1 ${status.code} ${STATUS_CODES[status.code] ?? ""}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

function exitStatus(code: number, command: string[]) {
  if (code === 0) return { metadata: {}, status: "Success" };
  return {
    metadata: {},
    status: "Failure",
    message: `command terminated with non-zero exit code: error executing command [${command.join(" ")}], exit code ${code}`,
    reason: "NonZeroExitCode",
    details: { causes: [{ reason: "ExitCode", message: String(code) }] },
  };
}

export function acceptExec(sockets: WebSocketServer, request: IncomingMessage, socket: Duplex, head: Buffer, exec: ExecRequest) {
  sockets.handleUpgrade(request, socket, head, (ws) => runSession(ws, exec));
}

function runSession(ws: WebSocket, exec: ExecRequest) {
  const send = (channel: number, text: string) => {
    if (ws.readyState === ws.OPEN) ws.send(Buffer.concat([Buffer.from([channel]), Buffer.from(text)]));
  };
  const newline = exec.tty ? "\r\n" : "\n";
  const shell = createTinyShell(exec.podName, newline, {
    stdout: (text) => send(STDOUT, text),
    // A terminal has one stream; a client that asked for no stderr reads it on stdout.
    stderr: (text) => send(exec.stderr ? STDERR : STDOUT, text),
  });
  let finished = false;
  const finish = (code: number) => {
    if (finished) return;
    finished = true;
    if (ws.protocol === "v4.channel.k8s.io" || ws.protocol === "v5.channel.k8s.io") send(STATUS, JSON.stringify(exitStatus(code, exec.command)));
    ws.close(1000);
  };

  const [program, ...args] = exec.command;
  if (!isShell(program)) return finish(shell.run(exec.command.join(" ")).code);
  if (args[0] === "-c") return finish(shell.run(args.slice(1).join(" ")).code);

  let lastCode = 0;
  let line = "";
  if (exec.tty) send(STDOUT, shell.prompt());
  const runLine = () => {
    const { code, exit } = shell.run(line);
    line = "";
    lastCode = code;
    if (exit) finish(code);
    else if (exec.tty) send(STDOUT, shell.prompt());
  };
  ws.on("message", (data: Buffer, isBinary) => {
    const frame = isBinary ? data : Buffer.from(data.toString("utf8"), "utf8");
    const channel = frame[0];
    if (channel === CLOSE && frame[1] === STDIN) return finish(lastCode);
    if (channel !== STDIN || !exec.stdin) return;
    for (const char of frame.subarray(1).toString("utf8")) {
      if (char === "\r" || char === "\n") {
        if (exec.tty) send(STDOUT, "\r\n");
        runLine();
        if (finished) return;
      } else if (char === "\x7f" || char === "\b") {
        if (line.length > 0 && exec.tty) send(STDOUT, "\b \b");
        line = line.slice(0, -1);
      } else if (char === "\x03") {
        if (exec.tty) send(STDOUT, `^C\r\n${shell.prompt()}`);
        line = "";
      } else if (char === "\x04" && line === "") {
        return finish(lastCode);
      } else {
        if (exec.tty) send(STDOUT, char);
        line += char;
      }
    }
  });
}
