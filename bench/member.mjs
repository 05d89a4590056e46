/**
 * A member for the benchmarks, made the way a visitor joins: the phone sign-up
 * flow over HTTP, the code read from local mode's outbox. Resolves with the
 * Cookie header of the signed-in session (only members get sessions).
 */
import fs from "node:fs";
import path from "node:path";

/** The cookie jar of one browser, as `name=value` pairs. */
function jar() {
  const cookies = new Map();
  return {
    take(response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const index = pair.indexOf("=");
        const name = pair.slice(0, index);
        if (/max-age=0/i.test(line) || index === pair.length - 1) cookies.delete(name);
        else cookies.set(name, pair.slice(index + 1));
      }
      return response;
    },
    get header() {
      return [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    },
    get: (name) => cookies.get(name),
  };
}

export async function joinByPhone(appUrl, dataDir, name = "Bench Member") {
  const browser = jar();
  const local = `0107${String(Date.now() % 10_000_000).padStart(7, "0")}`;
  const e164 = `+82${local.slice(1)}`;
  const post = async (pathname, fields) =>
    browser.take(
      await fetch(`${appUrl}${pathname}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: browser.header, Origin: appUrl },
        redirect: "manual",
      }),
    );
  const expectRedirect = (response, to) => {
    if (response.status !== 302 || !response.headers.get("location")?.startsWith(to)) {
      throw new Error(`joining: expected a redirect to ${to}, got HTTP ${response.status}`);
    }
  };
  // /sign is an index route: a post to it names the index, or it would go to the parent.
  expectRedirect(await post("/sign?index", { phone: local, agreeAll: "on" }), "/sign/authNo");
  const outbox = fs.readFileSync(path.join(dataDir, "sms-outbox.jsonl"), "utf8").trim().split("\n").map(JSON.parse);
  const code = /\d{6}/.exec(outbox.filter((m) => m.to === e164).at(-1).text)[0];
  expectRedirect(await post("/sign/authNo", { code }), "/sign/choiceNation");
  expectRedirect(
    await post("/sign/choiceNation", { name, nationality: "Vietnam", visa: "E-9" }),
    "/sign/signUpComplete",
  );
  const session = browser.get("__session");
  if (!session) throw new Error("joining: no session cookie after the last step");
  return `__session=${session}`;
}
