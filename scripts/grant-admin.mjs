#!/usr/bin/env node
/**
 * Makes a member a community moderator (the `admin` custom claim on their Firebase
 * account), or takes it back with --revoke.
 *
 *   node scripts/grant-admin.mjs <uid | e-mail | +82 number> [--revoke]
 *
 * Local mode: run it while the app runs; it talks to the app's Auth emulator
 * (AUTH_EMULATOR_PORT, default 9099; FIREBASE_PROJECT_ID as the app has it), which
 * saves the change with the accounts. Hosted mode: FIREBASE_SERVICE_ACCOUNT (the
 * service account JSON) and FIREBASE_PROJECT_ID, as the server has them.
 *
 * A claim travels in the session made at sign-in: the member signs in again to
 * moderate. Revoking also ends every session of theirs (Firebase revokes their
 * tokens; the app's check with Firebase ends the sessions within 5 minutes).
 */
import { cert, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";

const args = process.argv.slice(2);
const revoke = args.includes("--revoke");
const who = args.find((a) => !a.startsWith("--"));
if (!who) {
  console.error("usage: node scripts/grant-admin.mjs <uid | e-mail | +82 number> [--revoke]");
  process.exit(2);
}

const account = process.env.FIREBASE_SERVICE_ACCOUNT;
const projectId = process.env.FIREBASE_PROJECT_ID ?? (account ? JSON.parse(account).project_id : "demo-klife");
if (!account) process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${process.env.AUTH_EMULATOR_PORT ?? 9099}`;
const app = account
  ? initializeApp({ projectId, credential: cert(JSON.parse(account)) })
  : initializeApp({ projectId });
const auth = getAuth(app);

const user = who.includes("@")
  ? await auth.getUserByEmail(who)
  : who.startsWith("+")
    ? await auth.getUserByPhoneNumber(who)
    : await auth.getUser(who);
const claims = { ...(user.customClaims ?? {}) };
if (revoke) delete claims.admin;
else claims.admin = true;
await auth.setCustomUserClaims(user.uid, claims);
if (revoke) await auth.revokeRefreshTokens(user.uid);
console.log(
  revoke
    ? `${user.uid} is no longer a moderator; their sessions end.`
    : `${user.uid} is a moderator from their next sign-in (/community/review).`,
);
process.exit(0);
