/**
 * Where verification texts go. Local mode writes them to an outbox (JSON lines
 * under the data directory) that the developer reads; hosted mode sends them
 * through a real provider. Both behind one interface.
 */
import fs from "node:fs";
import path from "node:path";

export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

export interface OutboxMessage {
  to: string;
  text: string;
  at: string;
}

export const outboxFile = (dataDir: string) => path.join(dataDir, "sms-outbox.jsonl");

/**
 * Local mode's outbox as /dev/outbox reads it: where the texts go, and the newest of them, the same from every
 * process of a deployment. A file in DATA_DIR (`fileOutbox`, shared by the processes on one DATA_DIR), or a table
 * of the database with DATABASE_URL (app/infra/postgres/outbox.server.ts).
 */
export interface SmsOutbox extends SmsSender {
  /** The newest `limit` texts, newest first. */
  read(limit: number): Promise<OutboxMessage[]>;
}

/**
 * The outbox file. Several processes may append to it at once: each text is one write of one line to a file opened
 * with O_APPEND (appendFile's "a" flag), which the kernel places at the end whole, never inside another's line.
 */
export function fileOutbox(dataDir: string): SmsOutbox {
  const sender = outboxSender(dataDir);
  return { send: sender.send, read: async (limit) => readOutbox(dataDir, limit) };
}

export function outboxSender(dataDir: string, now: () => Date = () => new Date()): SmsSender {
  return {
    async send(to, text) {
      fs.mkdirSync(dataDir, { recursive: true });
      const line: OutboxMessage = { to, text, at: now().toISOString() };
      await fs.promises.appendFile(outboxFile(dataDir), `${JSON.stringify(line)}\n`, { mode: 0o600 });
    },
  };
}

/** The newest messages first; a damaged line is skipped, not fatal. */
export function readOutbox(dataDir: string, limit = 50): OutboxMessage[] {
  let text = "";
  try {
    text = fs.readFileSync(outboxFile(dataDir), "utf8");
  } catch {
    return [];
  }
  const messages: OutboxMessage[] = [];
  for (const line of text.split("\n").reverse()) {
    if (messages.length >= limit) break;
    try {
      const parsed = JSON.parse(line) as OutboxMessage;
      if (typeof parsed.to === "string" && typeof parsed.text === "string") messages.push(parsed);
    } catch {
      // blank or damaged line
    }
  }
  return messages;
}

export class SmsDeliveryError extends Error {
  override name = "SmsDeliveryError";
}

/**
 * Twilio's Messages API (works for Korean and foreign mobile numbers). `baseUrl`
 * is Twilio's in production; tests point it at a local server.
 */
export function twilioSender(options: {
  accountSid: string;
  authToken: string;
  from: string;
  baseUrl?: string;
  timeoutMs?: number;
}): SmsSender {
  const base = options.baseUrl ?? "https://api.twilio.com";
  const auth = Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64");
  return {
    async send(to, text) {
      const response = await fetch(
        `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`,
        {
          method: "POST",
          headers: { Authorization: `Basic ${auth}`, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ To: to, From: options.from, Body: text }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        },
      );
      const detail = await response.text().catch(() => null);
      if (!response.ok) {
        throw new SmsDeliveryError(`SMS provider answered ${response.status}: ${(detail ?? "").slice(0, 200)}`);
      }
      // Accepted is a Message resource (201, JSON with its SM… sid); anything else (a proxy's page, an answer cut
      // short) is not known to be sent, and the member is told so.
      let sid: unknown = null;
      try {
        sid = (JSON.parse(detail ?? "") as { sid?: unknown }).sid;
      } catch {
        // Not JSON.
      }
      if (typeof sid !== "string" || !/^(SM|MM)[0-9a-f]{32}$/.test(sid)) {
        throw new SmsDeliveryError(
          `SMS provider answered ${response.status} without a message: ${(detail ?? "").slice(0, 200)}`,
        );
      }
    },
  };
}
