/**
 * Operators edit an extension kit in the admin area (issue 43) through its loaders and actions, as a browser without
 * JavaScript posts the form, against the real Auth emulator and a temporary database: the E-9 kit shipped with the
 * app, edited as the import's item, is recorded in the audit log and shown at once on the public page of E-9-1; a
 * text that is no kit, or a kit without its Korean, is refused with its message and the text kept; a member who is
 * not an admin gets the 404 page.
 */
import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSession } from "~/auth/session.server";
import { seedKind } from "~/content/kind.server";
import { loader as auditLoader } from "~/routes/admin.audit";
import { loader as kitsLoader } from "~/routes/admin.extensionKits._index";
import { action as kitEdit, loader as kitEditLoader } from "~/routes/admin.extensionKits.edit";
import { loader as publicKitLoader } from "~/routes/member.findVisa.$visa";
import { extensionKitsKind } from "~/visa/extensionKitsKind.server";
import { Jar, run } from "../support/jar";
import { registerMember } from "../support/members";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
beforeAll(async () => {
  await seedKind(services.stores, extensionKitsKind);
});
afterAll(() => services.cleanup());

type Route = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;
const call = (route: Route, request: Request, params: Record<string, string> = {}) =>
  run(() => route({ request, params, context }));
const load = (route: Route, url: string, jar = new Jar(), params: Record<string, string> = {}) =>
  call(route, new Request(`http://x${url}`, { headers: { Cookie: jar.header } }), params);
const post = (route: Route, url: string, jar: Jar, fields: Record<string, string>) =>
  call(
    route,
    new Request(`http://x${url}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Cookie: jar.header },
    }),
  );

async function member(admin = false) {
  const { uid } = await services.identity.admin.auth.createUser({ email: `k-${randomUUID()}@example.com` });
  await registerMember(services, uid, { name: "Operator" });
  if (admin) await services.identity.admin.auth.setCustomUserClaims(uid, { admin: true });
  const signedIn = await services.identity.signInAs(uid);
  if (!signedIn.ok) throw new Error("signInAs failed");
  const session = await startSession(services, signedIn.idToken);
  if (!session.ok) throw new Error(`no session: ${session.reason}`);
  const jar = new Jar();
  jar.take(new Response(null, { headers: { "Set-Cookie": session.setCookie } }));
  return { uid, jar };
}

const NOTE = "운영자가 고친 안내: 재고용 확인서를 꼭 챙겨 주세요.";

describe("/admin/extensionKits", () => {
  it("lists the kits and edits E-9's, with an audit entry, shown at once on /member/findVisa/E-9-1", async () => {
    const admin = await member(true);
    const list = (await (await load(kitsLoader, "/admin/extensionKits", admin.jar)).json()) as {
      items: { itemCd: string }[];
    };
    expect(list.items.map((k) => k.itemCd)).toContain("E-9");
    const form = (await (await load(kitEditLoader, "/admin/extensionKits/edit?itemCd=E-9", admin.jar)).json()) as {
      fields: { kit: string };
    };
    const kit = JSON.parse(form.fields.kit) as { itemCd: string; translations: Record<string, { note?: string }> };
    expect(kit.itemCd).toBe("E-9");
    kit.translations.ko!.note = NOTE;
    const saved = await post(kitEdit, "/admin/extensionKits/edit?itemCd=E-9", admin.jar, { kit: JSON.stringify(kit) });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/extensionKits");

    const audit = (await (await load(auditLoader, "/admin/audit", admin.jar)).json()) as {
      items: { action: string; target: string }[];
    };
    expect(audit.items.some((e) => e.action.length > 0 && e.target.includes("E-9"))).toBe(true);

    const page = await load(publicKitLoader, "/member/findVisa/E-9-1?lng=ko", new Jar(), { visa: "E-9-1" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(NOTE);
  });

  it("refuses a text that is no kit, and a kit without Korean, keeping the text; a member who is no admin gets 404", async () => {
    const admin = await member(true);
    const broken = '{"itemCd": "E-9", "documents": [';
    const refused = await post(kitEdit, "/admin/extensionKits/edit?itemCd=E-9", admin.jar, { kit: broken });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ values: { kit: broken }, errors: { kit: "admin.kits.notJson" } });

    const form = (await (await load(kitEditLoader, "/admin/extensionKits/edit?itemCd=E-9", admin.jar)).json()) as {
      fields: { kit: string };
    };
    const kit = JSON.parse(form.fields.kit) as { translations: Record<string, unknown> };
    delete kit.translations.ko;
    const noKorean = await post(kitEdit, "/admin/extensionKits/edit?itemCd=E-9", admin.jar, {
      kit: JSON.stringify(kit),
    });
    expect(noKorean.status).toBe(400);
    const reply = (await noKorean.json()) as { errors: Record<string, string> };
    expect(reply.errors.kit).toBeTruthy();

    const someone = await member(false);
    const denied = await load(kitsLoader, "/admin/extensionKits", someone.jar).catch((e: unknown) => e);
    expect((denied as Response).status).toBe(404);
  });
});
