import { describe, expect, it } from "vitest";
import {
  SITE_CONFIG_KEY,
  defaultSiteConfig,
  parseSiteConfig,
  readSiteConfig,
  selectLanguage,
  setTodayPopup,
  updateSiteConfig,
} from "~/lib/siteConfig";
import { formatDate } from "~/lib/format";

/** Today in Korea at an instant, as the callers pass it. */
const dayAt = (iso: string) => formatDate(new Date(iso));

class MemoryStorage {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

describe("site config", () => {
  it("has exactly the spec's fields and defaults", () => {
    const config = defaultSiteConfig();
    expect(Object.keys(config).sort()).toEqual(
      [
        "footerLogoImg",
        "isLangReload",
        "isLangSelect",
        "isToDayPopup",
        "langCd",
        "mainLogoImg",
        "toDayPopup",
        "visaList",
        "visaSubList",
      ].sort(),
    );
    expect(config).toMatchObject({
      langCd: "en",
      isLangSelect: false,
      isLangReload: false,
      toDayPopup: "",
      isToDayPopup: false,
      visaList: [],
      visaSubList: [],
    });
    expect(Object.keys(config.mainLogoImg).sort()).toEqual(["date", "logoData"]);
  });

  it.each(["{not json", "null", "[]", "42", '"text"', ""])("falls back to defaults for %j", (raw) => {
    expect(parseSiteConfig(raw)).toEqual(defaultSiteConfig());
  });

  it("keeps valid fields and repairs wrong-typed ones one by one", () => {
    const parsed = parseSiteConfig(
      JSON.stringify({
        langCd: "vi",
        isLangSelect: "yes",
        visaList: [1],
        toDayPopup: "tomorrow",
        mainLogoImg: { logoData: 5 },
        extra: 1,
      }),
    );
    expect(parsed.langCd).toBe("vi");
    expect(parsed.isLangSelect).toBe(false);
    expect(parsed.visaList).toEqual([1]);
    expect(parsed.toDayPopup).toBe("");
    expect(parsed.mainLogoImg).toEqual(defaultSiteConfig().mainLogoImg);
    expect(parsed).not.toHaveProperty("extra");
  });

  it("reads malformed stored JSON without throwing", () => {
    const storage = new MemoryStorage();
    storage.setItem(SITE_CONFIG_KEY, "{{{{");
    expect(readSiteConfig(storage, "2026-11-22")).toEqual(defaultSiteConfig());
  });

  it("survives storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
    };
    expect(readSiteConfig(broken, "2026-11-22")).toEqual(defaultSiteConfig());
    expect(() => updateSiteConfig(broken, (c) => c, "2026-11-22")).not.toThrow();
  });
});

describe("today popup", () => {
  it("turning it on stores today and sets the flag; off clears both", () => {
    const on = setTodayPopup(defaultSiteConfig(), true, "2026-11-22");
    expect([on.toDayPopup, on.isToDayPopup]).toEqual(["2026-11-22", true]);
    const off = setTodayPopup(on, false, "2026-11-22");
    expect([off.toDayPopup, off.isToDayPopup]).toEqual(["", false]);
  });

  it("holds for the rest of the day and resets the next day (Korean time)", () => {
    const storage = new MemoryStorage();
    // 2026-11-22 10:00 in Seoul.
    updateSiteConfig(storage, (c) => setTodayPopup(c, true, "2026-11-22"), dayAt("2026-11-22T01:00:00Z"));
    expect(readSiteConfig(storage, dayAt("2026-11-22T14:59:00Z")).isToDayPopup).toBe(true); // 23:59 KST
    expect(readSiteConfig(storage, dayAt("2026-11-22T15:00:00Z")).isToDayPopup).toBe(false); // 00:00 KST next day
  });
});

describe("language choice", () => {
  it("stores the code and marks the language as selected", () => {
    const storage = new MemoryStorage();
    updateSiteConfig(storage, (c) => selectLanguage(c, "ne"), "2026-11-22");
    expect(JSON.parse(storage.getItem(SITE_CONFIG_KEY)!)).toMatchObject({ langCd: "ne", isLangSelect: true });
  });
});
