/**
 * Joining over HTTP, as a visitor's browser does without JavaScript: the phone
 * sign-up flow (or, with an e-mail and password, the ID flow), the code read from
 * local mode's outbox. For tests that need a member of a running server; the
 * flows themselves are tested in signUp.test.ts and signUp.spec.ts.
 */
import fs from "node:fs";
import path from "node:path";

let seq = 0;
/** A Korean mobile number no other test uses: E.164 and as people type it. */
export function uniqueNumber() {
  const e164 = `+82107${String((Date.now() + process.pid * 104_729 + seq++ * 7919) % 10_000_000).padStart(7, "0")}`;
  return { e164, local: `0${e164.slice(3)}` };
}

/** The newest code the server texted to a number. */
export function lastCodeTo(dataDir: string, e164: string): string {
  const lines = fs.readFileSync(path.join(dataDir, "sms-outbox.jsonl"), "utf8").trim().split("\n");
  const message = lines
    .map((l) => JSON.parse(l) as { to: string; text: string })
    .reverse()
    .find((m) => m.to === e164);
  if (!message) throw new Error(`no text was sent to ${e164}`);
  return /\d{6}/.exec(message.text)![0];
}

export interface Joined {
  e164: string;
  local: string;
  /** The browser's cookies after joining (`name=value; …`), the session among them. */
  cookies: string;
}

export async function joinOverHttp(
  baseUrl: string,
  dataDir: string,
  options: { email?: string; password?: string; name?: string } = {},
): Promise<Joined> {
  const { e164, local } = uniqueNumber();
  const jar = new Map<string, string>();
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const post = async (pathname: string, fields: Record<string, string>, expected: string) => {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Cookie: header(), Origin: baseUrl },
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      if (/max-age=0/i.test(line)) jar.delete(pair.slice(0, index));
      else jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
    const location = response.headers.get("Location") ?? "";
    if (response.status !== 302 || !location.startsWith(expected)) {
      throw new Error(`joining: ${pathname} answered ${response.status} ${location}, expected ${expected}`);
    }
  };
  const name = options.name ?? "Test Member";
  if (options.email) {
    const password = options.password ?? "a long enough passphrase";
    await post("/member/agree", { agreeAll: "on" }, "/member/accountInfo");
    await post(
      "/member/accountInfo",
      { email: options.email, password, passwordConfirm: password },
      "/member/userInfo",
    );
    await post("/member/userInfo", { intent: "send", name, phone: local }, "/member/userInfo");
    const code = lastCodeTo(dataDir, e164);
    await post("/member/userInfo", { intent: "verify", name, code }, "/member/addInfo");
    await post("/member/addInfo", { nationality: "Vietnam", visa: "D-2-2" }, "/member/complete");
  } else {
    await post("/sign", { phone: local, agreeAll: "on" }, "/sign/authNo");
    await post("/sign/authNo", { code: lastCodeTo(dataDir, e164) }, "/sign/inputName");
    await post("/sign/inputName", { name }, "/sign/choiceNation");
    await post("/sign/choiceNation", { nationality: "Vietnam" }, "/sign/signUpComplete");
  }
  if (!jar.has("__session")) throw new Error("joining: no session after the last step");
  return { e164, local, cookies: header() };
}
