// The pod terminal's side of `pods/{name}/exec` over a WebSocket, as
// Backstage's PodExecTerminal speaks it: the plain channel.k8s.io
// subprotocol, every frame binary with the channel in its first byte
// (server/demo-kubernetes/exec.ts is the other side). The socket goes to the
// portal's Kubernetes proxy, which passes the upgrade to the only cluster
// (app/lib/kubernetes/proxy-upgrade.server.ts).

export const EXEC_SUBPROTOCOL = "channel.k8s.io";

const STDIN = 0;
/** The channels whose bytes the terminal shows: stdout, stderr, and the error channel (a failure's text). */
const SHOWN_CHANNELS = new Set([1, 2, 3]);

export type ExecTarget = { namespace: string; pod: string; container: string };

/**
 * The exec socket's URL: the Kubernetes proxy's base URL (under the app's
 * base path, on the page's origin) with the scheme switched to ws, and
 * Backstage's query for an interactive shell.
 */
export function execSocketUrl(pageUrl: string, basePath: string, { namespace, pod, container }: ExecTarget): string {
  const base = new URL(`${basePath}/api/kubernetes`, pageUrl);
  base.protocol = base.protocol === "https:" ? "wss:" : "ws:";
  const query = new URLSearchParams({ container, stdin: "true", stdout: "true", stderr: "true", tty: "true", command: "/bin/sh" });
  return `${base.href}/proxy/api/v1/namespaces/${encodeURIComponent(namespace || "default")}/pods/${encodeURIComponent(pod)}/exec?${query}`;
}

/** Keyboard input as a stdin frame: a zero byte, then the text's UTF-8. */
export function stdinFrame(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new TextEncoder().encode(text);
  const frame = new Uint8Array(bytes.length + 1);
  frame[0] = STDIN;
  frame.set(bytes, 1);
  return frame;
}

/**
 * Reads the server's frames into text for the terminal. Each channel has a
 * streaming decoder of its own, so a character whose bytes are split over
 * two frames comes out whole; frames of other channels (and empty ones) give
 * nothing.
 */
export function createExecFrameReader(): (frame: ArrayBuffer | Uint8Array) => string | undefined {
  const decoders = new Map<number, TextDecoder>();
  return (frame) => {
    const bytes = frame instanceof Uint8Array ? frame : new Uint8Array(frame);
    const channel = bytes[0];
    if (channel === undefined || !SHOWN_CHANNELS.has(channel)) return undefined;
    let decoder = decoders.get(channel);
    if (!decoder) {
      decoder = new TextDecoder();
      decoders.set(channel, decoder);
    }
    return decoder.decode(bytes.subarray(1), { stream: true }) || undefined;
  };
}
