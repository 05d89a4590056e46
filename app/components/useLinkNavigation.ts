import { useNavigate } from "@remix-run/react";
import { useCallback, type MouseEvent } from "react";

/**
 * One click handler for many plain <a href="/absolute"> links: a plain left click
 * becomes a client-side navigation, anything else (new tab, modifier keys) is left
 * to the browser. Lists of absolute links (tab bar, service grid) use it instead of
 * one <Link> each, which would resolve its path on every server render.
 */
export function useLinkNavigation() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      const anchor = event.currentTarget;
      const href = anchor.getAttribute("href");
      if (
        !href?.startsWith("/") ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey ||
        anchor.target
      ) {
        return;
      }
      event.preventDefault();
      navigate(href);
    },
    [navigate],
  );
}
