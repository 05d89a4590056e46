/**
 * Local mode's start-up check that identity and profiles agree. A join makes the
 * Firebase user first and the member profile second, each saved on its own, so a
 * crash between the two leaves an account without a profile: a join nobody saw
 * confirmed, which is deleted. A profile without an account cannot be repaired
 * here (the member could never sign in again): it is reported, not deleted.
 */
import type { Auth } from "firebase-admin/auth";
import type { Db } from "~/infra/sqlite/database.server";
import { memberUids } from "../members/members.server";

export interface AccountCheckSummary {
  accounts: number;
  profiles: number;
  /** Accounts without a profile, deleted. */
  deleted: string[];
  /** Accounts without a profile that could not be deleted. */
  notDeleted: string[];
  /** Profiles whose account is missing. */
  profilesWithoutAccount: string[];
}

const PAGE = 1000;

export async function checkAccounts(db: Db, auth: Auth, log: (line: string) => void): Promise<AccountCheckSummary> {
  const accounts: string[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(PAGE, pageToken);
    for (const user of page.users) accounts.push(user.uid);
    pageToken = page.pageToken;
  } while (pageToken);
  // Read after the accounts: a profile is only ever made after its account.
  const profiles = memberUids(db);
  const withProfile = new Set(profiles);
  const withAccount = new Set(accounts);

  const halfMade = accounts.filter((uid) => !withProfile.has(uid));
  const deleted: string[] = [];
  const notDeleted: string[] = [];
  for (let i = 0; i < halfMade.length; i += PAGE) {
    const batch = halfMade.slice(i, i + PAGE);
    const result = await auth.deleteUsers(batch);
    const failed = new Set(result.errors.map((e) => batch[e.index]));
    for (const uid of batch) {
      if (failed.has(uid)) {
        notDeleted.push(uid);
        log(`account check: could not delete account ${uid}, which has no member profile`);
      } else {
        deleted.push(uid);
        log(`account check: deleted account ${uid}: it had no member profile (a join that was never confirmed)`);
      }
    }
  }

  const profilesWithoutAccount = profiles.filter((uid) => !withAccount.has(uid));
  if (profilesWithoutAccount.length) {
    log(
      `account check: warning: ${profilesWithoutAccount.length} member profile(s) have no Firebase account and cannot sign in: ${profilesWithoutAccount.join(", ")}`,
    );
  }
  return { accounts: accounts.length, profiles: profiles.length, deleted, notDeleted, profilesWithoutAccount };
}
