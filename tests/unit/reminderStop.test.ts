/** The reminders' opt-out token (issue 42): sealed, expiring, single purpose, good once. */
import { describe, expect, it } from "vitest";
import { readStopToken, STOP_TOKEN_DAYS, stopToken, stopTokenUsable } from "~/visa/reminderStop.server";

const secret = "s".repeat(48);
const claim = { uid: "member-1", kind: "visa" as const, channel: "sms" as const, issuedAt: 1_800_000_000_000 };
const DAY = 86_400_000;

describe("the opt-out token", () => {
  it("reads back what it was made with, and does not show the member's id", () => {
    const token = stopToken(secret, claim);
    expect(token).not.toContain("member-1");
    expect(Buffer.from(token, "base64url").toString("latin1")).not.toContain("member-1");
    expect(readStopToken(secret, token, claim.issuedAt + DAY)).toEqual(claim);
  });

  it("refuses a forged or altered token, one of another secret, and junk", () => {
    const token = stopToken(secret, claim);
    const altered = token.slice(0, -2) + (token.endsWith("A") ? "BB" : "AA");
    expect(readStopToken(secret, altered, claim.issuedAt)).toBeNull();
    expect(readStopToken("t".repeat(48), token, claim.issuedAt)).toBeNull();
    for (const junk of ["", "a.b.c", "x".repeat(10_000), 42, null, undefined]) {
      expect(readStopToken(secret, junk, claim.issuedAt)).toBeNull();
    }
  });

  it("refuses a sealed value that is not a stop claim", () => {
    const wrongKind = stopToken(secret, { ...claim, kind: "offers" as never });
    const wrongChannel = stopToken(secret, { ...claim, channel: "inbox" as never });
    expect(readStopToken(secret, wrongKind, claim.issuedAt)).toBeNull();
    expect(readStopToken(secret, wrongChannel, claim.issuedAt)).toBeNull();
  });

  it("expires after STOP_TOKEN_DAYS, and is not good before it was made", () => {
    const token = stopToken(secret, claim);
    expect(readStopToken(secret, token, claim.issuedAt + STOP_TOKEN_DAYS * DAY)).toEqual(claim);
    expect(readStopToken(secret, token, claim.issuedAt + STOP_TOKEN_DAYS * DAY + 1)).toBeNull();
    expect(readStopToken(secret, token, claim.issuedAt - 1)).toBeNull();
  });

  it("acts once: after it turned the channel off, or after the member changed it since, it does nothing", () => {
    expect(stopTokenUsable(claim, { on: true, changedAt: claim.issuedAt - DAY })).toBe(true);
    // Used: the channel is off now, changed after the token was made.
    expect(stopTokenUsable(claim, { on: false, changedAt: claim.issuedAt + 1 })).toBe(false);
    // Turned on again later: the old token does not turn off the new choice.
    expect(stopTokenUsable(claim, { on: true, changedAt: claim.issuedAt + DAY })).toBe(false);
    expect(stopTokenUsable(claim, null)).toBe(false);
  });
});
