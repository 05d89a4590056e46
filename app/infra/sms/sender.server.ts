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
      if (!response.ok) {
        const detail = await response.text().catch(() => "");
        throw new SmsDeliveryError(`SMS provider answered ${response.status}: ${detail.slice(0, 200)}`);
      }
    },
  };
}
