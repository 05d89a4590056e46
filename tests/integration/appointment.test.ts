/**
 * A member's appointment at an immigration office (issue 43) through /mypage/visa/appointment's loader and action,
 * as a browser without JavaScript posts the form, against the real Auth emulator and a temporary database: a good
 * one stored for the member only and shown on home and on my visa; one in the past, at 03:00 or at an office not on
 * the list refused with its own translated message and the input kept; changed and deleted.
 */
import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, describe, expect, it } from "vitest";
import { i18nFor } from "~/i18n/instances.server";
import { translateFormMessage } from "~/lib/formMessage";
import { action, loader } from "~/routes/mypage.visa.appointment";
import { loader as homeLoader } from "~/routes/_index";
import { loader as myVisaLoader } from "~/routes/mypage.visa._index";
import { run, type Jar } from "../support/jar";
import { registerMember, signedInJar } from "../support/members";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());

type Route = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;
type Reply = {
  status?: string;
  saved?: true;
  error?: Record<string, string[] | null>;
  initialValue?: Record<string, unknown>;
};
type View = { office: { id: string; ko: string; en: string } | null; date: string; time: string } | null;

async function member() {
  const { uid } = await services.identity.admin.auth.createUser({ email: `appt-${randomUUID()}@example.com` });
  await registerMember(services, uid, {});
  return { uid, jar: await signedInJar(services, uid) };
}

const post = (jar: Jar, fields: Record<string, string>) =>
  run(() =>
    (action as Route)({
      request: new Request("http://x/mypage/visa/appointment", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: jar.header, "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params: {},
      context,
    }),
  );

const get = async (route: Route, path: string, jar: Jar) => {
  const response = await run(() =>
    route({ request: new Request(`http://x${path}`, { headers: { Cookie: jar.header } }), params: {}, context }),
  );
  expect(response.status, path).toBe(200);
  return (await response.json()) as { appointment: View };
};

/** A weekday a few weeks ahead, as Seoul's date. */
function weekdayAhead(days: number) {
  const at = new Date(Date.now() + 9 * 3600_000 + days * 86_400_000);
  while (at.getUTCDay() === 0 || at.getUTCDay() === 6) at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

describe("/mypage/visa/appointment", () => {
  it("sends a visitor to sign in", async () => {
    const response = await run(() =>
      (loader as Route)({ request: new Request("http://x/mypage/visa/appointment"), params: {}, context }),
    );
    expect(response.status).toBe(302);
  });

  it("refuses the past, 03:00 and an unknown office, each with its translated message, keeping the input", async () => {
    const { uid, jar } = await member();
    const t = (await i18nFor("ko")).getFixedT("ko", "common");
    const day = weekdayAhead(20);
    for (const [fields, field, message] of [
      [{ office: "suwon", date: "2020-03-02", time: "10:00" }, "date", "errors.form.appointmentPast"],
      [{ office: "suwon", date: day, time: "03:00" }, "time", "errors.form.appointmentHours"],
      [{ office: "atlantis", date: day, time: "10:00" }, "office", "errors.form.appointmentOffice"],
      [{ office: "suwon", date: "2027-02-30", time: "10:00" }, "date", "errors.form.appointmentDate"],
      [{ office: "suwon", date: day, time: "ten" }, "time", "errors.form.appointmentTime"],
    ] as const) {
      const response = await post(jar, fields);
      expect(response.status, message).toBe(400);
      const reply = (await response.json()) as Reply;
      expect(reply.error?.[field], message).toEqual([message]);
      expect(reply.initialValue, message).toMatchObject(fields);
      const text = translateFormMessage(t, message) ?? "";
      expect(text).toBeTruthy();
      expect(text).not.toContain("errors.");
    }
    expect(await services.stores.reminders.appointment(uid)).toBeNull();
  });

  it("stores a good one for the member only, shows it on the page, on home and on my visa, and changes and deletes it", async () => {
    const { uid, jar } = await member();
    const other = await member();
    const day = weekdayAhead(14);
    const saved = await post(jar, { office: "ansan", date: day, time: "10:30" });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as Reply).saved).toBe(true);
    const stored = await services.stores.reminders.appointment(uid);
    expect(stored?.office).toBe("ansan");
    expect(stored?.startsAt).toBe(Date.parse(`${day}T10:30:00+09:00`));
    expect(await services.stores.reminders.appointment(other.uid)).toBeNull();

    const expected = { office: { id: "ansan", ko: "안산출장소", en: "Ansan Branch Office" }, date: day, time: "10:30" };
    expect((await get(loader as Route, "/mypage/visa/appointment", jar)).appointment).toEqual(expected);
    expect((await get(homeLoader as Route, "/?lng=en", jar)).appointment).toEqual(expected);
    expect((await get(homeLoader as Route, "/?lng=en", other.jar)).appointment).toBeNull();
    expect((await get(myVisaLoader as Route, "/mypage/visa", jar)).appointment).toEqual(expected);

    // A change is a new appointment (a new id: reminders of the old time are never sent for it).
    expect((await post(jar, { office: "seoul", date: day, time: "14:00" })).status).toBe(200);
    const changed = await services.stores.reminders.appointment(uid);
    expect(changed?.office).toBe("seoul");
    expect(changed?.id).not.toBe(stored?.id);

    const deleted = await post(jar, { intent: "delete" });
    expect(deleted.status).toBe(200);
    expect(await services.stores.reminders.appointment(uid)).toBeNull();
    expect((await get(homeLoader as Route, "/?lng=en", jar)).appointment).toBeNull();
  });
});
