/** Sign-in with an ID and sign-out, through the routes' actions and loaders, against the real Auth emulator. */
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { readSession } from "~/auth/session.server";
import { action as signOut } from "~/routes/member.signOut";
import { loader as startLoader } from "~/routes/member.start";
import { action as signIn, loader as signInLoader } from "~/routes/member.startId";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());

const password = "a long enough passphrase";
async function member() {
  const email = `m-${randomUUID()}@example.com`;
  const { uid } = await services.identity.toolkit.signUp(email, password);
  return { email, uid };
}
const post = (fields: Record<string, string>, cookie?: string) =>
  new Request("http://x/member/startId", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: cookie ? { Cookie: cookie } : {},
  });
const submit = async (fields: Record<string, string>) => signIn({ request: post(fields), params: {}, context });
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
