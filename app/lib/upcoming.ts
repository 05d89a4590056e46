/**
 * The spec's features that are not built yet. Tiles, tabs and icons already lead
 * to their paths; until a feature's routes exist, its paths (and any path below
 * them) answer with a "coming soon" page for that feature (routes/$.tsx), never
 * with the 404 page. When a feature ships, its routes take these paths (Remix
 * prefers them to the splat route) and its entry here is removed.
 */
import type { TabName } from "./page";

/** None today: every feature of the spec is built (the list stays for the next one). */
export type UpcomingFeature = never;

export interface Upcoming {
  feature: UpcomingFeature;
  /** The tab the feature lives under, highlighted on its page. */
  tab?: TabName;
}

const upcoming: (Upcoming & { path: string })[] = [];

/** The feature a path belongs to, if it is one still being built: the path itself or one below it. */
export function upcomingFeatureAt(pathname: string): Upcoming | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const found = upcoming.find((u) => path === u.path || path.startsWith(`${u.path}/`));
  return found ? { feature: found.feature, ...(found.tab ? { tab: found.tab } : {}) } : null;
}
