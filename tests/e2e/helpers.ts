import fs from "node:fs";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import { lastCodeTo, uniqueNumber } from "../support/join";

type Common = Record<string, Record<string, string>>;

const cache = new Map<string, Common>();

/** The locale file a page should be rendered from: expected texts come from it, not from the test. */
export function strings(lng: string): Common {
  let value = cache.get(lng);
  if (!value) {
    value = JSON.parse(fs.readFileSync(path.resolve("locales", lng, "common.json"), "utf8")) as Common;
    cache.set(lng, value);
  }
  return value;
}

export function pageTitle(lng: string, titleKey: string) {
  const s = strings(lng);
  const [group, key] = titleKey.split(".") as [string, string];
  return titleKey === "titles.main" ? s.app!.name! : `${s[group]![key]} | ${s.app!.name}`;
}

/** Marks the today-popup as hidden for today so it does not cover what a test looks at. */
export async function hideTodayPopup(context: BrowserContext) {
  await context.addInitScript(() => {
    const seoulToday = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format(new Date());
    const config = JSON.parse(window.localStorage.getItem("siteConfig") ?? "{}") as Record<string, unknown>;
    if (!config.toDayPopup)
      window.localStorage.setItem(
        "siteConfig",
        JSON.stringify({ ...config, toDayPopup: seoulToday, isToDayPopup: true }),
      );
  });
}

/** The last code the server texted to a number (local mode's outbox). */
export const textedCode = (e164: string) => lastCodeTo(process.env.E2E_DATA_DIR!, e164);

/** A Korean mobile number no other test uses: E.164 and as people type it. */
export const freshNumber = uniqueNumber;

/** Sends the browser's language cookie (en unless told otherwise). */
export async function useLanguage(context: BrowserContext, lng = "en") {
  await context.addCookies([
    { name: "lng", value: Buffer.from(JSON.stringify(lng)).toString("base64"), url: "http://127.0.0.1" },
  ]);
}
