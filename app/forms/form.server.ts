/**
 * The one loop every form action goes through: read the body (a malformed one is
 * a 400), check the honeypot, parse with the form's zod schema (conform), and
 * answer with conform's `submission.reply()`: a schema's own messages, or a
 * problem from the table below, which fixes each refusal's message key, HTTP
 * status and field in one place. Domain modules return problem names; only this
 * module turns them into responses.
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type AppLoadContext, type TypedResponse } from "@remix-run/node";
import { z } from "zod";
import { badRequest } from "~/infra/http.server";
import { formMessage } from "~/lib/formMessage";
import { isStorable, unstorableField } from "~/lib/text";
import { attemptKey } from "./attempts.server";

/** Every refusal a form can give that is not a schema message: its message key, status and field ("" = the form). */
export const PROBLEMS = {
  signInFailed: { key: "errors.form.signInFailed", status: 401, field: "" },
  notMember: { key: "errors.form.notMember", status: 403, field: "" },
  idLocked: { key: "errors.form.idLocked", status: 429, field: "" },
  tooManyAttempts: { key: "errors.form.tooManyAttempts", status: 429, field: "" },
  /** Over a rate limit (per address, or per number or ID): answered in the form, with the seconds to wait. */
  rateLimited: { key: "errors.form.tryAgainIn", status: 429, field: "" },
  unavailable: { key: "errors.form.unavailable", status: 503, field: "" },
  smsFailed: { key: "errors.form.smsFailed", status: 503, field: "" },
  resendWait: { key: "errors.form.resendWait", status: 429, field: "" },
  dailyLimit: { key: "errors.form.dailyLimit", status: 429, field: "" },
  invalidPhone: { key: "errors.form.invalidPhone", status: 400, field: "phone" },
  notMobile: { key: "errors.form.notMobile", status: 400, field: "phone" },
  codeFormat: { key: "errors.form.codeFormat", status: 400, field: "code" },
  wrongCode: { key: "errors.form.wrongCode", status: 400, field: "" },
  codeExpired: { key: "errors.form.codeExpired", status: 400, field: "" },
  codeLocked: { key: "errors.form.codeLocked", status: 400, field: "" },
  codeUsed: { key: "errors.form.codeUsed", status: 400, field: "" },
  codeFirst: { key: "errors.form.codeFirst", status: 400, field: "" },
  noAccount: { key: "errors.form.noAccount", status: 404, field: "" },
  phoneTaken: { key: "errors.form.phoneTaken", status: 409, field: "" },
  /** /mypage/visa's checklist: posted for a kit that is not the member's own, or with a document not in it. */
  kitOther: { key: "errors.form.kitOther", status: 403, field: "" },
  kitDocument: { key: "errors.form.kitDocument", status: 400, field: "" },
  /** My page: the new number, proven by its code, is another member's (said only after the proof: decision 0037). */
  phoneInUse: { key: "errors.form.phoneInUse", status: 409, field: "" },
  emailTaken: { key: "errors.form.emailTaken", status: 409, field: "email" },
  passwordLikeId: { key: "errors.form.passwordLikeId", status: 400, field: "password" },
  unknownCountry: { key: "errors.form.unknownCountry", status: 400, field: "nationality" },
  googleExpired: { key: "errors.form.googleExpired", status: 409, field: "" },
  /** The join cannot go on as it stands (its draft is gone or incomplete). */
  signUpFailed: { key: "errors.form.signUpFailed", status: 409, field: "" },
  signUpUnavailable: { key: "errors.form.signUpFailed", status: 503, field: "" },
  /** My page: a change that was not made on either side (the member may try again). */
  saveFailed: { key: "errors.form.saveFailed", status: 503, field: "" },
  wrongPassword: { key: "errors.form.wrongPassword", status: 400, field: "currentPassword" },
  samePassword: { key: "errors.form.samePassword", status: 400, field: "password" },
  passwordCommon: { key: "errors.form.passwordCommon", status: 400, field: "password" },
  sameNumber: { key: "errors.form.sameNumber", status: 400, field: "phone" },
  /** The community: the feed or comment is gone (deleted, or hidden meanwhile). */
  noFeed: { key: "errors.form.feedGone", status: 404, field: "" },
  noParent: { key: "errors.form.commentGone", status: 404, field: "" },
  notFound: { key: "errors.form.itemGone", status: 404, field: "" },
  alreadyReported: { key: "errors.form.alreadyReported", status: 409, field: "" },
  ownItem: { key: "errors.form.ownItem", status: 400, field: "" },
  /** Photos that were not kept (each named), the rest of the form kept. */
  photosRefused: { key: "errors.form.photosRefused", status: 400, field: "photos" },
  /** An upload's body went past the route's limit, or broke off: the fields read before it are kept. */
  uploadTooLarge: { key: "errors.form.uploadTooLarge", status: 413, field: "" },
  uploadBroken: { key: "errors.form.uploadBroken", status: 400, field: "" },
  /** The admin area's (keys of its own namespace, which only its pages load): a new item's code is in use. */
  itemCdTaken: { key: "admin.problems.itemCdTaken", status: 409, field: "itemCd" },
  /** A new benefit's, offer's or terms version's code is in use. */
  codeTaken: { key: "admin.problems.codeTaken", status: 409, field: "itemCd" },
  /** The content import's checks, answered in the admin forms (content/kind.server.ts). */
  koreanOriginal: { key: "errors.form.koreanOriginal", status: 400, field: "" },
  termsNotRequirable: { key: "errors.form.termsNotRequirable", status: 400, field: "required" },
  termsTextMissing: { key: "errors.form.termsTextMissing", status: 400, field: "" },
  /** A terms version members agreed to as it is: a change is a new version. */
  termsInForce: { key: "errors.form.termsInForce", status: 409, field: "" },
  /** The admin's loan products (the loan namespace, which its pages load): a new product's code is in use. */
  loanProductTaken: { key: "loanContent.itemCdTaken", status: 409, field: "itemCd" },
  /** The language picker: a language the app does not have (a form conform does not draw: `refuseChoice`). */
  unknownLanguage: { key: "errors.unknownLanguage", status: 400, field: "lng" },
  /** The reminders page (issue 42): a browser's push subscription that is not kept, and texts without a number. */
  subscriptionMalformed: { key: "errors.form.subscriptionMalformed", status: 400, field: "" },
  subscriptionEndpoint: { key: "errors.form.subscriptionEndpoint", status: 400, field: "" },
  subscriptionKeys: { key: "errors.form.subscriptionKeys", status: 400, field: "" },
  pushUnavailable: { key: "errors.form.pushUnavailable", status: 503, field: "" },
  smsNeedsPhone: { key: "errors.form.smsNeedsPhone", status: 400, field: "" },
  /** A field holding what no text may be stored with (a NUL, a lone surrogate, a broken escape): decision 0083. */
  unstorableText: { key: "errors.form.textCharacters", status: 400, field: "" },
} as const satisfies Record<string, { key: string; status: number; field: string }>;

export type ProblemName = keyof typeof PROBLEMS;

/**
 * A form's fields with a check across them (a password and its confirmation, a password and the ID) that runs
 * whatever else is wrong, so one answer says every cheap problem at once (decision 0042). zod runs an object's
 * own refinement only when every field parsed (a field missing, or failing before a transform, stops it); here
 * the fields are judged by their schemas and, beside them, `across` gets every field that passed, as its schema
 * gives it out. Checks that cost a network call stay in the action, after the schema passed.
 */
export function judgedTogether<Shape extends z.ZodRawShape>(
  shape: Shape,
  across: (fields: Partial<z.output<z.ZodObject<Shape>>>, ctx: z.RefinementCtx) => void,
): z.ZodType<z.output<z.ZodObject<Shape>>, z.ZodTypeDef, z.input<z.ZodObject<Shape>>> {
  // Each field as its schema gives it out, or undefined when it failed (its message comes from the other side);
  // an object of such fields always parses, so its refinement always runs. conform reads both sides alike
  // (an empty field is a missing one).
  const passed = Object.fromEntries(
    Object.entries(shape).map(([name, schema]) => [name, schema.optional().catch(undefined)]),
  ) as { [Name in keyof Shape]: z.ZodCatch<z.ZodOptional<Shape[Name]>> };
  const acrossFields = z
    .object(passed)
    .superRefine((fields, ctx) => across(fields as Partial<z.output<z.ZodObject<Shape>>>, ctx))
    // Adds no value of its own: the intersection's value is the fields'.
    .transform(() => ({}));
  return z.intersection(z.object(shape), acrossFields);
}

/** A refusal: its name, and the values its message needs ("try again in {{seconds}} seconds"). */
export interface Problem {
  problem: ProblemName;
  values?: Record<string, string | number>;
}

export const problem = (name: ProblemName, values?: Problem["values"]): Problem => ({ problem: name, values });

/** The field a form's honeypot uses: people never see it, bots fill it in. */
export const HONEYPOT_FIELD = "website";

/** Forms read here whose body sent a field the database cannot keep as sent (`unstorableField`): its name. */
const brokenFields = new WeakMap<FormData, string>();

/**
 * The request's form body, noting a field whose text cannot be stored as sent (parseForm refuses it); a body that
 * is not a form (wrong type, broken encoding) is the 400 page. A form-encoded body is decoded here, so that an
 * escape that is not UTF-8 is seen before it becomes U+FFFD.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    const type = request.headers.get("Content-Type") ?? "";
    if (!/^application\/x-www-form-urlencoded\b/i.test(type)) return await request.formData();
    const text = await request.text();
    const formData = new FormData();
    for (const [name, value] of new URLSearchParams(text)) formData.append(name, value);
    const broken = unstorableField(text);
    if (broken !== null) brokenFields.set(formData, broken);
    return formData;
  } catch {
    badRequest();
  }
}

/** The field of a form that holds text the database cannot keep ("" for the form as a whole), or null. */
export function unstorableFieldOf(formData: FormData): string | null {
  const broken = brokenFields.get(formData);
  if (broken !== undefined) return broken;
  for (const [name, value] of formData) {
    if (!isStorable(name)) return "";
    if (typeof value === "string" && !isStorable(value)) return name;
  }
  return null;
}

/**
 * The body of a form whose fields are choices, not typed text (buttons, a code in a hidden field): nothing to keep,
 * so text the database cannot keep is the 400 page, as a malformed body is.
 */
export async function readForm(request: Request): Promise<FormData> {
  const formData = await readFormData(request);
  if (unstorableFieldOf(formData) !== null) badRequest();
  return formData;
}

export type FormReply = SubmissionResult<string[]>;

/**
 * Reads and parses a form: the submission (conform), the raw form data, and
 * whether the honeypot was filled (the route refuses a bot with the problem its
 * real failures show, message and status alike, so the bot learns nothing).
 *
 * Or, when the client is over a rate limit, the refusal the route returns as it
 * is, before doing anything else: "try again in N seconds", inside the form, with
 * what was typed kept. Two limits: the address's (server.ts counts it for routes
 * whose handle says `rateLimit: "auth-form"` and leaves the answer to the form),
 * and the person's, the phone number or ID the form names (counted here), so that
 * neighbours behind one address do not lock each other out.
 */
export async function parseForm<Schema extends z.ZodTypeAny>(
  args: { request: Request; context: AppLoadContext },
  schema: Schema,
  options: {
    /**
     * For forms with several buttons (a discriminated schema on `intent`): the
     * intent of a submit that names none (Enter in a field of an older page).
     */
    defaultIntent?: string;
    /** Fields never sent back into the page (passwords), also when the limit answers. */
    hideFields?: string[];
    /** The body already read (a multipart form whose files the route read itself). */
    formData?: FormData;
  } = {},
): Promise<ParsedForm<Schema> | { refused: TypedResponse<FormReply> }> {
  const { request, context } = args;
  const formData = options.formData ?? (await readFormData(request));
  if (options.defaultIntent && !formData.has("intent")) formData.set("intent", options.defaultIntent);
  const submission = parseWithZod(formData, { schema }) as Submission<z.input<Schema>, string[], z.output<Schema>>;
  const hideFields = options.hideFields;
  if (context.rateLimited) {
    return { refused: refuse(submission, problem("rateLimited", { seconds: context.rateLimited }), { hideFields }) };
  }
  // Before anything reads or stores a field (the attempts' key below is one): text the database cannot keep is
  // refused at its field, what was typed kept, on SQLite as on PostgreSQL (decision 0083).
  const unstorable = unstorableFieldOf(formData);
  if (unstorable !== null) {
    return { refused: refuse(submission, "unstorableText", { hideFields, field: unstorable || undefined }) };
  }
  const key = attemptKey(formData);
  const wait = key ? await context.services.formAttempts.hit(key) : null;
  if (wait) return { refused: refuse(submission, problem("rateLimited", { seconds: wait }), { hideFields }) };
  const bot = String(formData.get(HONEYPOT_FIELD) ?? "").trim() !== "";
  return { submission, formData, bot, refused: undefined };
}

export interface ParsedForm<Schema extends z.ZodTypeAny> {
  submission: Submission<z.input<Schema>, string[], z.output<Schema>>;
  formData: FormData;
  bot: boolean;
  refused: undefined;
}

interface ReplyOptions<Data> {
  /** Fields never sent back into the page (passwords). */
  hideFields?: string[];
  headers?: HeadersInit;
  /**
   * What the page needs beside the form's reply, whatever the answer (the feed form's photos kept so far and
   * those refused): one loop for every answer of such a form.
   */
  data?: Data;
}

type Reply<Data> = FormReply & Data;

/** Nothing beside the form's reply. */
type NoData = Record<never, never>;

function reply<Data extends object>(
  submission: Submission<unknown, string[], unknown>,
  options: { hideFields?: string[]; fieldErrors?: Record<string, string[]>; formErrors?: string[] },
  data: Data | undefined,
): Reply<Data> {
  return { ...submission.reply(options), ...(data ?? ({} as Data)) };
}

/** The schema refused the submission: its messages, next to their fields. */
export function invalid<Data extends object = NoData>(
  submission: Submission<unknown, string[], unknown>,
  options: ReplyOptions<Data> = {},
): TypedResponse<Reply<Data>> {
  return json(reply(submission, { hideFields: options.hideFields }, options.data), {
    status: 400,
    headers: options.headers,
  });
}

/** A refusal's message (with its values) and entry in the table. */
function refusalOf(refusal: Problem | ProblemName) {
  const { problem: name, values } = typeof refusal === "string" ? { problem: refusal, values: undefined } : refusal;
  const entry = PROBLEMS[name];
  return { entry, message: formMessage(entry.key, values) };
}

/** A refusal from the problem table, shown at its field or above the form, with its status. */
export function refuse<Data extends object = NoData>(
  submission: Submission<unknown, string[], unknown>,
  refusal: Problem | ProblemName,
  options: ReplyOptions<Data> & { field?: string } = {},
): TypedResponse<Reply<Data>> {
  const { entry, message } = refusalOf(refusal);
  const field = options.field ?? entry.field;
  const errors = field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] };
  return json(reply(submission, { ...errors, hideFields: options.hideFields }, options.data), {
    status: entry.status,
    headers: options.headers,
  });
}

/**
 * A refusal from the table for a form that conform does not draw (the language picker: one choice, nothing
 * typed to keep): its message as `error`, beside what the page needs, with the table's status.
 */
export function refuseChoice<Data extends object>(
  refusal: Problem | ProblemName,
  data: Data,
): TypedResponse<{ error: string } & Data> {
  const { entry, message } = refusalOf(refusal);
  return json({ error: message, ...data }, { status: entry.status });
}

/** A step that succeeded without leaving the page (a code sent again): the form starts clean. */
export function accepted(
  submission: Submission<unknown, string[], unknown>,
  options: ReplyOptions<NoData> = {},
): TypedResponse<FormReply> {
  return json(submission.reply({ resetForm: true }), { headers: options.headers });
}

/** A change saved without leaving the page (my page's forms): the page says so, and shows what is stored now. */
export function saved(submission: Submission<unknown, string[], unknown>, options: ReplyOptions<NoData> = {}) {
  return json({ ...submission.reply({ resetForm: true }), saved: true as const }, { headers: options.headers });
}
