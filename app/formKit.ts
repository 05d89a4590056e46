/**
 * Everything form pages use in the browser, in one module: conform's hooks, the
 * form components and the steps built from them. Form pages take them from here
 * only, so all of it is one chunk that only form pages load (conform alone is
 * about 10 KiB compressed, which the other pages do not need). See `~/pageKit`
 * for why one module makes one chunk.
 */
export { getFormProps, getInputProps } from "@conform-to/react";
export {
  AdminField,
  AdminFormError,
  AdminInput,
  AdminSave,
  AdminSelect,
  adminErrors,
  ItemCodeField,
  LanguageTexts,
  PublishActions,
  type AdminReply,
} from "~/components/AdminForm";
export { CodeStep, CodeStepPage, ProvenNumberPage } from "~/components/CodeStep";
export {
  CodeField,
  DefaultSubmit,
  FieldError,
  firstErrorOf,
  FormAlert,
  Honeypot,
  NameField,
  NewPasswordFields,
  PhoneField,
  SubmitButton,
  useForm,
  type PhoneCountry,
} from "~/components/form";
export { translateFormMessage } from "~/lib/formMessage";
// Only the sign-in and join forms show it.
export { PartnerDoor } from "~/components/PartnerDoor";
export { ResidenceStep } from "~/components/ResidenceStep";
export { SettingsFact, SettingsForm } from "~/components/SettingsForm";
export { SignUpComplete } from "~/components/SignUpComplete";
export { SignupStep } from "~/components/SignupStep";
export { TermsChecklist } from "~/components/TermsChecklist";
