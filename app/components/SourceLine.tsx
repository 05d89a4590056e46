/**
 * The line under a piece of content that says where its facts come from and when they were checked: a named
 * publisher, or the app's own research (its name branded), with a link to the source page when it adds one.
 * The sentences are the page's own (with `{{name}}` and `{{date}}`), so each feature keeps its wording and keys.
 */
import { Branded } from "~/components/Branded";
import { SentenceWithValues } from "~/components/SentenceWithLtr";

export interface SourceFacts {
  /** Who published them; null for the app's own research. */
  name: string | null;
  url: string | null;
  checkedOn: string;
}

export function SourceLine(props: {
  source: SourceFacts;
  /** The sentence with a publisher's name, the one for the app's own research (values in), and the link's text. */
  named: (slots: Record<string, string>) => string;
  own: (slots: Record<string, string>) => string;
  linkText: string;
  /** Leaves the link out (for example when the page already links to the same address). */
  hideLink?: boolean;
}) {
  const { source, named, own, linkText, hideLink } = props;
  return (
    <p className="benefit__source">
      {source.name ? (
        <SentenceWithValues sentence={named} values={{ date: source.checkedOn }} words={{ name: source.name }} />
      ) : (
        <SentenceWithValues
          sentence={own}
          values={{ date: source.checkedOn }}
          text={(part) => <Branded>{part}</Branded>}
        />
      )}
      {source.url && !hideLink ? (
        <>
          {" "}
          <a href={source.url} rel="external noopener noreferrer">
            {linkText}
          </a>
        </>
      ) : null}
    </p>
  );
}
