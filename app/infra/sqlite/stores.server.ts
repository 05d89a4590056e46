/**
 * The SQLite implementation of every store (app/stores): one database file,
 * opened with the durability settings of database.server.ts. Its SQL lives in
 * this folder (PostgreSQL's in app/infra/postgres). The counters are the one store kept in memory: SQLite
 * is local mode's store, and local mode is one process (decision 0046).
 */
import { composedMemberScreen } from "~/stores/memberScreen";
import type { Stores } from "~/stores/stores";
import { memoryCounters } from "~/infra/memoryCounters.server";
import { databaseAnswers, openDatabase, type Db } from "./database.server";
import { sqliteAuditStore } from "./auditStore.server";
import {
  sqliteCommentsStore,
  sqliteFeedsStore,
  sqliteFilesStore,
  sqliteLikesStore,
  sqliteReportsStore,
} from "./communityStore.server";
import { sqliteBenefitStore, sqliteOfferStore } from "./contentStore.server";
import { sqliteCorridorStore } from "./corridorStore.server";
import { sqliteExtensionKitStore, sqliteLoanProductStore, sqliteWorkRuleStore } from "./contentStore.server";
import { sqliteFlowStore } from "./flowStore.server";
import { sqliteMemberStore } from "./memberStore.server";
import { sqliteNoticeStore } from "./noticeStore.server";
import { sqliteNotificationStore } from "./notificationStore.server";
import { sqlitePasswordFailureStore } from "./passwordFailureStore.server";
import { sqlitePhoneCodeStore } from "./phoneCodeStore.server";
import { sqliteRateStore } from "./rateStore.server";
import { sqliteRevocationStore } from "./revocationStore.server";
import { sqliteRoleStore } from "./roleStore.server";
import { sqliteSsoStore } from "./ssoStore.server";
import { sqliteTermsStore } from "./termsStore.server";
import { sqliteLeaseStore } from "./leaseStore.server";
import { sqliteReminderStore } from "./reminderStore.server";
import { sqliteKitChecklistStore } from "./kitChecklistStore.server";

/** The stores over an open database; `close` checkpoints the WAL and closes it. */
export function sqliteStores(db: Db): Stores {
  const dataVersion = db.prepare("PRAGMA data_version").pluck();
  const stores: Stores = {
    members: sqliteMemberStore(db),
    flows: sqliteFlowStore(db),
    phoneCodes: sqlitePhoneCodeStore(db),
    revocations: sqliteRevocationStore(db),
    roles: sqliteRoleStore(db),
    passwordFailures: sqlitePasswordFailureStore(db),
    notifications: sqliteNotificationStore(db),
    feeds: sqliteFeedsStore(db),
    comments: sqliteCommentsStore(db),
    likes: sqliteLikesStore(db),
    reports: sqliteReportsStore(db),
    files: sqliteFilesStore(db),
    notices: sqliteNoticeStore(db),
    audit: sqliteAuditStore(db),
    benefits: sqliteBenefitStore(db),
    offers: sqliteOfferStore(db),
    counters: memoryCounters(),
    terms: sqliteTermsStore(db),
    rates: sqliteRateStore(db),
    corridors: sqliteCorridorStore(db),
    loanProducts: sqliteLoanProductStore(db),
    extensionKits: sqliteExtensionKitStore(db),
    kitChecklists: sqliteKitChecklistStore(db),
    workRules: sqliteWorkRuleStore(db),
    sso: sqliteSsoStore(db),
    leases: sqliteLeaseStore(db),
    reminders: sqliteReminderStore(db),
    async changeMark() {
      // SQLite's own: changes when another connection commits; this connection's writes leave it as it is.
      // Prepared once: `db.pragma` prepares its statement on every call, a few microseconds on every page view.
      return dataVersion.get() as number;
    },
    async memberScreen(uid, now) {
      // Each read is a call into the same process: the stores' own, one after the other.
      return composedMemberScreen(stores, uid, now);
    },
    async ping() {
      return db.open && databaseAnswers(db);
    },
    async close() {
      if (!db.open) return;
      db.pragma("wal_checkpoint(TRUNCATE)");
      db.close();
    },
  };
  return stores;
}

/** Opens (creating and migrating as needed) the database file and its stores. */
export function openSqliteStores(file: string): Stores {
  const db = openDatabase(file);
  try {
    return sqliteStores(db);
  } catch (error) {
    db.close();
    throw error;
  }
}
