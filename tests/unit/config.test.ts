import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import webpush from "web-push";
import { ConfigError, loadConfig, publicConfig } from "~/infra/config.server";
import { vapidKeys } from "~/server/deployment.server";

/** A readable key, as the Firebase console's JSON holds (the config checks that it parses). */
const testPrivateKey = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({
  type: "pkcs8",
  format: "pem",
}) as string;

const hosted = {
  FIREBASE_PROJECT_ID: "klife-prod",
  FIREBASE_API_KEY: "AIzaSyA-0123456789abcdefghijklmnop",
  FIREBASE_SERVICE_ACCOUNT: JSON.stringify({
    project_id: "klife-prod",
    client_email: "svc@klife-prod.iam.gserviceaccount.com",
    private_key: testPrivateKey,
  }),
  SESSION_SECRET: "s".repeat(40),
  PUBLIC_ORIGIN: "https://app.example.com",
  TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "t".repeat(32),
  TWILIO_FROM: "+15005550006",
  OPERATOR_NAME: "K-Life Inc.",
  OPERATOR_REGISTRATION_NO: "123-45-67890",
  SUPPORT_EMAIL: "help@example.com",
};

function problems(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems.join("\n");
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("runs in local mode with no configuration at all", () => {
    const config = loadConfig({});
    expect(config.mode).toBe("local");
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe(".data");
    if (config.mode === "local") expect(config.FIREBASE_PROJECT_ID).toMatch(/^demo-/);
    expect(config.TRANSLATE_WIDGET).toBe(false);
  });

  it("listens on this machine only in local mode, on every interface in hosted mode, unless HOST says otherwise", () => {
    expect(loadConfig({}).HOST).toBe("127.0.0.1");
    expect(loadConfig({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(loadConfig(hosted).HOST).toBe("0.0.0.0");
    expect(loadConfig({ ...hosted, HOST: "10.0.0.5" }).HOST).toBe("10.0.0.5");
  });

  it("reads rate-limit tiers from the environment", () => {
    const config = loadConfig({ RATE_LIMIT_ALL: "50", RATE_LIMIT_MUTATIONS: "5", RATE_LIMIT_AUTH: "2" });
    expect([config.RATE_LIMIT_ALL, config.RATE_LIMIT_MUTATIONS, config.RATE_LIMIT_AUTH]).toEqual([50, 5, 2]);
  });

  it("names a malformed variable", () => {
    expect(problems({ PORT: "eighty" })).toMatch(/^PORT:/m);
    expect(problems({ RATE_LIMIT_AUTH: "-1" })).toMatch(/^RATE_LIMIT_AUTH:/m);
    expect(problems({ TRANSLATE_WIDGET: "maybe" })).toMatch(/^TRANSLATE_WIDGET:/m);
  });

  it("refuses a non-demo project in local mode", () => {
    expect(problems({ FIREBASE_PROJECT_ID: "real-project" })).toMatch(/^FIREBASE_PROJECT_ID:/m);
  });

  it("switches to hosted mode on any hosted variable and names each missing one", () => {
    const text = problems({ SESSION_SECRET: "s".repeat(40) });
    for (const name of ["FIREBASE_PROJECT_ID", "FIREBASE_API_KEY", "FIREBASE_SERVICE_ACCOUNT", "PUBLIC_ORIGIN"]) {
      expect(text).toMatch(new RegExp(`^${name}:`, "m"));
    }
  });

  it("accepts a complete hosted configuration", () => {
    const config = loadConfig(hosted);
    expect(config.mode).toBe("hosted");
  });

  it("names a malformed service account", () => {
    expect(problems({ ...hosted, FIREBASE_SERVICE_ACCOUNT: "{not json" })).toMatch(/^FIREBASE_SERVICE_ACCOUNT:/m);
  });

  it("names a service account whose key does not parse, or that is another project's", () => {
    const account = JSON.parse(hosted.FIREBASE_SERVICE_ACCOUNT) as Record<string, string>;
    const damaged = JSON.stringify({
      ...account,
      private_key: "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n",
    });
    const { private_key: _dropped, ...keyless } = account;
    expect(problems({ ...hosted, FIREBASE_SERVICE_ACCOUNT: JSON.stringify(keyless) })).toMatch(
      /^FIREBASE_SERVICE_ACCOUNT\.private_key: is missing \(copy the JSON file the Firebase console made, unchanged\)$/m,
    );
    expect(problems({ ...hosted, FIREBASE_SERVICE_ACCOUNT: damaged })).toMatch(
      /^FIREBASE_SERVICE_ACCOUNT\.private_key: is not a readable private key/m,
    );
    const other = JSON.stringify({ ...account, project_id: "klife-staging" });
    expect(problems({ ...hosted, FIREBASE_SERVICE_ACCOUNT: other })).toMatch(
      /^FIREBASE_SERVICE_ACCOUNT: is the service account of project klife-staging, not of FIREBASE_PROJECT_ID \(klife-prod\)/m,
    );
  });

  it("needs the operator's details in hosted mode, in their formats, and leaves them unset in local mode", () => {
    const { OPERATOR_NAME: _name, ...noName } = hosted;
    expect(problems(noName)).toMatch(/^OPERATOR_NAME: required in hosted mode/m);
    expect(problems({ ...hosted, OPERATOR_REGISTRATION_NO: "12345" })).toMatch(/^OPERATOR_REGISTRATION_NO: must be/m);
    expect(problems({ ...hosted, SUPPORT_HOURS: "9-18" })).toMatch(/^SUPPORT_HOURS: must look like 10:00-18:00/m);
    expect(loadConfig({ ...hosted, SUPPORT_HOURS: "09:00-18:00" })).toMatchObject({
      OPERATOR_NAME: "K-Life Inc.",
      SUPPORT_HOURS: "09:00-18:00",
    });
    expect(loadConfig({}).OPERATOR_NAME).toBeUndefined();
  });

  it("gives the page the operator's details as configured, and nulls where they are not", () => {
    expect(publicConfig(loadConfig({ ...hosted, SUPPORT_HOURS: "09:30-18:00" })).operator).toEqual({
      name: "K-Life Inc.",
      registrationNo: "123-45-67890",
      supportEmail: "help@example.com",
      supportHours: { from: "09:30", to: "18:00" },
    });
    expect(publicConfig(loadConfig({})).operator).toEqual({
      name: null,
      registrationNo: null,
      supportEmail: null,
      supportHours: null,
    });
  });

  it("takes Web Push's VAPID keys in hosted mode, all three or none (push off), each in its format", () => {
    const keys = webpush.generateVAPIDKeys();
    const vapid = {
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: "mailto:ops@example.com",
    };
    expect(vapidKeys(loadConfig(hosted))).toBeNull();
    expect(vapidKeys(loadConfig({ ...hosted, ...vapid }))).toEqual({
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      subject: "mailto:ops@example.com",
    });
    const partial = problems({ ...hosted, VAPID_PUBLIC_KEY: keys.publicKey });
    expect(partial).toMatch(/VAPID_PRIVATE_KEY: must be set with the other VAPID_ variables/);
    expect(partial).toMatch(/VAPID_SUBJECT: must be set/);
    expect(problems({ ...hosted, ...vapid, VAPID_PUBLIC_KEY: keys.privateKey })).toMatch(
      /VAPID_PUBLIC_KEY: must be the base64url P-256 public key/,
    );
    expect(problems({ ...hosted, ...vapid, VAPID_PRIVATE_KEY: "x" })).toMatch(/VAPID_PRIVATE_KEY: must be/);
    expect(problems({ ...hosted, ...vapid, VAPID_SUBJECT: "ops@example.com" })).toMatch(
      /VAPID_SUBJECT: must be a mailto:/,
    );
  });

  it("takes the push services' allow-list from PUSH_SERVICE_HOSTS, the browsers' known ones by default", () => {
    expect(loadConfig(hosted).PUSH_SERVICE_HOSTS).toContain("fcm.googleapis.com");
    expect(
      loadConfig({ ...hosted, PUSH_SERVICE_HOSTS: "push.example.kr,*.push.example.kr" }).PUSH_SERVICE_HOSTS,
    ).toEqual(["push.example.kr", "*.push.example.kr"]);
    for (const bad of [" , ", "*.com", "https://push.example.kr", "push.example.kr/x", "*", "localhost"]) {
      expect(problems({ PUSH_SERVICE_HOSTS: bad }), bad).toMatch(/PUSH_SERVICE_HOSTS: must be host names/);
    }
  });

  it("refuses hosted mode when FIREBASE_AUTH_EMULATOR_HOST is set", () => {
    expect(problems({ ...hosted, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" })).toMatch(
      /^FIREBASE_AUTH_EMULATOR_HOST:/m,
    );
  });

  it("reads DATABASE_URL and the pool size, and names a malformed URL without its password", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://klife:s3cret@db.internal:5432/klife" });
    expect(config.DATABASE_URL).toBe("postgres://klife:s3cret@db.internal:5432/klife");
    expect(config.DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: "4" }).DATABASE_POOL_SIZE).toBe(4);
    expect(loadConfig({}).DATABASE_URL).toBeUndefined();
    for (const url of [
      "mysql://klife:s3cret@db/klife",
      "postgres://klife:s3cret@db.internal:5432",
      "not a url s3cret",
    ]) {
      const found = problems({ DATABASE_URL: url });
      expect(found).toMatch(/^DATABASE_URL: /m);
      expect(found).not.toContain("s3cret");
    }
    expect(problems({ DATABASE_POOL_SIZE: "0" })).toMatch(/^DATABASE_POOL_SIZE:/m);
    expect(config.DATABASE_STATEMENT_TIMEOUT_MS).toBe(5000);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "1500" }).DATABASE_STATEMENT_TIMEOUT_MS).toBe(1500);
    expect(problems({ DATABASE_STATEMENT_TIMEOUT_MS: "0" })).toMatch(/^DATABASE_STATEMENT_TIMEOUT_MS:/m);
  });

  it("reads a shared Auth emulator's host:port in local mode and refuses it in hosted mode", () => {
    const config = loadConfig({ AUTH_EMULATOR_HOST: "127.0.0.1:9099" });
    expect(config.mode === "local" && config.AUTH_EMULATOR_HOST).toBe("127.0.0.1:9099");
    expect(problems({ AUTH_EMULATOR_HOST: "http://127.0.0.1:9099" })).toMatch(
      /^AUTH_EMULATOR_HOST: must be host:port/m,
    );
    expect(problems({ ...hosted, AUTH_EMULATOR_HOST: "127.0.0.1:9099" })).toMatch(/^AUTH_EMULATOR_HOST:/m);
  });
});
