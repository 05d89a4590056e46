import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { analyticsFor, cspAllowances, pageViewLabel } from "~/lib/analytics";
import { mountTranslateWidget, translateCookieValue, type TranslateHost } from "~/lib/translateWidget";

describe("page-view labels", () => {
  it.each([
    ["/", "main"],
    ["/community", "community"],
    ["/community/", "community"],
    ["/mypage", "settings"],
    ["/mypage/community", "my community"],
    ["/mypage/notice", "notices"],
    ["/mypage/terms", "terms"],
    ["/member/start", "login"],
    ["/member/startId", "login with ID"],
    ["/member/agree", "sign-up terms list"],
    ["/member/accountInfo", "sign-up ID"],
    ["/member/userInfo", "sign-up user information"],
    ["/member/addInfo", "sign-up additional information"],
    ["/member/complete", "sign-up complete"],
    ["/noti", "notifications"],
    ["/benefit", "benefits"],
  ])("%s → %s", (path, label) => {
    expect(pageViewLabel(path)).toBe(label);
  });

  it("reports any other path under its own path", () => {
    expect(pageViewLabel("/finance/loan")).toBe("/finance/loan");
    expect(pageViewLabel("/community/abc123")).toBe("/community/abc123");
  });
});

describe("analyticsFor", () => {
  const config = { PRODUCTION_HOST: "app.example.com", GA_MEASUREMENT_ID: "G-ABC123", META_PIXEL_ID: "1234567890" };

  it("is on only for the production host", () => {
    expect(analyticsFor("app.example.com", config)).toEqual({ gaId: "G-ABC123", pixelId: "1234567890" });
    expect(analyticsFor("APP.example.com", config)).not.toBeNull();
    expect(analyticsFor("localhost:3000", config)).toBeNull();
    expect(analyticsFor("127.0.0.1:3000", config)).toBeNull();
    expect(analyticsFor("app.example.com.evil.test", config)).toBeNull();
  });

  it("is off when no id or no production host is configured", () => {
    expect(analyticsFor("app.example.com", { PRODUCTION_HOST: "app.example.com" })).toBeNull();
    expect(analyticsFor("app.example.com", { GA_MEASUREMENT_ID: "G-ABC123" })).toBeNull();
  });

  it("opens the CSP only for configured third parties", () => {
    expect(Object.values(cspAllowances({})).flat()).toEqual([]);
    expect(cspAllowances(config).script).toContain("https://www.googletagmanager.com");
    expect(cspAllowances({ TRANSLATE_WIDGET: true }).script).toContain("https://translate.google.com");
  });
});

describe("translation widget", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const host = (): TranslateHost & { errors: unknown[][] } => {
    const errors: unknown[][] = [];
    return {
      errors,
      setTimeout: (cb, ms) => setTimeout(cb, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      document: { cookie: "" },
      console: { error: (...args: unknown[]) => void errors.push(args) },
    };
  };

  it("sets auto-only for Korean and auto-to-language otherwise", () => {
    expect(translateCookieValue("ko")).toBe("/auto");
    expect(translateCookieValue("vi")).toBe("/auto/vi");
    const h = host();
    mountTranslateWidget(h, "ne");
    expect(h.document.cookie).toMatch(/^googtrans=\/auto\/ne;/);
  });

  it("retries creation every 3 s until the script has loaded, offering the 19 languages", () => {
    const h = host();
    const created: unknown[] = [];
    mountTranslateWidget(h, "vi");
    // Every 3 s: the spec's number, not the code's constant.
    vi.advanceTimersByTime(2999);
    h.google = {
      translate: {
        TranslateElement: class {
          constructor(options: { includedLanguages: string }, id: string) {
            created.push([options.includedLanguages.split(",").length, id]);
          }
        },
      },
    };
    expect(created).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(created).toEqual([[19, "google_translate_element"]]);
  });

  it("logs a creation failure to the console", () => {
    const h = host();
    h.google = {
      translate: {
        TranslateElement: class {
          constructor() {
            throw new Error("blocked");
          }
        },
      },
    };
    mountTranslateWidget(h, "en");
    expect(h.errors).toHaveLength(1);
  });
});
