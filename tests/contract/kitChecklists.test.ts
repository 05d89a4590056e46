/**
 * The kit checklists' contract (app/stores/kitChecklists.ts): each member's ticks per kit code, set whole, the
 * earlier ticks keeping their order, nothing of another member's or another code's touched; withdrawal forgets them.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { NewMember } from "~/stores/members";
import { implementations, twoClients } from "./implementations";

const T0 = Date.UTC(2026, 11, 3, 1, 0, 0);
let phoneSeq = 0;

const newMember = (): NewMember => ({
  uid: randomUUID(),
  name: "Nguyen Van A",
  language: "vi",
  phoneNumber: `+82107${String(3_000_000 + phoneSeq++).padStart(7, "0")}`,
  nationality: "VN",
  visa: "E-9-1",
  visaExpiresOn: "2027-03-13",
  signUpMethod: "phone",
  terms: [],
  createdAt: T0,
});

describe.each(implementations)("kit checklists: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("keeps what was ticked, per member and per kit, for every client", async () => {
    const { a, b } = clients;
    const uid = randomUUID();
    const other = randomUUID();
    expect(await a.kitChecklists.ticked(uid, "E-9-1")).toEqual([]);
    await a.kitChecklists.setTicked(uid, "E-9-1", ["passport", "arc"], T0);
    await a.kitChecklists.setTicked(other, "E-9-1", ["application"], T0);
    await a.kitChecklists.setTicked(uid, "D-2-2", ["studyProof"], T0);
    expect((await b.kitChecklists.ticked(uid, "E-9-1")).sort()).toEqual(["arc", "passport"]);
    expect(await b.kitChecklists.ticked(other, "E-9-1")).toEqual(["application"]);
    expect(await b.kitChecklists.ticked(uid, "D-2-2")).toEqual(["studyProof"]);
  });

  it("sets the ticks whole: new ones after the earlier, unticked ones gone, the same set twice a no-op", async () => {
    const { a, b } = clients;
    const uid = randomUUID();
    await a.kitChecklists.setTicked(uid, "E-9-1", ["passport"], T0);
    await b.kitChecklists.setTicked(uid, "E-9-1", ["own-3", "passport"], T0 + 1000);
    expect(await a.kitChecklists.ticked(uid, "E-9-1")).toEqual(["passport", "own-3"]);
    await a.kitChecklists.setTicked(uid, "E-9-1", ["own-3"], T0 + 2000);
    await a.kitChecklists.setTicked(uid, "E-9-1", ["own-3"], T0 + 3000);
    expect(await b.kitChecklists.ticked(uid, "E-9-1")).toEqual(["own-3"]);
    await b.kitChecklists.setTicked(uid, "E-9-1", [], T0 + 4000);
    expect(await a.kitChecklists.ticked(uid, "E-9-1")).toEqual([]);
  });

  it("forgets a member's ticks when they withdraw", async () => {
    const { a } = clients;
    const member = newMember();
    await a.members.create(member);
    await a.kitChecklists.setTicked(member.uid, "E-9-1", ["passport"], T0);
    expect(await a.members.withdraw(member.uid, { at: T0 + 1000, reason: null })).toBe(true);
    expect(await a.kitChecklists.ticked(member.uid, "E-9-1")).toEqual([]);
  });
});
