/**
 * SMS senders: the local outbox file (shared by the processes on one DATA_DIR), the outbox table of PostgreSQL
 * (shared by the processes on one DATABASE_URL), and the Twilio adapter against a local server that records the
 * request.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { maskPhoneNumber, normalizePhoneNumber, phoneCountriesIn, SMS_COUNTRIES } from "~/phone/phoneNumber.server";
import {
  fileOutbox,
  outboxFile,
  outboxSender,
  readOutbox,
  SmsDeliveryError,
  twilioSender,
} from "~/infra/sms/sender.server";
import { createPg, readChangeMark } from "~/infra/postgres/database.server";
import { OUTBOX_KEEP, OUTBOX_KEEP_MS, pgOutbox } from "~/infra/postgres/outbox.server";
import { createDatabase, dropDatabase } from "../support/postgres";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-sms-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("local outbox", () => {
  it("appends messages and lists the newest first, skipping damaged lines", async () => {
    const sender = outboxSender(dir);
    await sender.send("+821012345678", "first");
    fs.appendFileSync(outboxFile(dir), "{damaged\n");
    await sender.send("+84901234567", "second");
    expect(readOutbox(dir).map((m) => [m.to, m.text])).toEqual([
      ["+84901234567", "second"],
      ["+821012345678", "first"],
    ]);
  });
});

describe("local outbox shared by processes", () => {
  it("keeps every line whole when several writers append at once (one O_APPEND write a text)", async () => {
    const shared = fs.mkdtempSync(path.join(os.tmpdir(), "klife-sms-"));
    try {
      // Two outboxes on one DATA_DIR, as two processes have; each send opens the file itself, and libuv's threads
      // write at the same moment. Long texts make a torn or interleaved line likely if appends were not whole.
      const [one, two] = [fileOutbox(shared), fileOutbox(shared)];
      const long = (i: number) => `${i}:${"x".repeat(6000 + (i % 7) * 1000)}`;
      await Promise.all(
        Array.from({ length: 200 }, (_, i) => (i % 2 ? one : two).send(`+8210${1000_0000 + i}`, long(i))),
      );
      const lines = fs.readFileSync(outboxFile(shared), "utf8").trimEnd().split("\n");
      expect(lines).toHaveLength(200);
      const texts = lines.map((line) => (JSON.parse(line) as { text: string }).text);
      expect(new Set(texts)).toEqual(new Set(Array.from({ length: 200 }, (_, i) => long(i))));
      expect((await one.read(500)).length).toBe(200);
    } finally {
      fs.rmSync(shared, { recursive: true, force: true });
    }
  });
});

describe("outbox in PostgreSQL (DATABASE_URL)", () => {
  it("shows every client's texts to every client, newest first, and keeps a day and at most OUTBOX_KEEP", async () => {
    const adminUrl = inject("postgresAdminUrl");
    const url = await createDatabase(adminUrl, inject("postgresTemplate"));
    const [a, b] = [createPg(url, { max: 2 }), createPg(url, { max: 2 })];
    try {
      let clock = Date.UTC(2026, 10, 26, 3, 0, 0);
      const now = () => clock;
      const [outA, outB] = [pgOutbox(a, now), pgOutbox(b, now)];
      await outA.send("+821011112222", "from A");
      clock += 1;
      await outB.send("+821033334444", "from B");
      expect((await outA.read(10)).map((m) => [m.to, m.text])).toEqual([
        ["+821033334444", "from B"],
        ["+821011112222", "from A"],
      ]);
      expect((await outB.read(1)).map((m) => m.text)).toEqual(["from B"]);
      expect((await outB.read(1))[0]!.at).toBe(new Date(clock).toISOString());
      // A day later the old ones are gone at the next send.
      clock += OUTBOX_KEEP_MS + 1;
      await outA.send("+821055556666", "a day later");
      expect((await outB.read(10)).map((m) => m.text)).toEqual(["a day later"]);
      // Within a day, only the newest OUTBOX_KEEP stay.
      for (let i = 0; i < OUTBOX_KEEP + 5; i++) {
        clock += 1;
        await (i % 2 ? outA : outB).send("+821077778888", `burst ${i}`);
      }
      const kept = await outA.read(OUTBOX_KEEP + 100);
      expect(kept).toHaveLength(OUTBOX_KEEP);
      expect(kept[0]!.text).toBe(`burst ${OUTBOX_KEEP + 4}`);
      // Texts are no change a shared page shows: the change mark stays.
      expect(await readChangeMark(a)).toBe(0);
    } finally {
      await a.close();
      await b.close();
      await dropDatabase(adminUrl, url);
    }
  });
});

describe("Twilio adapter", () => {
  async function recordingServer(status: number) {
    const seen: { url?: string; auth?: string; body: string }[] = [];
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        seen.push({ url: req.url, auth: req.headers.authorization, body });
        res
          .writeHead(status, { "Content-Type": "application/json" })
          .end(JSON.stringify({ sid: `SM${"0".repeat(32)}` }));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as { port: number };
    return { seen, baseUrl: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
  }

  it("posts To, From and Body with the account's credentials", async () => {
    const server = await recordingServer(201);
    const sender = twilioSender({
      accountSid: "AC123",
      authToken: "tok",
      from: "+15005550006",
      baseUrl: server.baseUrl,
    });
    await sender.send("+821012345678", "인증번호 123456");
    await server.close();
    expect(server.seen).toHaveLength(1);
    const [call] = server.seen;
    expect(call!.url).toBe("/2010-04-01/Accounts/AC123/Messages.json");
    expect(call!.auth).toBe(`Basic ${Buffer.from("AC123:tok").toString("base64")}`);
    expect(Object.fromEntries(new URLSearchParams(call!.body))).toEqual({
      To: "+821012345678",
      From: "+15005550006",
      Body: "인증번호 123456",
    });
  });

  it("reports a refusal as a delivery error", async () => {
    const server = await recordingServer(400);
    const sender = twilioSender({
      accountSid: "AC123",
      authToken: "tok",
      from: "+15005550006",
      baseUrl: server.baseUrl,
    });
    await expect(sender.send("+821012345678", "x")).rejects.toBeInstanceOf(SmsDeliveryError);
    await server.close();
  });
});

describe("phone numbers", () => {
  it.each([
    ["010-1234-5678", "+821012345678"],
    ["01012345678", "+821012345678"],
    ["+82 10 1234 5678", "+821012345678"],
    ["+84 90 123 45 67", "+84901234567"],
    ["+977 984-1234567", "+9779841234567"],
  ])("normalises %s to %s", (input, e164) => {
    expect(normalizePhoneNumber(input)).toMatchObject({ ok: true, e164 });
  });

  it.each(["", "abc", "010-1234", "12345678901234567890123456789012345", "+82 10 1234 5678; DROP", "０１０"])(
    "refuses %j as malformed",
    (input) => {
      expect(normalizePhoneNumber(input)).toEqual({ ok: false, problem: "malformed" });
    },
  );

  it("refuses numbers that cannot receive texts", () => {
    expect(normalizePhoneNumber("02-2100-2114")).toEqual({ ok: false, problem: "notMobile" });
  });

  it.each([
    ["0901234567", "VN", "+84901234567"],
    ["984-1234567", "NP", "+9779841234567"],
    ["０１０－１２３４－５６７８", "KR", "+821012345678"],
    // A number written with its country code names its own country, whatever is chosen.
    ["+82 10-1234-5678", "VN", "+821012345678"],
    // A choice that is not one of ours falls back to Korea.
    ["010 1234 5678", "ZZ", "+821012345678"],
  ])("reads %s as a number of the chosen country %s: %s", (input, country, e164) => {
    expect(normalizePhoneNumber(input, country)).toMatchObject({ ok: true, e164 });
  });

  it("refuses a mobile number of a country it does not text, naming its calling code", () => {
    expect(normalizePhoneNumber("+44 7911 123456")).toEqual({ ok: false, problem: "country", callingCode: "+44" });
  });

  it("offers every country it texts, Korea first, each with its calling code and a name in the visitor's language", () => {
    const countries = phoneCountriesIn("vi");
    expect(countries[0]).toEqual({ code: "KR", dial: "+82", name: expect.stringMatching(/Hàn Quốc/) });
    expect(countries.map((c) => c.code).sort()).toEqual([...SMS_COUNTRIES].sort());
    expect(countries.find((c) => c.code === "NP")).toMatchObject({ dial: "+977" });
  });
});

describe("numbers shown back to their owner", () => {
  it.each([
    ["+821012345678", "010-****-5678"],
    ["+821098765432", "010-****-5432"],
    ["+84901234567", "+84 *** **4 567"],
    ["+9779841234567", "+977 *** ***4567"],
  ])("shows %s as %s: national format in Korea, the country code elsewhere, the middle hidden", (e164, shown) => {
    expect(maskPhoneNumber(e164)).toBe(shown);
  });

  it("hides the middle of a number it cannot parse too", () => {
    expect(maskPhoneNumber("+99912345678")).toBe("+99*****5678");
  });
});
