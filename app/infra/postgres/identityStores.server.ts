/** PostgreSQL: members, flows, phone codes, revocations, password failures, the shared counters and the inbox. */
import type { Stores } from "~/stores/stores";
import type { Pg } from "./database.server";
import { notBuilt } from "./notBuilt.server";

export function pgIdentityStores(
  _db: Pg,
): Pick<
  Stores,
  "members" | "flows" | "phoneCodes" | "revocations" | "passwordFailures" | "counters" | "notifications"
> {
  return {
    members: notBuilt("members"),
    flows: notBuilt("flows"),
    phoneCodes: notBuilt("phoneCodes"),
    revocations: notBuilt("revocations"),
    passwordFailures: notBuilt("passwordFailures"),
    counters: notBuilt("counters"),
    notifications: notBuilt("notifications"),
  };
}
