/**
 * The hosted test's side of tests/hosted/inside.mjs: makes the network and mount namespace (as root, `unshare`),
 * starts the world in it, and talks to it through the Unix socket it listens on. `close` ends the namespace (and
 * with it every process in it) and removes the shared directory: nothing is left behind.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Jar } from "../support/jar";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Why namespaces cannot be made here, or null when they can. */
export function namespacesUnavailable(): string | null {
  if (process.getuid?.() !== 0) return "the hosted test makes a network namespace, which needs root";
  const probe = spawnSync("unshare", ["--net", "--mount", "--pid", "--fork", "true"], { encoding: "utf8" });
  if (probe.error) return `unshare could not run: ${probe.error.message}`;
  if (probe.status !== 0) return `unshare --net --mount --pid failed: ${probe.stderr.trim()}`;
  return null;
}

export interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
  ms: number;
  error?: string;
}

export interface StartedServer {
  id: number;
  up: boolean;
  code?: number | string | null;
  output: string;
}

export interface World {
  call<T = unknown>(route: string, body?: unknown): Promise<T>;
  startServer(options?: { env?: Record<string, string>; unset?: string[] }): Promise<StartedServer>;
  stopServer(id: number): Promise<{ code: number | string | null; output: string }>;
  output(id: number): Promise<string>;
  standIn<T = Record<string, unknown>>(op: Record<string, unknown>): Promise<T>;
  fetch(request: {
    server?: number;
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    timeoutMs?: number;
  }): Promise<Answer>;
  close(): Promise<void>;
}

const HOSTS = [
  [
    "127.0.0.2",
    "oauth2.googleapis.com www.googleapis.com identitytoolkit.googleapis.com securetoken.googleapis.com accounts.google.com",
  ],
  ["127.0.0.3", "api.twilio.com"],
];

export async function startWorld(): Promise<World> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-hosted-"));
  fs.writeFileSync(
    path.join(dir, "hosts"),
    `127.0.0.1 localhost\n::1 localhost\n${HOSTS.map(([ip, names]) => `${ip} ${names}`).join("\n")}\n`,
  );
  // The namespace's first process is the world (node): when it ends, the kernel ends the rest.
  const script = 'set -e; ip link set lo up; mount --bind "$1/hosts" /etc/hosts; exec "$2" "$3" "$1"';
  const child: ChildProcess = spawn(
    "unshare",
    [
      "--net",
      "--mount",
      "--pid",
      "--fork",
      "--kill-child",
      "--mount-proc",
      "bash",
      "-c",
      script,
      "world",
      dir,
      process.execPath,
      path.join(here, "inside.mjs"),
    ],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  let log = "";
  child.stdout!.on("data", (c: Buffer) => (log += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (log += c.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const socketPath = path.join(dir, "control.sock");
  const deadline = Date.now() + 60_000;
  while (!log.includes("ready")) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`the hosted world did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  const call = <T>(route: string, body: unknown = {}) =>
    new Promise<T>((resolve, reject) => {
      const request = http.request(
        { socketPath, path: route, method: "POST", headers: { "Content-Type": "application/json" } },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (c: string) => (text += c));
          response.on("end", () => {
            const parsed = JSON.parse(text) as T & { error?: string };
            if (parsed && typeof parsed === "object" && "error" in parsed && route !== "/fetch") {
              reject(new Error(`${route}: ${parsed.error}`));
            } else resolve(parsed);
          });
        },
      );
      request.on("error", reject);
      request.end(JSON.stringify(body));
    });

  return {
    call,
    startServer: (options = {}) => call<StartedServer>("/servers", options),
    stopServer: (id) => call("/servers/stop", { id }),
    output: async (id) => (await call<{ output: string }>("/servers/output", { id })).output,
    standIn: (op) => call("/standin", op),
    fetch: (request) => call<Answer>("/fetch", request),
    async close() {
      child.stdin!.end();
      const ended = await Promise.race([
        exited.then(() => true),
        new Promise((r) => setTimeout(() => r(false), 15_000)),
      ]);
      if (!ended) {
        child.kill("SIGKILL");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A browser without JavaScript on a server inside the world: cookies kept, redirects not followed. */
export function hostedBrowser(world: World, server: number, address: string, extra: Record<string, string> = {}) {
  const jar = new Jar();
  const request = async (pathname: string, form?: Record<string, string>) => {
    const answer = await world.fetch({
      server,
      url: pathname,
      method: form ? "POST" : "GET",
      headers: {
        Cookie: jar.header,
        "X-Forwarded-For": address,
        "X-Forwarded-Proto": "https",
        ...extra,
        ...(form ? { Origin: "https://klife.test", "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    if (answer.error) throw new Error(`${form ? "POST" : "GET"} ${pathname} was not answered: ${answer.error}`);
    const headers = new Headers();
    for (const [name, value] of answer.headers) headers.append(name, value);
    jar.take(new Response(null, { status: 200, headers }));
    return { status: answer.status, location: headers.get("location"), body: answer.body, headers, ms: answer.ms };
  };
  const step = async (pathname: string, form: Record<string, string>, next: string) => {
    const response = await request(pathname, form);
    if (response.status !== 302 || response.location !== next) {
      throw new Error(
        `POST ${pathname} answered ${response.status} ${response.location ?? ""}, not a redirect to ${next}:\n${response.body.slice(0, 2000)}`,
      );
    }
    return response;
  };
  return { jar, request, step };
}

/**
 * A page as the visitor reads it: without its scripts. A page carries its namespaces' translations in a JSON
 * script, so every message of a form is somewhere in its body: only what is left says which one is shown.
 */
export function shown(body: string): string {
  return body.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
}

/** A fault of one service's stand-in ("refused", "hang", "html", "truncated") for the time of `run`, then "ok". */
export async function withFault<T>(
  world: World,
  fault: { service: "google" | "twilio"; mode: string; match?: string },
  run: () => Promise<T>,
): Promise<T> {
  await world.standIn({ op: "mode", ...fault });
  try {
    return await run();
  } finally {
    await world.standIn({ op: "mode", service: fault.service, mode: "ok" });
  }
}

export type HostedBrowser = ReturnType<typeof hostedBrowser>;

/**
 * The join's pages after its way in (an ID, or Google): the name and a mobile number verified by the code texted
 * to it (`codeTo` reads it from Twilio's stand-in), then nationality and visa.
 */
export async function finishJoin(
  b: HostedBrowser,
  person: { name: string; local: string; e164: string; nationality: string; visa: string },
  codeTo: (e164: string) => Promise<string>,
) {
  const { name, local, e164, nationality, visa } = person;
  await b.step("/member/userInfo", { intent: "send", name, phone: local }, "/member/userInfo");
  await b.step("/member/userInfo", { intent: "verify", name, code: await codeTo(e164) }, "/member/addInfo");
  await b.step("/member/addInfo", { nationality, visa }, "/member/complete");
}
