/**
 * Signing in with a phone number: the flow between the number and the code
 * (verification/codes.server.ts texts and checks it); once the code checks out,
 * the member with that number signs in through the identity port (`signInAs`).
 */
import type { Services } from "~/infra/services.server";
import { flow } from "./flow.server";

export interface PhoneFlow {
  codeId: string;
  phone: string;
  redirectTo: string;
  /**
   * The code proved the phone but no member uses it: the visitor may join with it
   * (once: joining spends the flow), without a second text, while the flow lives.
   */
  provenWithoutAccount?: true;
}

/** Long enough for a code to arrive and be typed, a resend included; the code itself lives 3 minutes. */
export const PHONE_FLOW_TTL_MS = 10 * 60_000;

export const phoneLoginFlow = (services: Services) =>
  flow<PhoneFlow>(services, "phoneLogin", { cookie: "__login_flow", ttlMs: PHONE_FLOW_TTL_MS });
