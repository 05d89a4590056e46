/**
 * Names given twice in one JSON object. JSON.parse keeps the last of them, so `{"notices": [reviewed],
 * "notices": [unreviewed]}` would import the second, unseen by whoever read the first; RFC 8259 §4 says names
 * SHOULD be unique and RFC 7493 §2.3 (I-JSON) that they MUST, which the content import holds to: a name given
 * twice is an error naming where, and nothing is written. A scanner over text JSON.parse has already accepted
 * (so it only follows strings, objects and arrays); names are compared as decoded ("a" and "\u0061" are one name).
 */

/** Where a name was given twice: the path of the object holding it, then the name. */
export type JsonPath = (string | number)[];

interface Frame {
  kind: "object" | "array";
  path: JsonPath;
  names: Set<string>;
  /** An object: the next string is a name. */
  expectName: boolean;
  /** The member being read: the object's last name, the array's index. */
  member: string | number;
}

/** The end of the string that starts at `start` (its opening quote): the index just past its closing quote. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i += 2;
    else if (c === 0x22) return i + 1;
    else i += 1;
  }
  return i;
}

/** Every name given twice in one object of `text` (valid JSON), in the order met, with the path to it. */
export function duplicateNames(text: string): JsonPath[] {
  const found: JsonPath[] = [];
  const stack: Frame[] = [];
  const top = () => stack[stack.length - 1];
  const pathHere = (): JsonPath => {
    const frame = top();
    return frame ? [...frame.path, frame.member] : [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      const frame = top();
      if (frame?.kind === "object" && frame.expectName) {
        const name = JSON.parse(text.slice(i, end)) as string;
        if (frame.names.has(name)) found.push([...frame.path, name]);
        frame.names.add(name);
        frame.member = name;
        frame.expectName = false;
      }
      i = end - 1;
    } else if (c === "{" || c === "[") {
      const path = stack.length === 0 ? [] : pathHere();
      stack.push({ kind: c === "{" ? "object" : "array", path, names: new Set(), expectName: c === "{", member: 0 });
    } else if (c === "}" || c === "]") {
      stack.pop();
    } else if (c === ",") {
      const frame = top();
      if (frame?.kind === "object") frame.expectName = true;
      else if (frame) frame.member = (frame.member as number) + 1;
    }
  }
  return found;
}
