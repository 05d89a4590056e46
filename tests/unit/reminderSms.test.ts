/** Reminder text messages (issue 42): EUC-KR only, one SMS or one LMS, in the member's language where it can be. */
import { describe, expect, it } from "vitest";
import { supportedLanguages } from "~/i18n/config";
import { i18nFor } from "~/i18n/instances.server";
import { eucKrLength, LMS_MAX_BYTES } from "~/infra/sms/eucKr.server";
import { reminderSms, reminderSmsText, reminderSmsWords, type ReminderText } from "~/visa/reminderSms.server";

const reminders = [
  ...["windowOpens", "oneMonth", "oneWeek", "expiryDay"].map((milestone) => ({
    kind: "visa" as const,
    milestone,
    date: "2027-06-30",
  })),
  ...["sixMonths", "oneMonth"].map((milestone) => ({ kind: "passport" as const, milestone, date: "2027-12-31" })),
  ...["eveningBefore", "morning"].map((milestone) => ({
    kind: "appointment" as const,
    milestone,
    date: "2027-04-01",
    time: "10:30",
  })),
] as ReminderText[];

// As long as a real link: the origin, the path and a sealed token of about 200 characters.
const links = (lng: string) => ({
  details: `https://k-life.example.kr/mypage/visa?lng=${lng}`,
  stop: `https://k-life.example.kr/reminders/stop?t=${"x".repeat(200)}`,
});

async function wordsIn(lng: string, reminder: ReminderText) {
  const i18n = await i18nFor(lng);
  const t = i18n.getFixedT(lng, "inbox") as (key: string, values?: Record<string, string>) => string;
  const brand = i18n.getFixedT(lng, "common")("app.name");
  return reminderSmsWords(t, brand, reminder, links(lng));
}

describe("eucKrLength", () => {
  it("counts KS X 1001 text and refuses what carriers cannot deliver", () => {
    expect(eucKrLength("케이라이프 K-Life")).toBe(17);
    expect(eucKrLength("Привет")).toBe(12);
    // 똠 is in Microsoft's CP949 only, not in KS X 1001: it would arrive broken.
    expect(eucKrLength("똠")).toBeNull();
    expect(eucKrLength("Xin chào")).toBeNull();
    expect(eucKrLength("اردو")).toBeNull();
  });
});

describe("reminder text messages", () => {
  it("exist for every kind in every language, encodable in EUC-KR, within one LMS, naming the service and the opt-out link", async () => {
    for (const lng of supportedLanguages) {
      for (const reminder of reminders) {
        const own = await wordsIn(lng, reminder);
        expect(own.body, `${lng} ${reminder.kind}.${reminder.milestone}`).not.toContain("messages.");
        const sms = await reminderSms(lng, reminder, links(lng));
        expect(eucKrLength(sms.text), lng).toBe(sms.bytes);
        expect(sms.bytes).toBeLessThanOrEqual(LMS_MAX_BYTES);
        expect(sms.text).toMatch(/^\[(케이라이프|K-Life)\]/);
        expect(sms.text).toContain(links(lng).stop);
        // The details link names the member's language, so a Korean-and-English text still leads to their own.
        expect(sms.text).toContain(`lng=${lng}`);
        expect(sms.text).toContain(reminder.time ?? reminder.date);
      }
    }
  });

  it("keeps Korean and English in their own words, and carries the others in Korean and English", async () => {
    const visa = reminders[1] as ReminderText;
    const [ko, en] = [await wordsIn("ko", visa), await wordsIn("en", visa)];
    expect(reminderSmsText(ko, ko, en)).toMatchObject({ language: "own", type: "lms" });
    expect(reminderSmsText(ko, ko, en).text).toContain("체류기간이 한 달 뒤인 2027-06-30에 끝나요.");
    expect(reminderSmsText(en, ko, en).text).toContain("Your period of stay ends in one month");
    const vi = reminderSmsText(await wordsIn("vi", visa), ko, en);
    expect(vi.language).toBe("koreanAndEnglish");
    expect(vi.text.split("\n").slice(0, 2)).toEqual([`[케이라이프] ${ko.body}`, en.body]);
  });

  it("is one short SMS when the text is short", () => {
    const words = { brand: "K-Life", body: "Stay ends 2027-06-30.", details: "See k.kr/v", stop: "Stop k.kr/s" };
    expect(reminderSmsText(words, words, words)).toMatchObject({ type: "sms", language: "own" });
  });
});
