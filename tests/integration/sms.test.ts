/** SMS senders: the local outbox file, and the Twilio adapter against a local server that records the request. */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { maskPhoneNumber, normalizePhoneNumber, phoneCountriesIn, SMS_COUNTRIES } from "~/phone/phoneNumber.server";
import { outboxFile, outboxSender, readOutbox, SmsDeliveryError, twilioSender } from "~/infra/sms/sender.server";

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

describe("Twilio adapter", () => {
  async function recordingServer(status: number) {
    const seen: { url?: string; auth?: string; body: string }[] = [];
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        seen.push({ url: req.url, auth: req.headers.authorization, body });
        res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify({ sid: "SM1" }));
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
