/**
 * Phone verification codes as stored: keyed hashes only (verification/phoneCodes.server.ts
 * makes the code, the hashes and the rules). The limits are checked and the code
 * stored in one call, and the wrong-attempt counter lives on the code's record,
 * so two requests at once can neither both pass a limit nor lose a count.
 */
export type CodePurpose = "signUp" | "signIn" | "recovery" | "phoneChange";

export interface PhoneCodeRecord {
  id: string;
  /** E.164. */
  phone: string;
  purpose: CodePurpose;
  codeHash: string;
  browserHash: string;
  clientHash: string;
  createdAt: number;
  expiresAt: number;
  /** Wrong codes tried so far. */
  attempts: number;
  /** When the code was used or replaced by a newer one; null while it is open. */
  closedAt: number | null;
}

export type NewPhoneCode = Omit<PhoneCodeRecord, "attempts" | "closedAt">;

export interface CodeLimits {
  /** Between two codes for the same number and purpose. */
  cooldownMs: number;
  /** Codes per number, and per client address, within `windowMs` (across purposes). */
  capPerNumber: number;
  capPerClient: number;
  windowMs: number;
}

export type ReserveResult =
  { ok: true } | { ok: false; reason: "cooldown" | "numberCap" | "clientCap"; retryAt: number };

export interface PhoneCodeStore {
  /**
   * Checks the cool-down and both caps and, when they allow it, closes the
   * number's open codes for the purpose (only the newest works) and stores this
   * one: all as one step.
   */
  reserve(code: NewPhoneCode, limits: CodeLimits): Promise<ReserveResult>;
  find(id: string): Promise<PhoneCodeRecord | null>;
  /** Counts a wrong code on an open code; resolves with the new count, or null when the code is closed or gone. */
  recordWrongAttempt(id: string): Promise<number | null>;
  /**
   * Closes the code if, at `at`, it is still open, unexpired and has fewer than
   * `maxAttempts` wrong attempts: true when this call closed it (so a code is used once).
   */
  close(id: string, at: number, maxAttempts: number): Promise<boolean>;
  /** Removes a code as if it had never been issued (its text could not be sent). */
  delete(id: string): Promise<void>;
  /** Deletes codes created at or before `createdBefore`; resolves with how many. */
  prune(createdBefore: number): Promise<number>;
}
