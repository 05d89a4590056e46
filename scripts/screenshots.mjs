#!/usr/bin/env node
/**
 * npm run screenshots: a picture of every page a visitor (and a new member) sees,
 * in en, ko, vi and ur, on a 360 px phone, for people to review. Builds and starts
 * the app in local mode (its own Auth emulator and a temporary data directory),
 * installs Debian's Noto fonts when the scripts' fonts are missing (the pictures
 * must show what a phone shows, not boxes), and writes screenshots/{lng}/{page}.png.
 * The pictures are not committed.
 *
 * Env: SCREENSHOT_LANGUAGES (en,ko,vi,ur), SCREENSHOT_WIDTH (360), SCREENSHOT_PAGES (every page; or names,
 * comma-separated: "loan-years,remittance-usd"), SCREENSHOT_BUILT (1: use build/ as it is, no new build).
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { joinByPhone } from "../bench/member.mjs";
import { seedNotices } from "../bench/notices.mjs";
import { languageCookie, root, run, runBenchmark, startApp } from "../bench/servers.mjs";
import { chromiumArgs, chromiumPath } from "./chromium.mjs";

const languages = (process.env.SCREENSHOT_LANGUAGES ?? "en,ko,vi,ur").split(",").map((s) => s.trim());
const width = Number(process.env.SCREENSHOT_WIDTH ?? 360);
const only = process.env.SCREENSHOT_PAGES
  ? new Set(process.env.SCREENSHOT_PAGES.split(",").map((s) => s.trim()))
  : null;
const chosen = ([name]) => !only || only.has(name);
const out = path.join(root, "screenshots");

/** The pages, by file name: a visitor's, then a signed-in member's. */
const PAGES = [
  ["home", "/"],
  ["language", "/language"],
  ["start", "/member/start"],
  ["start-id", "/member/startId"],
  ["login-phone", "/login/login"],
  ["sign", "/sign"],
  ["agree", "/member/agree"],
  ["terms", "/member/terms"],
  ["find-password", "/member/findPw"],
  ["visa-finder", "/member/findVisa"],
  ["visa-E-9", "/member/findVisa/E-9"],
  ["community", "/community"],
  ["loan", "/finance/loan?amount=1%2C000%2C000&rate=5&months=24&method=equalPayment"],
  ["loan-years", "/finance/loan?amount=30%2C000%2C000&rate=4.5&months=3&unit=years&method=equalPayment#result"],
  ["loan-errors", "/finance/loan?amount=-5&rate=100&months=600&method=x"],
  ["not-found", "/no/such/page"],
  ["shop", "/shop"],
  ["benefit", "/benefit"],
  ["benefit-work", "/benefit?category=work"],
  ["notices", "/mypage/notice"],
  ["remittance", "/finance/remittance"],
  ["remittance-result", "/finance/remittance?country=VN&send=1%2C000%2C000"],
  ["remittance-error", "/finance/remittance?country=PH&currency=USD&send=10000000"],
  ["remittance-usd", "/finance/remittance?country=BD&currency=BDT&send=1%2C000%2C000#result"],
  ["exchange", "/finance/currencyExchange?from=USD&to=KRW&amount=1,000"],
  ["exchange-errors", "/finance/currencyExchange?from=KRW&to=MNT&amount=-5"],
  ["exchange-result", "/finance/currencyExchange?from=KRW&to=VND&amount=1%2C000%2C000#result"],
  ["pay-result", "/finance/pay?amount=2%2C000%2C000&per=month&weeklyHours=40&year=2026#result"],
  ["severance-result", "/finance/severance?start=2025-03-01&end=2026-03-01&lastThreeMonthsPay=9%2C000%2C000#result"],
  ["leaving", "/finance/leavingKorea"],
  ["leaving-result", "/finance/leavingKorea?nationality=NP&visa=E-9#result"],
  ["leaving-errors", "/finance/leavingKorea?nationality=Atlantis&visa=Z-99"],
];
const MEMBER_PAGES = [
  ["home-member", "/"],
  ["mypage", "/mypage"],
  ["mypage-userInfo", "/mypage/userInfo"],
  ["mypage-addInfo", "/mypage/addInfo"],
  ["mypage-visa", "/mypage/visa"],
  ["mypage-visa-appointment", "/mypage/visa/appointment"],
  ["mypage-visa-F-4", "/mypage/visa/F-4"],
  ["mypage-changePw", "/mypage/changePw"],
  ["mypage-phone", "/mypage/phone"],
  ["mypage-secede", "/mypage/secede"],
  ["mypage-community", "/mypage/community"],
  ["mypage-partners", "/mypage/partners"],
  ["community-edit", "/community/edit"],
  ["noti", "/noti"],
  ["benefit-member", "/benefit"],
];

/** Fonts for every script the app shows; Debian's packages when one is missing. */
function ensureFonts() {
  const wanted = [
    "Noto Sans CJK KR",
    "Noto Nastaliq Urdu",
    "Noto Sans Myanmar",
    "Noto Sans Khmer",
    "Noto Sans Sinhala",
  ];
  let families = "";
  try {
    families = execSync("fc-list : family", { encoding: "utf8" });
  } catch {
    // no fontconfig yet: install below
  }
  const missing = wanted.filter((family) => !families.includes(family));
  if (!missing.length) return;
  console.log(`fonts missing (${missing.join(", ")}): installing Debian's Noto fonts…`);
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-core fonts-noto-cjk fonts-noto-extra`,
    { stdio: "inherit" },
  );
}

async function shoot(browser, url, cookies, file) {
  const context = await browser.newContext({
    viewport: { width, height: 760 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addCookies(cookies.map((c) => ({ ...c, url })));
    // The home page's popup would cover the page: hidden as a person who closed it today.
    await context.addInitScript(() => {
      const seoulToday = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format(new Date());
      window.localStorage.setItem("siteConfig", JSON.stringify({ toDayPopup: seoulToday, isToDayPopup: true }));
    });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName("hydrated").length > 0);
    await page.screenshot({ path: file, fullPage: true });
  } finally {
    await context.close();
  }
}

/** A member's post over HTTP (multipart, as the form sends it), with an optional photo; its id. */
async function postFeed(appUrl, cookie, category, text, photo) {
  const form = new FormData();
  form.set("category", category);
  form.set("text", text);
  if (photo) form.append("photos", new Blob([photo], { type: "image/jpeg" }), "photo.jpg");
  const response = await fetch(`${appUrl}/community/edit`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, Origin: appUrl },
    redirect: "manual",
  });
  const id = /\/community\/([\w-]{12})$/.exec(response.headers.get("Location") ?? "")?.[1];
  if (!id) throw new Error(`posting a feed answered ${response.status}`);
  return id;
}

const postForm = (appUrl, cookie, pathname, fields) =>
  fetch(`${appUrl}${pathname}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, Origin: appUrl },
    redirect: "manual",
  });

/**
 * The member's visa as /mypage/visa's kit draws it fullest (decision 0109): E-9-1 ending in 100 days, a passport
 * ending 3 months after it (the passport warning), two documents ticked, and an appointment in ten days.
 */
async function seedVisa(appUrl, cookie) {
  const day = (ms) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format(new Date(ms));
  const stayEnds = Date.now() + 100 * 86_400_000;
  await postForm(appUrl, cookie, "/mypage/visa/E-9", { visa: "E-9-1", visaExpiry: day(stayEnds) });
  await postForm(appUrl, cookie, "/mypage/visa?index", { passportExpiry: day(stayEnds + 91 * 86_400_000) });
  await fetch(`${appUrl}/mypage/visa?index`, {
    method: "POST",
    body: new URLSearchParams([
      ["intent", "checklist"],
      ["kit", "E-9-1"],
      ["documents", "passport"],
      ["documents", "arc"],
    ]),
    headers: { Cookie: cookie, Origin: appUrl },
    redirect: "manual",
  });
  // An appointment in ten days at 10:30, for home's and the visa page's card.
  await postForm(appUrl, cookie, "/mypage/visa/appointment", {
    intent: "save",
    office: "seoul",
    date: day(Date.now() + 10 * 86_400_000),
    time: "10:30",
  });
}

/** Some community to look at: two members' posts (one with a photo), a comment, a reply and a like. */
async function seedCommunity(appUrl, dataDir, authorCookie) {
  const other = await joinByPhone(appUrl, dataDir, "Nguyen Van An");
  const photo = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 96, g: 150, b: 214 } },
  })
    .composite([
      { input: Buffer.from('<svg width="1200" height="800"><circle cx="600" cy="520" r="300" fill="#f4f6f8"/></svg>') },
    ])
    .jpeg()
    .toBuffer();
  const mine = await postFeed(
    appUrl,
    authorCookie,
    "visa",
    "Extending an E-9 in Ansan: book on HiKorea first (https://www.hikorea.go.kr/). It took 20 minutes.",
    photo,
  );
  const theirs = await postFeed(
    appUrl,
    other,
    "housing",
    "Looking for a one-room near Ansan station, under 400,000 won.",
  );
  await postForm(appUrl, other, `/community/${mine}`, { intent: "comment", text: "Thank you, this helped a lot!" });
  await postForm(appUrl, other, `/community/${mine}`, { intent: "like" });
  return { mine, theirs };
}

async function main() {
  ensureFonts();
  // SCREENSHOT_BUILT=1: the build in build/ is this checkout's (a few pages looked at again after a change).
  if (!process.env.SCREENSHOT_BUILT) run("npm", ["run", "build"], root);
  const app = await startApp();
  const { measured } = seedNotices(app.dataDir);
  PAGES.push(["notice", `/mypage/noticeDetail?itemCd=${measured}`]);
  // A member (and the community they see) only when a member's page is asked for.
  const cookie = MEMBER_PAGES.some(chosen) || !only ? await joinByPhone(app.url, app.dataDir) : "";
  const session = cookie.split("=");
  if (cookie) {
    await seedVisa(app.url, cookie);
    const { mine, theirs } = await seedCommunity(app.url, app.dataDir, cookie);
    MEMBER_PAGES.push(
      ["community-feed", `/community/${mine}`],
      ["community-report", `/community/report?itemCd=${theirs}`],
    );
  }
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    for (const lng of languages) {
      fs.mkdirSync(path.join(out, lng), { recursive: true });
      const language = { name: "lng", value: languageCookie(lng).slice("lng=".length) };
      const member = { name: session[0], value: session.slice(1).join("=") };
      for (const [name, pathname] of PAGES.filter(chosen))
        await shoot(browser, `${app.url}${pathname}`, [language], path.join(out, lng, `${name}.png`));
      for (const [name, pathname] of MEMBER_PAGES.filter(chosen))
        await shoot(browser, `${app.url}${pathname}`, [language, member], path.join(out, lng, `${name}.png`));
      console.log(`${lng}: ${PAGES.filter(chosen).length + MEMBER_PAGES.filter(chosen).length} pages`);
    }
    console.log(`written to ${path.relative(process.cwd(), out) || "."}/{${languages.join(",")}}/`);
  } finally {
    await browser.close();
  }
}

runBenchmark(main);
