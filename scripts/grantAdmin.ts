/**
 * node scripts/grant-admin.mjs <uid | e-mail | +82 number> [--revoke]
 *
 * Makes a member a community moderator and admin, or takes it back with --revoke. The role is written to the
 * app's own storage (DATABASE_URL's database, else the SQLite file of DATA_DIR, as the server has them), which
 * every server process reads on every request: it holds from the member's very next request, and a revocation
 * also ends every session of theirs there and then (session_revocations). The `admin` custom claim on their
 * Firebase account is kept in step (a new sign-in carries it; Firebase revokes their tokens on --revoke). Each
 * change is in the audit log as the operator command's (decision 0082).
 *
 * Local mode: run it while the app runs; it talks to the app's Auth emulator (AUTH_EMULATOR_PORT, default 9099;
 * FIREBASE_PROJECT_ID as the app has it). Hosted mode: with the server's environment (FIREBASE_SERVICE_ACCOUNT,
 * FIREBASE_PROJECT_ID and its storage).
 *
 * Bundled by esbuild to build/grant-admin.js, which scripts/grant-admin.mjs runs.
 */
import { cert, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { loadConfig } from "~/infra/config.server";
import { openStores } from "~/server/storage.server";
import { runCli } from "./cli";

const USAGE = "usage: node scripts/grant-admin.mjs <uid | e-mail | +82 number> [--revoke]";

async function main(args: string[]): Promise<number> {
  const revoke = args.includes("--revoke");
  const who = args.find((a) => !a.startsWith("--"));
  if (!who) {
    console.error(USAGE);
    return 2;
  }
  const account = process.env.FIREBASE_SERVICE_ACCOUNT;
  const projectId =
    process.env.FIREBASE_PROJECT_ID ??
    (account ? (JSON.parse(account) as { project_id: string }).project_id : "demo-klife");
  if (!account) process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${process.env.AUTH_EMULATOR_PORT ?? 9099}`;
  const app = account
    ? initializeApp({ projectId, credential: cert(JSON.parse(account) as object) })
    : initializeApp({ projectId });
  const auth = getAuth(app);

  const user = who.includes("@")
    ? await auth.getUserByEmail(who)
    : who.startsWith("+")
      ? await auth.getUserByPhoneNumber(who)
      : await auth.getUser(who);
  const stores = await openStores(loadConfig());
  try {
    const at = Date.now();
    // Our storage first: from here on, every process answers the member's next request with the new role.
    await stores.roles.setAdmin(user.uid, !revoke, at, {
      actor: { kind: "operator", id: "grant-admin" },
      action: revoke ? "revokeAdmin" : "grantAdmin",
      target: { kind: "member", id: user.uid },
      summary: user.uid,
      at,
    });
    if (revoke) await stores.revocations.revoke(user.uid, at);
  } finally {
    await stores.close();
  }
  const claims: Record<string, unknown> = { ...(user.customClaims ?? {}) };
  if (revoke) delete claims.admin;
  else claims.admin = true;
  await auth.setCustomUserClaims(user.uid, claims);
  if (revoke) await auth.revokeRefreshTokens(user.uid);
  console.log(
    revoke
      ? `${user.uid} is no longer a moderator; their sessions end.`
      : `${user.uid} is a moderator from their next sign-in (/community/review).`,
  );
  return 0;
}

runCli(main);
