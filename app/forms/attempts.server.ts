/**
 * Posts to the sign-in and joining forms counted per person (the phone number or
 * ID the form names), as well as per address (server.ts): a dormitory or a
 * workplace behind one address is not locked out by its neighbours, and one
 * number or ID cannot be tried faster than its own limit from many addresses.
 * Counted in the counters store (stores.counters: this process's memory in
 * local mode, decision 0046), under keys of their own (`attempt:`).
 */
import type { CountersStore } from "~/stores/counters";
import { normalizePhoneNumber } from "~/phone/phoneNumber.server";

export interface AttemptCounter {
  /** Counts one post for `key`; the seconds to wait when it is over the limit, else null. */
  hit(key: string): Promise<number | null>;
}

export function attemptCounter(counters: CountersStore, options: { limit: number; windowMs: number }): AttemptCounter {
  return {
    async hit(key) {
      const at = Date.now();
      const { totalHits, resetTime } = await counters.increment(`attempt:${key}`, options.windowMs, at);
      if (totalHits <= options.limit) return null;
      return Math.max(1, Math.ceil((resetTime - at) / 1000));
    },
  };
}

/**
 * Who a sign-in or joining form is about: its phone number (in E.164 when it
 * parses, so "010-1234-5678" and "+82 10 1234 5678" are one person; its digits
 * otherwise) or its ID. Null when the form names neither (a code step: the number
 * is in its flow, bounded per code).
 */
export function attemptKey(formData: FormData): string | null {
  // Full-width digits are digits too (the number field reads them as such).
  const typed = String(formData.get("phone") ?? "")
    .slice(0, 64)
    .normalize("NFKC");
  if (/\d/.test(typed)) {
    const phone = normalizePhoneNumber(typed, String(formData.get("country") ?? "") || undefined);
    return `phone:${phone.ok ? phone.e164 : typed.replace(/\D/g, "").replace(/^(?:82|0)/, "")}`;
  }
  const id = String(formData.get("email") ?? "")
    .trim()
    .toLowerCase();
  return id ? `id:${id}` : null;
}
