/**
 * A browser without JavaScript, over HTTP: cookies kept, same-origin posts,
 * redirects not followed. Used to join and sign in against a running server (the
 * phone sign-up flow, or with an e-mail and password the ID flow), codes read
 * from local mode's outbox. For tests that need a member of a running server; the
 * flows themselves are tested in signUp.test.ts and signUp.spec.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { Jar } from "./jar";

let seq = 0;
/** A Korean mobile number no other test uses: E.164 and as people type it. */
export function uniqueNumber() {
  const e164 = `+82107${String((Date.now() + process.pid * 104_729 + seq++ * 7919) % 10_000_000).padStart(7, "0")}`;
  return { e164, local: `0${e164.slice(3)}` };
}

const e164Of = (local: string) => `+82${local.slice(1)}`;

/**
 * The newest code a server texted to a number, read from its /dev/outbox (local mode, this machine): the
 * deployment's outbox, a table of the database with DATABASE_URL, so any process of it shows every process's texts.
 */
export async function lastCodeOverHttp(baseUrl: string, e164: string): Promise<string> {
  const response = await fetch(`${baseUrl}/dev/outbox?_data=routes%2Fdev.outbox`, {
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`/dev/outbox answered ${response.status}`);
  const { messages } = (await response.json()) as { messages: { to: string; text: string }[] };
  const code = /\d{6}/.exec(messages.find((m) => m.to === e164)?.text ?? "")?.[0];
  if (!code) throw new Error(`no code was texted to ${e164}`);
  return code;
}

/** The newest code the server texted to a number. */
export function lastCodeTo(dataDir: string, e164: string): string {
  const lines = fs.readFileSync(path.join(dataDir, "sms-outbox.jsonl"), "utf8").trim().split("\n");
  const message = lines
    .map((l) => JSON.parse(l) as { to: string; text: string })
    .reverse()
    .find((m) => m.to === e164);
  const code = message && /\d{6}/.exec(message.text)?.[0];
  if (!code) throw new Error(`no code was texted to ${e164}`);
  return code;
}

/** `headers` go with every request (X-Forwarded-For, for instance, to give each browser its own address). */
export function httpBrowser(baseUrl: string, headers: Record<string, string> = {}) {
  const jar = new Jar();
  const request = async (pathname: string, form?: Record<string, string>) => {
    const method = form ? "POST" : "GET";
    // Bounded: a server that does not answer within 30 s fails the request, named, rather than holding the test.
    const response = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers: { ...headers, Cookie: jar.header, ...(form ? { Origin: baseUrl } : {}) },
      body: form ? new URLSearchParams(form) : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
    }).catch((error: unknown) => {
      throw new Error(`${method} ${pathname} was not answered: ${String(error)}`);
    });
    jar.take(response);
    await response.arrayBuffer();
    return response;
  };
  /** Posts a form, expecting a redirect to `next`. */
  const step = async (pathname: string, form: Record<string, string>, next: string) => {
    const response = await request(pathname, form);
    const location = response.headers.get("Location");
    if (response.status !== 302 || location !== next) {
      throw new Error(`POST ${pathname} answered ${response.status} ${location ?? ""}, not a redirect to ${next}`);
    }
    return response;
  };
  return { jar, request, step };
}

export interface Joined {
  e164: string;
  local: string;
  /** The browser's cookies after joining (`name=value; …`), the session among them. */
  cookies: string;
}

/**
 * Joins as a browser without JavaScript does, and resolves once the join is
 * confirmed (the redirect to the completion page). Phone flow by default; with
 * `email`, the ID flow (terms, ID and password, name and phone, nationality and visa).
 */
export async function joinOverHttp(
  baseUrl: string,
  dataDir: string,
  options: {
    email?: string;
    password?: string;
    name?: string;
    local?: string;
    headers?: Record<string, string>;
    /**
     * The phone flow as a newcomer who first tried to sign in: the number proven on the
     * sign-in screen joins from there (the text then has the purpose "signIn").
     */
    fromSignIn?: boolean;
    /** The ID flow's visa (D-2-2 unless told) and its expiry date ("yyyy-mm-dd"; none unless told). */
    visa?: string;
    visaExpiry?: string;
    /** Where the texted codes are read: DATA_DIR's outbox file unless told (lastCodeOverHttp, for instance). */
    codeTo?: (e164: string) => Promise<string>;
  } = {},
): Promise<Joined> {
  const codeTo = options.codeTo ?? (async (e164: string) => lastCodeTo(dataDir, e164));
  const local = options.local ?? uniqueNumber().local;
  const e164 = e164Of(local);
  const { jar, step } = httpBrowser(baseUrl, options.headers);
  const name = options.name ?? "Test Member";
  if (options.email) {
    const password = options.password ?? "a long enough passphrase";
    await step("/member/agree", { agreeAll: "on" }, "/member/accountInfo");
    await step(
      "/member/accountInfo",
      { email: options.email, password, passwordConfirm: password },
      "/member/userInfo",
    );
    await step("/member/userInfo", { intent: "send", name, phone: local }, "/member/userInfo");
    await step("/member/userInfo", { intent: "verify", name, code: await codeTo(e164) }, "/member/addInfo");
    const visa = { visa: options.visa ?? "D-2-2", ...(options.visaExpiry ? { visaExpiry: options.visaExpiry } : {}) };
    await step("/member/addInfo", { nationality: "Vietnam", ...visa }, "/member/complete");
  } else if (options.fromSignIn) {
    await step("/login/login", { phone: local, redirectTo: "/" }, "/login/authNo");
    await step("/login/authNo", { code: await codeTo(e164) }, "/login/authNo");
    await step("/login/authNo", { intent: "join" }, "/sign");
    await step("/sign?index", { agreeAll: "on" }, "/sign/choiceNation");
    await step("/sign/choiceNation", { name, nationality: "Vietnam", visa: "E-9" }, "/sign/signUpComplete");
  } else {
    // /sign is an index route: a post to it names the index, or it would go to the parent.
    await step("/sign?index", { phone: local, agreeAll: "on" }, "/sign/authNo");
    await step("/sign/authNo", { code: await codeTo(e164) }, "/sign/choiceNation");
    await step("/sign/choiceNation", { name, nationality: "Vietnam", visa: "E-9" }, "/sign/signUpComplete");
  }
  if (!jar.cookies.has("__session")) throw new Error("joining: no session after the last step");
  return { e164, local, cookies: jar.header };
}

/** Signs in with a phone and its texted code; true when a member's session was given. */
export async function signInByPhone(
  baseUrl: string,
  dataDir: string,
  local: string,
  headers: Record<string, string> = {},
): Promise<boolean> {
  const { jar, request, step } = httpBrowser(baseUrl, headers);
  await step("/login/login", { phone: local, redirectTo: "/" }, "/login/authNo");
  const response = await request("/login/authNo", { code: lastCodeTo(dataDir, e164Of(local)) });
  return response.status === 302 && jar.cookies.has("__session");
}
