/**
 * The passport's expiry date on /mypage/visa (issue 42), through its loader and action as a browser without
 * JavaScript posts the form: optional, a date that is not one or one gone by refused with its own message and the
 * input kept, a good one stored for the member (and an empty one removing it); the stored date is what the passport
 * reminders follow: a member who chose texts for the passport gets one 6 months before it, once.
 * Real Auth emulator, temporary database, local mode's real text outbox.
 */
import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { addMonths, format, parseISO } from "date-fns";
import { afterAll, describe, expect, it } from "vitest";
import { i18nFor } from "~/i18n/instances.server";
import { readOutbox } from "~/infra/sms/sender.server";
import { formatDate } from "~/lib/format";
import { translateFormMessage } from "~/lib/formMessage";
import { action, loader } from "~/routes/mypage.visa._index";
import { periodicJobs } from "~/server/jobs.server";
import { run, type Jar } from "../support/jar";
import { registerMember, signedInJar } from "../support/members";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());

type Route = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;
type Reply = { saved?: true; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };

let seq = 0;
const freshPhone = () => `+8210${String(70_000_000 + (Date.now() % 100_000) * 10 + (seq++ % 10)).padStart(8, "0")}`;

async function member(language = "en") {
  const { uid } = await services.identity.admin.auth.createUser({ email: `passport-${randomUUID()}@example.com` });
  const phoneNumber = freshPhone();
  await registerMember(services, uid, { language, phoneNumber });
  return { uid, phoneNumber, jar: await signedInJar(services, uid) };
}

// A form posted to an index route carries ?index, as Remix's <Form> writes its action.
const post = (jar: Jar, passportExpiry: string) =>
  run(() =>
    (action as Route)({
      request: new Request("http://x/mypage/visa?index", {
        method: "POST",
        body: new URLSearchParams({ passportExpiry }),
        headers: { Cookie: jar.header, "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params: {},
      context,
    }),
  );

const page = async (jar: Jar) => {
  const response = await run(() =>
    (loader as Route)({
      request: new Request("http://x/mypage/visa", { headers: { Cookie: jar.header } }),
      params: {},
      context,
    }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { passportExpiry: string; today: string };
};

const today = formatDate(new Date());
/** The 15th of the month `months` ahead (so its months-before fall on the 15th too). */
const fifteenth = (months: number) => `${format(addMonths(parseISO(today), months), "yyyy-MM")}-15`;

describe("the passport's expiry on /mypage/visa", () => {
  it("refuses a date that is not one and a date gone by, each with its message in the member's words, keeping what was typed", async () => {
    const { uid, jar } = await member();
    const t = (await i18nFor("ko")).getFixedT("ko", "common");
    const yesterday = formatDate(Date.now() - 86_400_000);
    for (const [typed, message] of [
      ["2027-02-30", "errors.form.invalidDate"],
      ["31/12/2030", "errors.form.invalidDate"],
      [yesterday, "errors.form.passportExpiryPast"],
    ] as const) {
      const response = await post(jar, typed);
      expect(response.status, typed).toBe(400);
      const reply = (await response.json()) as Reply;
      expect(reply.error?.passportExpiry, typed).toEqual([message]);
      expect(reply.initialValue?.passportExpiry, typed).toBe(typed);
      // A message of its own, translated (never the key, never the residence card's wording).
      const text = translateFormMessage(t, message) ?? "";
      expect(text).toBeTruthy();
      expect(text).not.toContain("errors.");
    }
    expect(translateFormMessage(t, "errors.form.passportExpiryPast")).toContain("여권");
    expect((await services.stores.members.profile(uid))?.passportExpiresOn).toBeNull();
  });

  it("stores a good date for the member only, shows it, and removes it when emptied", async () => {
    const { uid, jar } = await member();
    const other = await member();
    const date = fifteenth(20);
    const saved = await post(jar, date);
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as Reply).saved).toBe(true);
    expect((await services.stores.members.profile(uid))?.passportExpiresOn).toBe(date);
    expect((await services.stores.members.profile(other.uid))?.passportExpiresOn).toBeNull();
    expect((await page(jar)).passportExpiry).toBe(date);
    expect((await page(other.jar)).passportExpiry).toBe("");
    expect((await post(jar, "")).status).toBe(200);
    expect((await services.stores.members.profile(uid))?.passportExpiresOn).toBeNull();
  });

  it("is the date the passport reminders follow: a text 6 months before it, once", async () => {
    const { uid, phoneNumber, jar } = await member();
    const expiry = fifteenth(9);
    expect((await post(jar, expiry)).status).toBe(200);
    await services.stores.reminders.setChoices(
      uid,
      [{ kind: "passport", channel: "sms", on: true }],
      Date.now(),
      "page",
    );
    const deliver = periodicJobs(services).find((job) => job.name === "reminders.deliver")!;
    const sixMonthsBefore = Date.parse(`${fifteenth(3)}T08:30:00+09:00`);
    const textsTo = () => readOutbox(services.dataDir).filter((text) => text.to === phoneNumber);
    // The day before: nothing yet.
    await deliver.run(sixMonthsBefore - 86_400_000);
    expect(textsTo()).toHaveLength(0);
    expect(await deliver.run(sixMonthsBefore)).toMatchObject({ sent: 1, failed: 0 });
    expect(await deliver.run(sixMonthsBefore + 60 * 60_000)).toMatchObject({ sent: 0 });
    const texts = textsTo();
    expect(texts).toHaveLength(1);
    const en = (await i18nFor("en")).getFixedT("en", "inbox");
    expect(texts[0]!.text).toContain(en("messages.passport.sixMonths", { date: expiry }));
  });
});
