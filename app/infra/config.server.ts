/**
 * Runtime configuration, read once from the environment and validated with zod.
 * Local mode (the default) needs nothing; hosted mode is chosen by the presence of
 * any hosted-only variable and then requires all of them. A missing or malformed
 * variable stops start-up with a message that names it.
 */
import { createPrivateKey } from "node:crypto";
import { z } from "zod";
import { checkDatabaseUrl, DatabaseUrlError } from "./postgres/database.server";

const flag = z
  .enum(["1", "0", "true", "false", "on", "off", "yes", "no"])
  .transform((v) => v === "1" || v === "true" || v === "on" || v === "yes");

const positiveInt = z.coerce.number().int().positive();

/** The browsers' push services a subscription's endpoint may be on, unless PUSH_SERVICE_HOSTS says otherwise. */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "*.notify.windows.com",
  "web.push.apple.com",
  "*.push.apple.com",
] as const;

/** A host name of two labels or more, or `*.` and one (any sub-domain of it, never a bare top-level domain). */
const PUSH_HOST_RULE = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;

const pushServiceHosts = z
  .string()
  .transform((value, ctx) => {
    const hosts = value
      .split(",")
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean);
    const bad = hosts.find((host) => !PUSH_HOST_RULE.test(host));
    if (hosts.length === 0 || bad !== undefined) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `must be host names separated by commas (*.example.com for its sub-domains)${bad ? `, not "${bad}"` : ""}`,
      });
      return z.NEVER;
    }
    return hosts as readonly string[];
  })
  .default(DEFAULT_PUSH_SERVICE_HOSTS.join(","));
const port = z.coerce.number().int().min(0).max(65535);

const sharedSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  /** Local mode listens on this machine only unless told otherwise; hosted mode on every interface. */
  HOST: z.string().min(1).optional(),
  PORT: port.default(3000),
  DATA_DIR: z.string().min(1).default(".data"),
  /** Express "trust proxy" setting: a hop count, or a comma-separated list of addresses/subnets. */
  TRUST_PROXY: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),
  RATE_LIMIT_WINDOW_MS: positiveInt.default(60_000),
  /** How long a shared page (a notice, the benefits) is answered again without running its route; 0: never. */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  RATE_LIMIT_ALL: positiveInt.default(600),
  RATE_LIMIT_MUTATIONS: positiveInt.default(60),
  /** Posts to sign-in and joining forms per address: room for a dormitory or a workplace behind one address. */
  RATE_LIMIT_AUTH: positiveInt.default(30),
  /** Posts to sign-in and joining forms per phone number or ID (forms/attempts.server.ts). */
  RATE_LIMIT_AUTH_PER_ID: positiveInt.default(10),
  /**
   * How often (ms) a session asks Firebase whether its account was disabled, deleted or revoked there: the bound
   * within which such a change ends the session (5 minutes at most, docs/decisions/0003). Shorter costs more calls.
   */
  ACCOUNT_CHECK_INTERVAL_MS: positiveInt
    .min(1000)
    .max(5 * 60_000)
    .default(5 * 60_000),
  /** Texted codes per client address a day, across numbers and purposes (verification/phoneCodes.server.ts). */
  SMS_DAILY_CAP_PER_CLIENT: positiveInt.default(30),
  /** Host name (no scheme) on which analytics run; anywhere else they are never emitted. */
  PRODUCTION_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, "must be a host name such as app.example.com")
    .optional(),
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, "must look like G-XXXXXXX")
    .optional(),
  META_PIXEL_ID: z
    .string()
    .regex(/^\d{6,20}$/, "must be the numeric pixel id")
    .optional(),
  TRANSLATE_WIDGET: flag.default("off"),
  BUILD_CHECK_INTERVAL_MS: positiveInt.default(5 * 60_000),
  /** Distinct members' reports that hide a feed or comment until a moderator reviews it. */
  COMMUNITY_REPORT_THRESHOLD: positiveInt.default(3),
  /** Bytes of photos one member may keep stored (every size together). */
  COMMUNITY_QUOTA_BYTES: positiveInt.default(100 * 1024 * 1024),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  // Google's OAuth endpoints; changed only by tests, which run a local stand-in.
  GOOGLE_AUTHORIZE_URL: z.string().url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.string().url().default("https://oauth2.googleapis.com/token"),
  /** Where the translation files are; tests point it at a copy. */
  LOCALES_DIR: z.string().min(1).default("locales"),
  /**
   * Who runs the service, shown in every page's footer (a Korean online service
   * must show its operator, business registration number and a way to reach it).
   * Required in hosted mode; local mode says they are not set.
   */
  OPERATOR_NAME: z.string().trim().min(1).max(100).optional(),
  OPERATOR_REGISTRATION_NO: z
    .string()
    .regex(/^\d{3}-\d{2}-\d{5}$/, "must be a business registration number like 123-45-67890")
    .optional(),
  SUPPORT_EMAIL: z.string().email("must be an e-mail address").optional(),
  /**
   * The Korea Eximbank's open API key (AP01 exchange rates): with it, rates are fetched on a schedule; without it,
   * local mode shows its sample of published rates, marked as such (docs/decisions/0060).
   */
  EXIMBANK_AUTH_KEY: z.string().trim().min(1).optional(),
  /** Scheme and host of the Eximbank's API (it moved from www.koreaexim.go.kr in 2025); tests point it at a stand-in. */
  EXIMBANK_HOST: z.string().url().default("https://oapi.koreaexim.go.kr"),
  /** How often the exchange-rates job asks the Eximbank (ms); a day's rates already stored are not asked again. */
  EXCHANGE_RATES_INTERVAL_MS: positiveInt.default(60 * 60_000),
  /**
   * Single sign-on's signing keys: a JSON Web Key Set of private keys (ES256 or RS256), the first signing, the others
   * published until what they signed expired (docs/decisions/0070). Hosted mode without it offers no single sign-on;
   * local mode keeps its own under DATA_DIR.
   */
  SSO_SIGNING_KEYS: z.string().trim().min(1).optional(),
  /** Requests per address and RATE_LIMIT_WINDOW_MS to single sign-on's endpoints (/sso), besides RATE_LIMIT_ALL. */
  RATE_LIMIT_SSO: positiveInt.default(120),
  /** The OpenID issuer (`https://…/sso`); by default the public origin's (hosted) or http://localhost:PORT's /sso. */
  SSO_ISSUER: z.string().url().optional(),
  /** Support hours on weekdays, Korean time, "HH:MM-HH:MM". */
  SUPPORT_HOURS: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, "must look like 10:00-18:00")
    .optional(),
  /**
   * postgres://user:password@host:5432/database: every store (and photos' bytes) in this PostgreSQL database,
   * shared by as many server processes as point at it (issue 29). Unset: SQLite under DATA_DIR.
   */
  DATABASE_URL: z
    .string()
    .superRefine((url, ctx) => {
      try {
        checkDatabaseUrl(url);
      } catch (error) {
        // Its message names the variable already and never holds the password.
        if (!(error instanceof DatabaseUrlError)) throw error;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: error.message.replace(/^DATABASE_URL:? /, "") });
      }
    })
    .optional(),
  /**
   * The push services whose endpoints a browser's subscription may name (issue 42): host names separated by commas,
   * `*.example.com` for every sub-domain. Only `https` endpoints on them are kept; local mode also keeps loopback
   * `http` ones (a push service of a test's own).
   */
  PUSH_SERVICE_HOSTS: pushServiceHosts,
  /** Connections each process may hold: processes × this must stay below the server's max_connections. */
  DATABASE_POOL_SIZE: positiveInt.max(200).default(10),
  /** How long one statement may run (ms) before it fails as the database being unavailable does. */
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt.max(600_000).default(5_000),
});

const localSchema = z.object({
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^demo-[a-z0-9-]+$/, "must start with demo- in local mode")
    .default("demo-klife"),
  AUTH_EMULATOR_PORT: port.default(9099),
  AUTH_EMULATOR_HUB_PORT: port.default(4400),
  AUTH_EMULATOR_LOGGING_PORT: port.default(4500),
  /**
   * host:port of an Auth emulator already running (another local process started it): this process uses it and
   * neither starts nor stops one. Unset: the server starts its own on AUTH_EMULATOR_PORT.
   */
  AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+:\d{1,5}$/i, "must be host:port of a running Auth emulator, such as 127.0.0.1:9099")
    .optional(),
});

/** The bytes a base64url text holds; -1 when it is not base64url. */
function base64urlBytes(text: string): number {
  return /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, "base64url").length : -1;
}

/** A field of the service account JSON that is not there: the file was edited, or is not the console's. */
const MISSING_FIELD = "is missing (copy the JSON file the Firebase console made, unchanged)";

const serviceAccount = z
  .string()
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "must be the service account JSON" });
      return z.NEVER;
    }
  })
  .pipe(
    z.object({
      project_id: z.string({ required_error: MISSING_FIELD }).min(1),
      client_email: z.string({ required_error: MISSING_FIELD }).email(),
      private_key: z
        .string({ required_error: MISSING_FIELD })
        .includes("PRIVATE KEY")
        .refine((pem) => {
          try {
            createPrivateKey(pem);
            return true;
          } catch {
            return false;
          }
        }, "is not a readable private key (copy the JSON file the Firebase console made, unchanged)"),
    }),
  );

const hostedSchema = z
  .object({
    FIREBASE_PROJECT_ID: z
      .string()
      .regex(/^[a-z0-9-]{4,30}$/, "must be a Firebase project id")
      .refine((v) => !v.startsWith("demo-"), "a demo- project cannot be used in hosted mode"),
    FIREBASE_API_KEY: z.string().min(20, "must be the Web API key of the Firebase project"),
    FIREBASE_SERVICE_ACCOUNT: serviceAccount,
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters"),
    PUBLIC_ORIGIN: z.string().url().startsWith("https://", "must be an https:// origin"),
    // Verification texts go through Twilio in hosted mode.
    TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-f]{32}$/i, "must be a Twilio account SID (AC…)"),
    TWILIO_AUTH_TOKEN: z.string().min(16, "must be the Twilio auth token"),
    TWILIO_FROM: z.string().regex(/^\+\d{6,15}$/, "must be the sending number in E.164 (+…)"),
    // The footer's operator details (their formats are checked with the shared variables).
    OPERATOR_NAME: z.string({ required_error: "required in hosted mode (shown in every page's footer)" }),
    OPERATOR_REGISTRATION_NO: z.string({ required_error: "required in hosted mode (shown in every page's footer)" }),
    SUPPORT_EMAIL: z.string({ required_error: "required in hosted mode (shown in every page's footer)" }),
    /**
     * Web Push's VAPID keys (issue 42; `npx web-push generate-vapid-keys`) and the contact the push services may
     * use: all three or none. None: push is off (the reminders page says so; texts and the inbox still work).
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .refine((v) => base64urlBytes(v) === 65 && v.startsWith("B"), "must be the base64url P-256 public key (65 bytes)")
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .refine((v) => base64urlBytes(v) === 32, "must be the base64url P-256 private key (32 bytes)")
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, "must be a mailto: address or an https:// URL")
      .optional(),
  })
  .superRefine((env, ctx) => {
    const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT];
    if (vapid.some(Boolean) && !vapid.every(Boolean)) {
      for (const name of ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"] as const) {
        if (!env[name]) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: [name],
            message: "must be set with the other VAPID_ variables",
          });
        }
      }
    }
    // The Admin SDK calls FIREBASE_PROJECT_ID's APIs with the service account's credential: one project's both.
    if (env.FIREBASE_SERVICE_ACCOUNT.project_id !== env.FIREBASE_PROJECT_ID) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["FIREBASE_SERVICE_ACCOUNT"],
        message: `is the service account of project ${env.FIREBASE_SERVICE_ACCOUNT.project_id}, not of FIREBASE_PROJECT_ID (${env.FIREBASE_PROJECT_ID})`,
      });
    }
  });

/** Variables that only hosted mode uses: any one of them switches hosted mode on. */
export const hostedOnlyVariables = [
  "FIREBASE_API_KEY",
  "FIREBASE_SERVICE_ACCOUNT",
  "SESSION_SECRET",
  "PUBLIC_ORIGIN",
] as const;

type Shared = Omit<z.infer<typeof sharedSchema>, "HOST"> & { HOST: string };
export type LocalConfig = Shared & { mode: "local" } & z.infer<typeof localSchema>;
export type HostedConfig = Shared & { mode: "hosted" } & z.infer<typeof hostedSchema>;
export type Config = LocalConfig | HostedConfig;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

function describe(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join(".") || "(env)"}: ${issue.message}`);
}

type Environment = Record<string, string | undefined>;

/** Empty strings count as unset, as they do in most .env tooling. */
function clean(env: Environment): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

export function loadConfig(rawEnv: Environment = process.env): Config {
  const env = clean(rawEnv);
  const shared = sharedSchema.safeParse(env);
  const hosted = hostedOnlyVariables.some((name) => name in env);
  const problems = shared.success ? [] : describe(shared.error);

  if (hosted) {
    if (env.FIREBASE_AUTH_EMULATOR_HOST) {
      problems.push(
        "FIREBASE_AUTH_EMULATOR_HOST: must not be set in hosted mode (the server would trust unsigned tokens)",
      );
    }
    if (env.AUTH_EMULATOR_HOST) {
      problems.push("AUTH_EMULATOR_HOST: must not be set in hosted mode (it is local mode's shared Auth emulator)");
    }
    const parsed = hostedSchema.safeParse(env);
    if (!parsed.success) problems.push(...describe(parsed.error));
    if (problems.length || !shared.success || !parsed.success) throw new ConfigError(problems);
    return { ...shared.data, HOST: shared.data.HOST ?? "0.0.0.0", ...parsed.data, mode: "hosted" };
  }

  const parsed = localSchema.safeParse(env);
  if (!parsed.success) problems.push(...describe(parsed.error));
  if (problems.length || !shared.success || !parsed.success) throw new ConfigError(problems);
  return { ...shared.data, HOST: shared.data.HOST ?? "127.0.0.1", ...parsed.data, mode: "local" };
}

let current: Config | undefined;

/**
 * This process's configuration, read from its environment once: for code that
 * runs outside a request (module-level caches, the language cookie). Requests
 * use `services.config`, which the server makes from the same environment.
 */
export function processConfig(): Config {
  return (current ??= loadConfig(process.env));
}

/** Development builds re-read translations on every use and cache no renders. */
export const isDevelopment = () => processConfig().NODE_ENV === "development";

/** The environment a child process (the Auth emulator) starts with: this process's own. */
export function childEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}

/**
 * Firebase Admin finds the Auth emulator through this variable only (local mode);
 * it is set before the SDK is first used.
 */
export function pointFirebaseAdminAtEmulator(host: string) {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
}

/**
 * Where the app is published: the origin of canonical links, the sitemap and robots.txt, never the
 * request's Host. Hosted mode's PUBLIC_ORIGIN; local mode's own address (it answers only on this machine).
 */
export function publicOrigin(config: Config): string {
  return config.mode === "hosted" ? new URL(config.PUBLIC_ORIGIN).origin : `http://localhost:${config.PORT}`;
}

/** The subset of configuration the browser may see (rendered into the page). */
export interface PublicConfig {
  translateWidget: boolean;
  buildCheckIntervalMs: number;
  googleSignIn: boolean;
  /** The footer's operator details; null where not configured (local mode). */
  operator: {
    name: string | null;
    registrationNo: string | null;
    supportEmail: string | null;
    supportHours: { from: string; to: string } | null;
  };
}

export function publicConfig(config: Config): PublicConfig {
  const [from, to] = config.SUPPORT_HOURS?.split("-") ?? [];
  return {
    translateWidget: config.TRANSLATE_WIDGET,
    buildCheckIntervalMs: config.BUILD_CHECK_INTERVAL_MS,
    googleSignIn: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
    operator: {
      name: config.OPERATOR_NAME ?? null,
      registrationNo: config.OPERATOR_REGISTRATION_NO ?? null,
      supportEmail: config.SUPPORT_EMAIL ?? null,
      supportHours: from && to ? { from, to } : null,
    },
  };
}
