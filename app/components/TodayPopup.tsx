/**
 * The main page's announcement popup. "Don't show today" hides it until the next
 * day (site config toDayPopup/isToDayPopup, spec §4). It needs local storage, so
 * it only appears when JavaScript runs; the page is complete without it.
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import { openMessageBox } from "~/lib/dialog/open";
import { formatDate } from "~/lib/format";
import { whenIdle } from "~/lib/hydration";

export function TodayPopup() {
  const { t: current } = useTranslation("home");
  // The words of the page as it is when the box opens (the page's language: i18n/useTranslation.ts), not as it was
  // when the effect started.
  const words = useRef(current);
  words.current = current;
  useEffect(() => {
    // Once the page is hydrated and the browser idle: the page itself comes first.
    let cancelled = false;
    const cancel = whenIdle(async () => {
      const today = formatDate(new Date());
      const { readSiteConfig, setTodayPopup, updateSiteConfig } = await import("~/lib/siteConfig");
      if (cancelled || readSiteConfig(window.localStorage, today).isToDayPopup) return;
      if (cancelled) return;
      const t = words.current;
      // The message box's code and style are fetched only when there is something to show.
      openMessageBox(
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
        () => updateSiteConfig(window.localStorage, (c) => setTodayPopup(c, true, today), today),
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      cancel();
    };
    // Once per page view; the words are read when the box opens.
  }, []);
  return null;
}
