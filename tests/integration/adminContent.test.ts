/**
 * The admin forms of benefits, offers and terms versions through their loaders and
 * actions, against the real Auth emulator and a temporary database: 404 for
 * visitors and members (reads and posts, nothing written), an admin creating and
 * editing each (the shipped benefits too), the audit log entries, bad input answered
 * at its field with everything typed kept (hostile text, huge fields, unknown
 * languages, codes with SQL or path characters), and a terms version in force
 * refused as the import refuses it.
 */
import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSession } from "~/auth/session.server";
import { benefitsKind } from "~/benefits/benefitsKind.server";
import { seedKind } from "~/content/kind.server";
import { formatDate } from "~/lib/format";
import { loader as auditLoader } from "~/routes/admin.audit";
import { loader as benefitsLoader } from "~/routes/admin.benefits._index";
import { action as benefitEdit, loader as benefitEditLoader } from "~/routes/admin.benefits.edit";
import { loader as offersLoader } from "~/routes/admin.offers._index";
import { action as offerEdit, loader as offerEditLoader } from "~/routes/admin.offers.edit";
import { action as termsAction, loader as termsLoader } from "~/routes/admin.terms._index";
import { action as termsEdit, loader as termsEditLoader } from "~/routes/admin.terms.edit";
import { termsKind } from "~/terms/termsKind.server";
import { Jar, run } from "../support/jar";
import { registerMember } from "../support/members";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
beforeAll(async () => {
  await seedKind(services.stores, termsKind);
  await seedKind(services.stores, benefitsKind);
});
afterAll(() => services.cleanup());

type Route = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;
const call = (route: Route, request: Request) => run(() => route({ request, params: {}, context }));
const load = (route: Route, url: string, jar = new Jar()) =>
  call(route, new Request(`http://x${url}`, { headers: { Cookie: jar.header } }));
const post = (route: Route, url: string, jar: Jar, fields: Record<string, string> | [string, string][]) =>
  call(
    route,
    new Request(`http://x${url}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Cookie: jar.header },
    }),
  );
const body = async <T = Record<string, unknown>>(response: Response) => (await response.json()) as T;

async function member(admin = false, name = "Tran Thi Binh") {
  const { uid } = await services.identity.admin.auth.createUser({ email: `c-${randomUUID()}@example.com` });
  await registerMember(services, uid, { name });
  if (admin) await services.identity.admin.auth.setCustomUserClaims(uid, { admin: true });
  const signedIn = await services.identity.signInAs(uid);
  if (!signedIn.ok) throw new Error("signInAs failed");
  const session = await startSession(services, signedIn.idToken);
  if (!session.ok) throw new Error(`no session: ${session.reason}`);
  const jar = new Jar();
  jar.take(new Response(null, { headers: { "Set-Cookie": session.setCookie } }));
  return { uid, jar };
}

const benefitFields = (itemCd: string): Record<string, string> => ({
  itemCd,
  category: "work",
  order: "5",
  visas: "E-9 H-2",
  link: "https://www.eps.go.kr",
  phones: "1577-0071",
  "hours.days": "weekdays",
  "hours.opens": "09:00",
  "hours.closes": "18:00",
  "languages.count": "",
  "languages.codes": "",
  "source.name": "고용노동부",
  "source.url": "",
  "source.checkedOn": "2026-11-20",
  "translations.ko.name": "외국인 근로자 상담",
  "translations.ko.gives": "근로 상담",
  "translations.ko.eligible": "E-9 근로자",
  "translations.ko.apply": "전화",
  "translations.ko.hoursNote": "",
  // A language block left wholly empty is no translation.
  "translations.en.name": "",
  "translations.en.gives": "",
  "translations.en.eligible": "",
  "translations.en.apply": "",
  "translations.vi.name": "Tư vấn lao động",
  "translations.vi.gives": "Tư vấn",
  "translations.vi.eligible": "Người lao động E-9",
  "translations.vi.apply": "Gọi điện",
});

const offerFields = (itemCd: string): Record<string, string> => ({
  itemCd,
  partner: "K-Mobile",
  link: "https://example.com/sim",
  "priceKrw.min": "33000",
  "priceKrw.max": "",
  checkedOn: "2026-11-21",
  order: "",
  "translations.ko.title": "선불 유심",
  "translations.ko.description": "30일 데이터",
  "translations.ko.priceNote": "30일",
  "translations.ur.title": "پری پیڈ سم",
  "translations.ur.description": "30 دن کا ڈیٹا",
});

const day = (offset: number) => formatDate(Date.now() + offset * 86_400_000);

const termsFields = (version: string, effectiveOn = day(30)): Record<string, string> => ({
  document: "privacy",
  version,
  effectiveOn,
  required: "on",
  "translations.ko.title": "개인정보 수집·이용 동의",
  "translations.ko.summary": "보관 기간을 바꿨어요.",
  "translations.ko.sections": "## 수집 항목\r\n이름, 전화번호\r\n\r\n## 보관 기간\r\n탈퇴 후 30일",
  "translations.en.title": "",
  "translations.en.summary": "",
  "translations.en.sections": "",
  intent: "save",
});

type Reply = { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };

describe("the admin forms of benefits, offers and terms", () => {
  const pages: [string, Route][] = [
    ["/admin/benefits", benefitsLoader],
    ["/admin/benefits/edit", benefitEditLoader],
    ["/admin/offers", offersLoader],
    ["/admin/offers/edit", offerEditLoader],
    ["/admin/terms", termsLoader],
    ["/admin/terms/edit", termsEditLoader],
  ];

  it("are the 404 page for visitors and members, reads and posts alike, and write nothing", async () => {
    const someone = await member();
    for (const jar of [new Jar(), someone.jar]) {
      for (const [path, route] of pages) {
        const response = await load(route, path, jar);
        expect(response.status, path).toBe(404);
        expect(await response.json()).toEqual({ code: "notFound", path });
      }
      expect((await post(benefitEdit, "/admin/benefits/edit", jar, benefitFields("sneaky-b"))).status).toBe(404);
      expect((await post(offerEdit, "/admin/offers/edit", jar, offerFields("sneaky-o"))).status).toBe(404);
      expect((await post(termsEdit, "/admin/terms/edit", jar, termsFields("sneaky-t"))).status).toBe(404);
      const publish = { document: "privacy", version: "2026-11-01", intent: "publish" };
      expect((await post(termsAction, "/admin/terms", jar, publish)).status).toBe(404);
    }
    expect(await services.stores.benefits.byId("sneaky-b")).toBeNull();
    expect(await services.stores.offers.byId("sneaky-o")).toBeNull();
    expect(await services.stores.terms.version("privacy", "sneaky-t")).toBeNull();
  });

  it("let an admin create and edit a benefit, list the shipped ones, and record each change", async () => {
    const admin = await member(true, "Admin Park");
    for (const [path, route] of pages) expect((await load(route, path, admin.jar)).status, path).toBe(200);
    const list = await body<{ items: { itemCd: string }[] }>(await load(benefitsLoader, "/admin/benefits", admin.jar));
    expect(list.items.map((b) => b.itemCd)).toContain("immigration-contact-center");

    const created = await post(benefitEdit, "/admin/benefits/edit", admin.jar, benefitFields("eps-counsel"));
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/admin/benefits");
    const stored = await services.stores.benefits.byId("eps-counsel");
    expect(stored).toMatchObject({
      category: "work",
      order: 5,
      visas: ["E-9", "H-2"],
      phones: ["1577-0071"],
      hours: { days: "weekdays", opens: "09:00", closes: "18:00" },
      languages: null,
      source: { name: "고용노동부", url: null, checkedOn: "2026-11-20" },
    });
    expect(Object.keys(stored!.translations).sort()).toEqual(["ko", "vi"]);

    // The edit form holds what is stored; an edit keeps the code of the address, whatever the form says.
    const form = await body<{ fields: Record<string, unknown> }>(
      await load(benefitEditLoader, "/admin/benefits/edit?itemCd=eps-counsel", admin.jar),
    );
    expect(form.fields).toMatchObject({ itemCd: "eps-counsel", visas: "E-9 H-2", order: "5" });
    const edited = await post(benefitEdit, "/admin/benefits/edit?itemCd=eps-counsel", admin.jar, {
      ...benefitFields("other-code"),
      "hours.days": "always",
      unverified: "phones",
      "languages.count": "20",
      "languages.about": "on",
      "translations.ko.name": "외국인 근로자 상담 (수정)",
    });
    expect(edited.status).toBe(302);
    expect(await services.stores.benefits.byId("other-code")).toBeNull();
    expect(await services.stores.benefits.byId("eps-counsel")).toMatchObject({
      hours: { days: "always" },
      unverified: ["phones"],
      languages: { count: 20, about: true, codes: [] },
    });

    // A shipped benefit is edited like any other.
    const shipped = await services.stores.benefits.byId("immigration-contact-center");
    const shippedForm = await body<{ fields: Record<string, unknown> }>(
      await load(benefitEditLoader, "/admin/benefits/edit?itemCd=immigration-contact-center", admin.jar),
    );
    expect(shippedForm.fields).toMatchObject({ itemCd: "immigration-contact-center", category: shipped!.category });

    const audit = await body<{
      items: { actor: { kind: string; name?: string }; action: string; target: string; summary: string }[];
    }>(await load(auditLoader, "/admin/audit", admin.jar));
    const mine = audit.items.filter((e) => e.target === "benefit eps-counsel");
    expect(mine.map((e) => [e.actor.name, e.action]).sort()).toEqual([
      ["Admin Park", "create"],
      ["Admin Park", "update"],
    ]);
    expect(mine.find((e) => e.action === "update")!.summary).toBe("외국인 근로자 상담 (수정)");
    // The same form again changes nothing and records nothing.
    const again = await post(benefitEdit, "/admin/benefits/edit?itemCd=eps-counsel", admin.jar, {
      ...benefitFields("eps-counsel"),
      "hours.days": "always",
      unverified: "phones",
      "languages.count": "20",
      "languages.about": "on",
      "translations.ko.name": "외국인 근로자 상담 (수정)",
    });
    expect(again.status).toBe(302);
    const after = await body<{ items: { target: string }[] }>(await load(auditLoader, "/admin/audit", admin.jar));
    expect(after.items.filter((e) => e.target === "benefit eps-counsel")).toHaveLength(2);
  });

  it("answer bad benefit input at its field, keep what was typed, never a 500, and write nothing", async () => {
    const admin = await member(true);
    const problems = async (fields: Record<string, string>, url = "/admin/benefits/edit") => {
      const response = await post(benefitEdit, url, admin.jar, fields);
      expect(response.status, JSON.stringify(Object.keys(fields))).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const reply = await body<Reply>(response);
      return { reply, errors: Object.fromEntries(Object.entries(reply.error ?? {}).map(([k, v]) => [k, v[0]])) };
    };
    const base = benefitFields("bad-benefit");
    const huge = "가".repeat(1_000_000);
    const { reply, errors } = await problems({ ...base, "translations.ko.gives": huge, order: "1e400" });
    expect(errors).toMatchObject({
      "translations.ko.gives": expect.stringMatching(/^errors\.form\.textTooLong/),
      order: "benefitContent.invalid",
    });
    // Everything typed comes back.
    expect(reply.initialValue).toMatchObject({ itemCd: "bad-benefit", phones: "1577-0071", order: "1e400" });
    expect(
      (await problems({ ...base, "translations.vi.name": "Tư vấn\u202Eexe.txt", order: "-3" })).errors,
    ).toMatchObject({
      "translations.vi.name": "errors.form.textCharacters",
      order: "benefitContent.invalid",
    });
    const unknown = { name: "x", gives: "y", eligible: "z", apply: "w" };
    const xx = Object.fromEntries(Object.entries(unknown).map(([field, text]) => [`translations.xx.${field}`, text]));
    expect((await problems({ ...base, ...xx })).errors).toEqual({ "translations.xx": "errors.form.languageUnknown" });
    expect((await problems({ ...base, itemCd: "x'; DROP TABLE benefits;--" })).errors).toEqual({
      itemCd: "benefitContent.itemCd",
    });
    expect((await problems({ ...base, itemCd: "../../etc/passwd" })).errors).toEqual({
      itemCd: "benefitContent.itemCd",
    });
    expect((await problems({ ...base, link: "javascript:alert(1)", "source.checkedOn": "2026-02-30" })).errors).toEqual(
      { link: "benefitContent.link", "source.checkedOn": "errors.form.invalidDate" },
    );
    expect((await problems({ ...base, visas: "Z-99", phones: "call me" })).errors).toMatchObject({
      visas: "benefitContent.visa",
      "phones[0]": "benefitContent.phone",
    });
    // The Korean original is required (the import's own check).
    const noKorean = Object.fromEntries(Object.entries(base).filter(([k]) => !k.startsWith("translations.ko.")));
    expect((await problems(noKorean)).errors).toEqual({ "translations.ko.name": "errors.form.koreanOriginal" });
    // A code in use, and an edit of an unknown or malformed code (the 404 page).
    await post(benefitEdit, "/admin/benefits/edit", admin.jar, benefitFields("taken-benefit"));
    expect((await problems(benefitFields("taken-benefit"))).errors).toEqual({ itemCd: "admin.problems.codeTaken" });
    for (const target of ["?itemCd=no-such", "?itemCd=%27%20OR%201%3D1--", "?itemCd=..%2F..%2Fetc"]) {
      expect((await post(benefitEdit, `/admin/benefits/edit${target}`, admin.jar, base)).status).toBe(404);
      expect((await load(benefitEditLoader, `/admin/benefits/edit${target}`, admin.jar)).status).toBe(404);
    }
    expect(await services.stores.benefits.byId("bad-benefit")).toBeNull();
  });

  it("let an admin create and edit an offer, its bad input answered at its field", async () => {
    const admin = await member(true, "Admin Lee");
    expect((await post(offerEdit, "/admin/offers/edit", admin.jar, offerFields("sim-30"))).status).toBe(302);
    expect(await services.stores.offers.byId("sim-30")).toMatchObject({
      partner: "K-Mobile",
      priceKrw: { min: 33000, max: null },
      order: 0,
      translations: { ur: { title: "پری پیڈ سم", priceNote: null } },
    });
    const edited = await post(offerEdit, "/admin/offers/edit?itemCd=sim-30", admin.jar, {
      ...offerFields("sim-30"),
      "priceKrw.max": "55000",
      "priceKrw.min": "",
    });
    // A range needs its lowest amount: the message is at the price, what was typed kept.
    expect(edited.status).toBe(400);
    const reply = await body<Reply>(edited);
    expect(Object.keys(reply.error ?? {})).toEqual(["priceKrw.min"]);
    expect(reply.initialValue).toMatchObject({ priceKrw: { max: "55000" } });
    const fixed = await post(offerEdit, "/admin/offers/edit?itemCd=sim-30", admin.jar, {
      ...offerFields("sim-30"),
      "priceKrw.max": "55000",
    });
    expect(fixed.status).toBe(302);
    expect((await services.stores.offers.byId("sim-30"))!.priceKrw).toEqual({ min: 33000, max: 55000, per: null });
    const bad = await post(offerEdit, "/admin/offers/edit", admin.jar, {
      ...offerFields("sim-bad"),
      "priceKrw.min": "12.5",
      partner: "\u0007\u2066",
      "translations.ko.title": "x".repeat(2_000),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await body<Reply>(bad)).error ?? {}).sort()).toEqual([
      "partner",
      "priceKrw.min",
      "translations.ko.title",
    ]);
    const audit = await body<{ items: { action: string; target: string }[] }>(
      await load(auditLoader, "/admin/audit", admin.jar),
    );
    expect(audit.items.filter((e) => e.target === "offer sim-30").map((e) => e.action)).toEqual(["update", "create"]);
    expect(await services.stores.offers.byId("sim-bad")).toBeNull();
  });

  it("let an admin write a terms version as a draft, publish it, and refuse to change one in force", async () => {
    const admin = await member(true, "Admin Choi");
    const version = `t-${Date.now()}`;
    const saved = await post(termsEdit, "/admin/terms/edit", admin.jar, termsFields(version));
    expect(saved.status).toBe(302);
    const draft = await services.stores.terms.version("privacy", version);
    expect(draft).toMatchObject({ required: true, publishedAt: null, effectiveOn: day(30) });
    expect(draft!.texts.ko!.sections).toEqual([
      { heading: "수집 항목", body: "이름, 전화번호" },
      { heading: "보관 기간", body: "탈퇴 후 30일" },
    ]);
    expect(Object.keys(draft!.texts)).toEqual(["ko"]);
    let list = await body<{ items: { version: string; state: string }[] }>(
      await load(termsLoader, "/admin/terms", admin.jar),
    );
    expect(list.items.find((v) => v.version === version)!.state).toBe("draft");
    expect(list.items.find((v) => v.version === "2026-11-01")!.state).toBe("inForce");

    const published = await post(termsAction, "/admin/terms", admin.jar, {
      document: "privacy",
      version,
      intent: "publish",
    });
    expect(published.status).toBe(302);
    list = await body(await load(termsLoader, "/admin/terms", admin.jar));
    expect(list.items.find((v) => v.version === version)!.state).toBe("announced");
    expect(
      (await post(termsAction, "/admin/terms", admin.jar, { document: "privacy", version: "nope", intent: "publish" }))
        .status,
    ).toBe(404);
    expect(
      (await post(termsAction, "/admin/terms", admin.jar, { document: "x".repeat(5000), intent: "publish" })).status,
    ).toBe(400);

    // A version in force: members agreed to it as it is.
    const inForce = await post(termsEdit, "/admin/terms/edit?document=service&version=2026-11-01", admin.jar, {
      ...termsFields("2026-11-01", "2026-11-01"),
      document: "service",
      required: "on",
      "translations.ko.title": "바꾼 제목",
    });
    expect(inForce.status).toBe(409);
    const refused = await body<Reply>(inForce);
    expect(refused.error?.[""]).toEqual(["errors.form.termsInForce"]);
    expect(refused.initialValue).toMatchObject({ translations: { ko: { title: "바꾼 제목" } } });
    expect((await services.stores.terms.version("service", "2026-11-01"))!.texts.ko!.title).not.toBe("바꾼 제목");

    // Bad input at its field, and the import's cross checks.
    const bad = await post(termsEdit, "/admin/terms/edit", admin.jar, {
      ...termsFields("../x"),
      effectiveOn: "2026-13-01",
      "translations.ko.sections": "no heading line\nstill none",
      "translations.km.title": "ចំណងជើង\u202E",
      "translations.km.sections": "## h\nb",
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await body<Reply>(bad)).error ?? {}).sort()).toEqual([
      "effectiveOn",
      "translations.km.title",
      "translations.ko.sections[0].heading",
      "version",
    ]);
    const marketing = await post(termsEdit, "/admin/terms/edit", admin.jar, {
      ...termsFields(`m-${Date.now()}`),
      document: "marketing",
    });
    expect(marketing.status).toBe(400);
    expect((await body<Reply>(marketing)).error).toEqual({ required: ["errors.form.termsNotRequirable"] });
    expect((await post(termsEdit, "/admin/terms/edit", admin.jar, termsFields(version))).status).toBe(409);

    const audit = await body<{ items: { action: string; target: string }[] }>(
      await load(auditLoader, "/admin/audit", admin.jar),
    );
    expect(audit.items.filter((e) => e.target === `terms privacy@${version}`).map((e) => e.action)).toEqual([
      "publish",
      "create",
    ]);
  });
});
