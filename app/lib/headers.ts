/** Appends Set-Cookie values to response headers, each once (several steps of one request may set the same cookie). */
export function withCookies(headers: Headers, cookies: readonly (string | null | undefined)[]): Headers {
  const present = new Set(headers.getSetCookie());
  for (const value of cookies) {
    if (value && !present.has(value)) headers.append("Set-Cookie", value);
    if (value) present.add(value);
  }
  return headers;
}
