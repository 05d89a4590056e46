/**
 * Password rules (NIST SP 800-63B): 8 to 128 characters, counted as the member
 * sees them (code points), no composition rules, never truncated, and not one of
 * the ~49 000 most common passwords (zxcvbn-ts's list) nor the ID itself.
 */
import { dictionary } from "@zxcvbn-ts/language-common";

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
