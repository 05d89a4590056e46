/**
 * A document compressed once and answered with a different value in its slots each time (server/gzipWithSlots.ts):
 * what a browser inflates must be the document with that value, byte for byte, and a valid gzip member (its CRC and
 * length checked by zlib's own gunzip).
 */
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipWithSlots, prepareSlottedGzip } from "../../server/gzipWithSlots";

const inflate = (body: Buffer) => zlib.gunzipSync(body).toString("utf8");

describe("gzip with slots", () => {
  it("inflates to the document with the value in every slot, for each value", () => {
    const parts = ['<!DOCTYPE html><script nonce="', '">1</script><p>공지 ', ' نوٹس</p><style nonce="', '"></style>'];
    const prepared = prepareSlottedGzip(parts);
    for (const value of ["jftH5SZ1g90xSP6orHyqNw==", "Qk9CQk9CQk9CQk9CQk9CQg==", "", "한국어"]) {
      expect(inflate(gzipWithSlots(prepared, value))).toBe(parts.join(value));
    }
  });

  it("takes a document that starts or ends with a slot, one without any, and an empty one", () => {
    for (const parts of [["", "middle", ""], ["no slot at all"], [""], ["a", "", "b"]]) {
      expect(inflate(gzipWithSlots(prepareSlottedGzip(parts), "NONCE"))).toBe(parts.join("NONCE"));
    }
  });

  it("compresses a large page, and fills a value longer than one stored block", () => {
    const row = "<tr><th>1<td>1,467,051<td>417,051<td>1,050,000<td>299,582,949";
    const parts = [row.repeat(1500), row.repeat(1500)];
    const prepared = prepareSlottedGzip(parts);
    const body = gzipWithSlots(prepared, "x");
    expect(inflate(body)).toBe(parts.join("x"));
    expect(body.length).toBeLessThan(parts.join("x").length / 10);
    const long = "v".repeat(70_000);
    expect(inflate(gzipWithSlots(prepared, long))).toBe(parts.join(long));
  });
});
