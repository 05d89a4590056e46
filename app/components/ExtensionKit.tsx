/**
 * An extension kit (체류기간 연장, decision 0105) as /member/findVisa/{code} shows it: whether the stay can be
 * extended (and what to do instead), the documents with their Korean names, the fee, how to apply with the
 * HiKorea link, the processing time, each part's source with the day checked or an "unverified: ask 1345" mark,
 * and the help line 1345 as a `tel:` link. Everything comes translated from the loader (extensionKits.server.ts).
 * The member's own kit (/mypage/visa) draws the documents as its checklist through `documents`, each line as here.
 */
import type { ReactNode } from "react";
import type { ExtensionKitView, KitDocumentView } from "~/visa/extensionKits.server";
import { useTranslation } from "~/i18n/useTranslation";
import { directionOf } from "~/i18n/config";
import { Ltr, SentenceWithValues } from "./SentenceWithLtr";

/** HiKorea, the Ministry of Justice's portal for e-applications and visit booking (gov.kr's page links it). */
const HIKOREA = "https://www.hikorea.go.kr";

function Cite({ source }: { source: number | null }) {
  const { t } = useTranslation("visaFinder");
  if (source === null) return <span className="kit__unverified">{t("extension.unverified")}</span>;
  return (
    <a className="kit__cite" href={`#kit-source-${source}`}>
      <Ltr>{`[${source}]`}</Ltr>
    </a>
  );
}

/** One document as the kit names it: its name, the Korean one beside it, "only if it applies", its source, what it is. */
export function KitDocumentLine({ document }: { document: KitDocumentView }) {
  const { t } = useTranslation("visaFinder");
  return (
    <>
      <span className="kit__document">{document.name}</span>
      {document.korean ? (
        <>
          {" "}
          <bdi lang="ko" dir="ltr" className="kit__korean">
            {document.korean}
          </bdi>
        </>
      ) : null}
      {document.whenApplicable ? <span className="muted"> ({t("extension.whenApplicable")})</span> : null}{" "}
      <Cite source={document.source} />
      {document.what ? <span className="kit__what muted">{document.what}</span> : null}
    </>
  );
}

/**
 * The kit; `documents` draws its documents in place of the plain list (the member's checklist).
 */
export function ExtensionKit({
  kit,
  documents,
}: {
  kit: ExtensionKitView;
  documents?: (documents: KitDocumentView[]) => ReactNode;
}) {
  const { t } = useTranslation("visaFinder");
  const { fee, filing, processing } = kit;
  const headingId = `kit-${kit.code}`;
  return (
    <section className="kit" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <SentenceWithValues sentence={(v) => t("extension.heading", v)} values={{ code: kit.code }} />
      </h3>
      <p className="kit__answer">
        {t(`extension.answer.${kit.extendable.answer}`)} <Cite source={kit.extendable.source} />
      </p>
      {kit.notes.map((note, index) => (
        <p
          key={index}
          className="kit__note"
          {...(note.lang ? { lang: note.lang.code, dir: directionOf(note.lang.code) } : {})}
        >
          {note.text}
          {note.lang ? <span className="muted"> ({t("extension.shownIn", { language: note.lang.name })})</span> : null}
        </p>
      ))}
      {kit.instead.length > 0 ? (
        <>
          <h4>{t("extension.instead")}</h4>
          <ul>
            {kit.instead.map((way) => (
              <li key={way}>{t(`extension.${way}`)}</li>
            ))}
          </ul>
        </>
      ) : null}
      <h4>{t("extension.documents")}</h4>
      {documents ? (
        documents(kit.documents)
      ) : (
        <ol className="kit__documents">
          {kit.documents.map((document, index) => (
            <li key={index}>
              <KitDocumentLine document={document} />
            </li>
          ))}
        </ol>
      )}
      <p className="muted">{t("extension.mayChange")}</p>
      <dl className="kit__facts">
        <div>
          <dt>{t("extension.fee")}</dt>
          <dd>
            {fee.free ? (
              t("extension.noFee")
            ) : fee.krw ? (
              <SentenceWithValues sentence={(v) => t("extension.won", v)} values={{ amount: fee.krw }} />
            ) : null}
            {fee.onlineKrw ? (
              <>
                {" · "}
                <SentenceWithValues sentence={(v) => t("extension.online", v)} values={{ amount: fee.onlineKrw }} />
              </>
            ) : null}{" "}
            <Cite source={fee.source} />
          </dd>
        </div>
        <div>
          <dt>{t("extension.filing")}</dt>
          <dd>
            {filing.mode === "online"
              ? t("extension.filingOnline")
              : filing.mode === "visit"
                ? t("extension.filingVisit")
                : filing.mode === "either"
                  ? t("extension.filingEither")
                  : null}{" "}
            <Cite source={filing.source} />
            <br />
            <a href={HIKOREA} rel="external noopener noreferrer">
              {t("extension.hikorea")}
            </a>
          </dd>
        </div>
        <div>
          <dt>{t("extension.processing")}</dt>
          <dd>
            {processing.days !== null ? (
              <SentenceWithValues
                sentence={(v) => t("extension.processingDays", v)}
                values={{ days: processing.days }}
              />
            ) : null}
            {processing.upToMonths !== null ? (
              <>
                {" · "}
                <SentenceWithValues
                  sentence={(v) => t("extension.processingMonths", v)}
                  values={{ months: processing.upToMonths }}
                />
              </>
            ) : null}{" "}
            <Cite source={processing.source} />
          </dd>
        </div>
      </dl>
      <p className="kit__help">
        {t("extension.help")}{" "}
        <a href="tel:1345" className="kit__tel">
          <Ltr>1345</Ltr>
        </a>
      </p>
      {kit.sources.length > 0 ? (
        <>
          <h4>{t("extension.sources")}</h4>
          <ol className="kit__sources">
            {kit.sources.map((source, index) => (
              <li key={index} id={`kit-source-${index + 1}`}>
                {source.url ? (
                  <a href={source.url} rel="external noopener noreferrer">
                    <bdi lang="ko">{source.name}</bdi>
                  </a>
                ) : (
                  <bdi lang="ko">{source.name}</bdi>
                )}{" "}
                <span className="muted">
                  (
                  <SentenceWithValues
                    sentence={(v) => t("extension.checkedOn", v)}
                    values={{ date: source.checkedOn }}
                  />
                  )
                </span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
