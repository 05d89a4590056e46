/**
 * Everything form pages use in the browser, in one module: the form state
 * (`~/lib/formState`, what conform's hooks did for our server-judged forms), the
 * form components. Form pages take them from here only, so all of it is one
 * chunk that only form pages load; the steps of joining and signing in are in
 * `~/kits/account`, the admin's forms in `~/kits/editing` (decision 0112).
 * See `~/pageKit` for why one module makes one chunk, and docs/decisions/0108
 * for conform.
 */
export { getFormProps, getInputProps } from "~/lib/formState";
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
