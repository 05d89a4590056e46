/** Sign-in with an ID and sign-out, through the routes' actions and loaders, against the real Auth emulator. */
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { passwordAttempts } from "~/auth/passwordAttempts.server";
import { readSession } from "~/auth/session.server";
import { action as signOut } from "~/routes/member.signOut";
import { loader as startLoader } from "~/routes/member.start";
import { action as signIn, loader as signInLoader } from "~/routes/member.startId";
import { registerMember } from "../support/members";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());

const password = "a long enough passphrase";
async function member() {
  const email = `m-${randomUUID()}@example.com`;
  const { uid } = await services.identity.admin.toolkit.signUp(email, password);
  await registerMember(services, uid);
  return { email, uid };
}
const post = (fields: Record<string, string>, cookie?: string) =>
  new Request("http://x/member/startId", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: cookie ? { Cookie: cookie } : {},
  });
const submit = async (fields: Record<string, string>, clientAddress = context.clientAddress) =>
  signIn({ request: post(fields), params: {}, context: { ...context, clientAddress } });
const hasSession = (response: Response) => response.headers.getSetCookie().some((c) => c.startsWith("__session="));
type Reply = { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };

describe("sign-in with ID", () => {
  it("signs in and returns to the page the member came from, with a session cookie", async () => {
    const { email, uid } = await member();
    const response = await submit({ email, password, redirectTo: "/shop?x=1" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/shop?x=1");
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(response.headers.get("Set-Cookie")).toMatch(/HttpOnly/i);
    expect((await readSession(new Request("http://x/", { headers: { Cookie: cookie } }), services))?.uid).toBe(uid);
  });

  it.each(["//evil.example", "https://evil.example", "javascript:alert(1)"])(
    "sends a return target of %s home",
    async (redirectTo) => {
      const { email } = await member();
      expect((await submit({ email, password, redirectTo })).headers.get("Location")).toBe("/");
    },
  );

  it("answers an unknown ID and a wrong password the same way, keeping the ID and never the password", async () => {
    const { email } = await member();
    const wrong = await submit({ email, password: "not the password" });
    const unknown = await submit({ email: `nobody-${randomUUID()}@example.com`, password });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      const reply = (await response.json()) as Reply;
      expect(reply.error?.[""]).toEqual(["errors.form.signInFailed"]);
      expect(reply.initialValue).not.toHaveProperty("password");
    }
  });

  it("keeps what was typed and explains each field that is wrong", async () => {
    const response = await submit({ email: "not-an-email", password: "x".repeat(10_000) });
    expect(response.status).toBe(400);
    const reply = (await response.json()) as Reply;
    expect(reply.error).toMatchObject({
      email: ["errors.form.invalidEmail"],
      password: ["errors.form.passwordLength"],
    });
    expect(reply.initialValue).toMatchObject({ email: "not-an-email" });
    expect(reply.initialValue).not.toHaveProperty("password");

    const empty = (await (await submit({})).json()) as Reply;
    expect(empty.error).toMatchObject({ email: ["errors.form.required"], password: ["errors.form.required"] });
  });

  it("refuses a filled-in honeypot without signing in", async () => {
    const { email } = await member();
    const response = await submit({ email, password, website: "https://spam.example" });
    expect(response.status).toBe(401);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("sends a signed-in member straight on from the start screens", async () => {
    const { email } = await member();
    const cookie = (await submit({ email, password })).headers.get("Set-Cookie")!.split(";")[0]!;
    for (const loader of [startLoader, signInLoader]) {
      const thrown = await Promise.resolve(
        loader({
          request: new Request("http://x/member/start?redirectTo=%2Fshop", { headers: { Cookie: cookie } }),
          params: {},
          context,
        }),
      ).catch((e: unknown) => e);
      expect((thrown as Response).headers.get("Location")).toBe("/shop");
    }
  });
});

describe("sign-out", () => {
  it("clears the cookie, ends the session on the next request and goes home", async () => {
    const { email } = await member();
    const cookie = (await submit({ email, password })).headers.get("Set-Cookie")!.split(";")[0]!;
    const response = await signOut({ request: post({}, cookie), params: {}, context });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__session=;/);
    expect(await readSession(new Request("http://x/", { headers: { Cookie: cookie } }), services)).toBeNull();
  });
});

describe("who may sign in", () => {
  it("refuses an account made at the identity provider directly: it is not a member", async () => {
    const email = `direct-${randomUUID()}@example.com`;
    await services.identity.admin.toolkit.signUp(email, password);
    const response = await submit({ email, password });
    expect(response.status).toBe(403);
    expect(((await response.json()) as Reply).error?.[""]).toEqual(["errors.form.notMember"]);
    expect(hasSession(response)).toBe(false);
  });
});

describe("wrong passwords per ID", () => {
  // The numbers of docs/joining-and-sessions.md, written here rather than imported: a change to them in the code fails these tests.
  const MAX_FAILED_PASSWORDS = 10;
  const FIRST_LOCK_MS = 15 * 60_000;

  it("make the ID wait after the limit, from any mix of addresses, and say how to get in meanwhile", async () => {
    const { email } = await member();
    for (let i = 1; i < MAX_FAILED_PASSWORDS; i++) {
      expect((await submit({ email, password: `wrong guess ${i}` }, `198.51.100.${i}`)).status).toBe(401);
    }
    const locking = await submit({ email: email.toUpperCase(), password: "one more guess" }, "203.0.113.7");
    expect(locking.status).toBe(429);
    const message = `errors.form.idLocked::${JSON.stringify({ minutes: 15 })}`;
    expect(((await locking.json()) as Reply).error?.[""]).toEqual([message]);
    // Now even the right password waits, from anywhere.
    const right = await submit({ email, password }, "192.0.2.200");
    expect(right.status).toBe(429);
    expect(hasSession(right)).toBe(false);
    // Other IDs are not held up.
    const other = await member();
    expect((await submit({ email: other.email, password }, "203.0.113.7")).status).toBe(302);
  });

  it("forget the count on success, and wait longer each time the guessing goes on", async () => {
    const attempts = passwordAttempts(services);
    const email = `count-${randomUUID()}@example.com`;
    const t0 = 1_700_000_000_000;
    for (let i = 1; i < MAX_FAILED_PASSWORDS; i++) expect(await attempts.failed(email, t0 + i)).toBeNull();
    await attempts.succeeded(email);
    for (let i = 1; i < MAX_FAILED_PASSWORDS; i++) expect(await attempts.failed(email, t0 + 100 + i)).toBeNull();
    const first = (await attempts.failed(email, t0 + 200))!;
    expect(first).toBe(t0 + 200 + FIRST_LOCK_MS);
    expect(await attempts.lockedUntil(email, first - 1)).toBe(first);
    expect(await attempts.lockedUntil(email, first)).toBeNull();
    for (let i = 1; i < MAX_FAILED_PASSWORDS; i++) await attempts.failed(email, first + i);
    expect(await attempts.failed(email, first + 100)).toBe(first + 100 + 2 * FIRST_LOCK_MS);
  });
});

describe("passwords are compared as the member sees them", () => {
  it("accepts the same password typed composed or decomposed (NFC)", async () => {
    const email = `nfc-${randomUUID()}@example.com`;
    const composed = "Mật khẩu mùa đông ở Seoul";
    // As sign-up keeps it: normalised.
    const { uid } = await services.identity.admin.toolkit.signUp(email, composed.normalize("NFC"));
    await registerMember(services, uid);
    expect((await submit({ email, password: composed.normalize("NFD") })).status).toBe(302);
    expect((await submit({ email, password: composed.normalize("NFC") })).status).toBe(302);
  });

  it("still accepts a password stored as typed before passwords were normalised", async () => {
    const email = `legacy-${randomUUID()}@example.com`;
    const typed = "Mật khẩu cũ ở Busan".normalize("NFD");
    const { uid } = await services.identity.admin.toolkit.signUp(email, typed);
    await registerMember(services, uid);
    expect((await submit({ email, password: typed })).status).toBe(302);
  });
});
