/**
 * The re-consent gate in a real browser, with JavaScript on and off (the two projects): a member who agreed to
 * the first version of a required document meets its new version on their next visit to a member page, is told
 * what declining means, agrees, and lands on the page they asked for. A new version in force applies to every
 * member, so this spec runs its own server (tests/support/server.ts) and leaves the shared one to the others.
 */
import path from "node:path";
import { expect, test } from "@playwright/test";
import { openSqliteStores } from "~/infra/sqlite/stores.server";
import { formatDate } from "~/lib/format";
import { joinOverHttp } from "../support/join";
import { startServer, type RunningServer } from "../support/server";
import { strings, useLanguage } from "./helpers";

const en = strings("en") as unknown as {
  termsUpdate: { heading: string; agree: string; decline: string; declined: { heading: string; secede: string } };
  errors: { form: { termsRequired: string } };
};

let server: RunningServer;
const version = `e2e-${formatDate(Date.now())}`;

test.beforeAll(async () => {
  // Bounded by the server's own start deadlines (its Auth emulator's), not a blanket minute (decision 0051).
  test.setTimeout(0);
  server = await startServer({ RATE_LIMIT_ALL: "100000", SMS_DAILY_CAP_PER_CLIENT: "100000" });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Publishes a new required version of the privacy consent, in force today, as the content import would. */
async function publishPrivacyVersion() {
  const stores = openSqliteStores(path.join(server.dataDir, "klife.sqlite"));
  try {
    const now = Date.now();
    const first = (await stores.terms.version("privacy", "2026-11-01"))!;
    const texts = {
      ...first.texts,
      en: { ...first.texts.en!, summary: "Records are now kept for one year after you leave." },
    };
    await stores.terms.save(
      { document: "privacy", version, effectiveOn: formatDate(now), required: true, texts },
      now,
      formatDate(now),
    );
    await stores.terms.publish("privacy", version, now);
  } finally {
    await stores.close();
  }
}

test("a new required version: declined, then agreed, and on to the page asked for", async ({ page, context }) => {
  await useLanguage(context, "en");
  const joined = await joinOverHttp(server.url, server.dataDir, { name: "Gate Keeper" });
  await context.addCookies(
    joined.cookies.split("; ").map((pair) => {
      const [name, ...value] = pair.split("=");
      return { name: name!, value: value.join("="), url: server.url };
    }),
  );
  await publishPrivacyVersion();

  await page.goto(`${server.url}/mypage/visa`);
  await expect(page).toHaveURL(/\/member\/termsUpdate\?redirectTo=%2Fmypage%2Fvisa$/);
  await expect(page.getByRole("heading", { level: 2, name: en.termsUpdate.heading })).toBeVisible();
  await expect(page.getByText("Records are now kept for one year after you leave.")).toBeVisible();

  // Agreeing without the box is refused; declining says what it means.
  await page.getByRole("button", { name: en.termsUpdate.agree }).click();
  await expect(page.getByText(en.errors.form.termsRequired)).toBeVisible();
  await page.getByRole("button", { name: en.termsUpdate.decline }).click();
  await expect(page.getByRole("heading", { name: en.termsUpdate.declined.heading })).toBeVisible();
  await expect(page.getByRole("link", { name: en.termsUpdate.declined.secede })).toHaveAttribute(
    "href",
    "/mypage/secede",
  );
  await page.goto(`${server.url}/noti`);
  await expect(page).toHaveURL(/\/member\/termsUpdate\?redirectTo=%2Fnoti$/);

  await page.goto(`${server.url}/member/termsUpdate?redirectTo=%2Fmypage%2Fvisa`);
  await page.getByRole("checkbox", { name: /Collection and use of personal information/ }).check();
  await page.getByRole("button", { name: en.termsUpdate.agree }).click();
  await expect(page).toHaveURL(/\/mypage\/visa$/);
  await page.goto(`${server.url}/noti`);
  await expect(page).toHaveURL(/\/noti$/);
});
