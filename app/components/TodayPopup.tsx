/**
 * The main page's announcement popup. "Don't show today" hides it until the next
 * day (site config toDayPopup/isToDayPopup, spec §4). It needs local storage, so
 * it only appears when JavaScript runs; the page is complete without it.
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { messageBox } from "~/lib/dialog/messageBox";
import { readSiteConfig, setTodayPopup, updateSiteConfig } from "~/lib/siteConfig";
import { formatDate } from "~/lib/format";
import { whenIdle } from "~/lib/hydration";

export function TodayPopup() {
  const { t, ready } = useTranslation("home");
  useEffect(() => {
    if (!ready) return;
    // Once the page is hydrated and the browser idle: the page itself comes first.
    return whenIdle(() => {
      if (readSiteConfig(window.localStorage).isToDayPopup) return;
      messageBox(
        {
          kind: "confirm",
          title: t("popup.title"),
          message: t("popup.message"),
          confirmButtonText: t("popup.hideToday"),
          cancelButtonText: t("dialog.close"),
        },
        {
          confirm: t("dialog.confirm"),
          cancel: t("dialog.cancel"),
          close: t("dialog.close"),
          error: t("dialog.error"),
        },
      ).then(
        () => updateSiteConfig(window.localStorage, (c) => setTodayPopup(c, true, formatDate(new Date()))),
        () => undefined,
      );
    });
    // Once per page view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
  return null;
}
