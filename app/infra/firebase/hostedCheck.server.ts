/**
 * Hosted mode's start-up check of what the operator configured (docs/hosting.md): Identity Toolkit must take the
 * Web API key, and the Admin API the service account's credential for FIREBASE_PROJECT_ID. A refusal that names a
 * variable stops start-up with a message that names it (a ConfigError, as a malformed variable does); a Google that
 * cannot be reached does not: the server starts, says so, and /readyz answers 503 until Google answers.
 */
import { ConfigError } from "~/infra/config.server";
import type { FirebaseIdentity } from "~/infra/firebase/identity.server";
import { configurationFault, identityCode, reasonOf } from "~/infra/firebase/identityCodes.server";
import { IdentityError } from "~/infra/firebase/identityToolkit.server";

/** Google's words for a refusal, on one line and bounded (they never hold a secret). */
function wordsOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").slice(0, 300);
}

const ADVICE = {
  FIREBASE_API_KEY:
    "Identity Toolkit refused this Web API key (Firebase console → Project settings → General → Web API key; its API restrictions must allow the Identity Toolkit API, which must be enabled in the key's project, with Authentication started)",
  FIREBASE_SERVICE_ACCOUNT:
    "Google refused the service account's credential (a key deleted or revoked, or another project's: Project settings → Service accounts → Generate new private key)",
  FIREBASE_PROJECT_ID:
    "the service account may not use this project's accounts, or the project has no Authentication (check the id, and that Authentication is started in the console)",
} as const;

/** "ok", or "unreachable" when Google did not answer; throws a ConfigError for a configuration Google refused. */
export async function checkHostedIdentity(
  identity: FirebaseIdentity,
  log: (line: string) => void,
): Promise<"ok" | "unreachable"> {
  const { auth, toolkit } = identity.admin;
  const problems: string[] = [];
  let unreachable: string | null = null;
  const probes = [
    // A token that is not one: a key Google takes answers INVALID_CUSTOM_TOKEN, a key it refuses API_KEY_….
    () => toolkit.signInWithCustomToken("klife-start-up-check"),
    // No such account: a credential Google takes, on a project it may use, answers "not found".
    () => auth.getUser("klife-start-up-check"),
  ];
  // Side by side: a Google that does not answer costs one bound (10 s), not one a probe.
  const failures = await Promise.all(
    probes.map((probe) =>
      probe().then(
        () => null,
        (error: unknown) => error,
      ),
    ),
  );
  for (const error of failures) {
    if (error === null) continue;
    const fault = configurationFault(error);
    const code = identityCode(error);
    const words = wordsOf(error);
    if (fault)
      problems.push(`${fault}: ${ADVICE[fault]}: ${code && words.startsWith(code) ? words : `${code}: ${words}`}`);
    // Identity Toolkit answered with a code, but not a fault's: Google is reached (an HTTP_5xx is Google's outage).
    else if (error instanceof IdentityError && !/^HTTP_5\d\d$/.test(error.code)) continue;
    else if (reasonOf(error) === "unavailable") unreachable ??= words;
  }
  if (problems.length) throw new ConfigError(problems);
  if (unreachable) {
    log(
      `hosted check: Google could not be reached (${unreachable}); the server starts, and /readyz answers 503 until Firebase answers`,
    );
    return "unreachable";
  }
  log("hosted check: Firebase took the Web API key and the service account");
  return "ok";
}
