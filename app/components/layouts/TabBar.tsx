import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { TabName } from "~/lib/page";
import { Icon } from "../Icon";

const tabs: { name: TabName; to: string }[] = [
  { name: "home", to: "/" },
  { name: "community", to: "/community" },
  { name: "benefit", to: "/benefit" },
  { name: "noti", to: "/noti" },
  { name: "mypage", to: "/mypage" },
];

/** The bottom tab bar of the app; the current tab comes from the route's handle. */
export function TabBar({ current, unread = 0 }: { current: TabName | null; unread?: number }) {
  const { t } = useTranslation();
  return (
    <nav className="tab-bar" aria-label={t("nav.tabs")}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.name}>
            <Link to={tab.to} className="tab-bar__item" aria-current={tab.name === current ? "page" : undefined}>
              <Icon name={tab.name} />
              <span>{t(`tabs.${tab.name}`)}</span>
              {tab.name === "noti" && unread > 0 ? <UnreadBadge count={unread} /> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The bell that leads to the inbox (the headers'), with the unread count on it. Its name comes from its content,
 * "Inbox" and the count read out with its meaning, so it holds the number the bell shows (WCAG 2.5.3).
 */
export function InboxBell({ unread, className }: { unread: number; className: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/noti" className={className}>
      <Icon name="noti" />
      <span className="visually-hidden">{t("titles.inbox")}</span>
      {unread > 0 ? <UnreadBadge count={unread} /> : null}
    </Link>
  );
}

/** The number of unread notifications, read out with its meaning. */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <span className="unread-badge">
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="visually-hidden">{t("nav.unread", { count })}</span>
    </span>
  );
}
