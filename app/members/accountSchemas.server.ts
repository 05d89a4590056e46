/**
 * My page's forms (conform + zod), server-only so zod stays out of the browser.
 * Messages are form-message keys (lib/formMessage.ts). A field that names a member
 * (a uid) is never read from a form: the session says whose account it is.
 */
import { addYears, format, parseISO } from "date-fns";
import { z } from "zod";
import { emailField, newPasswordChecks, passwordInput } from "~/auth/password.server";
import { checkPhone, e164Of, phoneFields } from "~/phone/phoneNumber.server";
import { judgedTogether } from "~/forms/form.server";
import { isChoosableVisa, statusOfVisa } from "~/visa/catalogue";
import { resolveCountry } from "~/countries/countries.server";
import { cleanName, nameProblem } from "./names";

/** A name, cleaned (members/names.ts) before it is judged; whitespace alone is not a name. Joining asks it too. */
export const nameField = z
  .string({ required_error: "errors.form.required" })
  .max(1000, "errors.form.nameLength")
  .transform(cleanName)
  .superRefine((name, ctx) => {
    const problem = nameProblem(name);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `errors.form.${problem}` });
  });

/** How far ahead an expiry date may be: the longest period of stay granted at once is well within it. */
export const EXPIRY_MAX_YEARS = 10;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date "yyyy-mm-dd", or nothing. */
function realDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * An expiry date as typed in a date field (the visa's, the passport's): empty clears it (null); otherwise a
 * real date from `today` (Korea) up to EXPIRY_MAX_YEARS ahead. `past` is the message for a date gone by.
 */
function expiryField(today: string, past = "errors.form.expiryPast") {
  const latest = format(addYears(parseISO(today), EXPIRY_MAX_YEARS), "yyyy-MM-dd");
  return z
    .string()
    .trim()
    .max(20, "errors.form.invalidDate")
    .optional()
    .superRefine((value, ctx) => {
      if (!value) return;
      const issue = (message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      if (!realDate(value)) issue("errors.form.invalidDate");
      else if (value < today) issue(past);
      else if (value > latest) issue("errors.form.expiryTooFar");
    })
    .transform((value) => value || null);
}

function nationalityField(lng: string) {
  return z
    .string({ required_error: "errors.form.nationalityRequired" })
    .trim()
    .max(100, "errors.form.unknownCountry")
    .superRefine((value, ctx) => {
      if (!value) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "errors.form.nationalityRequired" });
      } else if (!resolveCountry(value, lng)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "errors.form.unknownCountry" });
      }
    })
    .transform((value) => resolveCountry(value, lng)!);
}

/** /mypage: which notifications the member wants (unticked boxes are not sent: false). */
export const notificationsSchema = z.object({
  intent: z.literal("notifications"),
  visa: z.boolean().optional().default(false),
  community: z.boolean().optional().default(false),
  notices: z.boolean().optional().default(false),
});

export type NotificationsFields = z.input<typeof notificationsSchema>;

/** /mypage/userInfo: the name and the nationality. */
export function memberInfoSchema(lng: string) {
  return z.object({ name: nameField, nationality: nationalityField(lng) });
}

export type MemberInfoFields = z.input<ReturnType<typeof memberInfoSchema>>;

/** /mypage/addInfo: what joining asked besides the account (the visa itself has its own page). */
export function addInfoSchema(lng: string, today: string) {
  return z.object({ nationality: nationalityField(lng), visaExpiry: expiryField(today) });
}

export type AddInfoChangeFields = z.input<ReturnType<typeof addInfoSchema>>;

/**
 * /mypage/visa: the passport's expiry date (optional; empty removes it), which the passport reminders follow. A
 * passport is issued for 10 years at most, so EXPIRY_MAX_YEARS bounds it too.
 */
export function passportSchema(today: string) {
  return z.object({ passportExpiry: expiryField(today, "errors.form.passportExpiryPast") });
}

export type PassportFields = z.input<ReturnType<typeof passportSchema>>;

/**
 * /mypage/visa/{visa}: a status or one of its current sub-types, and the expiry date.
 * `status` is the page's status: a code from another status is refused.
 */
export function visaChangeSchema(status: string, today: string) {
  // The visa is judged by itself, beside the date (an object's refinement would wait for the date to pass).
  return z.object({
    visa: z
      .string({ required_error: "errors.form.visaUnknown" })
      .trim()
      .max(20)
      .superRefine((visa, ctx) => {
        if (statusOfVisa(visa)?.code !== status) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: "errors.form.visaUnknown" });
        } else if (!isChoosableVisa(visa)) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: "errors.form.visaClosed" });
        }
      }),
    visaExpiry: expiryField(today),
  });
}

export type VisaChangeFields = z.input<ReturnType<typeof visaChangeSchema>>;

/**
 * /mypage/changePw, for an account with a password: the current one and the new one twice. A new password
 * equal to the one typed as current is said with the others (the current one is checked with Firebase only
 * once every field is right).
 */
export function changePasswordSchema(id: string | null) {
  return judgedTogether(
    { currentPassword: passwordInput, password: passwordInput, passwordConfirm: passwordInput },
    newPasswordChecks(
      () => id,
      (fields, ctx) => {
        if (fields.password !== undefined && fields.password === fields.currentPassword) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["password"], message: "errors.form.samePassword" });
        }
      },
    ),
  );
}

export type ChangePasswordFields = z.input<ReturnType<typeof changePasswordSchema>>;

/** /mypage/changePw, for an account without one (phone and Google joins): the e-mail as ID, and the password. */
export const firstPasswordSchema = judgedTogether(
  { email: emailField, password: passwordInput, passwordConfirm: passwordInput },
  newPasswordChecks((fields) => fields.email),
);

export type FirstPasswordFields = z.input<typeof firstPasswordSchema>;

/** The longest withdrawal reason kept (characters as the member sees them). */
export const WITHDRAWAL_REASON_MAX = 500;

/** Control, format (bidirectional overrides, zero-width) and private-use characters have no place in a reason. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/gu;

/**
 * /mypage/secede: "review" (the first press: confirm on the next screen without
 * JavaScript) or "confirm" (the message box, or that screen). The reason is optional.
 */
export const secedeSchema = z
  .object({
    intent: z.enum(["review", "confirm"]),
    reason: z
      .string()
      .max(4 * WITHDRAWAL_REASON_MAX, "errors.form.reasonLength")
      .optional()
      .transform((value) =>
        (value ?? "")
          .replace(/\r\n?/g, "\n")
          .replace(/[^\S\n]+/g, " ")
          .replace(INVISIBLE, (c) => (c === "\n" ? c : ""))
          .trim(),
      )
      .refine((reason) => [...reason].length <= WITHDRAWAL_REASON_MAX, "errors.form.reasonLength"),
    // Judged by itself, so a reason too long and the box left unticked are said together.
    understood: z
      .boolean()
      .optional()
      .refine((understood) => understood === true, "errors.form.confirmRequired"),
  })
  .transform((value) => ({ intent: value.intent, reason: value.reason || null }));

export type SecedeFields = z.input<typeof secedeSchema>;

/** /mypage/phone: the new number and its country, out in E.164. */
export const newPhoneSchema = z
  .object(phoneFields)
  .superRefine(checkPhone)
  .transform((value) => ({ phone: e164Of(value) }));

export type NewPhoneFields = z.input<typeof newPhoneSchema>;
