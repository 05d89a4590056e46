/**
 * The main page's announcement popup. "Don't show today" hides it until the next
 * day (site config toDayPopup/isToDayPopup, spec §4). It needs local storage, so
 * it only appears when JavaScript runs; the page is complete without it.
 *
 * What it says depends on who reads it: a member whose visa's expiry date is stored is not asked to store it
 * (`message`, chosen by the page from its loader's data). "Close" is the box's main button; "Don't show again
 * today" is the secondary one, a choice beside it, not the answer the box asks for.
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import { openMessageBox } from "~/lib/dialog/open";
import { formatDate } from "~/lib/format";
import { whenIdle } from "~/lib/hydration";
// The type only: the box's code is fetched when it opens (lib/dialog/open.ts).
import type { DialogDismissed } from "~/lib/dialog/messageBox";

export type TodayPopupMessage = "popup.message" | "popup.messageRegistered";

export function TodayPopup({ message }: { message: TodayPopupMessage }) {
  const { t: current } = useTranslation("home");
  // The words of the page as it is when the box opens (the page's language: i18n/useTranslation.ts), not as it was
  // when the effect started.
  const words = useRef(current);
  words.current = current;
  const shown = useRef(message);
  shown.current = message;
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
          message: t(shown.current),
          // The main button closes; the secondary one (the box's "cancel") hides the box for the day. × and Escape
          // close without hiding (told apart from the secondary button).
          confirmButtonText: t("dialog.close"),
          cancelButtonText: t("popup.hideToday"),
          distinguishCancelAndClose: true,
        },
        {
          confirm: t("dialog.confirm"),
          cancel: t("dialog.cancel"),
          close: t("dialog.close"),
          error: t("dialog.error"),
        },
      ).then(
        () => undefined,
        (dismissed: Partial<DialogDismissed> | undefined) => {
          if (dismissed?.action === "cancel") {
            updateSiteConfig(window.localStorage, (c) => setTodayPopup(c, true, today), today);
          }
        },
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
