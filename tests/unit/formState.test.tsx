/**
 * `~/lib/formState` draws a form as conform's client drew it (docs/decisions/0108): the same form, rendered on the
 * server once with conform's `useForm`, `getFormProps` and `getInputProps` and once with ours, from the same
 * answer and default values, is the same HTML. (Conform stays installed: the server parses with it.)
 */
import {
  getFormProps as conformFormProps,
  getInputProps as conformInputProps,
  useForm as conformForm,
  type SubmissionResult,
} from "@conform-to/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { getFormProps, getInputProps, useFormState } from "~/lib/formState";

type Fields = { email: string; password: string; agree: boolean; visaExpiry: string; count: number; kind: string };

interface Case {
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: Record<string, unknown>;
}

/** A field's metadata as both draw it (conform's and ours are read the same way). */
interface Meta {
  id: string;
  errorId: string;
  descriptionId: string;
  errors?: string[];
  initialValue?: unknown;
  key?: string;
}
interface Drawing {
  form: Meta & { allErrors: Record<string, string[]> };
  fields: Record<string, Meta>;
  formProps: (form: never) => object;
  inputProps: (field: never, options: { type: string; value?: string | false }) => object;
}

/** Both renderings use the metadata the same way the app's forms do. */
function Drawn({ form, fields, formProps, inputProps }: Drawing) {
  return (
    <form {...formProps(form as never)}>
      {form.errors ? <p id={form.errorId}>{form.errors.join(" ")}</p> : null}
      <input {...inputProps(fields.email as never, { type: "email" })} />
      <input {...inputProps(fields.password as never, { type: "password", value: false })} />
      <input {...inputProps(fields.agree as never, { type: "checkbox" })} />
      <input {...inputProps(fields.kind as never, { type: "radio", value: "a" })} />
      <input {...inputProps(fields.kind as never, { type: "radio", value: "b" })} />
      <input {...inputProps(fields.visaExpiry as never, { type: "date" })} />
      <input {...inputProps(fields.count as never, { type: "text" })} />
      {["email", "password", "agree", "kind", "visaExpiry", "count"].map((name) => (
        <p key={name} id={fields[name]!.errorId} data-key={fields[name]!.key ?? ""}>
          {fields[name]!.id} {fields[name]!.descriptionId} {String(fields[name]!.initialValue)}{" "}
          {(fields[name]!.errors ?? []).join(",")}
        </p>
      ))}
      <p>{JSON.stringify(form.allErrors)}</p>
    </form>
  );
}

function WithConform(props: Case) {
  const [form, fields] = conformForm<Fields>({ id: "f", shouldValidate: "onSubmit", ...props } as never);
  return (
    <Drawn
      form={form as never}
      fields={fields as never}
      formProps={conformFormProps as Drawing["formProps"]}
      inputProps={conformInputProps as Drawing["inputProps"]}
    />
  );
}

function WithFormState(props: Case) {
  const [form, fields] = useFormState<Fields>({ id: "f", shouldValidate: "onSubmit", ...props } as never);
  return (
    <Drawn
      form={form as never}
      fields={fields as never}
      formProps={getFormProps as Drawing["formProps"]}
      inputProps={getInputProps as Drawing["inputProps"]}
    />
  );
}

// conform's form gets its onSubmit handler, which React does not draw; nothing else may differ.
const html = (element: JSX.Element) => renderToString(element);

const cases: Record<string, Case> = {
  "a first visit": {},
  "default values: text, number, true, false, empty, a date": {
    defaultValue: { email: "a@b.kr", count: 3, agree: true, kind: "b", visaExpiry: "2027-01-31", password: "" },
  },
  "unchecked by default": { defaultValue: { agree: false } },
  "an answer with messages and what was sent": {
    lastResult: {
      status: "error",
      initialValue: { email: "not-an-email", agree: "on", kind: "a", count: "" },
      error: { email: ["errors.form.email"], "": ["errors.form.rateLimited::5"], kind: ["errors.form.required"] },
    },
    defaultValue: { email: "old@b.kr" },
  },
  "an answer without messages": { lastResult: { status: "success", initialValue: { email: "a@b.kr" }, error: {} } },
  "an answer reset by the server": {
    lastResult: { status: "success", initialValue: null, error: {} },
    defaultValue: { email: "kept@b.kr" },
  },
  "an answer's messages with no status (edited since)": { lastResult: { error: { password: ["errors.form.short"] } } },
};

describe("the form state draws a form as conform did", () => {
  for (const [name, props] of Object.entries(cases)) {
    it(name, () => {
      expect(html(<WithFormState {...props} />)).toBe(html(<WithConform {...props} />));
    });
  }
});
