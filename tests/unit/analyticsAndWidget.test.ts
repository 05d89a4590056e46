import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { analyticsFor, cspAllowances, GA_SCRIPT, pageViewLabel, PIXEL_SCRIPT } from "~/lib/analytics";
import { startTrackers, trackPageView, type TrackerHost } from "~/lib/trackers";
import { supportedLanguages } from "~/i18n/config";
import { mountTranslateWidget, translateCookieValue, type TranslateHost } from "~/lib/translateWidget";

/** What components/TranslateWidget.tsx passes: its element and the product's languages. */
const WIDGET = { elementId: "google_translate_element", languages: supportedLanguages };

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
    mountTranslateWidget(h, "ne", WIDGET);
    expect(h.document.cookie).toMatch(/^googtrans=\/auto\/ne;/);
  });

  it("retries creation every 3 s until the script has loaded, offering the 19 languages", () => {
    const h = host();
    const created: unknown[] = [];
    mountTranslateWidget(h, "vi", WIDGET);
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
    mountTranslateWidget(h, "en", WIDGET);
    expect(h.errors).toHaveLength(1);
  });
});

describe("trackers", () => {
  const stand = () => {
    const added: { async: boolean; src: string; nonce?: string }[] = [];
    const host: TrackerHost = {
      document: {
        createElement: () => ({ async: false, src: "" }),
        head: { appendChild: (node) => added.push(node as (typeof added)[number]) },
      },
    };
    return { host, added };
  };

  it("start the tag with a queue of `arguments`, as its snippet does, and add its script with the nonce", () => {
    const { host, added } = stand();
    startTrackers(host, { gaId: "G-TEST 1", pixelId: null }, "n0nce");
    expect(added).toEqual([{ async: true, src: `${GA_SCRIPT}?id=G-TEST%201`, nonce: "n0nce" }]);
    const calls = host.dataLayer!.map((entry) => [...(entry as IArguments)]);
    expect(calls[0]![0]).toBe("js");
    expect(calls[1]).toEqual(["config", "G-TEST 1", { send_page_view: false }]);
    // gtag.js tells its own entries from others by their being `arguments` objects.
    expect(Object.prototype.toString.call(host.dataLayer![0])).toBe("[object Arguments]");
    expect(host.fbq).toBeUndefined();
  });

  it("start the pixel with its queue, and report page views under the spec's labels", () => {
    const { host, added } = stand();
    startTrackers(host, { gaId: "G-1", pixelId: "42" }, "n");
    expect(added.map((s) => s.src)).toEqual([`${GA_SCRIPT}?id=G-1`, PIXEL_SCRIPT]);
    expect(host.fbq!.queue).toEqual([["init", "42"]]);
    trackPageView(host, "/member/start/");
    expect([...(host.dataLayer!.at(-1) as IArguments)]).toEqual([
      "event",
      "page_view",
      { page_title: "login", page_path: "/member/start/" },
    ]);
    expect(host.fbq!.queue!.at(-1)).toEqual(["track", "PageView"]);
  });

  it("add each script once, however often they are started", () => {
    const { host, added } = stand();
    startTrackers(host, { gaId: "G-1", pixelId: "42" }, "n");
    startTrackers(host, { gaId: "G-1", pixelId: "42" }, "n");
    expect(added).toHaveLength(2);
  });
});
