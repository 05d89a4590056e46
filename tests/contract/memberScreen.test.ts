/**
 * The member screen (Stores.memberScreen, decision 0080): a signed-in page's six reads asked at once. Each field
 * must be exactly what its own store's read answers, through every change those reads see (a join, the terms
 * answered, settings changed, a sign-out everywhere, new terms versions, notifications and notices arriving and
 * read, notices turned off, partners let in and disabled, a withdrawal), and asked from another client of the storage than the one that wrote;
 * with the storage's change mark as of those reads (decision 0115).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { NewMember } from "~/stores/members";
import type { NoticeInput } from "~/stores/notices";
import { memberInboxAudience } from "~/stores/notifications";
import type { NewTermsVersion } from "~/stores/terms";
import type { Stores } from "~/stores/stores";
import { implementations, isPlainData, twoClients } from "./implementations";

const T0 = Date.UTC(2026, 10, 26, 3, 0, 0);
const TODAY = "2026-11-26";

const newMember = (overrides: Partial<NewMember> = {}): NewMember => ({
  uid: randomUUID(),
  name: "김민준",
  language: "ko",
  phoneNumber: `+8210${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
  nationality: "VN",
  visa: "E-9-1",
  visaExpiresOn: "2027-03-31",
  signUpMethod: "phone",
  terms: [
    { document: "service", version: "2026-11-01", agreed: true, recordedAt: T0 - 5 },
    { document: "privacy", version: "2026-11-01", agreed: true, recordedAt: T0 - 5 },
    { document: "marketing", version: "2026-11-01", agreed: false, recordedAt: T0 - 5 },
  ],
  createdAt: T0,
  ...overrides,
});

const version = (document: string, id: string, effectiveOn: string, required = true): NewTermsVersion => ({
  document,
  version: id,
  effectiveOn,
  required,
  texts: { ko: { title: "약관", summary: "바뀐 점", sections: [{ heading: "1.", body: "본문" }] } },
});

const notice = (itemCd: string, publishedAt: number): NoticeInput => ({
  itemCd,
  category: "general",
  pinned: false,
  publishedAt,
  translations: { ko: { title: `공지 ${itemCd}`, body: "본문" } },
});

/** The six reads, each asked of its own store. */
async function ownReads(stores: Stores, uid: string, now: number) {
  const [validAfter, admin, profile, settings, terms, termsHeads] = await Promise.all([
    stores.revocations.validAfter(uid),
    stores.roles.admin(uid),
    stores.members.profile(uid),
    stores.members.settings(uid),
    stores.members.terms(uid),
    stores.terms.heads(),
  ]);
  const unread = await stores.notifications.unreadCount(uid, memberInboxAudience(profile, settings, now));
  const consents = await stores.sso.consentsOf(uid);
  const clients = await Promise.all(consents.map((c) => stores.sso.findClient(c.clientId)));
  const partners = clients.filter((c) => c !== null && c.disabledAt === null).length;
  return { validAfter, admin, profile, settings, terms, termsHeads, unread, partners };
}

describe.each(implementations)("member screen: $name", (implementation) => {
  const clients = twoClients(implementation);

  async function expectSameAsOwnReads(uid: string, now = T0 + 1000) {
    const { a, b } = clients;
    const screen = await b.memberScreen(uid, now);
    expect(isPlainData(screen)).toBe(true);
    const { changeMark, ...reads } = screen;
    expect(reads).toEqual(await ownReads(a, uid, now));
    // The change mark as of the screen: the same client's own read of it, nothing having been written since (a
    // SQLite connection's mark is its own, not another's).
    expect(changeMark).toBe(await b.changeMark());
    return reads;
  }

  it("answers, for a visitor's unknown id, what each read answers: nothing", async () => {
    const screen = await expectSameAsOwnReads(randomUUID());
    expect(screen).toEqual({
      validAfter: null,
      admin: null,
      profile: null,
      settings: null,
      terms: [],
      termsHeads: [],
      unread: 0,
      partners: 0,
    });
  });

  it("follows a member through what changes their page", async () => {
    const { a } = clients;
    const member = newMember();
    expect(await a.members.create(member)).toEqual({ ok: true });
    // Drafts and published versions of several documents, saved out of order.
    await a.terms.save(version("service", "2027-01-01", "2027-01-01"), T0, TODAY);
    await a.terms.save(version("privacy", "2026-11-01", "2026-11-01"), T0, TODAY);
    await a.terms.save(version("service", "2026-11-01", "2026-11-01"), T0, TODAY);
    await a.terms.save(version("marketing", "2026-11-01", "2026-11-01", false), T0, TODAY);
    await a.terms.publish("privacy", "2026-11-01", T0 + 1);
    await a.terms.publish("service", "2026-11-01", T0 + 1);
    const joined = await expectSameAsOwnReads(member.uid);
    expect(joined.profile?.name).toBe("김민준");
    expect(joined.terms).toHaveLength(3);
    expect(joined.termsHeads).toHaveLength(4);

    await a.members.recordTerms(member.uid, [
      { document: "marketing", version: "2026-11-01", agreed: true, recordedAt: T0 + 10 },
      { document: "service", version: "2027-01-01", agreed: true, recordedAt: T0 + 10 },
    ]);
    await a.members.setNotify(member.uid, { visa: false, community: true, notices: false }, T0 + 11);
    await a.members.setHasPassword(member.uid, T0 + 12);
    await a.members.update(member.uid, { visa: "F-2-7", visaExpiresOn: null, phoneNumber: null }, T0 + 13);
    await a.revocations.revoke(member.uid, T0 + 14);
    await a.roles.setAdmin(member.uid, true, T0 + 14);
    const changed = await expectSameAsOwnReads(member.uid);
    expect(changed.validAfter).toBe(T0 + 14);
    expect(changed.admin).toBe(true);
    await a.roles.setAdmin(member.uid, false, T0 + 15);
    expect((await expectSameAsOwnReads(member.uid)).admin).toBe(false);
    expect(changed.settings).toEqual({ notify: { visa: false, community: true, notices: false }, hasPassword: true });
    expect(changed.profile).toMatchObject({ visa: "F-2-7", visaExpiresOn: null, phoneNumber: null });

    // The badge: their own notifications and the notices since they joined, up to the moment asked.
    await a.members.setNotify(member.uid, { visa: false, community: true, notices: true }, T0 + 15);
    await a.notices.save(notice("before-join", T0 - 10), T0 - 10);
    await a.notices.save(notice("after-join", T0 + 100), T0 + 100);
    await a.notices.save(notice("later", T0 + 5000), T0 + 100);
    for (const [i, dedupeKey] of ["one", "two", "three"].entries()) {
      await a.notifications.add({
        uid: member.uid,
        kind: "visaReminder",
        dedupeKey,
        data: { milestone: "oneWeek", expiresOn: "2027-03-31" },
        createdAt: T0 + 200 + i,
      });
    }
    expect((await expectSameAsOwnReads(member.uid)).unread).toBe(4);
    expect((await expectSameAsOwnReads(member.uid, T0 + 6000)).unread).toBe(5);
    const inbox = await a.notifications.listFor(member.uid, { limit: 10 }, { since: T0, now: T0 + 1000 });
    const [newest] = inbox.ok ? inbox.items : [];
    await a.notifications.markRead(member.uid, newest!.id, T0 + 300);
    expect((await expectSameAsOwnReads(member.uid)).unread).toBe(3);
    await a.members.setNotify(member.uid, { visa: false, community: true, notices: false }, T0 + 301);
    expect((await expectSameAsOwnReads(member.uid)).unread).toBe(2);
    await a.members.setNotify(member.uid, { visa: false, community: true, notices: true }, T0 + 302);
    await a.notifications.markAllRead(member.uid, T0 + 303);
    expect((await expectSameAsOwnReads(member.uid)).unread).toBe(0);
    expect((await expectSameAsOwnReads(member.uid, T0 + 6000)).unread).toBe(1);

    // The partners they let in, those still enabled.
    const partner = (clientId: string) => ({
      clientId,
      name: clientId,
      secretHash: "sha256:abc",
      redirectUris: [`https://${clientId}.example/callback`],
      allowedClaims: ["profile" as const],
      idTokenAlg: "RS256" as const,
      allowNoPkce: false,
      website: null,
      privacyUrl: null,
      retentionMonths: null,
      createdAt: T0,
    });
    for (const clientId of ["bank", "school", "telecom"]) await a.sso.createClient(partner(clientId));
    for (const clientId of ["bank", "school"]) {
      await a.sso.saveConsent({
        uid: member.uid,
        clientId,
        grantId: `g-${clientId}`,
        claims: ["profile"],
        createdAt: T0,
      });
    }
    expect((await expectSameAsOwnReads(member.uid)).partners).toBe(2);
    await a.sso.disableClient("school", T0 + 400);
    expect((await expectSameAsOwnReads(member.uid)).partners).toBe(1);

    // Another member's record is not theirs.
    const other = newMember({ name: "Aigerim", language: "kk", signUpMethod: "id", nationality: "KZ" });
    await a.members.create(other);
    await expectSameAsOwnReads(other.uid);

    await a.members.withdraw(member.uid, { at: T0 + 20, reason: "moving" });
    const gone = await expectSameAsOwnReads(member.uid);
    expect(gone).toMatchObject({ profile: null, settings: null, terms: [], validAfter: T0 + 14 });
  });
});
