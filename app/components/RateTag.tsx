/**
 * What every rate figure carries where the money is shown (decision 0091): "sample" for local mode's sample,
 * else nothing more; always the source and the day; and how many days old it is when it is old. One sample term
 * in each language (Korean 예시 환율), in `common`, so the remittance, exchange and home pages say it alike.
 */
import { SentenceWithValues } from "~/components/SentenceWithLtr";
import { useTranslation } from "~/i18n/useTranslation";

export interface RateTagFacts {
  sample: boolean;
  source: string;
  day: string;
  ageDays: number;
  old: boolean;
}

export function RateTag({ rate }: { rate: RateTagFacts }) {
  const { t } = useTranslation("common");
  return (
    <span className={rate.sample || rate.old ? "rate-tag rate-tag--warn" : "rate-tag"}>
      {rate.sample ? <strong>{t("rates.sample")}</strong> : null}
      {rate.sample ? " · " : null}
      <SentenceWithValues
        sentence={(v) => t("rates.ofDay", v)}
        values={{ date: rate.day }}
        words={{ source: rate.source }}
      />
      {rate.old ? (
        <>
          {" · "}
          <strong>
            <SentenceWithValues sentence={(v) => t("rates.age", v)} count={rate.ageDays} />
          </strong>
        </>
      ) : null}
    </span>
  );
}
