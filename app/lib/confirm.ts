/**
 * The field that says an action was confirmed (components/ConfirmAction.tsx, decision 0095): the message box's
 * confirm with JavaScript, the confirm page's button without. An action that asks first acts only when it is
 * "yes"; otherwise it answers with its confirm page and changes nothing.
 */
export const CONFIRMED_FIELD = "confirmed";

export function isConfirmed(form: FormData | Record<string, unknown>): boolean {
  const value = form instanceof FormData ? form.get(CONFIRMED_FIELD) : form[CONFIRMED_FIELD];
  return value === "yes";
}
