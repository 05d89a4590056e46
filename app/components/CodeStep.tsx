/**
 * The one form step that checks a texted code, for every flow that proves a
 * phone number (phone sign-in, both joins, recovery, phone change): where the
 * code went, the code field, "verify", "send a new code", and a way to use
 * another number or ID. It submits `intent=verify` or `intent=resend` to the
 * page's action (verification/codes.server.ts `codeStepSchema`).
 */
import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CodeField, SubmitButton } from "./form";

export function CodeStep({
  sentTo,
  code,
  verifyLabel,
  other,
}: {
  /** The sentence saying where the code went. */
  sentTo: ReactNode;
  code: FieldMetadata<string>;
  verifyLabel: string;
  /** A link or button to start again with another number or ID. */
  other?: ReactNode;
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <p>{sentTo}</p>
      <CodeField field={code} />
      <SubmitButton name="intent" value="verify">
        {verifyLabel}
      </SubmitButton>
      <button
        type="submit"
        name="intent"
        value="resend"
        className="button button--secondary button--block"
        formNoValidate
      >
        {t("login.resend")}
      </button>
      {other}
    </>
  );
}
