// The shell behind the fake's `pods/exec`: enough of busybox `sh` for a
// terminal demo and for tests to see their input run in the pod (echo,
// hostname, pwd, cd, true, false, exit; anything else is "not found", as a
// minimal image without that binary says).

export type ShellOutput = { stdout: (text: string) => void; stderr: (text: string) => void };

export type TinyShell = {
  /** Runs one command line; the exit code, or `exit` when the line ends the shell. */
  run(line: string): { code: number; exit: boolean };
  prompt(): string;
};

const SHELLS = new Set(["/bin/sh", "sh", "/bin/bash", "bash", "/bin/ash", "ash"]);

export const isShell = (command: string) => SHELLS.has(command);

/** Splits a command line into words: single quotes literal, double quotes and bare words expand `$NAME`. */
function words(line: string, env: Record<string, string>): string[] {
  const result: string[] = [];
  const pattern = /'([^']*)'|"((?:\\.|[^"\\])*)"|(\S+)/g;
  for (const match of line.matchAll(pattern)) {
    const [, single, double, bare] = match;
    const expand = (text: string) => text.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, name: string) => env[name] ?? "");
    result.push(single ?? expand(double ?? bare));
  }
  return result;
}

export function createTinyShell(podName: string, newline: string, output: ShellOutput): TinyShell {
  let cwd = "/";
  const env: Record<string, string> = { HOSTNAME: podName, HOME: "/root", PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", SHELL: "/bin/sh" };

  function runOne(commandLine: string): { code: number; exit: boolean } {
    const [command, ...args] = words(commandLine, { ...env, PWD: cwd });
    switch (command) {
      case undefined:
        return { code: 0, exit: false };
      case "echo":
        output.stdout(args.join(" ") + newline);
        return { code: 0, exit: false };
      case "hostname":
        output.stdout(podName + newline);
        return { code: 0, exit: false };
      case "pwd":
        output.stdout(cwd + newline);
        return { code: 0, exit: false };
      case "cd": {
        const target = args[0] ?? env.HOME;
        cwd = target.startsWith("/") ? target : `${cwd.replace(/\/$/, "")}/${target}`;
        return { code: 0, exit: false };
      }
      case "true":
        return { code: 0, exit: false };
      case "false":
        return { code: 1, exit: false };
      case "exit":
        return { code: Number.parseInt(args[0] ?? "0", 10) || 0, exit: true };
      default:
        output.stderr(`sh: ${command}: not found${newline}`);
        return { code: 127, exit: false };
    }
  }

  return {
    run(line) {
      let last = { code: 0, exit: false };
      for (const part of line.split(/;|&&/)) {
        last = runOne(part.trim());
        if (last.exit) break;
      }
      return last;
    },
    prompt: () => `${cwd} # `,
  };
}
