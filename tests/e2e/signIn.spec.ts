/** Signing in with an ID and signing out, with and without JavaScript. */
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { joinOverHttp } from "../support/join";
import { hideTodayPopup, strings } from "./helpers";

interface Texts {
  member: {
    start: { withId: string };
    startId: { email: string; password: string; submit: string };
  };
  errors: { form: { signInFailed: string; invalidEmail: string; required: string; tryAgainIn: string } };
  nav: { signOut: string };
}
const en = strings("en") as unknown as Texts;
const password = "a long enough passphrase";

/** A member who joined with an ID (over HTTP; the sign-up screens have their own tests). */
async function newMember(baseURL: string) {
  const email = `e2e-${randomUUID()}@example.com`;
  await joinOverHttp(baseURL, process.env.E2E_DATA_DIR!, { email, password });
  return email;
}

test.beforeEach(async ({ context }) => {
  await hideTodayPopup(context);
  await context.addCookies([{ name: "lng", value: Buffer.from('"en"').toString("base64"), url: "http://127.0.0.1" }]);
});

test("a member signs in with an ID, comes back where they were, and signs out", async ({ page, baseURL }) => {
  const email = await newMember(baseURL!);
  await page.goto("/member/start?redirectTo=%2Fshop");
  await page.getByRole("link", { name: en.member.start.withId }).click();
  await expect(page).toHaveURL(/\/member\/startId\?redirectTo=%2Fshop$/);

  await page.getByLabel(en.member.startId.email).fill(email);
  await page.getByLabel(en.member.startId.password).fill("not the password");
  await page.getByRole("button", { name: en.member.startId.submit }).click();
  await expect(page.getByRole("alert")).toHaveText(en.errors.form.signInFailed);
  await expect(page.getByLabel(en.member.startId.email)).toHaveValue(email);
  await expect(page.getByLabel(en.member.startId.password)).toHaveValue("");

  await page.getByLabel(en.member.startId.password).fill(password);
  await page.getByRole("button", { name: en.member.startId.submit }).click();
  await expect(page).toHaveURL(/\/shop$/);

  await page.goto("/");
  await page.getByRole("button", { name: en.nav.signOut }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: en.nav.signOut })).toHaveCount(0);
  // The start screen is offered again.
  await page.goto("/member/startId");
  await expect(page.getByLabel(en.member.startId.email)).toBeVisible();
});

test("field problems are explained next to the fields, in the visitor's language", async ({ page }) => {
  await page.goto("/member/startId?lng=ko");
  const ko = strings("ko") as unknown as Texts;
  await page.getByLabel(ko.member.startId.email).fill("not-an-email");
  await page.getByRole("button", { name: ko.member.startId.submit }).click();
  await expect(page.getByText(ko.errors.form.invalidEmail)).toBeVisible();
  await expect(page.getByText(ko.errors.form.required)).toBeVisible();
  await expect(page.getByLabel(ko.member.startId.email)).toHaveValue("not-an-email");
});

test("an ID tried past its limit is told in the form how long to wait, with the ID kept", async ({ page }) => {
  // An ID with no account: each try is refused without counting as a wrong password.
  const email = `e2e-limit-${randomUUID()}@example.com`;
  await page.goto("/member/startId");
  const [before, after] = en.errors.form.tryAgainIn.split("{{seconds}}");
  const waitMessage = new RegExp(`^${escape(before!)}\\d+${escape(after!)}$`);
  // The e2e server allows 8 posts per ID a minute (playwright.config.ts): the 9th is held.
  const passwordField = page.getByLabel(en.member.startId.password);
  for (let i = 0; i < 9; i++) {
    await page.getByLabel(en.member.startId.email).fill(email);
    await passwordField.fill(password);
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/member/startId"),
      page.getByRole("button", { name: en.member.startId.submit }).click(),
    ]);
    // Each refusal leaves the password out of the page: the next try starts from an empty field.
    await expect(passwordField).toHaveValue("");
  }
  await expect(page.getByRole("alert")).toHaveText(waitMessage);
  await expect(page).toHaveURL(/\/member\/startId/);
  await expect(page.getByLabel(en.member.startId.email)).toHaveValue(email);
  // Never the error page.
  await expect(page.getByText("500", { exact: true })).toHaveCount(0);
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
