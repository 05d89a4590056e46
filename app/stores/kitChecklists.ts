/**
 * The documents a member has ticked on their own extension kit (/mypage/visa, issue 43, decision 0109): one row
 * per (member, kit code, document), the document named by its key in the kit (a vocabulary code, or `own-<n>` for
 * a document the kit names itself, app/visa/extensionKits.server.ts). Which keys a kit has is the feature's to
 * judge: the store keeps what it is told. Withdrawal deletes a member's rows with the member.
 */
export interface KitChecklistsStore {
  /** The keys ticked for the member's kit `code` ("E-9-1"), in the order they were ticked. */
  ticked(uid: string, code: string): Promise<string[]>;
  /**
   * Makes the ticked keys of the member's kit `code` exactly `keys` as of `at` (ms): the new ones ticked at `at`,
   * the ones ticked before keeping their time, the others unticked. One transaction.
   */
  setTicked(uid: string, code: string, keys: readonly string[], at: number): Promise<void>;
}
