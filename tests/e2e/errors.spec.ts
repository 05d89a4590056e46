/** 404s from route boundaries, translated. */
import { expect, test } from "@playwright/test";
import { strings } from "./helpers";

test("an unknown route answers 404 with its path, from the route boundary", async ({ page }) => {
  const response = await page.goto("/member/nowhere?lng=ko");
  expect(response?.status()).toBe(404);
  const ko = strings("ko").errors!;
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: ko.notFoundTitle })).toBeVisible();
  await expect(page.getByText(ko.notFoundPath!.replace("{{path}}", "/member/nowhere"))).toBeVisible();
  await expect(page.getByRole("link", { name: ko.goHome })).toHaveAttribute("href", "/");
});

test("a route parameter that fails validation answers 404", async ({ request }) => {
  for (const path of [
    "/locales/xx/common.json",
    "/locales/en/secrets.json",
    "/locales/..%2F..%2Fpackage.json/common.json",
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
  }
  expect((await request.get("/locales/ko/common.json")).status()).toBe(200);
});
