/**
 * Password recovery: a code to the account's mobile number proves the member
 * owns it; then a new password is set and every session of the member ends. The
 * state lives in a signed 10-minute cookie; the reset step opens only after the
 * code checked out.
 */
import type { Services } from "~/services.server";
import { flowState } from "./flow.server";

export interface RecoveryFlow {
  uid: string;
  phone: string;
  codeId: string;
  /** Set when the code checked out (ms). */
  verifiedAt?: number;
}

export const recoveryFlow = (services: Services) => flowState<RecoveryFlow>(services, "__recovery_flow");
