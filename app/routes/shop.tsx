/**
 * The partner shop: offers from partners residents use, each with the partner,
 * what it is, its price in won as checked on a date (for a day, a month or a year,
 * said in the page's language), whether K-Life earns a commission on it, and a link
 * out. Nothing is sold here, and the page says so; with no offers it says that too
 * and leads home. The layout's header carries the page's one heading (its title).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { OfferView } from "~/benefits/benefits.server";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import {
  Branded,
  featureStyles,
  languageMarks,
  RouteErrorBoundary,
  SentenceWithValues,
  UntranslatedNote,
} from "~/pageKit";
import { json, languageOf, pageSeo, shopOffers } from "~/routeKit.server";

export const handle: PageHandle = {
  // The same for every visitor: the server may answer it again for a few seconds (server/pageCache.ts).
  shared: true,
  styles: [featureStyles.benefits],
  i18n: ["shop"],
  layout: "default",
  title: "titles.shop",
  description: "descriptions.shop",
  // Reached from the benefits and the home page's services: it stays under the benefits' tab, and goes back there.
  tab: "benefit",
  back: "/benefit",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const lng = await languageOf(request);
  return json({ offers: await shopOffers(context.services, lng), seo: pageSeo(request, context.services.config, lng) });
}

export default function ShopRoute() {
  const { t } = useTranslation("shop");
  const { offers } = useLoaderData<typeof loader>();
  return (
    <section className="shop">
      <div className="notice">
        <p>
          <Branded>{t("shop.disclosure")}</Branded>
        </p>
        <p>
          <Branded>{t("shop.commissionNote")}</Branded>
        </p>
      </div>
      {offers.length ? (
        <>
          <ul className="card-list">
            {offers.map((offer) => (
              <li key={offer.itemCd}>
                <OfferCard offer={offer} />
              </li>
            ))}
          </ul>
          <Link className="button button--secondary button--block" to="/">
            {t("errors.goHome")}
          </Link>
        </>
      ) : (
        <div className="shop__empty">
          <p>{t("shop.empty")}</p>
          <Link className="button button--primary" to="/">
            {t("errors.goHome")}
          </Link>
        </div>
      )}
    </section>
  );
}

/** The price sentence's key for each period: its amount and its period in one sentence of the page's language. */
const PER_KEYS = { once: "", day: "PerDay", month: "PerMonth", year: "PerYear" } as const;

function OfferCard({ offer }: { offer: OfferView }) {
  const { t } = useTranslation("shop");
  const { text, lang, price } = offer;
  const titleId = `offer-${offer.itemCd}`;
  /** The offer's words, marked with their language (and its direction) when they are not the page's. */
  const marks = languageMarks(lang?.code);
  return (
    <article className="card offer" aria-labelledby={titleId}>
      <p className="offer__partner">
        <SentenceWithValues sentence={(v) => t("shop.partner", v)} words={{ partner: offer.partner }} />
      </p>
      <h2 id={titleId} className="offer__title" {...marks}>
        {text.title}
      </h2>
      {lang ? <UntranslatedNote language={lang.name} /> : null}
      <p className="offer__description" {...marks}>
        {text.description}
      </p>
      {price ? (
        <p className="offer__price">
          <SentenceWithValues
            sentence={(v) => t(`shop.${price.max ? "priceRange" : "price"}${PER_KEYS[price.per ?? "once"]}`, v)}
            values={{ min: price.min, max: price.max ?? "" }}
          />
          {text.priceNote ? (
            <>
              {" "}
              <span className="muted" {...marks}>
                {text.priceNote}
              </span>
            </>
          ) : null}
        </p>
      ) : null}
      <p className="offer__commission">
        <Branded>
          {t(
            offer.commission === true
              ? "shop.commissionYes"
              : offer.commission === false
                ? "shop.commissionNo"
                : "shop.commissionMaybe",
          )}
        </Branded>
      </p>
      <p className="offer__checked">
        <SentenceWithValues sentence={(v) => t("shop.checked", v)} values={{ date: offer.checkedOn }} />
      </p>
      <a
        className="button button--primary button--block"
        href={offer.link}
        rel="external noopener noreferrer sponsored"
      >
        <SentenceWithValues sentence={(v) => t("shop.visit", v)} words={{ partner: offer.partner }} />
      </a>
    </article>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
