import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TabName } from "~/lib/page";

const tabs: { name: TabName; to: string; icon: string }[] = [
  { name: "home", to: "/", icon: "M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z" },
  { name: "community", to: "/community", icon: "M4 5h16v11H8l-4 4z" },
  { name: "benefit", to: "/benefit", icon: "M4 9h16v11H4zM2 6h20v3H2zM12 6v14M12 6c-2-4-6-3-5 0M12 6c2-4 6-3 5 0" },
  { name: "noti", to: "/noti", icon: "M6 17V11a6 6 0 0 1 12 0v6l2 2H4zM10 21h4" },
  { name: "mypage", to: "/mypage", icon: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6" },
];

/** The bottom tab bar of the app; the current tab comes from the route's handle. */
export function TabBar({ current }: { current: TabName | null }) {
  const { t } = useTranslation();
  return (
    <nav className="tab-bar" aria-label={t("nav.tabs")}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.name}>
            <Link
              to={tab.to}
              className="tab-bar__item"
              aria-current={tab.name === current ? "page" : undefined}
              prefetch="intent"
            >
              <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={tab.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
              </svg>
              <span>{t(`tabs.${tab.name}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
