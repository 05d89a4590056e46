/**
 * The start-up check that identity and profiles agree. A join makes the
 * Firebase user first and the member profile second, each saved on its own, so a
 * crash between the two (or, in hosted mode, an answer from Google lost on the way
 * after it made the account) leaves an account without a profile: a join nobody saw
 * confirmed, which is deleted. A profile without an account cannot be repaired
 * here (the member could never sign in again): it is reported, not deleted.
 *
 * In hosted mode other processes may be half-way through a join, so only accounts
 * made before `madeBefore` are judged (JOIN_GRACE_MS ago: a join's two writes are
 * seconds apart, each bounded), and the Firebase project is the app's alone
 * (docs/hosting.md): an account made there by hand, without a profile, is removed too.
 */
import type { Auth } from "firebase-admin/auth";
import type { MemberProfile, MembersStore } from "~/stores/members";
import type { PageResult } from "~/stores/page";

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

/** Hosted mode: an account younger than this may be a join under way in another process. */
export const JOIN_GRACE_MS = 10 * 60_000;

/** Every member's uid, page by page. */
async function memberUids(members: MembersStore): Promise<string[]> {
  const uids: string[] = [];
  let after: string | null = null;
  do {
    const page: PageResult<MemberProfile> = await members.page({ after, limit: PAGE });
    if (!page.ok) throw new Error("account check: the members store refused its own cursor");
    for (const member of page.items) uids.push(member.uid);
    after = page.next;
  } while (after);
  return uids;
}

export async function checkAccounts(
  members: MembersStore,
  auth: Auth,
  log: (line: string) => void,
  options: { madeBefore?: number } = {},
): Promise<AccountCheckSummary> {
  const accounts: string[] = [];
  const recent = new Set<string>();
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(PAGE, pageToken);
    for (const user of page.users) {
      accounts.push(user.uid);
      const made = Date.parse(user.metadata.creationTime);
      if (options.madeBefore !== undefined && !(made < options.madeBefore)) recent.add(user.uid);
    }
    pageToken = page.pageToken;
  } while (pageToken);
  // Read after the accounts: a profile is only ever made after its account.
  const profiles = await memberUids(members);
  const withProfile = new Set(profiles);
  const withAccount = new Set(accounts);

  const halfMade = accounts.filter((uid) => !withProfile.has(uid) && !recent.has(uid));
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
