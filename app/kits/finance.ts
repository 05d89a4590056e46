/**
 * What the finance calculators alone use in the browser: the amount read back in words and the number habits
 * behind it (`~/lib/numberInput`), the Korean terms line, and the answer's heading (decision 0113). One module,
 * so one chunk that only the calculators load (see `~/pageKit` for why a kit makes a chunk, and
 * docs/decisions/0108).
 */
export { AmountWords, numberExamples, ReadBackLine } from "~/components/AmountWords";
export { FieldProblem, NumberField, type FieldMessage, type Translate } from "~/components/NumberField";
export { ResultHeading, resultAction } from "~/components/ResultHeading";
export { RuleLine, WorkHelp, WorkToolLinks } from "~/components/WorkRuleParts";
