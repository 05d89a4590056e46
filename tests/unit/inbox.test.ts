/**
 * The inbox's words for a like line: named ("B liked", "B and 3 others liked") while its last liker is a
 * member, and a count alone ("2 people liked") once they withdrew (FeedsStore.removeMember, unnamedLike).
 */
import { describe, expect, it } from "vitest";
import { unnamedLike } from "~/community/community.server";
import { inboxItem } from "~/community/inbox.server";
import { i18nFor } from "~/i18n/instances.server";
import type { NotificationRecord } from "~/stores/notifications";

const NOW = Date.UTC(2026, 10, 22, 1, 0, 0);
const FEED = "AAAAAAAAAAAA";

const like = (data: NotificationRecord["data"]): NotificationRecord => ({
  id: "n-1",
  uid: "author",
  kind: "like",
  dedupeKey: `like:${FEED}`,
  subject: `feed:${FEED}`,
  data,
  createdAt: NOW - 60_000,
  readAt: null,
});

async function words(n: NotificationRecord, lng: string) {
  const item = inboxItem(n, lng, NOW);
  const t = (await i18nFor(lng)).getFixedT(lng, "inbox");
  return t(`messages.${item.message.key}`, item.message.values);
}

describe("a like line in the inbox", () => {
  const named = like({ feedId: FEED, by: "Chen Wei", others: 2, excerpt: "Bakery in Ansan?" });

  it("names the last liker", async () => {
    expect(await words(named, "en")).toBe(
      "\u2068Chen Wei\u2069 and 2 others liked your post “\u2068Bakery in Ansan?\u2069”",
    );
  });

  it("once the liker withdrew, says how many like the post, in every language without the name", async () => {
    const unnamed = like(unnamedLike(named, 2));
    expect(unnamed.data).toEqual({ feedId: FEED, likeCount: 2, excerpt: "Bakery in Ansan?" });
    const item = inboxItem(unnamed, "en", NOW);
    expect(item.message).toEqual({ key: "likeUnnamed", values: { count: 2, excerpt: "\u2068Bakery in Ansan?\u2069" } });
    expect(item.href).toBe(`/community/${FEED}`);
    expect(await words(unnamed, "en")).toBe("2 people liked your post “\u2068Bakery in Ansan?\u2069”");
    expect(await words(like(unnamedLike(named, 1)), "en")).toBe(
      "1 person liked your post “\u2068Bakery in Ansan?\u2069”",
    );
    expect(await words(unnamed, "ko")).toBe("2명이 내 글 “\u2068Bakery in Ansan?\u2069”에 좋아요를 눌렀어요");
    expect(await words(like(unnamedLike(named, 5)), "ru")).toBe(
      "5 участникам понравилась ваша публикация «\u2068Bakery in Ansan?\u2069»",
    );
  });
});
