/**
 * The pieces the work-and-leaving tools (/finance/pay, /finance/severance, /finance/leavingKorea) share: the rule and its source
 * beside a figure (a source that is not the primary one said to be unverified, a missing one said to be
 * unsourced), what to do (the labour helpline 1350 as a `tel:` link, the local labour office) and the links
 * to the tools (also from /finance/loan). Their words are the `work` namespace's, the links' the common titles
 * (decision 0106).
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { SentenceWithValues } from "~/components/SentenceWithLtr";
import { SourceLine, type SourceFacts } from "~/components/SourceLine";
import { useTranslation } from "~/i18n/useTranslation";

export interface WorkRuleSource {
  basis: string | null;
  source: SourceFacts;
  verified: boolean;
}

/** A rule in the member's words, its legal basis as cited (Korean) and where it was read. */
export function RuleLine({ rule, children }: { rule: WorkRuleSource | null | undefined; children: ReactNode }) {
  const { t } = useTranslation("work");
  return (
    <div className="work-rule">
      <p className="loan__rule">{children}</p>
      {rule ? (
        <>
          {rule.basis ? (
            <p className="benefit__source">
              {t("work.basis")}{" "}
              <bdi lang="ko" dir="ltr">
                {rule.basis}
              </bdi>
            </p>
          ) : null}
          <SourceLine
            source={rule.source}
            named={(v) => t("work.source", v)}
            own={(v) => t("work.sourceOwn", v)}
            linkText={t("work.sourceLink")}
          />
          {rule.verified ? null : <p className="notice notice--warning">{t("work.unverified")}</p>}
        </>
      ) : (
        <p className="notice notice--warning">{t("work.noSource")}</p>
      )}
    </div>
  );
}

/** What to do: the Ministry of Employment and Labor's helpline 1350 and the local labour office. */
export function WorkHelp() {
  const { t } = useTranslation("work");
  return (
    <section className="work-help" aria-labelledby="work-help">
      <h2 id="work-help">{t("work.help.title")}</h2>
      <p>
        <SentenceWithValues
          sentence={(v) => t("work.help.call", v)}
          values={{ phone: "1350" }}
          href={{ phone: "tel:1350" }}
        />
      </p>
      <p>{t("work.help.office")}</p>
      <a href="tel:1350" className="button button--secondary button--block">
        {t("work.help.callButton")}
      </a>
    </section>
  );
}

/** The work tools (/finance/pay, /finance/severance, /finance/leavingKorea) but the one shown, by their titles (common namespace). */
export function WorkToolLinks({ current }: { current?: "pay" | "severance" | "leavingKorea" }) {
  const { t } = useTranslation();
  const tools = [
    { key: "pay", to: "/finance/pay" },
    { key: "severance", to: "/finance/severance" },
    { key: "leavingKorea", to: "/finance/leavingKorea" },
  ] as const;
  return (
    <nav className="work-links" aria-labelledby="work-links">
      <h2 id="work-links">{t("nav.workTools")}</h2>
      <ul>
        {tools
          .filter((tool) => tool.key !== current)
          .map((tool) => (
            <li key={tool.key}>
              <Link to={tool.to}>{t(`titles.${tool.key}`)}</Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}
