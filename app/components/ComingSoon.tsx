import { useTranslation } from "~/i18n/useTranslation";
import type { UpcomingFeature } from "~/lib/upcoming";
import { Branded } from "./Branded";
import { WaysOn } from "./ErrorView";
import { Icon, type IconName } from "./Icon";

const icons: Record<UpcomingFeature, IconName> = {};

/** A feature's page until the feature is built: what it will be, and ways on (the header's back button too). */
export function ComingSoon({ feature }: { feature: UpcomingFeature }) {
  const { t } = useTranslation();
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <Icon name={icons[feature]} className="coming-soon__icon" />
      <h2 id="coming-soon-title">{t("comingSoon.heading")}</h2>
      <p className="coming-soon__text">
        <Branded>{t("comingSoon.text")}</Branded>
      </p>
      <WaysOn afterError={false} />
    </section>
  );
}
