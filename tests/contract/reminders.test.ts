/**
 * The reminders store's contract (app/stores/reminders.ts): channel choices with their evidence, push subscriptions,
 * and deliveries claimed exactly once across clients, retried only when they failed.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { NewMember } from "~/stores/members";
import type { Stores } from "~/stores/stores";
import { implementations, isPlainData, raced, twoClients } from "./implementations";

const T0 = Date.UTC(2026, 11, 2, 1, 0, 0);
let phoneSeq = 0;

const newMember = (): NewMember => ({
  uid: randomUUID(),
  name: "Nguyen Van A",
  language: "vi",
  phoneNumber: `+82108${String(1_000_000 + phoneSeq++).padStart(7, "0")}`,
  nationality: "VN",
  visa: "E-9-1",
  visaExpiresOn: "2027-03-31",
  signUpMethod: "phone",
  terms: [],
  createdAt: T0,
});

async function joined(stores: Stores) {
  const member = newMember();
  await stores.members.create(member);
  return member.uid;
}

const subscription = (n: number) => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/device-${n}`,
  p256dh: `key-${n}`,
  auth: `auth-${n}`,
});

describe.each(implementations)("reminders: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("keeps choices, every change logged with its time and source, and nothing for an unchanged choice", async () => {
    const { a, b } = clients;
    const uid = await joined(a);
    expect(await a.reminders.choices(uid)).toEqual([]);
    expect(
      await a.reminders.setChoices(
        uid,
        [
          { kind: "visa", channel: "push", on: true },
          { kind: "visa", channel: "sms", on: false },
        ],
        T0,
        "page",
      ),
    ).toBe(1);
    expect(await b.reminders.setChoices(uid, [{ kind: "visa", channel: "push", on: true }], T0 + 1, "page")).toBe(0);
    expect(await b.reminders.setChoices(uid, [{ kind: "visa", channel: "push", on: false }], T0 + 2, "stopLink")).toBe(
      1,
    );
    const choices = await a.reminders.choices(uid);
    expect(choices).toEqual([{ kind: "visa", channel: "push", on: false, changedAt: T0 + 2 }]);
    expect(isPlainData(choices)).toBe(true);
    expect(await a.reminders.history(uid)).toEqual([
      { kind: "visa", channel: "push", on: true, at: T0, source: "page" },
      { kind: "visa", channel: "push", on: false, at: T0 + 2, source: "stopLink" },
    ]);
  });

  it("writes nothing for a member who is gone", async () => {
    const { a } = clients;
    expect(await a.reminders.setChoices("nobody", [{ kind: "visa", channel: "sms", on: true }], T0, "page")).toBe(0);
    expect(await a.reminders.choices("nobody")).toEqual([]);
  });

  it("lists the members with a channel on, page by page", async () => {
    const { a } = clients;
    const uids = [await joined(a), await joined(a), await joined(a)].sort();
    await a.reminders.setChoices(uids[0]!, [{ kind: "passport", channel: "sms", on: true }], T0, "page");
    await a.reminders.setChoices(uids[2]!, [{ kind: "visa", channel: "push", on: true }], T0, "page");
    await a.reminders.setChoices(uids[1]!, [{ kind: "visa", channel: "push", on: true }], T0, "page");
    await a.reminders.setChoices(uids[1]!, [{ kind: "visa", channel: "push", on: false }], T0 + 1, "page");
    expect(await a.reminders.membersWithChannelsOn(null, 1)).toEqual([uids[0]]);
    expect(await a.reminders.membersWithChannelsOn(uids[0]!, 10)).toEqual([uids[2]]);
  });

  it("keeps a member's devices, moves an endpoint to its new member, and forgets one the push service dropped", async () => {
    const { a, b } = clients;
    const [one, two] = [await joined(a), await joined(a)];
    await a.reminders.addPushSubscription(one, subscription(1), T0);
    await b.reminders.addPushSubscription(one, subscription(2), T0 + 1);
    expect((await a.reminders.pushSubscriptions(one)).map((s) => s.endpoint)).toEqual([
      subscription(1).endpoint,
      subscription(2).endpoint,
    ]);
    // The same browser signed in as another member: its pushes are theirs now.
    await a.reminders.addPushSubscription(two, subscription(1), T0 + 2);
    expect((await b.reminders.pushSubscriptions(one)).map((s) => s.endpoint)).toEqual([subscription(2).endpoint]);
    expect(await b.reminders.pushSubscriptions(two)).toEqual([{ ...subscription(1), createdAt: T0 + 2 }]);
    expect(await a.reminders.removePushSubscription(one, subscription(1).endpoint)).toBe(false);
    await b.reminders.forgetPushEndpoint(subscription(2).endpoint);
    expect(await a.reminders.pushSubscriptions(one)).toEqual([]);
  });

  it("keeps a member's ten newest devices", async () => {
    const { a } = clients;
    const uid = await joined(a);
    for (let n = 0; n < 12; n++) await a.reminders.addPushSubscription(uid, subscription(n), T0 + n);
    const kept = (await a.reminders.pushSubscriptions(uid)).map((s) => s.endpoint);
    expect(kept).toHaveLength(10);
    expect(kept).not.toContain(subscription(0).endpoint);
    expect(kept).toContain(subscription(11).endpoint);
  });

  it("gives a delivery to exactly one of clients racing for it, and never again once sent", async () => {
    const { a, b } = clients;
    const uid = await joined(a);
    const key = "visa:2027-03-31:oneMonth:sms";
    const won = await raced(12, clients, (stores) => stores.reminders.claimDelivery(uid, key, T0));
    expect(won.filter((attempt) => attempt !== null)).toEqual([1]);
    await a.reminders.markSent(uid, key, T0 + 5);
    expect(await b.reminders.claimDelivery(uid, key, T0 + 1_000_000)).toBeNull();
    expect(await a.reminders.delivery(uid, key)).toEqual({ state: "sent", attempts: 1 });
  });

  it("lets a failed delivery be claimed again from its retry time, by one client, and a given-up one never", async () => {
    const { a, b } = clients;
    const uid = await joined(a);
    const key = "visa:2027-03-31:oneWeek:push:device-1";
    expect(await a.reminders.claimDelivery(uid, key, T0)).toBe(1);
    await a.reminders.markFailed(uid, key, T0 + 60_000);
    expect(await b.reminders.claimDelivery(uid, key, T0 + 59_999)).toBeNull();
    const won = await raced(8, clients, (stores) => stores.reminders.claimDelivery(uid, key, T0 + 60_000));
    expect(won.filter((attempt) => attempt !== null)).toEqual([2]);
    expect(await a.reminders.delivery(uid, key)).toEqual({ state: "claimed", attempts: 2 });
    await b.reminders.markFailed(uid, key, null);
    expect(await a.reminders.claimDelivery(uid, key, T0 + 10 ** 9)).toBeNull();
    expect(await a.reminders.delivery(uid, key)).toEqual({ state: "failed", attempts: 2 });
  });

  it("never claims again a delivery whose sender stopped mid-way (it may have been sent)", async () => {
    const { a, b } = clients;
    const uid = await joined(a);
    expect(await a.reminders.claimDelivery(uid, "k", T0)).toBe(1);
    expect(await b.reminders.claimDelivery(uid, "k", T0 + 10 ** 9)).toBeNull();
  });

  it("loses every subscription, choice and pending delivery with the member's withdrawal", async () => {
    const { a, b } = clients;
    const uid = await joined(a);
    await a.reminders.setChoices(uid, [{ kind: "visa", channel: "push", on: true }], T0, "page");
    await a.reminders.addPushSubscription(uid, subscription(1), T0);
    await a.reminders.claimDelivery(uid, "pending", T0);
    expect(await b.members.withdraw(uid, { at: T0 + 10, reason: null })).toBe(true);
    expect(await a.reminders.pushSubscriptions(uid)).toEqual([]);
    expect(await a.reminders.choices(uid)).toEqual([]);
    expect(await a.reminders.history(uid)).toEqual([]);
    expect(await a.reminders.delivery(uid, "pending")).toBeNull();
    expect(await a.reminders.membersWithChannelsOn(null, 10)).toEqual([]);
  });
});
