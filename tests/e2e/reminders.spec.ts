/**
 * The reminders in a real browser, with JavaScript on and off (the two projects, issue 42): a member reaches
 * /mypage/reminders from my page, ticks a channel and saves it. A reminder then goes the whole way, through the
 * delivery job run by hand (`npm run jobs -- run reminders.deliver --now …`, the built command in its own process)
 * against the server's own data directory: pushed to a push service of the test's own on
 * loopback (the page's subscribe answers the test's subscription, whose keys the test made), decrypted there,
 * handed to the real service worker through the DevTools protocol and shown in the member's language and
 * direction (en, ur), tapping through to the reminder's page; texted with an opt-out link that, opened signed out
 * in another language, speaks the member's, turns the channel off on one tap and is good once. A forged link says so.
 */
import { execFile } from "node:child_process";
import { createECDH, randomBytes, randomUUID, type ECDH } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import ece from "http_ece";
import { expect, test, type BrowserContext } from "@playwright/test";
import { outboxFile } from "~/infra/sms/sender.server";
import { joinOverHttp } from "../support/join";
import { hideTodayPopup, strings, useLanguage, waitForHydration } from "./helpers";

type Groups = Record<string, Record<string, Record<string, string>>>;
const my = (lng: string) => strings(lng) as unknown as Groups;
const dataDir = () => process.env.E2E_DATA_DIR!;
const DAY = 24 * 60 * 60 * 1000;

/** The day ("yyyy-mm-dd") in Seoul `days` from today. */
const seoulDay = (days: number) => new Date(Date.now() + 9 * 60 * 60 * 1000 + days * DAY).toISOString().slice(0, 10);
/** 10:00 in Seoul a week before `expiry`: when the "one week left" reminder is due (outside the quiet hours). */
const oneWeekBefore = (expiry: string) => {
  const day = new Date(Date.parse(`${expiry}T00:00:00Z`) - 7 * DAY).toISOString().slice(0, 10);
  return Date.parse(`${day}T10:00:00+09:00`);
};

/**
 * A member joined over HTTP (the ID flow, with a verified number) and signed in in `context`: the browser that
 * joined asked for `language` (Accept-Language), which becomes the member's; a stay ending on `visaExpiry`.
 */
async function signedInMember(
  context: BrowserContext,
  baseURL: string,
  options: { language?: string; visaExpiry?: string } = {},
) {
  const joined = await joinOverHttp(baseURL, dataDir(), {
    email: `reminders-${randomUUID()}@example.com`,
    name: "Reminder Member",
    visa: "E-9",
    ...(options.visaExpiry ? { visaExpiry: options.visaExpiry } : {}),
    headers: options.language ? { "Accept-Language": options.language } : {},
  });
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

/**
 * Every run covers every member of the shared server: the tests' expiry dates lie more than the four months of a
 * stay's reminders apart, so one test's run at its reminder's time finds no other test's member due.
 *
 * One run of the delivery job at `at` as an operator runs it by hand: `npm run jobs -- run reminders.deliver --now
 * <time>`, that is the built command (build/jobs.js, what the npm script runs after bundling it) in its own
 * process, with the server's configuration (its data directory, host and port). It opens the same SQLite file, the
 * same secret and VAPID keys and the same outbox; the server keeps running, and the job's claims keep every delivery
 * single across its runs and these. Its one JSON line is returned.
 */
function deliverRemindersAt(baseURL: string, at: number): Promise<Record<string, unknown>> {
  const url = new URL(baseURL);
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.resolve("build/jobs.js"), "run", "reminders.deliver", "--now", new Date(at).toISOString()],
      {
        cwd: os.tmpdir(),
        timeout: 60_000,
        env: {
          NODE_ENV: "production",
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? os.tmpdir(),
          DATA_DIR: dataDir(),
          HOST: url.hostname,
          PORT: url.port,
        },
      },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`npm run jobs failed: ${error.message}\n${stderr}`));
        const lines = stdout.trim().split("\n");
        if (lines.length !== 1) return reject(new Error(`npm run jobs printed ${lines.length} lines:\n${stdout}`));
        resolve(JSON.parse(lines[0]!) as Record<string, unknown>);
      },
    );
  });
}

/** A push service of the test's own on loopback: it keeps every request and answers 201 Created. */
async function pushService() {
  const received: Array<{ path: string; headers: http.IncomingHttpHeaders; body: Buffer }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's push subscription on `endpoint`: its own P-256 key pair and authentication secret. */
function browserKeys(endpoint: string): { ecdh: ECDH; auth: Buffer; json: PushSubscriptionJSON } {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    },
  };
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

test("the opt-out link of a texted reminder, signed out, turns texts off in the member's language, once", async ({
  page,
  browser,
  context,
  baseURL,
}) => {
  // A Vietnamese member: the text is a Korean and an English line, the link's page is in Vietnamese.
  const expiry = seoulDay(680);
  const member = await signedInMember(context, baseURL!, { language: "vi", visaExpiry: expiry });
  expect(member.language).toBe("vi");
  await useLanguage(context, "vi");
  const words = my("vi");
  const sms = () =>
    page
      .getByRole("group", { name: words.reminders!.kinds!.visa! })
      .getByRole("checkbox", { name: words.reminders!.channels!.sms! });
  await page.goto("/mypage/reminders");
  await sms().check();
  await page.getByRole("button", { name: words.reminders!.save as unknown as string }).click();
  await expect(page.getByRole("status").filter({ hasText: words.reminders!.saved as unknown as string })).toBeVisible();

  expect(await deliverRemindersAt(baseURL!, oneWeekBefore(expiry))).toMatchObject({ failed: 0 });
  const texts = readFileSync(outboxFile(dataDir()), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .filter((m) => m.to === member.e164 && m.text.includes("/reminders/stop?t="));
  expect(texts).toHaveLength(1);
  expect(texts[0]!.text).toContain(expiry);
  const link = new URL(/https?:\/\/\S+\/reminders\/stop\?t=\S+/.exec(texts[0]!.text)![0]);

  // Another browser, signed out, in English: the page answers in the member's language.
  const stranger = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  await useLanguage(stranger, "en");
  const tab = await stranger.newPage();
  await tab.goto(`${link.pathname}${link.search}`);
  await expect(tab).toHaveURL(/lng=vi$/);
  await expect(tab.locator("html")).toHaveAttribute("lang", "vi");
  await expect(tab.getByText(words.reminders!.stop!.intro!)).toBeVisible();
  await expect(tab.getByText(words.reminders!.kinds!.visa!)).toBeVisible();
  await expect(tab.getByText(words.reminders!.channels!.sms!)).toBeVisible();
  await tab.getByRole("button", { name: words.reminders!.stop!.confirm! }).click();
  await expect(tab.getByText(words.reminders!.stop!.done!)).toBeVisible();
  // Good once: the same link again changes nothing and says the texts are off already.
  await tab.goto(`${link.pathname}${link.search}`);
  await expect(tab.getByText(words.reminders!.stop!.used!)).toBeVisible();
  await expect(tab.getByRole("button", { name: words.reminders!.stop!.confirm! })).toHaveCount(0);
  await stranger.close();

  await page.goto("/mypage/reminders");
  await expect(sms()).not.toBeChecked();
});

test("a forged opt-out link says it is not valid", async ({ page, context }) => {
  await useLanguage(context, "en");
  const response = await page.goto(`/reminders/stop?t=${"A".repeat(60)}`);
  expect(response?.status()).toBe(400);
  await expect(page.getByText(my("en").reminders!.stop!.invalid!)).toBeVisible();
});

for (const [lng, dir, days] of [
  ["en", "ltr", 400],
  ["ur", "rtl", 540],
] as const) {
  test(`a pushed reminder reaches the service worker and shows in the member's language (${lng}, ${dir})`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.skip(!test.info().project.use.javaScriptEnabled, "subscribing and the service worker need JavaScript");
    const push = await pushService();
    try {
      const expiry = seoulDay(days);
      const member = await signedInMember(context, baseURL!, { language: lng, visaExpiry: expiry });
      expect(member.language).toBe(lng);
      await useLanguage(context, lng);
      await context.grantPermissions(["notifications"]);
      // The browser's own push service is unreachable here: subscribe answers the test's subscription.
      const device = browserKeys(`${push.origin}/push/${lng}-${randomUUID()}`);
      await context.addInitScript((made) => {
        PushManager.prototype.subscribe = async function () {
          return { ...made, toJSON: () => made } as unknown as PushSubscription;
        };
      }, device.json);
      const words = my(lng);

      await page.goto("/mypage/reminders");
      await waitForHydration(page);
      await page
        .getByRole("group", { name: words.reminders!.kinds!.visa! })
        .getByRole("checkbox", { name: words.reminders!.channels!.push! })
        .check();
      await page.getByRole("button", { name: words.reminders!.save as unknown as string }).click();
      await expect(
        page.getByRole("status").filter({ hasText: words.reminders!.saved as unknown as string }),
      ).toBeVisible();
      await page.getByRole("button", { name: words.reminders!.push!.subscribe! }).click();
      await expect(page.getByText(words.reminders!.push!.subscribed!)).toBeVisible();
      // The server keeps it: the page drawn anew lists the device.
      await page.reload();
      await expect(page.getByText(new URL(push.origin).host)).toBeVisible();
      await expect(page.getByText(words.reminders!.push!.noDevices!)).toHaveCount(0);

      // The job, at the reminder's time, pushes it once to the device; a second run sends nothing more.
      const at = oneWeekBefore(expiry);
      expect(await deliverRemindersAt(baseURL!, at)).toMatchObject({ job: "reminders.deliver", failed: 0 });
      expect(await deliverRemindersAt(baseURL!, at + 15 * 60 * 1000)).toMatchObject({ failed: 0 });
      const mine = push.received.filter((r) => `${push.origin}${r.path}` === device.json.endpoint);
      expect(mine).toHaveLength(1);
      const request = mine[0]!;
      expect(request.headers["content-encoding"]).toBe("aes128gcm");
      const vapidKey = await (await page.request.get("/push/vapidPublicKey")).text();
      expect(request.headers.authorization).toMatch(new RegExp(`^vapid t=[^,]+, k=${vapidKey}$`));
      const payload = ece
        .decrypt(request.body, { version: "aes128gcm", privateKey: device.ecdh, authSecret: device.auth })
        .toString("utf8");

      // The service worker the page registered gets what the push service received.
      const cdp = await context.newCDPSession(page);
      const registrationId = new Promise<string>((resolve) => {
        cdp.on(
          "ServiceWorker.workerRegistrationUpdated",
          (event: { registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> }) => {
            const ours = event.registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
            if (ours) resolve(ours.registrationId);
          },
        );
      });
      await cdp.send("ServiceWorker.enable");
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin: baseURL!,
        registrationId: await registrationId,
        data: payload,
      });

      const inbox = strings(lng) as unknown as { push: Record<string, string>; messages: Groups["messages"] };
      const title = inbox.push.visa!;
      // Shown in the member's language and direction; a tap opens the reminder's page (the period of stay) in it.
      await expect
        .poll(() =>
          page.evaluate(async (title) => {
            const registration = await navigator.serviceWorker.ready;
            const found = (await registration.getNotifications()).find((n) => n.title === title);
            if (!found) return null;
            const tap = new URL(String(found.data?.url));
            const stop = new URL(String(found.data?.stop));
            return {
              title: found.title,
              body: found.body,
              lang: found.lang,
              dir: found.dir,
              tap: tap.pathname + tap.search,
              stop: stop.pathname,
              actions: ((found as unknown as { actions?: { action: string; title: string }[] }).actions ?? []).map(
                (a) => `${a.action}:${a.title}`,
              ),
            };
          }, title),
        )
        .toEqual({
          title,
          body: inbox.messages.visa!.oneWeek!.replace("{{date}}", expiry),
          lang: lng,
          dir,
          tap: `/mypage/visa?lng=${lng}`,
          // The opt-out every push carries, as the notification's action in the member's language.
          stop: "/reminders/stop",
          actions: [`stop:${(strings(lng) as unknown as { titles: Record<string, string> }).titles.stopReminders}`],
        });
    } finally {
      await push.close();
    }
  });
}
