/**
 * The reminders' pages in a real browser, with JavaScript on and off (the two projects, issue 42): a member
 * reaches /mypage/reminders from my page, ticks a channel and saves it; the opt-out link of a reminder, opened
 * signed out, says what it turns off in the member's language and turns it off on one tap; a forged one says so.
 */
import path from "node:path";
import { readFileSync } from "node:fs";
import Database from "better-sqlite3";
import { expect, test, type BrowserContext } from "@playwright/test";
import { stopToken } from "~/visa/reminderStop.server";
import { joinOverHttp } from "../support/join";
import { hideTodayPopup, strings, useLanguage } from "./helpers";

type Groups = Record<string, Record<string, Record<string, string>>>;
const my = (lng: string) => strings(lng) as unknown as Groups;
const dataDir = () => process.env.E2E_DATA_DIR!;

async function signedInMember(context: BrowserContext, baseURL: string) {
  const joined = await joinOverHttp(baseURL, dataDir(), { name: "Reminder Member", visa: "E-9" });
  await context.addCookies(
    joined.cookies.split("; ").map((pair) => {
      const [key, ...value] = pair.split("=");
      return { name: key!, value: value.join("="), url: baseURL };
    }),
  );
  const db = new Database(path.join(dataDir(), "klife.sqlite"), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("SELECT uid, language FROM members WHERE phone_number = ?").get(joined.e164) as {
      uid: string;
      language: string;
    };
    return { ...joined, uid: row.uid, language: row.language };
  } finally {
    db.close();
  }
}

test.beforeEach(async ({ context }) => {
  await hideTodayPopup(context);
});

test("a member turns on push for the period of stay and sees it kept", async ({ page, context, baseURL }) => {
  await useLanguage(context, "en");
  await signedInMember(context, baseURL!);
  const en = my("en");
  await page.goto("/mypage");
  await page.getByRole("link", { name: en.entries!.reminders as unknown as string }).click();
  await expect(page).toHaveURL(/\/mypage\/reminders$/);
  await expect(page.getByText(en.reminders!.push!.needsJs!)).toBeVisible();
  const visa = page.getByRole("group", { name: en.reminders!.kinds!.visa! });
  await visa.getByRole("checkbox", { name: en.reminders!.channels!.push! }).check();
  await page.getByRole("button", { name: en.reminders!.save as unknown as string }).click();
  await expect(page.getByRole("status").filter({ hasText: en.reminders!.saved as unknown as string })).toBeVisible();
  await page.goto("/mypage/reminders");
  await expect(visa.getByRole("checkbox", { name: en.reminders!.channels!.push! })).toBeChecked();
  await expect(
    page
      .getByRole("group", { name: en.reminders!.kinds!.passport! })
      .getByRole("checkbox", { name: en.reminders!.channels!.push! }),
  ).not.toBeChecked();
});

test("the opt-out link, signed out, turns the channel off in the member's language", async ({
  page,
  browser,
  context,
  baseURL,
}) => {
  const { uid, language } = await signedInMember(context, baseURL!);
  await useLanguage(context, language);
  // The link is opened where another language is set (Korean, or English for a Korean-speaking member).
  const other = language === "ko" ? "en" : "ko";
  const words = my(language);
  await page.goto("/mypage/reminders");
  await page
    .getByRole("group", { name: words.reminders!.kinds!.visa! })
    .getByRole("checkbox", { name: words.reminders!.channels!.push! })
    .check();
  await page.getByRole("button", { name: words.reminders!.save as unknown as string }).click();
  await expect(page.getByRole("status").filter({ hasText: words.reminders!.saved as unknown as string })).toBeVisible();

  const secret = readFileSync(path.join(dataDir(), "session-secret"), "utf8").trim();
  const token = stopToken(secret, { uid, kind: "visa", channel: "push", issuedAt: Date.now() });
  // Another browser, signed out, in another language: the page answers in the member's.
  const stranger = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  await useLanguage(stranger, other);
  const tab = await stranger.newPage();
  await tab.goto(`/reminders/stop?t=${token}`);
  await expect(tab).toHaveURL(new RegExp(`lng=${language}$`));
  await expect(tab.locator("html")).toHaveAttribute("lang", language);
  await expect(tab.getByText(words.reminders!.stop!.intro!)).toBeVisible();
  await expect(tab.getByText(words.reminders!.kinds!.visa!)).toBeVisible();
  await tab.getByRole("button", { name: words.reminders!.stop!.confirm! }).click();
  await expect(tab.getByText(words.reminders!.stop!.done!)).toBeVisible();
  await tab.goto(`/reminders/stop?t=${token}`);
  await expect(tab.getByText(words.reminders!.stop!.used!)).toBeVisible();
  await stranger.close();

  await page.goto("/mypage/reminders");
  await expect(
    page
      .getByRole("group", { name: words.reminders!.kinds!.visa! })
      .getByRole("checkbox", { name: words.reminders!.channels!.push! }),
  ).not.toBeChecked();
});

test("a forged opt-out link says it is not valid", async ({ page, context }) => {
  await useLanguage(context, "en");
  const response = await page.goto(`/reminders/stop?t=${"A".repeat(60)}`);
  expect(response?.status()).toBe(400);
  await expect(page.getByText(my("en").reminders!.stop!.invalid!)).toBeVisible();
});

test("with JavaScript, the page subscribes this browser and lists it", async ({ page, context, baseURL }) => {
  test.skip(!test.info().project.use.javaScriptEnabled, "subscribing needs JavaScript");
  await useLanguage(context, "en");
  await context.grantPermissions(["notifications"]);
  await signedInMember(context, baseURL!);
  // The browser's own push service is unreachable here: subscribe answers the test's subscription.
  await context.addInitScript(() => {
    const made = {
      endpoint: "http://127.0.0.1:9/push/e2e-device",
      keys: {
        p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
        auth: "tBHItJI5svbpez7KI4CCXg",
      },
    };
    PushManager.prototype.subscribe = async function () {
      return { ...made, toJSON: () => made } as unknown as PushSubscription;
    };
  });
  const en = my("en");
  await page.goto("/mypage/reminders");
  await page.getByRole("button", { name: en.reminders!.push!.subscribe! }).click();
  await expect(page.getByText(en.reminders!.push!.subscribed!)).toBeVisible();
  await expect(page.getByText("127.0.0.1:9")).toBeVisible();
  await expect(page.getByText(en.reminders!.push!.noDevices!)).toHaveCount(0);
  const registration = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/"))?.scope);
  expect(registration).toBe(`${baseURL}/`);
});

test("the service worker shows a pushed reminder in the member's language and direction (en, ur)", async ({
  page,
  context,
  baseURL,
}) => {
  test.skip(!test.info().project.use.javaScriptEnabled, "a service worker needs JavaScript");
  await useLanguage(context, "en");
  await context.grantPermissions(["notifications"]);
  await page.goto("/language");
  await page.evaluate(async () => {
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
  });
  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<string>((resolve) => {
    cdp.on(
      "ServiceWorker.workerRegistrationUpdated",
      (event: { registrations: Array<{ registrationId: string; scopeURL: string }> }) => {
        const ours = event.registrations.find((r) => r.scopeURL === `${baseURL}/`);
        if (ours) resolve(ours.registrationId);
      },
    );
  });
  await cdp.send("ServiceWorker.enable");
  const registrationId = await registrations;
  for (const lng of ["en", "ur"]) {
    const inbox = strings(lng) as unknown as {
      push: Record<string, string>;
      messages: { visa: Record<string, string> };
    };
    const message = {
      title: inbox.push.visa,
      body: inbox.messages.visa.oneWeek!.replace("{{date}}", "2027-01-31"),
      url: `${baseURL}/mypage/visa?lng=${lng}`,
      lang: lng,
      dir: lng === "ur" ? "rtl" : "ltr",
    };
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: baseURL!,
      registrationId,
      data: JSON.stringify(message),
    });
    await expect
      .poll(() =>
        page.evaluate(async (title) => {
          const registration = await navigator.serviceWorker.ready;
          const shown = (await registration.getNotifications()).find((n) => n.title === title);
          return shown
            ? { title: shown.title, body: shown.body, lang: shown.lang, dir: shown.dir, url: shown.data?.url }
            : null;
        }, message.title),
      )
      .toEqual({ title: message.title, body: message.body, lang: lng, dir: message.dir, url: message.url });
  }
});
