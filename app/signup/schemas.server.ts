/**
 * The sign-up forms' schemas (conform + zod), server-only so zod stays out of the
 * browser. Messages are form-message keys (lib/formMessage.ts).
 */
import { z } from "zod";
import { emailField, newPasswordChecks, passwordInput } from "~/auth/password.server";
import { judgedTogether } from "~/forms/form.server";
import { checkPhone, e164Of, phoneFields } from "~/phone/phoneNumber.server";
import { resolveCountry } from "~/countries/countries.server";
import { nameField } from "~/members/accountSchemas.server";
import { cleanName, nameProblem } from "~/members/names";
import { isKnownVisa } from "~/visa/catalogue";
import type { TermsChoices, TermsDocumentId } from "~/terms/documents";

const required = { required_error: "errors.form.required" };

/** Checkbox per document, plus "agree to all", which ticks every box (also without JavaScript). */
const termsBoxes = z.object({
  agreeAll: z.boolean().optional(),
  service: z.boolean().optional(),
  privacy: z.boolean().optional(),
  age14: z.boolean().optional(),
  marketing: z.boolean().optional(),
});

function termsChoices(value: z.infer<typeof termsBoxes>): TermsChoices {
  const all = value.agreeAll === true;
  return {
    service: all || value.service === true,
    privacy: all || value.privacy === true,
    age14: all || value.age14 === true,
    marketing: all || value.marketing === true,
  };
}

/** `required`: the documents whose version in force must be agreed (terms/view.server.ts requiredOf). */
function requireTerms(choices: TermsChoices, required: readonly TermsDocumentId[], ctx: z.RefinementCtx) {
  for (const id of required) {
    if (!choices[id]) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [id], message: "errors.form.termsRequired" });
  }
}

/** The terms step alone (a phone join whose number is proven already). */
export const termsSchema = (required: readonly TermsDocumentId[]) =>
  termsBoxes.transform(termsChoices).superRefine((choices, ctx) => requireTerms(choices, required, ctx));

/**
 * The phone join's first step: the number and the terms, judged together, so a
 * wrong number and missing agreements are all shown at once. The number comes
 * out in E.164.
 */
export const joinByPhoneSchema = (required: readonly TermsDocumentId[]) =>
  termsBoxes
    .extend({ ...phoneFields, phone: phoneFields.phone.optional() })
    .superRefine((value, ctx) => {
      checkPhone(value, ctx);
      requireTerms(termsChoices(value), required, ctx);
    })
    .transform((value) => ({ phone: e164Of(value), choices: termsChoices(value) }));

export type JoinByPhoneFields = z.input<ReturnType<typeof joinByPhoneSchema>>;

/** The ID join's terms step: agree, or (joining with Google) leave to join another way. */
export const agreeSchema = (required: readonly TermsDocumentId[]) =>
  z
    .discriminatedUnion("intent", [
      termsBoxes.extend({ intent: z.literal("agree") }),
      z.object({ intent: z.literal("discard") }),
    ])
    .transform((value) =>
      value.intent === "agree" ? { intent: value.intent, choices: termsChoices(value) } : { intent: value.intent },
    )
    .superRefine((value, ctx) => {
      if (value.choices) requireTerms(value.choices, required, ctx);
    });

export type AgreeFields = z.input<ReturnType<typeof agreeSchema>>;

// Passwords are not trimmed: every character counts. The length rule is checked
// in passwordProblem (code points, after NFC), once.
export const accountSchema = judgedTogether(
  { email: emailField, password: passwordInput, passwordConfirm: passwordInput },
  newPasswordChecks((fields) => fields.email),
);

export type AccountFields = z.input<typeof accountSchema>;

export const newPasswordSchema = judgedTogether(
  { password: passwordInput, passwordConfirm: passwordInput },
  newPasswordChecks(() => null),
);

export type ResetPasswordFields = z.input<typeof newPasswordSchema>;

export const nameSchema = z.object({ name: nameField });

export const codeSchema = z.object({ code: z.string(required).trim() });

export const nationalitySchema = z.object({ nationality: z.string(required).trim().max(100) });

/** yyyy-mm-dd, a real calendar date this century. */
const dateField = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "errors.form.invalidDate")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return (
      !Number.isNaN(date.getTime()) &&
      date.toISOString().startsWith(value) &&
      value >= "2000-01-01" &&
      value < "2100-01-01"
    );
  }, "errors.form.invalidDate");

/**
 * The last step of both joins: join, or go to the visa finder first (what was
 * typed is kept, unchecked). Joining judges the nationality (a name in the
 * visitor's language `lng`, or English, or a code), the visa and the expiry date
 * together, so every message of a submit is shown at once; the nationality comes
 * out as its code. With `askName` (the phone join asks the name on this step too)
 * the name is judged with them and comes out cleaned.
 */
export function residenceSchema(lng: string, askName = false) {
  return z
    .discriminatedUnion("intent", [
      z.object({
        intent: z.literal("join"),
        name: z.string().max(1000, "errors.form.nameLength").optional(),
        nationality: z.string().trim().max(100, "errors.form.unknownCountry").optional(),
        visa: z.string().max(100).optional(),
        visaExpiry: dateField.optional(),
      }),
      z.object({
        intent: z.literal("findVisa"),
        name: z.string().max(1000).optional(),
        nationality: z.string().max(100).optional(),
        visa: z.string().max(100).optional(),
        visaExpiry: z.string().max(20).optional(),
      }),
    ])
    .superRefine((value, ctx) => {
      if (value.intent !== "join") return;
      if (askName) {
        const problem = nameProblem(cleanName(value.name ?? ""));
        if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["name"], message: `errors.form.${problem}` });
      }
      if (!value.nationality) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["nationality"],
          message: "errors.form.nationalityRequired",
        });
      } else if (!resolveCountry(value.nationality, lng)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["nationality"], message: "errors.form.unknownCountry" });
      }
      if (!isKnownVisa(value.visa)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["visa"], message: "errors.form.visaRequired" });
      }
    })
    .transform((value) =>
      value.intent === "join"
        ? {
            ...value,
            name: askName ? cleanName(value.name ?? "") : undefined,
            nationality: resolveCountry(value.nationality!, lng)!,
            visa: value.visa!,
          }
        : value,
    );
}

/**
 * The ID join's step for the name and the mobile number, whose code is checked on
 * the same page. Sending a code judges the name and the number together (both
 * messages at once); the number comes out in E.164.
 */
export const userInfoSchema = z
  .discriminatedUnion("intent", [
    // Both optional here, judged below: an empty name and a wrong number are said at once.
    z.object({
      intent: z.literal("send"),
      name: z.string().max(1000, "errors.form.nameLength").optional(),
      ...phoneFields,
      phone: phoneFields.phone.optional(),
    }),
    z.object({ intent: z.literal("verify"), name: nameField, code: z.string(required).trim().max(20) }),
    z.object({ intent: z.literal("resend") }),
    // Another number: what was typed as the name is kept, unchecked.
    z.object({ intent: z.literal("change"), name: z.string().max(1000).optional() }),
    // The number was proven earlier (the member came back to this step).
    z.object({ intent: z.literal("next"), name: nameField }),
  ])
  .superRefine((value, ctx) => {
    if (value.intent !== "send") return;
    const problem = nameProblem(cleanName(value.name ?? ""));
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["name"], message: `errors.form.${problem}` });
    checkPhone(value, ctx);
  })
  .transform((value) =>
    value.intent === "send" ? { intent: value.intent, name: cleanName(value.name ?? ""), phone: e164Of(value) } : value,
  );

export type UserInfoFields = z.input<typeof userInfoSchema>;

/** Password recovery: the ID, then the texted code (with "send again" and "another ID"). */
export const findPasswordSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send"), email: emailField }),
  z.object({ intent: z.literal("verify"), code: z.string(required).trim().max(20) }),
  z.object({ intent: z.literal("resend") }),
  z.object({ intent: z.literal("restart") }),
]);

export type FindPasswordFields = z.input<typeof findPasswordSchema>;

export type AddInfoFields = z.input<ReturnType<typeof residenceSchema>>;
export type NameFields = z.input<typeof nameSchema>;
export type NationalityFields = z.input<typeof nationalitySchema>;
