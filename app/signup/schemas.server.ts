/**
 * The sign-up forms' schemas (conform + zod), server-only so zod stays out of the
 * browser. Messages are form-message keys (lib/formMessage.ts).
 */
import { z } from "zod";
import { passwordInput, passwordProblem } from "~/auth/password.server";
import { cleanName, nameProblem } from "~/members/names";
import { isKnownVisa } from "~/visa/catalogue";
import { termsDocuments, type TermsChoices } from "./terms";

const required = { required_error: "errors.form.required" };

export const emailField = z
  .string(required)
  .trim()
  .max(254, "errors.form.invalidEmail")
  .email("errors.form.invalidEmail")
  .transform((email) => email.toLowerCase());

/** A name, cleaned (members/names.ts) before it is judged; whitespace alone is not a name. */
export const nameField = z
  .string(required)
  .max(1000, "errors.form.nameLength")
  .transform(cleanName)
  .superRefine((name, ctx) => {
    const problem = nameProblem(name);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `errors.form.${problem}` });
  });

/** Checkbox per document, plus "agree to all", which ticks every box (also without JavaScript). */
export const termsSchema = z
  .object({
    agreeAll: z.boolean().optional(),
    service: z.boolean().optional(),
    privacy: z.boolean().optional(),
    age14: z.boolean().optional(),
    marketing: z.boolean().optional(),
    website: z.string().optional(),
  })
  .transform((value): TermsChoices & { website?: string } => {
    const all = value.agreeAll === true;
    return {
      service: all || value.service === true,
      privacy: all || value.privacy === true,
      age14: all || value.age14 === true,
      marketing: all || value.marketing === true,
      website: value.website,
    };
  })
  .superRefine((choices, ctx) => {
    for (const doc of termsDocuments) {
      if (doc.required && !choices[doc.id]) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [doc.id], message: "errors.form.termsRequired" });
      }
    }
  });

/** A new password, checked against the length rule, the common list and the ID. */
export function newPasswordFields(idOf: (value: Record<string, unknown>) => string | null) {
  return (value: { password: string; passwordConfirm: string } & Record<string, unknown>, ctx: z.RefinementCtx) => {
    const problem = passwordProblem(value.password, idOf(value));
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["password"], message: `errors.form.${problem}` });
    else if (value.password !== value.passwordConfirm) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["passwordConfirm"], message: "errors.form.passwordMismatch" });
    }
  };
}

// Passwords are not trimmed: every character counts. The length rule is checked
// in passwordProblem (code points, after NFC), once.
export const accountSchema = z
  .object({ email: emailField, password: passwordInput, passwordConfirm: passwordInput })
  .superRefine(newPasswordFields((v) => (typeof v.email === "string" ? v.email : null)));

export const newPasswordSchema = z
  .object({ password: passwordInput, passwordConfirm: passwordInput })
  .superRefine(newPasswordFields(() => null));

export const nameSchema = z.object({ name: nameField });

export const phoneSchema = z.object({ phone: z.string(required).max(40, "errors.form.invalidPhone") });

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

export const addInfoSchema = z.object({
  nationality: z.string(required).trim().max(100),
  visa: z.string({ required_error: "errors.form.visaRequired" }).refine(isKnownVisa, "errors.form.visaRequired"),
  visaExpiry: dateField.optional(),
});
