/**
 * Firebase Auth's Identity Toolkit REST API, called from the server so password
 * and token sign-in work without JavaScript. The Auth emulator serves the same
 * API, so local mode and hosted mode share this code.
 */
export interface AuthTokens {
  uid: string;
  idToken: string;
  refreshToken: string;
  email?: string;
  /** The name the identity provider gave (Google), if any. */
  displayName?: string;
}

/**
 * A refusal from Identity Toolkit, by its stable code (EMAIL_EXISTS, INVALID_LOGIN_CREDENTIALS, …). The message
 * adds the HTTP status and Google's own words when they say more than the code, for the operator's log line.
 */
export class IdentityError extends Error {
  override name = "IdentityError";
  constructor(
    readonly code: string,
    readonly status?: number,
    words?: string,
  ) {
    super(words && words !== code ? `${code} (HTTP ${status ?? "?"}): ${words}` : code);
  }
}

/** An answer from Identity Toolkit's address that is not its JSON: as good as no answer (unavailable). */
export class ToolkitUnreadable extends Error {
  override name = "ToolkitUnreadable";
  constructor(readonly status: number) {
    super(`Identity Toolkit's answer (HTTP ${status}) was not its JSON`);
  }
}

export function isIdentityError(error: unknown): error is IdentityError {
  return error instanceof IdentityError;
}

export interface IdentityToolkit {
  signUp(email: string, password: string): Promise<AuthTokens>;
  signInWithPassword(email: string, password: string): Promise<AuthTokens>;
  signInWithCustomToken(token: string): Promise<AuthTokens>;
  /** Google sign-in: exchanges Google's ID token for a Firebase one. */
  /** `rawNonce`: the nonce whose SHA-256 is in the token's `nonce` claim, which Firebase then checks. */
  signInWithGoogle(googleIdToken: string, requestUri: string, rawNonce?: string): Promise<AuthTokens>;
}

interface ToolkitResponse {
  localId?: string;
  idToken?: string;
  refreshToken?: string;
  email?: string;
  displayName?: string;
  /**
   * Google's error (google.rpc.Status): Identity Toolkit's code in `message`; for a refusal by Google's front end
   * (a key refused or restricted, the API not enabled in the key's project) a sentence, with the code as an
   * ErrorInfo's reason (API_KEY_INVALID, API_KEY_SERVICE_BLOCKED, SERVICE_DISABLED, …).
   */
  error?: { message?: unknown; details?: { reason?: unknown }[] };
}

/** The stable code of a refusal: Identity Toolkit's in `message`, else an ErrorInfo's reason, else HTTP_<status>. */
function codeOf(data: ToolkitResponse, status: number): string {
  // Production appends a sentence ("WEAK_PASSWORD : Password should be …"); the code comes first.
  const message = data.error?.message;
  const code = typeof message === "string" ? message.split(/\s*:\s*/)[0] : undefined;
  if (code && /^[A-Z_]+$/.test(code)) return code;
  const details = Array.isArray(data.error?.details) ? data.error.details : [];
  const reason = details.map((d) => d?.reason).find((r): r is string => typeof r === "string" && /^[A-Z_]+$/.test(r));
  return reason ?? `HTTP_${status}`;
}

/** Google's words, on one line and bounded, for the operator's log (they never hold a secret). */
function wordsOf(data: ToolkitResponse): string | undefined {
  const message = data.error?.message;
  return typeof message === "string" ? message.replace(/\s+/g, " ").slice(0, 300) : undefined;
}

/**
 * The uid inside an ID token Identity Toolkit just handed us (signInWithCustomToken
 * answers without localId). Only read, not trusted: sessions verify the token.
 */
function subjectOf(idToken: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString("utf8")) as {
      sub?: unknown;
    };
    return typeof payload.sub === "string" && payload.sub ? payload.sub : null;
  } catch {
    return null;
  }
}

export function identityToolkit(options: { baseUrl: string; apiKey: string; timeoutMs?: number }): IdentityToolkit {
  const call = async (method: string, body: Record<string, unknown>): Promise<AuthTokens> => {
    const response = await fetch(`${options.baseUrl}/accounts:${method}?key=${encodeURIComponent(options.apiKey)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...body, returnSecureToken: true }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    // An answer that is not Identity Toolkit's JSON (a proxy's HTML page, a body cut short) is no answer at all.
    const data = (await response.json().catch(() => null)) as ToolkitResponse | null;
    if (data === null || typeof data !== "object") throw new ToolkitUnreadable(response.status);
    const uid = data.localId ?? (data.idToken ? subjectOf(data.idToken) : null);
    if (!response.ok || !data.idToken || !uid) {
      throw new IdentityError(codeOf(data, response.status), response.status, wordsOf(data));
    }
    return {
      uid,
      idToken: data.idToken,
      refreshToken: data.refreshToken ?? "",
      email: data.email,
      displayName: data.displayName,
    };
  };

  return {
    signUp: (email, password) => call("signUp", { email, password }),
    signInWithPassword: (email, password) => call("signInWithPassword", { email, password }),
    signInWithCustomToken: (token) => call("signInWithCustomToken", { token }),
    signInWithGoogle: (googleIdToken, requestUri, rawNonce) =>
      call("signInWithIdp", {
        postBody: new URLSearchParams({
          id_token: googleIdToken,
          providerId: "google.com",
          ...(rawNonce ? { nonce: rawNonce } : {}),
        }).toString(),
        requestUri,
        returnIdpCredential: true,
      }),
  };
}
