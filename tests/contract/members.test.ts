/** The members store's contract: profiles with their terms record, lookups, paging, one member per number. */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { encodeCursor } from "~/stores/cursor.server";
import type { MemberProfile, NewMember } from "~/stores/members";
import type { Stores } from "~/stores/stores";
import { implementations, isPlainData, raced, twoClients } from "./implementations";

const T0 = Date.UTC(2026, 10, 22, 1, 0, 0);
let phoneSeq = 0;
const freshPhone = () => `+82109${String(1_000_000 + phoneSeq++).padStart(7, "0")}`;

const newMember = (overrides: Partial<NewMember> = {}): NewMember => ({
  uid: randomUUID(),
  name: "Nguyen Van A",
  language: "vi",
  phoneNumber: freshPhone(),
  nationality: "VN",
  visa: "E-9-1",
  visaExpiresOn: "2027-03-31",
  signUpMethod: "phone",
  terms: [
    { document: "privacy", version: "2026-11-01", agreed: true, recordedAt: T0 - 5 },
    { document: "marketing", version: "2026-11-01", agreed: false, recordedAt: T0 - 5 },
  ],
  createdAt: T0,
  ...overrides,
});

/** A new member's profile as the store gives it back: no passport date until the member gives one. */
const profileOf = ({ terms: _terms, ...profile }: NewMember): MemberProfile => ({
  ...profile,
  passportExpiresOn: null,
});

/** Every member, page by page, checking each page as it comes. */
async function allPages(stores: Stores[], limit: number) {
  const seen: MemberProfile[] = [];
  let after: string | null = null;
  for (let i = 0; ; i++) {
    const page = await stores[i % stores.length]!.members.page({ after, limit });
    if (!page.ok) throw new Error("cursor refused");
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items);
    if (!page.next) return seen;
    expect(page.items.length).toBe(limit);
    after = page.next;
  }
}

describe.each(implementations)("members store: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("keeps a profile and its terms record, and gives them back as plain data", async () => {
    const member = newMember();
    expect(await clients.a.members.create(member)).toEqual({ ok: true });
    const profile = await clients.b.members.profile(member.uid);
    expect(profile).toEqual(profileOf(member));
    expect(isPlainData(profile)).toBe(true);
    const terms = await clients.b.members.terms(member.uid);
    expect(terms).toEqual([...member.terms].sort((x, y) => x.document.localeCompare(y.document)));
    expect(isPlainData(terms)).toBe(true);
  });

  it("adds answers to a member's terms record, an answer again replacing the first, and none for no member", async () => {
    const member = newMember();
    await clients.a.members.create(member);
    const v2 = { document: "privacy", version: "2026-12-01", agreed: false, recordedAt: T0 + 10 };
    const marketing2 = { document: "marketing", version: "2026-12-01", agreed: true, recordedAt: T0 + 10 };
    expect(await clients.b.members.recordTerms(member.uid, [v2, marketing2])).toBe(true);
    expect(await clients.a.members.recordTerms(member.uid, [{ ...v2, agreed: true, recordedAt: T0 + 20 }])).toBe(true);
    const terms = await clients.a.members.terms(member.uid);
    expect(terms).toEqual(
      [...member.terms, { ...v2, agreed: true, recordedAt: T0 + 20 }, marketing2].sort(
        (x, y) => x.document.localeCompare(y.document) || x.version.localeCompare(y.version),
      ),
    );
    expect(isPlainData(terms)).toBe(true);
    expect(await clients.b.members.recordTerms("no-such-uid", [v2])).toBe(false);
    expect(await clients.a.members.terms("no-such-uid")).toEqual([]);
    // The answers go with the member, and their record stays with the withdrawal.
    expect(await clients.a.members.withdraw(member.uid, { at: T0 + 30, reason: null })).toBe(true);
    expect(await clients.b.members.recordTerms(member.uid, [v2])).toBe(false);
    expect(await clients.a.members.terms(member.uid)).toEqual([]);
  });

  it("answers null (or nothing) for what does not exist", async () => {
    expect(await clients.a.members.profile("no-such-uid")).toBeNull();
    expect(await clients.a.members.findByPhone("+821000000000")).toBeNull();
    expect(await clients.a.members.terms("no-such-uid")).toEqual([]);
    expect(await clients.a.members.page({ limit: 10 })).toEqual({ ok: true, items: [], next: null });
  });

  it("finds a member by phone number", async () => {
    const member = newMember();
    await clients.a.members.create(member);
    await clients.a.members.create(newMember());
    expect(await clients.b.members.findByPhone(member.phoneNumber!)).toEqual(profileOf(member));
  });

  it("refuses a second member with the same uid, storing nothing of it", async () => {
    const member = newMember();
    await clients.a.members.create(member);
    const again = newMember({ uid: member.uid, name: "Someone Else", terms: [] });
    expect(await clients.b.members.create(again)).toEqual({ ok: false, problem: "uidTaken" });
    expect(await clients.a.members.profile(member.uid)).toEqual(profileOf(member));
    expect(await clients.a.members.findByPhone(again.phoneNumber!)).toBeNull();
    expect(await clients.a.members.terms(member.uid)).toHaveLength(member.terms.length);
  });

  it("refuses a second member with the same phone number as a problem, storing nothing of it", async () => {
    const first = newMember();
    await clients.a.members.create(first);
    const second = newMember({ phoneNumber: first.phoneNumber });
    expect(await clients.b.members.create(second)).toEqual({ ok: false, problem: "phoneTaken" });
    expect(await clients.a.members.profile(second.uid)).toBeNull();
    expect(await clients.a.members.terms(second.uid)).toEqual([]);
  });

  it("lets any number of members have no phone number", async () => {
    const [x, y] = [newMember({ phoneNumber: null }), newMember({ phoneNumber: null })];
    expect(await clients.a.members.create(x)).toEqual({ ok: true });
    expect(await clients.b.members.create(y)).toEqual({ ok: true });
    expect(await clients.a.members.profile(y.uid)).toMatchObject({ phoneNumber: null });
  });

  it("lets exactly one of two clients racing for the same phone number make the member", async () => {
    for (let round = 0; round < 10; round++) {
      const phoneNumber = freshPhone();
      const contenders = [newMember({ phoneNumber }), newMember({ phoneNumber })];
      const results = await Promise.all([
        clients.a.members.create(contenders[0]!),
        clients.b.members.create(contenders[1]!),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, problem: "phoneTaken" }]);
      const winner = contenders[results.findIndex((r) => r.ok)]!;
      expect(await clients.a.members.findByPhone(phoneNumber)).toEqual(profileOf(winner));
    }
  });

  it("lets exactly one of ten racing writers have the number", async () => {
    const phoneNumber = freshPhone();
    const results = await raced(10, clients, (stores) => stores.members.create(newMember({ phoneNumber })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.problem === "phoneTaken")).toHaveLength(9);
  });

  it("changes only the fields given, and hands back the profile as it was", async () => {
    const member = newMember();
    await clients.a.members.create(member);
    const changed = await clients.b.members.update(member.uid, { name: "Tran Thi B", visaExpiresOn: null }, T0 + 1);
    expect(changed).toEqual({ ok: true, before: profileOf(member) });
    expect(await clients.a.members.profile(member.uid)).toEqual({
      ...profileOf(member),
      name: "Tran Thi B",
      visaExpiresOn: null,
    });
    expect(await clients.a.members.update("no-such-uid", { name: "X" }, T0)).toEqual({
      ok: false,
      problem: "notFound",
    });
  });

  it("keeps the passport's expiry date a member gives, in every read of the profile, and clears it", async () => {
    const member = newMember();
    await clients.a.members.create(member);
    expect((await clients.b.members.update(member.uid, { passportExpiresOn: "2031-08-31" }, T0 + 1)).ok).toBe(true);
    const withPassport = { ...profileOf(member), passportExpiresOn: "2031-08-31" };
    expect(await clients.a.members.profile(member.uid)).toEqual(withPassport);
    expect(await clients.a.members.findByPhone(member.phoneNumber!)).toEqual(withPassport);
    const page = await clients.b.members.page({ after: null, limit: 500 });
    expect(page.ok && page.items.find((m) => m.uid === member.uid)).toEqual(withPassport);
    await clients.b.members.update(member.uid, { passportExpiresOn: null }, T0 + 2);
    expect((await clients.a.members.profile(member.uid))?.passportExpiresOn).toBeNull();
  });

  it("refuses a phone number another member holds, changing nothing; a member may keep their own", async () => {
    const [x, y] = [newMember(), newMember()];
    await clients.a.members.create(x);
    await clients.a.members.create(y);
    expect(await clients.b.members.update(y.uid, { phoneNumber: x.phoneNumber, name: "Changed" }, T0 + 1)).toEqual({
      ok: false,
      problem: "phoneTaken",
    });
    expect(await clients.a.members.profile(y.uid)).toEqual(profileOf(y));
    expect((await clients.b.members.update(x.uid, { phoneNumber: x.phoneNumber }, T0 + 1)).ok).toBe(true);
  });

  it("lets exactly one of two members racing to move to the same number have it", async () => {
    for (let round = 0; round < 10; round++) {
      const [x, y] = [newMember(), newMember()];
      await clients.a.members.create(x);
      await clients.a.members.create(y);
      const phoneNumber = freshPhone();
      const results = await Promise.all([
        clients.a.members.update(x.uid, { phoneNumber }, T0 + 1),
        clients.b.members.update(y.uid, { phoneNumber }, T0 + 1),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, problem: "phoneTaken" }]);
      expect((await clients.a.members.findByPhone(phoneNumber))?.uid).toBe(results[0]!.ok ? x.uid : y.uid);
    }
  });

  it("keeps notification choices (all on at first) and whether the account has a password", async () => {
    const [byId, byPhone] = [newMember({ signUpMethod: "id" }), newMember({ signUpMethod: "phone" })];
    await clients.a.members.create(byId);
    await clients.a.members.create(byPhone);
    const allOn = { visa: true, community: true, notices: true };
    expect(await clients.b.members.settings(byId.uid)).toEqual({ notify: allOn, hasPassword: true });
    expect(await clients.b.members.settings(byPhone.uid)).toEqual({ notify: allOn, hasPassword: false });
    const choices = { visa: true, community: false, notices: false };
    expect(await clients.a.members.setNotify(byPhone.uid, choices, T0 + 1)).toBe(true);
    expect(await clients.a.members.setHasPassword(byPhone.uid, T0 + 1)).toBe(true);
    expect(await clients.b.members.settings(byPhone.uid)).toEqual({ notify: choices, hasPassword: true });
    expect(await clients.b.members.settings("no-such-uid")).toBeNull();
    expect(await clients.b.members.setNotify("no-such-uid", choices, T0)).toBe(false);
  });

  it("withdraws a member: profile and terms gone, the number free for a new member, once", async () => {
    const member = newMember();
    await clients.a.members.create(member);
    expect(await clients.b.members.withdraw(member.uid, { at: T0 + 9, reason: "moving home" })).toBe(true);
    expect(await clients.a.members.profile(member.uid)).toBeNull();
    expect(await clients.a.members.terms(member.uid)).toEqual([]);
    expect(await clients.a.members.findByPhone(member.phoneNumber!)).toBeNull();
    expect(await clients.a.members.create(newMember({ phoneNumber: member.phoneNumber }))).toEqual({ ok: true });
    expect(await clients.a.members.withdraw(member.uid, { at: T0 + 10, reason: null })).toBe(false);
  });

  it("pages through every member exactly once, in (createdAt, id) order, equal times included", async () => {
    // Four members share each creation time; uids are random, so the id decides within a time.
    const members = Array.from({ length: 23 }, (_, i) => newMember({ createdAt: T0 + Math.floor(i / 4) }));
    for (const [i, member] of members.entries()) await (i % 2 ? clients.a : clients.b).members.create(member);
    const expected = members
      .map(profileOf)
      .sort((x, y) => x.createdAt - y.createdAt || (x.uid < y.uid ? -1 : x.uid > y.uid ? 1 : 0));
    for (const limit of [1, 4, 5, 23, 100]) {
      // Pages are read from both clients in turn: a cursor is not tied to a connection.
      const seen = await allPages([clients.a, clients.b], limit);
      expect(seen.map((m) => m.uid)).toEqual(expected.map((m) => m.uid));
      expect(seen).toEqual(expected);
    }
  });

  it("refuses a tampered, truncated or foreign cursor as data", async () => {
    for (let i = 0; i < 3; i++) await clients.a.members.create(newMember({ createdAt: T0 + i }));
    const first = await clients.a.members.page({ limit: 1 });
    expect(first.ok && first.next).toBeTruthy();
    const cursor = (first as { next: string }).next;
    const refused = { ok: false, problem: "badCursor" };
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === "A" ? "B" : "A") + s.slice(i + 1);
    for (let i = 0; i < cursor.length; i++)
      expect(await clients.a.members.page({ after: flip(cursor, i), limit: 1 })).toEqual(refused);
    for (const bad of [
      "",
      "x",
      cursor.slice(0, -1),
      `${cursor}x`,
      cursor.repeat(20),
      encodeCursor("feeds", { createdAt: T0, id: "x" }),
    ]) {
      expect(await clients.b.members.page({ after: bad, limit: 1 })).toEqual(refused);
    }
    expect((await clients.b.members.page({ after: cursor, limit: 1 })).ok).toBe(true);
  });
});
