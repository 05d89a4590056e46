/**
 * Password rules (NIST SP 800-63B): 8 to 128 characters, counted as the member
 * sees them (code points), no composition rules, never truncated, and not one of
 * the ~49 000 most common passwords (zxcvbn-ts's list) nor the ID itself.
 * Passwords are normalised to NFC wherever they are typed (sign-up, sign-in,
 * reset, change) and measured after it, so the same characters typed on another
 * keyboard (composed or decomposed) are the same password.
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

let common: Set<string> | null = null;

function commonPasswords(): Set<string> {
  common ??= new Set(
    (dictionary["passwords-common"] as string[])
      .filter((p) => p.length >= PASSWORD_MIN_LENGTH)
      .map((p) => p.toLowerCase()),
  );
  return common;
}

/** A typed password as the app keeps and compares it: NFC, nothing trimmed. */
export const normalizePassword = (password: string) => password.normalize("NFC");

/** The password field of every form: required, normalised. Longer than any rule allows is refused before hashing. */
export const passwordInput = z
  .string({ required_error: "errors.form.required" })
  .max(4 * PASSWORD_MAX_LENGTH, "errors.form.passwordLength")
  .transform(normalizePassword);

export type PasswordProblem = "passwordLength" | "passwordCommon" | "passwordLikeId";

export function passwordProblem(password: string, id?: string | null): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return "passwordLength";
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return "passwordCommon";
  if (id) {
    const email = id.trim().toLowerCase();
    if (lower === email || lower === email.split("@")[0]) return "passwordLikeId";
  }
  return null;
}

/** The ID of an account with a password: an e-mail, kept in lower case. */
export const emailField = z
  .string({ required_error: "errors.form.required" })
  .trim()
  .max(254, "errors.form.invalidEmail")
  .email("errors.form.invalidEmail")
  .transform((email) => email.toLowerCase());

/**
 * The checks across a new password's fields, each said whatever else is wrong (the form's fields are
 * `judgedTogether`): the password against the length rule, the common list and the ID, and the confirmation
 * against the password, even when the password itself is refused.
 */
export function newPasswordChecks<Fields extends { password?: string; passwordConfirm?: string }>(
  idOf: (fields: Fields) => string | null | undefined,
  more?: (fields: Fields, ctx: z.RefinementCtx) => void,
) {
  return (fields: Fields, ctx: z.RefinementCtx) => {
    const { password, passwordConfirm } = fields;
    if (password !== undefined) {
      const problem = passwordProblem(password, idOf(fields));
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["password"], message: `errors.form.${problem}` });
    }
    if (password !== undefined && passwordConfirm !== undefined && password !== passwordConfirm) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["passwordConfirm"], message: "errors.form.passwordMismatch" });
    }
    more?.(fields, ctx);
  };
}
