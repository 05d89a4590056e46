/**
 * Dates and numbers inside right-to-left sentences (Urdu): each is its own
 * left-to-right element, so "expires 2027-03-06" followed by "100 days left" never
 * reads "06100-03-2027". Checked on the drawn page: the characters of each value,
 * left to right on the screen, are the value as written.
 */
import { expect, test, type BrowserContext, type Locator } from "@playwright/test";
import { addDays, format } from "date-fns";
import { joinOverHttp } from "../support/join";
import { hideTodayPopup, inLanguage, strings, useLanguage } from "./helpers";

/** Today in Seoul, as the server reads it, moved by `days`. */
function seoulDay(days: number) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format(new Date());
  return format(addDays(new Date(`${today}T12:00:00`), days), "yyyy-MM-dd");
}

async function signedInAs(context: BrowserContext, baseURL: string, cookies: string) {
  await context.addCookies(
    cookies.split("; ").map((pair) => {
      const [name, ...value] = pair.split("=");
      return { name: name!, value: value.join("="), url: baseURL };
    }),
  );
}

/** The element's characters in the order they are drawn, left to right (each character's box on screen). */
async function drawnLeftToRight(element: Locator): Promise<string> {
  return element.evaluate((el) => {
    const text = el.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) throw new Error("the value is not one text");
    const chars = [...(text.textContent ?? "")].map((char, i) => {
      const range = document.createRange();
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      return { char, left: range.getBoundingClientRect().left };
    });
    return chars
      .sort((a, b) => a.left - b.left)
      .map((c) => c.char)
      .join("");
  });
}

const box = async (element: Locator) => (await element.boundingBox())!;

test.beforeEach(async ({ context }) => hideTodayPopup(context));

test("in Urdu, the visa's expiry date and the days left read as written, each on its own", async ({
  page,
  context,
  baseURL,
}) => {
  const expiry = seoulDay(100);
  const joined = await joinOverHttp(baseURL!, process.env.E2E_DATA_DIR!, {
    email: `rtl-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
    name: "Ali Khan",
    visa: "E-9",
    visaExpiry: expiry,
  });
  await useLanguage(context, "ur");
  await signedInAs(context, baseURL!, joined.cookies);

  // My page: "expires on <date>" then "<n> days left" on one line.
  await page.goto("/mypage");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const line = page.locator(".settings-stay__date");
  const date = line.locator('bdi[dir="ltr"]').filter({ hasText: expiry });
  const days = line.locator('.settings-stay__days bdi[dir="ltr"]');
  await expect(date).toHaveText(expiry);
  await expect(days).toHaveText("100");
  // Separate elements: neither holds the other.
  expect(await date.evaluate((d, other) => d.contains(other) || other!.contains(d), await days.elementHandle())).toBe(
    false,
  );
  expect(await drawnLeftToRight(date)).toBe(expiry);
  expect(await drawnLeftToRight(days)).toBe("100");
  // Right to left: the sentence that comes first (the date's) is to the right of the count, and they do not overlap.
  const [dateBox, daysBox] = [await box(date), await box(days)];
  expect(daysBox.x + daysBox.width).toBeLessThanOrEqual(dateBox.x);

  // The home page's visa card: the date and the count in their own cells, and the note's date.
  await page.goto("/");
  const card = page.getByRole("region", { name: strings("ur").visaCard!.title });
  const cardDate = card.getByRole("definition").first().locator('bdi[dir="ltr"]');
  await expect(cardDate).toHaveText(expiry);
  expect(await drawnLeftToRight(cardDate)).toBe(expiry);
  await expect(card.getByRole("definition").nth(1).locator('bdi[dir="ltr"]')).toHaveText("100");
  const noteDate = card.locator(".visa-card__note bdi[dir='ltr']");
  await expect(noteDate).toHaveCount(1);
  expect(await drawnLeftToRight(noteDate)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

test("in Urdu, a Korean term in a sentence is one box on one line, brackets and all, read as written", async ({
  page,
  context,
}) => {
  await useLanguage(context, "ur");
  await page.setViewportSize({ width: 360, height: 740 });
  const terms: { path: string; where: string; term: string }[] = [
    { path: "/finance/currencyExchange", where: ".exchange__intro", term: "(매매기준율)" },
    { path: "/finance/loan", where: ".loan__method", term: "(원리금균등)" },
  ];
  for (const { path, where, term } of terms) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const box = page.locator(`${where} .ko-term`).filter({ hasText: term }).first();
    await expect(box).toHaveText(term);
    await expect(box).toHaveAttribute("lang", "ko");
    // One line: one box of the line's height, however the sentence around it wraps at 360 px.
    const rects = await box.evaluate((el) => {
      const line = parseFloat(getComputedStyle(el.parentElement!).lineHeight) || 30;
      return { count: el.getClientRects().length, height: el.getBoundingClientRect().height, line };
    });
    expect(rects.count, path).toBe(1);
    expect(rects.height, path).toBeLessThan(rects.line * 1.5);
    // Drawn left to right as written: the opening bracket on the left, the closing one on the right.
    expect(await drawnLeftToRight(box)).toBe(term);
  }
});

test("without JavaScript, the country list names each country in full at 360 px", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "with JavaScript the chosen country shows as its calling code");
  await page.setViewportSize({ width: 360, height: 740 });
  for (const lng of ["en", "ko", "vi", "ur"]) {
    await page.goto(inLanguage("/member/start", lng));
    const select = page.locator(".phone-input__country select");
    const shown = await select.evaluate((el: HTMLSelectElement) => {
      const option = el.options[el.selectedIndex]!;
      // The selected option's text as the closed select draws it, against the room it has.
      const probe = document.createElement("span");
      probe.style.font = getComputedStyle(el).font;
      probe.style.whiteSpace = "pre";
      probe.textContent = option.text;
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      const style = getComputedStyle(el);
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
      return { text: option.text, width, room };
    });
    expect(shown.text, lng).toMatch(/^\+82 /);
    expect(shown.width, `${lng}: "${shown.text}"`).toBeLessThanOrEqual(shown.room);
  }
});
