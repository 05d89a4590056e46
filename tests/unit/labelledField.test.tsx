/**
 * A plain form's field (components/LabelledField.tsx): a screen reader reads the hint and the message with the
 * control, so every id the control's aria-describedby names is in the field, and a hint is always named.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { describedBy, LabelledField } from "~/components/LabelledField";

function field(hint: string | undefined, error: string | null) {
  const html = renderToString(
    <LabelledField id="time" label="Time" hint={hint} error={error}>
      <input id="time" aria-describedby={describedBy("time", { hint, error })} />
    </LabelledField>,
  );
  const named = /aria-describedby="([^"]*)"/.exec(html)?.[1]?.split(" ") ?? [];
  const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
  return { named, ids };
}

describe("LabelledField", () => {
  it("names the hint and the message, each an element of the field", () => {
    const { named, ids } = field("Between 09:00 and 18:00", "Choose a time in office hours");
    expect(named).toEqual(["time-hint", "time-error"]);
    for (const id of named) expect(ids).toContain(id);
  });

  it("names the hint alone when there is no message, and nothing when there is neither", () => {
    expect(field("Between 09:00 and 18:00", null).named).toEqual(["time-hint"]);
    expect(field(undefined, null).named).toEqual([]);
  });
});
