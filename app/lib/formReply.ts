/**
 * A failed submission in conform's reply shape, for forms whose checks are not a
 * single zod schema (several intents, codes, server lookups). `initialValue`
 * re-fills the form; field "" is the form-level message.
 */
export interface ErrorReply {
  status: "error";
  initialValue: Record<string, string>;
  error: Record<string, string[]>;
}

export function errorReply(initialValue: Record<string, string>, field: string, message: string): ErrorReply {
  return { status: "error", initialValue, error: { [field]: [message] } };
}
