import { generateKeyPairSync } from "node:crypto";
/**
 * Search facts (lib/seo.ts, seo/seo.server.ts): the canonical address in the page's language on the configured
 * public origin (never the request's host), the 19 alternates and x-default, Open Graph's locale; and a
 * notice in the inbox in the reader's language.
 */
import { describe, expect, it } from "vitest";
import { inboxItem } from "~/community/inbox.server";
import { supportedLanguages } from "~/i18n/config";
import { loadConfig, publicOrigin } from "~/infra/config.server";
import { seoLinks } from "~/lib/seo";
import { pageSeo } from "~/seo/seo.server";

/** A readable key, as the Firebase console's JSON holds (the config checks that it parses). */
const testPrivateKey = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({
  type: "pkcs8",
  format: "pem",
}) as string;

const hosted = loadConfig({
  FIREBASE_PROJECT_ID: "klife-prod",
  FIREBASE_API_KEY: "AIzaSyA-0123456789abcdefghijklmnop",
  FIREBASE_SERVICE_ACCOUNT: JSON.stringify({
    project_id: "klife-prod",
    client_email: "svc@klife-prod.iam.gserviceaccount.com",
    private_key: testPrivateKey,
  }),
  SESSION_SECRET: "s".repeat(40),
  PUBLIC_ORIGIN: "https://app.example.com/",
  TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "t".repeat(32),
  TWILIO_FROM: "+15005550006",
  OPERATOR_NAME: "K-Life Inc.",
  OPERATOR_REGISTRATION_NO: "123-45-67890",
  SUPPORT_EMAIL: "help@example.com",
});

describe("search facts", () => {
  it("use the configured public origin, never the request's host; local mode its own address", () => {
    expect(publicOrigin(hosted)).toBe("https://app.example.com");
    expect(publicOrigin(loadConfig({ PORT: "4321" }))).toBe("http://localhost:4321");
    const seo = pageSeo(
      new Request("http://evil.example/mypage/noticeDetail?utm=x&itemCd=2026-001&lng=ko"),
      hosted,
      "ko",
      {
        query: ["itemCd"],
        type: "article",
      },
    );
    expect(seo).toEqual({
      origin: "https://app.example.com",
      path: "/mypage/noticeDetail",
      query: [["itemCd", "2026-001"]],
      language: "ko",
      title: null,
      description: null,
      type: "article",
      ogLocale: "ko_KR",
    });
    const links = seoLinks(seo);
    expect(links.canonical).toBe("https://app.example.com/mypage/noticeDetail?itemCd=2026-001&lng=ko");
    expect(links.alternates).toHaveLength(20);
    expect(links.alternates.map((a) => a.hreflang)).toEqual([...supportedLanguages, "x-default"]);
    expect(links.alternates.find((a) => a.hreflang === "zh-TW")!.href).toBe(
      "https://app.example.com/mypage/noticeDetail?itemCd=2026-001&lng=zh-TW",
    );
    // x-default is a canonical address too: the fallback language's (decision 0084).
    expect(links.alternates.at(-1)!.href).toBe("https://app.example.com/mypage/noticeDetail?itemCd=2026-001&lng=en");
  });
});

describe("a notice in the inbox", () => {
  const record = {
    id: "00000000-0000-4000-8000-000000000000",
    uid: "m1",
    kind: "notice" as const,
    dedupeKey: "notice:2026-001",
    data: { itemCd: "2026-001", titles: { ko: "체류 안내", en: "Your stay" } },
    createdAt: 0,
    readAt: null,
    subject: "notice:2026-001",
  };

  it("says its title in the reader's language, else in English, else the Korean original's, and leads to it", () => {
    expect(inboxItem(record, "en", 1000)).toMatchObject({
      message: { key: "notice", values: { title: "\u2068Your stay\u2069" } },
      href: "/mypage/noticeDetail?itemCd=2026-001",
      unread: true,
    });
    // The one chain of translated content (decision 0093): own, English, Korean.
    expect(inboxItem(record, "ur", 1000).message.values.title).toBe("\u2068Your stay\u2069");
    const koreanOnly = { ...record, data: { itemCd: "2026-001", titles: { ko: "체류 안내" } } };
    expect(inboxItem(koreanOnly, "ur", 1000).message.values.title).toBe("\u2068체류 안내\u2069");
    expect(inboxItem({ ...record, data: { itemCd: "../x", titles: {} } }, "en", 1000).href).toBe("/mypage/notice");
  });
});
