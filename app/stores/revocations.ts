/**
 * Session revocations: sign-out, password change and withdrawal end every
 * session of a member signed in before the recorded time, with no call to the
 * identity provider when a session is read.
 */
export interface RevocationStore {
  /** Records that sessions signed in before `at` (ms) are over; an earlier time never replaces a later one. */
  revoke(uid: string, at: number): Promise<void>;
  /** The time sessions must have been signed in after (ms), or null when none was revoked. */
  validAfter(uid: string): Promise<number | null>;
}
