/** PostgreSQL: the inbox and the community (feeds, comments, likes, reports, file records). */
import type { Stores } from "~/stores/stores";
import type { Pg } from "./database.server";
import { notBuilt } from "./notBuilt.server";

export function pgCommunityStores(_db: Pg): Pick<Stores, "feeds" | "comments" | "likes" | "reports" | "files"> {
  return {
    feeds: notBuilt("feeds"),
    comments: notBuilt("comments"),
    likes: notBuilt("likes"),
    reports: notBuilt("reports"),
    files: notBuilt("files"),
  };
}
