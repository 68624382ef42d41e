import { Terminal } from "@xterm/xterm";
import "@xterm/xterm/css/xterm.css";
import { createExecFrameReader, EXEC_SUBPROTOCOL, stdinFrame } from "~/lib/kubernetes/exec-frames";

// xterm joined to a pod's exec socket. Only pod-terminal.tsx loads this
// module, by a dynamic import after hydration: xterm and its stylesheet are a
// chunk of their own that the server never renders and no other page loads.
// xterm's DOM renderer writes its styles into a <style> element, which the
// page's policy allows (style-src 'unsafe-inline', server/browser-headers.ts);
// the socket goes to this origin (connect-src 'self').

export type Connection = "connecting" | "connected" | "closed" | "failed";

export type TerminalSessionOptions = {
  url: string;
  /** The label of xterm's input (its textarea). */
  inputLabel: string;
  /** Written into the terminal when the socket closes. */
  closedLine: string;
  onConnection: (connection: Connection) => void;
  /** Escape pressed in the terminal: the caller moves the focus out (the shell still gets Ctrl+[). */
  onEscape: () => void;
};

/** The page's dark log viewer's colours (Tailwind's slate-950 and slate-100), in dark mode and light alike. */
const THEME = { background: "#020617", foreground: "#f1f5f9", cursor: "#f1f5f9", selectionBackground: "#475569" };
const FONT_FAMILY = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
/** Room for xterm's scroll bar, which lies over the right of the rows. */
const SCROLLBAR_WIDTH = 14;

/** Opens the terminal in `element`, focuses it and connects; the function returned closes both. */
export function startTerminalSession(element: HTMLElement, options: TerminalSessionOptions): () => void {
  Terminal.strings.promptLabel = options.inputLabel;
  const terminal = new Terminal({ cursorBlink: true, fontFamily: FONT_FAMILY, fontSize: 14, theme: THEME, screenReaderMode: true });
  terminal.open(element);
  // Without this a keyboard could not leave the terminal: xterm keeps Tab and
  // Escape for the shell, and stops Escape reaching the drawer's dialog.
  terminal.attachCustomKeyEventHandler((event) => {
    if (event.key !== "Escape" || event.ctrlKey || event.altKey || event.metaKey) return true;
    if (event.type === "keydown") {
      event.stopPropagation();
      options.onEscape();
    }
    return false;
  });
  fitToElement(terminal, element);
  const resizing = new ResizeObserver(() => fitToElement(terminal, element));
  resizing.observe(element);
  terminal.focus();

  const socket = new WebSocket(options.url, EXEC_SUBPROTOCOL);
  socket.binaryType = "arraybuffer";
  const read = createExecFrameReader();
  let opened = false;
  socket.addEventListener("open", () => {
    opened = true;
    options.onConnection("connected");
  });
  socket.addEventListener("message", (event: MessageEvent<unknown>) => {
    if (!(event.data instanceof ArrayBuffer)) return;
    const text = read(event.data);
    if (text) terminal.write(text);
  });
  const onClose = () => {
    options.onConnection(opened ? "closed" : "failed");
    terminal.write(`\r\n${options.closedLine}\r\n`);
  };
  socket.addEventListener("close", onClose);
  const input = terminal.onData((data) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(stdinFrame(data));
  });

  return () => {
    input.dispose();
    socket.removeEventListener("close", onClose);
    socket.close();
    resizing.disconnect();
    terminal.dispose();
  };
}

/**
 * As many columns and rows as the element holds. xterm's screen element is
 * exactly its columns times a cell wide and its rows times a cell high
 * (xterm.css lays it out), which gives the cell's size without xterm's
 * private measurements.
 */
function fitToElement(terminal: Terminal, element: HTMLElement) {
  const screen = element.querySelector<HTMLElement>(".xterm-screen");
  const box = screen?.getBoundingClientRect();
  if (!box || box.width === 0 || box.height === 0) return;
  const cols = Math.max(2, Math.floor((element.clientWidth - SCROLLBAR_WIDTH) / (box.width / terminal.cols)));
  const rows = Math.max(1, Math.floor(element.clientHeight / (box.height / terminal.rows)));
  if (cols !== terminal.cols || rows !== terminal.rows) terminal.resize(cols, rows);
}
