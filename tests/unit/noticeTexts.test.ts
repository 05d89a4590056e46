/**
 * The one fallback chain of translated content (content/texts.server.ts: the page's language, else English,
 * else the Korean original) as notices use it (their titles and texts, the inbox's notice line), and the dates a
 * notice's pages show: a date-only publication without a time, "Updated" only for a real edit.
 */
import { describe, expect, it } from "vitest";
import { inboxItem } from "~/community/inbox.server";
import { textIn, textLanguages } from "~/content/texts.server";
import { formatKoreanDate } from "~/lib/format";
import { editedAfterPublication, noticeTitleIn } from "~/notices/notices.server";
import { isDateOnly, publicationTime } from "~/notices/schemas.server";
import type { NotificationRecord } from "~/stores/notifications";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 11, 2, 1, 0, 0);
const KO_EN = { ko: "12월 5일 새벽 서비스 점검 안내", en: "Service maintenance on 5 December" };

describe("the fallback chain", () => {
  it("is the page's language, then English, then Korean, each once", () => {
    expect(textLanguages("vi")).toEqual(["vi", "en", "ko"]);
    expect(textLanguages("en")).toEqual(["en", "ko"]);
    expect(textLanguages("ko")).toEqual(["ko", "en"]);
  });

  it("shows a notice with Korean and English only in English to a Vietnamese reader, marked as English", () => {
    const shown = noticeTitleIn(KO_EN, "vi");
    expect(shown.title).toBe(KO_EN.en);
    expect(shown.lang).toEqual({ code: "en", name: expect.stringMatching(/Anh/i) });
    expect(noticeTitleIn(KO_EN, "en")).toEqual({ title: KO_EN.en, lang: null });
    expect(noticeTitleIn(KO_EN, "ko")).toEqual({ title: KO_EN.ko, lang: null });
    expect(noticeTitleIn({ ko: KO_EN.ko }, "vi").lang?.code).toBe("ko");
    expect(noticeTitleIn({ ...KO_EN, vi: "Bảo trì dịch vụ" }, "vi")).toEqual({ title: "Bảo trì dịch vụ", lang: null });
    // Whole texts take the same chain.
    expect(textIn({ ko: { title: "가" }, en: { title: "A" } }, "ur")?.lang?.code).toBe("en");
  });

  it("gives the inbox's notice line the English title, marked, and nothing marked in the reader's own", () => {
    const notification: NotificationRecord = {
      id: "b-1",
      uid: "*",
      kind: "notice",
      dedupeKey: "notice:n-1",
      subject: "notice:n-1",
      data: { itemCd: "n-1", titles: KO_EN },
      createdAt: NOW - 60_000,
      readAt: null,
    };
    const vi = inboxItem(notification, "vi", NOW);
    expect(vi.message.values.title).toBe(`\u2068${KO_EN.en}\u2069`);
    expect(vi.lang?.code).toBe("en");
    expect(inboxItem(notification, "ko", NOW)).toMatchObject({
      message: { values: { title: `\u2068${KO_EN.ko}\u2069` } },
      lang: null,
    });
    // Stored data that is not a title is passed over, never shown.
    const odd = inboxItem({ ...notification, data: { itemCd: "n-1", titles: { en: 3, ko: "공지" } } }, "vi", NOW);
    expect(odd).toMatchObject({ message: { values: { title: "\u2068공지\u2069" } }, lang: { code: "ko" } });
  });
});

describe("a notice's dates", () => {
  it("takes a yyyy-mm-dd publication as a date without a time", () => {
    expect(isDateOnly(publicationTime("2026-10-01")!)).toBe(true);
    expect(isDateOnly(publicationTime("2026-10-01T09:30:00+09:00")!)).toBe(false);
    expect(isDateOnly(publicationTime("2026-10-01")! + 1)).toBe(false);
    expect(formatKoreanDate(publicationTime("2026-10-01")!)).toBe("2026년 10월 1일");
  });

  it("says Updated only for a change after the notice was first stored, a day or more after publication", () => {
    const published = NOW - 60 * DAY;
    // Imported today, published two months ago: the import's day is no edit.
    expect(editedAfterPublication({ publishedAt: published, createdAt: NOW, updatedAt: NOW })).toBe(false);
    expect(editedAfterPublication({ publishedAt: published, createdAt: NOW, updatedAt: NOW + DAY })).toBe(true);
    expect(editedAfterPublication({ publishedAt: NOW, createdAt: NOW - DAY, updatedAt: NOW + 3_600_000 })).toBe(false);
    expect(editedAfterPublication({ publishedAt: null, createdAt: NOW, updatedAt: NOW + DAY })).toBe(false);
  });
});
