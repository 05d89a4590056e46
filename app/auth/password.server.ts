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
