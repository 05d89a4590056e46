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
export function TabBar({ current }: { current: TabName | null }) {
  const { t } = useTranslation();
  return (
    <nav className="tab-bar" aria-label={t("nav.tabs")}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.name}>
            <Link to={tab.to} className="tab-bar__item" aria-current={tab.name === current ? "page" : undefined}>
              <Icon name={tab.name} />
              <span>{t(`tabs.${tab.name}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
