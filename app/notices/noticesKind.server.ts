/**
 * Notices as a content kind (app/content/kind.server.ts): the content import's `notices` key (docs/content-import.md),
 * each item saved as the admin form saves a notice, recorded in the audit log as the import's. None ship with the app.
 */
import type { ContentKind } from "~/content/kind.server";
import { noticeImportSchema, noticeInputOf, noticeSummaryOf, type NoticeImportItem } from "./schemas.server";

export const noticesKind: ContentKind<NoticeImportItem> = {
  key: "notices",
  item: noticeImportSchema as unknown as ContentKind<NoticeImportItem>["item"],
  idOf: (item) => item.itemCd,
  apply: (stores, item, at, audit) => stores.notices.save(noticeInputOf(item), at, audit),
  audit: { kind: "notice", summaryOf: noticeSummaryOf },
};
