/** The community's list pages' browser code: the feed list that pages by cursor (docs/decisions/0108). */
export { FeedCard, FeedList, type FeedCardData } from "~/components/community/FeedList";
