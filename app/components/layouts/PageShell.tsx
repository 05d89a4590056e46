/**
 * The seven layouts of the spec. The route's `handle.layout` picks one; the title
 * and tab come from the same handle (see lib/page.ts).
 */
import type { ReactNode } from "react";
import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import { usePage, type LayoutName } from "~/lib/page";
import { AppHeader } from "./AppHeader";
import { Footer } from "./Footer";
import { InboxBell, TabBar } from "./TabBar";
import { TermsNotice } from "./TermsNotice";
import type { TermsNotice as TermsNoticeData } from "~/terms/view.server";

interface RootData {
  member: { uid: string } | null;
  unread: number;
  termsNotice: TermsNoticeData | null;
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main">
      {t("nav.skipToContent")}
    </a>
  );
}

export function PageShell({ children, layout: forced }: { children: ReactNode; layout?: LayoutName }) {
  const { t } = useTranslation();
  const page = usePage();
  const layout = forced ?? page.layout;
  const root = useRouteLoaderData("root") as RootData | undefined;
  const unread = root?.unread ?? 0;
  const inbox =
    root?.member && page.tab !== "noti" ? <InboxBell unread={unread} className="app-header__inbox" /> : undefined;
  const title = t(page.titleKey);
  const main = (
    <main id="main" className="page" tabIndex={-1}>
      <TermsNotice notice={root?.termsNotice} />
      {children}
    </main>
  );

  switch (layout) {
    case "main":
      return (
        <div className="layout layout--main">
          <SkipLink />
          {main}
          <Footer />
          <TabBar current={page.tab ?? "home"} unread={unread} />
        </div>
      );
    case "community":
      return (
        <div className="layout layout--community">
          <SkipLink />
          <AppHeader title={title} back={null} actions={inbox} />
          {main}
          <TabBar current={page.tab ?? "community"} unread={unread} />
        </div>
      );
    case "default":
      return (
        <div className={`layout layout--default${page.tab ? " layout--tabbed" : ""}`}>
          <SkipLink />
          <AppHeader title={title} back={page.back} actions={inbox} heading={!page.ownHeading} />
          {main}
          <Footer />
          {page.tab ? <TabBar current={page.tab} unread={unread} /> : null}
        </div>
      );
    case "join":
    case "simple":
      return (
        <div className={`layout layout--${layout}`}>
          <SkipLink />
          <AppHeader title={title} back={page.back} actions={inbox} />
          {main}
          <Footer />
        </div>
      );
    case "blank":
      // The footer stays: it carries sign-out, which every signed-in page offers.
      return (
        <div className="layout layout--blank">
          {main}
          <Footer />
        </div>
      );
    case "none":
      return <div className="layout layout--none">{main}</div>;
  }
}
