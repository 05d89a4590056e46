/**
 * A number field of a calculator's GET form (the loan, pay and severance calculators): a number as typed (groups
 * and a decimal comma in the member's habit welcome, lib/numberInput.ts), text so nothing is rounded or refused by
 * the browser. Its problem, if any, is said beside it in the page's namespace with what was read in it; `words`:
 * the amount in won said in words below it; `children`: beside the input (a unit).
 */
import type { ReactNode } from "react";
import { AmountWords, ReadBackLine } from "~/components/AmountWords";
import { SentenceWithValues } from "~/components/SentenceWithLtr";
import type { ReadBack } from "~/lib/numberInput";

/** A field's problem: a key of the page's namespace and the values its sentence names. */
export interface FieldMessage {
  key: string;
  values: Record<string, string>;
}

/** The page's `t` (its namespace named where it is called, as the translation-key check wants). */
export type Translate = (key: string, values: Record<string, string>) => string;

export function FieldProblem({
  id,
  t,
  problem,
  readBack = null,
}: {
  id: string;
  t: Translate;
  problem: FieldMessage | null;
  readBack?: ReadBack | null;
}) {
  if (!problem) return null;
  return (
    <p className="field__error" id={id}>
      <SentenceWithValues sentence={(v) => t(problem.key, v)} values={problem.values} />
      <ReadBackLine readBack={readBack} />
    </p>
  );
}

export function NumberField(props: {
  name: string;
  /** Says the problem's key (the page's namespace). */
  t: Translate;
  label: string;
  hint?: string;
  value: string;
  problem: FieldMessage | null;
  readBack?: ReadBack | null;
  decimal?: boolean;
  words?: boolean;
  /** The wrapper of the input and `children` (the loan's term and its unit). */
  besideClassName?: string;
  children?: ReactNode;
}) {
  const { name, label, hint, value, problem } = props;
  const described = [
    hint ? `${name}-hint` : null,
    props.words ? `${name}-words` : null,
    problem ? `${name}-error` : null,
  ]
    .filter(Boolean)
    .join(" ");
  const input = (
    <input
      id={name}
      name={name}
      className="input"
      dir="ltr"
      inputMode={props.decimal ? "decimal" : "numeric"}
      autoComplete="off"
      defaultValue={value}
      aria-invalid={problem ? true : undefined}
      aria-describedby={described || undefined}
    />
  );
  return (
    <div className="field">
      <label className="field__label" htmlFor={name}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={`${name}-hint`}>
          {hint}
        </p>
      ) : null}
      {props.children ? (
        <div className={props.besideClassName}>
          {input}
          {props.children}
        </div>
      ) : (
        input
      )}
      {props.words ? <AmountWords inputId={name} value={value} unit="won" /> : null}
      <FieldProblem id={`${name}-error`} t={props.t} problem={problem} readBack={props.readBack} />
    </div>
  );
}
