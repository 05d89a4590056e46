/**
 * The one logger of the server: one JSON object per line, with the time, the
 * level and an event name, so an operator can filter and count. Information and
 * warnings (a client's mistake worth counting, never an alarm) go to standard
 * output, errors to standard error. Never log personal data (codes,
 * passwords, phone numbers); uids are fine.
 */
type Fields = Record<string, unknown>;

function write(stream: NodeJS.WriteStream, level: "info" | "warn" | "error", event: string, fields: Fields) {
  stream.write(`${JSON.stringify({ time: new Date().toISOString(), level, event, ...fields })}\n`);
}

/** An error as plain fields: its message, and its name and stack when it is an Error. */
export function errorFields(error: unknown): Fields {
  return error instanceof Error
    ? { error: error.message, errorName: error.name, stack: error.stack }
    : { error: String(error) };
}

export const log = {
  info(event: string, fields: Fields = {}) {
    write(process.stdout, "info", event, fields);
  },
  warn(event: string, fields: Fields = {}) {
    write(process.stdout, "warn", event, fields);
  },
  error(event: string, error?: unknown, fields: Fields = {}) {
    write(process.stderr, "error", event, { ...fields, ...(error === undefined ? {} : errorFields(error)) });
  },
};

export type Log = typeof log;
