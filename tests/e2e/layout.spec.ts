/**
 * Layout on the narrowest phones, measured from the rendered boxes: every page a visitor reaches, in five
 * languages that stress it differently (English; Korean; Vietnamese, long with diacritics; Urdu, right to left;
 * Burmese, long words in a tall script), at 320 and 360 CSS px, with JavaScript and without (the two projects).
 * On each page nothing sticks out sideways, the header title and the tab labels are not cut off, each tab label
 * stays on one line, the brand never splits at its hyphen, every tap target is at least 44 × 44 CSS px, and a link
 * in running text is at least 24 px tall, and no fieldset has the browser's frame.
 */
import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { supportedLanguages } from "~/i18n/config";
import {
  hideTodayPopup,
  importVisitorNotice,
  inLanguage,
  joinedMemberCookies,
  memberPages,
  communityPages,
  openPage,
  strings,
  visitorPages,
} from "./helpers";

const languages = ["en", "ko", "vi", "ur", "my"];
const widths = [320, 360];

/** Fontconfig languages the pages are drawn in: without their fonts, widths would be measured on empty boxes. */
const scripts = { ko: "Korean", ur: "Urdu", my: "Burmese" };

test.beforeAll(importVisitorNotice);

test.beforeAll(() => {
  const missing = Object.entries(scripts).filter(
    ([lang]) => execFileSync("fc-list", [`:lang=${lang}`, "family"], { encoding: "utf8" }).trim() === "",
  );
  if (missing.length)
    throw new Error(
      `no font for ${missing.map(([, name]) => name).join(", ")}: run node scripts/ensure-chromium.mjs (it installs them)`,
    );
});

test.beforeEach(async ({ context }) => {
  // The popup is a dialog over the page; the layout under test is the page's own.
  await hideTodayPopup(context);
});

/** What is wrong with the page's layout, one line each; runs in the page, so it takes everything it needs. */
function layoutProblems({ minTarget, brand }: { minTarget: number; brand: string }): string[] {
  const problems: string[] = [];
  const viewport = Math.min(document.documentElement.clientWidth, window.innerWidth);
  const px = (n: number) => Math.round(n * 10) / 10;
  const describe = (element: Element) => {
    const classes = [...element.classList].slice(0, 2).map((name) => `.${name}`);
    const text = (element.getAttribute("aria-label") ?? (element as HTMLElement).innerText ?? element.textContent ?? "")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 40);
    return `<${element.localName}${classes.join("")}>${text ? ` "${text}"` : ""}`;
  };

  // Content off screen under `content-visibility: auto` is not laid out and its overflow is clipped to its box:
  // measure it as it will be once scrolled to.
  const deferred = [...document.querySelectorAll<HTMLElement>("body *")].filter(
    (element) => getComputedStyle(element).contentVisibility === "auto",
  );
  for (const element of deferred) element.style.contentVisibility = "visible";

  // Nothing sticks out sideways.
  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth > viewport) {
    const out = [...document.querySelectorAll("body *")].filter((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0) return false;
      const sticksOut = (b: DOMRect) => b.right > viewport + 0.5 || b.left < -0.5;
      // Only where it starts: the outermost element that sticks out.
      return sticksOut(box) && !(element.parentElement && sticksOut(element.parentElement.getBoundingClientRect()));
    });
    problems.push(
      `scrolls sideways (${scrollWidth} px wide in ${viewport} px): ${out
        .slice(0, 8)
        .map((element) => {
          const box = element.getBoundingClientRect();
          return `${describe(element)} ${px(box.left)}…${px(box.right)}`;
        })
        .join(", ")}`,
    );
  }

  // The header title and the tab labels are not cut off; each tab label is one line.
  for (const element of document.querySelectorAll<HTMLElement>(
    ".app-header__title, .tab-bar__item, .tab-bar__item span",
  )) {
    if (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1)
      problems.push(
        `cut off: ${describe(element)} needs ${element.scrollWidth}×${element.scrollHeight}, has ${element.clientWidth}×${element.clientHeight}`,
      );
  }
  for (const label of document.querySelectorAll<HTMLElement>(".tab-bar__item span")) {
    const style = getComputedStyle(label);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
    const height = label.getBoundingClientRect().height;
    if (height > line * 1.5) problems.push(`tab label on ${Math.round(height / line)} lines: ${describe(label)}`);
  }

  // The brand never splits across lines (at its hyphen or anywhere else).
  if (brand) {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let at = text.indexOf(brand); at >= 0; at = text.indexOf(brand, at + brand.length)) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + brand.length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) problems.push(`"${brand}" splits across lines in ${describe(node.parentElement!)}`);
      }
    }
  }

  // Every tap target is at least minTarget × minTarget, except links inside running text (WCAG 2.5.8's inline
  // exception) and what is not shown.
  const isBlock = (element: Element) => !getComputedStyle(element).display.startsWith("inline");
  const inRunningText = (element: HTMLElement) => {
    if (getComputedStyle(element).display !== "inline") return false;
    let block = element.parentElement;
    while (block && !isBlock(block)) block = block.parentElement;
    const own = (element.textContent ?? "").trim().length;
    return Boolean(block) && (block!.textContent ?? "").replace(/\s+/g, "").length > own;
  };
  const shown = (element: HTMLElement) => {
    if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const box = element.getBoundingClientRect();
    // Off the page (a skip link until focused).
    if (box.bottom + window.scrollY <= 0 || box.width <= 1 || box.height <= 1) return false;
    // Inside a box clipped to a pixel (visually hidden, as the honeypot field is).
    for (let up = element.parentElement; up; up = up.parentElement) {
      const { width, height } = up.getBoundingClientRect();
      if ((width <= 1 || height <= 1) && getComputedStyle(up).overflow !== "visible") return false;
    }
    return true;
  };
  const big = (box: DOMRect) => box.width >= minTarget - 0.5 && box.height >= minTarget - 0.5;
  for (const element of document.querySelectorAll<HTMLElement>(
    "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]",
  )) {
    const input = element instanceof HTMLInputElement && /^(checkbox|radio)$/.test(element.type) ? element : null;
    // A checkbox's or a radio button's label is part of its target.
    const boxes = [element, ...(input?.labels ?? [])].filter(shown).map((e) => e.getBoundingClientRect());
    if (boxes.length === 0) continue;
    // A link in running text: at least 24 px tall on every line it spans (WCAG 2.5.8's minimum, kept for them too).
    if (element.localName === "a" && inRunningText(element)) {
      const short = [...element.getClientRects()].find((line) => line.width > 0 && line.height < 24 - 0.5);
      if (short) problems.push(`link in text ${px(short.height)} px tall: ${describe(element)}`);
      continue;
    }
    if (!boxes.some(big)) {
      const best = boxes.reduce((a, b) => (a.width * a.height >= b.width * b.height ? a : b));
      problems.push(`tap target ${px(best.width)}×${px(best.height)}: ${describe(input?.labels?.[0] ?? element)}`);
    }
  }

  // Groups of choices are drawn by the design system, without the browser's frame.
  for (const fieldset of document.querySelectorAll<HTMLElement>("fieldset")) {
    const style = getComputedStyle(fieldset);
    if (parseFloat(style.borderTopWidth) > 0 && style.borderTopStyle !== "none")
      problems.push(`fieldset with the browser's border: ${describe(fieldset)}`);
  }

  for (const element of deferred) element.style.contentVisibility = "";
  return problems;
}

for (const lng of languages) {
  for (const width of widths) {
    test(`${lng} at ${width} px: no sideways scroll, nothing cut off, tap targets of 44 px`, async ({
      page,
      javaScriptEnabled,
    }) => {
      await page.setViewportSize({ width, height: 740 });
      // The brand as text, where it has a hyphen to split at.
      const name = strings(lng).app!.name!;
      const brand = name.includes("-") ? name : "";
      const problems: string[] = [];
      for (const path of visitorPages) {
        await openPage(page, inLanguage(path, lng), { hydrate: javaScriptEnabled });
        await page.evaluate(() => document.fonts.ready);
        for (const problem of await page.evaluate(layoutProblems, { minTarget: 44, brand }))
          problems.push(`${path}: ${problem}`);
      }
      expect(problems, `${lng} at ${width} px:\n${problems.join("\n")}`).toEqual([]);
    });
  }
}

for (const lng of languages) {
  test(`my page's screens in ${lng} at 320 px: no sideways scroll, nothing cut off, tap targets of 44 px`, async ({
    page,
    context,
    baseURL,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width: 320, height: 740 });
    const cookies = await joinedMemberCookies(baseURL!, "Layout Check");
    await context.addCookies(cookies.map((c) => ({ ...c, url: baseURL! })));
    const name = strings(lng).app!.name!;
    const brand = name.includes("-") ? name : "";
    const problems: string[] = [];
    for (const path of [...memberPages, ...(await communityPages(baseURL!))]) {
      await openPage(page, inLanguage(path, lng), { hydrate: javaScriptEnabled });
      await page.evaluate(() => document.fonts.ready);
      for (const problem of await page.evaluate(layoutProblems, { minTarget: 44, brand }))
        problems.push(`${path}: ${problem}`);
    }
    expect(problems, `${lng} at 320 px:\n${problems.join("\n")}`).toEqual([]);
  });
}

// The tab bar is on most pages: its five labels fit on one line each at 320 px and at 360 px in all 19 languages,
// 13 px at least on a 360 px phone (smaller on a narrower screen, 11.5 px at 320).
test("every language's tab labels fit on one line at 320 and 360 px, in a readable size", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "the bar is the server's HTML either way; measured once");
  const problems: string[] = [];
  for (const [width, lng] of [320, 360].flatMap((w) => supportedLanguages.map((l) => [w, l] as const))) {
    await page.setViewportSize({ width, height: 640 });
    await openPage(page, inLanguage("/community", lng));
    await page.evaluate(() => document.fonts.ready);
    const found = await page.evaluate(
      (least) =>
        [...document.querySelectorAll<HTMLElement>(".tab-bar__item span")].flatMap((label) => {
          const style = getComputedStyle(label);
          const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
          const item = label.parentElement!;
          const lines = Math.round(label.getBoundingClientRect().height / line);
          const cut = item.scrollWidth > item.clientWidth + 1 || label.scrollWidth > label.clientWidth + 1;
          const size = parseFloat(style.fontSize);
          const small = size < least ? `, ${size} px` : "";
          return lines > 1 || cut || small
            ? [`"${label.textContent}" ${lines} lines${cut ? ", cut off" : ""}${small}`]
            : [];
        }),
      width < 360 ? 11.5 : 13,
    );
    problems.push(...found.map((problem) => `${width} px, ${lng}: ${problem}`));
  }
  expect(problems, problems.join("\n")).toEqual([]);
});

/**
 * Where a page's primary action is hidden or taken by the tab bar, one line each; runs in the page. The primary
 * action is the form's main button (`SubmitButton`, in `.form__actions`). It must lie wholly inside the viewport,
 * not meet the tab bar's box, and be what a tap at its centre lands on (`elementFromPoint`).
 */
function primaryActionProblems(): { measured: boolean; problems: string[] } {
  const tabBar = document.querySelector<HTMLElement>(".tab-bar");
  const button = document.querySelector<HTMLElement>(".form__actions .button--primary");
  if (!tabBar || !button) return { measured: false, problems: [] };
  const problems: string[] = [];
  const b = button.getBoundingClientRect();
  const bar = tabBar.getBoundingClientRect();
  const px = (n: number) => Math.round(n);
  const name = `"${button.innerText.trim().slice(0, 30)}"`;
  if (b.top < -0.5 || b.bottom > window.innerHeight + 0.5)
    problems.push(`${name} not wholly on screen: ${px(b.top)}…${px(b.bottom)} of ${window.innerHeight}`);
  const overlap = Math.min(b.bottom, bar.bottom) - Math.max(b.top, bar.top);
  if (overlap > 0.5 && bar.width > 0 && bar.height > 0)
    problems.push(`${name} ${px(b.top)}…${px(b.bottom)} under the tab bar ${px(bar.top)}…${px(bar.bottom)}`);
  const x = b.left + b.width / 2;
  const y = b.top + b.height / 2;
  const hit = document.elementFromPoint(x, y);
  if (!hit || !button.contains(hit)) {
    const what = hit
      ? `<${hit.localName}${hit.getAttribute("class") ? `.${hit.getAttribute("class")!.split(" ")[0]}` : ""}>`
      : "nothing";
    problems.push(`a tap at the centre of ${name} lands on ${what}`);
  }
  return { measured: true, problems };
}

/**
 * The keyboard open: phones draw the page above the on-screen keyboard in what is left of the screen (the viewport
 * says `interactive-widget=resizes-content`), so a 360 × 800 phone with its keyboard up is emulated as a 420 px
 * tall viewport with a text field focused. Closed: 740 px tall, as loaded.
 */
const screens = [
  { keyboard: "closed", height: 740 },
  { keyboard: "open", height: 420 },
];

for (const width of [320, 360]) {
  test(`at ${width} px every primary action is above the tab bar, keyboard closed and open`, async ({
    page,
    context,
    baseURL,
    javaScriptEnabled,
  }) => {
    // Every member page, in two languages, at two heights: more than the default minute on a busy machine.
    test.setTimeout(180_000);
    const cookies = await joinedMemberCookies(baseURL!, "Button Check");
    await context.addCookies(cookies.map((c) => ({ ...c, url: baseURL! })));
    const pages = [...memberPages, ...(await communityPages(baseURL!))];
    const problems: string[] = [];
    const measured = new Set<string>();
    for (const lng of ["en", "ur"]) {
      for (const { keyboard, height } of screens) {
        await page.setViewportSize({ width, height });
        for (const path of pages) {
          await openPage(page, inLanguage(path, lng), { hydrate: javaScriptEnabled });
          await page.evaluate(() => document.fonts.ready);
          if (keyboard === "open") {
            // The last field the person types in before pressing the button: the page scrolls to it.
            const field = page.locator(
              ".form textarea, .form input:is([type=text],[type=email],[type=tel],[type=password],[type=date],:not([type]))",
            );
            if ((await field.count()) > 0) await field.last().focus();
          }
          const found = await page.evaluate(primaryActionProblems);
          if (found.measured) measured.add(path.replace(/\?.*/, ""));
          problems.push(...found.problems.map((problem) => `${lng} ${path}, keyboard ${keyboard}: ${problem}`));
        }
      }
    }
    expect([...measured]).toEqual(
      expect.arrayContaining(["/community/edit", "/community/report", "/mypage/addInfo", "/mypage/changePw"]),
    );
    expect(problems, problems.join("\n")).toEqual([]);
  });
}

/**
 * The answer of a form sent to its own page is focused and on screen: between the header's bottom and the tab
 * bar's top, not above the viewport with a blank screen under it.
 */
async function expectConfirmationInView(page: Page, text: string) {
  const confirmation = page.getByRole("status").filter({ hasText: text });
  await expect(confirmation).toBeFocused();
  const where = await confirmation.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const header = document.querySelector(".app-header")?.getBoundingClientRect();
    const bar = document.querySelector(".tab-bar")?.getBoundingClientRect();
    return {
      top: Math.round(box.top),
      bottom: Math.round(box.bottom),
      from: Math.round(header?.bottom ?? 0),
      to: Math.round(Math.min(bar?.top ?? window.innerHeight, window.innerHeight)),
    };
  });
  expect(
    where.top,
    `"${text}" at ${where.top}…${where.bottom}, visible ${where.from}…${where.to}`,
  ).toBeGreaterThanOrEqual(where.from);
  expect(
    where.bottom,
    `"${text}" at ${where.top}…${where.bottom}, visible ${where.from}…${where.to}`,
  ).toBeLessThanOrEqual(where.to);
}

test("after saving, reporting or commenting, the confirmation is on screen and focused", async ({
  page,
  context,
  baseURL,
  javaScriptEnabled,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const cookies = await joinedMemberCookies(baseURL!, "Answer Check");
  await context.addCookies(cookies.map((c) => ({ ...c, url: baseURL! })));
  const [feed, report] = await communityPages(baseURL!);
  const en = strings("en") as unknown as Record<string, Record<string, string>>;
  const reasons = en.report!.reasons as unknown as Record<string, string>;
  const go = async (path: string) => {
    await openPage(page, inLanguage(path, "en"), { hydrate: javaScriptEnabled });
  };

  // Settings saved: my page's notification choices, at the end of a long page.
  await go("/mypage");
  await page.getByLabel(en.notifications!.community!).click();
  await page.getByRole("button", { name: en.notifications!.save }).click();
  await expectConfirmationInView(page, en.notifications!.saved!);

  // Settings saved: the additional information's form.
  await go("/mypage/addInfo");
  await page.getByRole("button", { name: en.addInfo!.save }).click();
  await expectConfirmationInView(page, en.addInfo!.saved!);

  // A report sent.
  await go(report!);
  await page.getByLabel(reasons.spam!).check();
  await page.getByRole("button", { name: en.report!.send }).click();
  await expectConfirmationInView(page, en.report!.thanksTitle!);

  // A comment posted, and a reply.
  await go(feed!);
  await page.getByPlaceholder(en.comments!.placeholder!).fill("Thank you, that helps.");
  await page.getByRole("button", { name: en.comments!.send }).last().click();
  await expectConfirmationInView(page, en.comments!.posted!);
  await page.locator("summary").filter({ hasText: en.comments!.reply! }).first().click();
  await page.locator("details[open] textarea").fill("Near the station, yes.");
  await page.locator("details[open]").getByRole("button", { name: en.comments!.send }).click();
  await expectConfirmationInView(page, en.comments!.posted!);
});
