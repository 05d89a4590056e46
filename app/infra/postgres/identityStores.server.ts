/** PostgreSQL: members, flows, phone codes, revocations, password failures, the shared counters and the inbox. */
import type { Stores } from "~/stores/stores";
import type { Pg } from "./database.server";
import { pgCounterStore } from "./counterStore.server";
import { pgFlowStore } from "./flowStore.server";
import { pgMemberStore } from "./memberStore.server";
import { pgNotificationStore } from "./notificationStore.server";
import { pgPasswordFailureStore } from "./passwordFailureStore.server";
import { pgPhoneCodeStore } from "./phoneCodeStore.server";
import { pgRevocationStore } from "./revocationStore.server";
import { pgRoleStore } from "./roleStore.server";

export function pgIdentityStores(
  db: Pg,
): Pick<
  Stores,
  "members" | "flows" | "phoneCodes" | "revocations" | "roles" | "passwordFailures" | "counters" | "notifications"
> {
  return {
    members: pgMemberStore(db),
    flows: pgFlowStore(db),
    phoneCodes: pgPhoneCodeStore(db),
    revocations: pgRevocationStore(db),
    roles: pgRoleStore(db),
    passwordFailures: pgPasswordFailureStore(db),
    counters: pgCounterStore(db),
    notifications: pgNotificationStore(db),
  };
}
