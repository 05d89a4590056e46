/**
 * What the server says about itself in its log (one JSON object a line): tests
 * ask the server where its Auth emulator answers instead of working the port
 * out from the configuration. In local mode the server logs, once its services
 * are up and before it listens:
 * {"event":"services","message":"auth emulator answering on HOST:PORT (project ID)"}.
 */
export interface AuthEmulatorAddress {
  /** `http://HOST:PORT` */
  origin: string;
  projectId: string;
}

const ANSWERING = /^auth emulator answering on (\S+) \(project ([^\s)]+)\)/;

/** The Auth emulator the server's log names, or null when it names none (yet). */
export function authEmulatorIn(log: string): AuthEmulatorAddress | null {
  for (const line of log.split("\n")) {
    if (!line.startsWith("{")) continue;
    let entry: { event?: unknown; message?: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if (entry.event !== "services" || typeof entry.message !== "string") continue;
    const named = ANSWERING.exec(entry.message);
    if (named) return { origin: `http://${named[1]}`, projectId: named[2]! };
  }
  return null;
}

/** One line of the server's log (app/infra/log.server.ts), parsed; lines that are not JSON are left out. */
export interface LogEntry {
  time?: string;
  level?: string;
  event?: string;
  [field: string]: unknown;
}

/** The server's log lines as entries, in order. */
export function logEntries(log: string): LogEntry[] {
  const entries: LogEntry[] = [];
  for (const line of log.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      entries.push(JSON.parse(line) as LogEntry);
    } catch {
      // A line cut by a write in progress, or not ours.
    }
  }
  return entries;
}
