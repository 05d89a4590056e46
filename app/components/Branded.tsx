import { useTranslation } from "~/i18n/useTranslation";

/**
 * A text that may name the app, with the name kept on one line: "K-Life" would otherwise break after its hyphen.
 * No character is added, so the text reads, searches and copies as written.
 */
export function Branded({ children: text }: { children: string }) {
  const name = useTranslation("common").t("app.name");
  return text.split(name).flatMap((part, i) =>
    i
      ? [
          <span key={i} className="brand">
            {name}
          </span>,
          part,
        ]
      : [part],
  );
}
