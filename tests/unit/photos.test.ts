/** Photo processing with the real sharp: the bytes decide, photos come upright and without metadata, bombs refused. */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PHOTO_LIMITS, processPhoto, sniffImage } from "~/community/photos.server";

const jpeg = (width: number, height: number, exif?: Record<string, Record<string, string>>) => {
  const image = sharp({ create: { width, height, channels: 3, background: "#336699" } }).jpeg();
  return (exif ? image.withExif(exif) : image).toBuffer();
};

describe("photos", () => {
  it("knows a photo by its first bytes, not its name", async () => {
    expect(sniffImage(await jpeg(4, 4))).toBe("jpeg");
    expect(
      sniffImage(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
          .png()
          .toBuffer(),
      ),
    ).toBe("png");
    expect(sniffImage(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImage(Buffer.from("<!doctype html><script>"))).toBeNull();
  });

  it("turns a photo upright by its orientation and drops every metadata block", async () => {
    // A landscape sensor image the camera marked "rotate 90°" (orientation 6).
    const taken = await sharp(await jpeg(400, 200))
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "37/1 33/1 59/1" } })
      .toBuffer();
    const processed = await processPhoto(taken);
    if (!processed.ok) throw new Error(processed.problem);
    expect([processed.width, processed.height]).toEqual([200, 400]);
    for (const output of [processed.full, processed.thumb]) {
      const meta = await sharp(output).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });

  it("bounds the stored sizes", async () => {
    const processed = await processPhoto(await jpeg(4000, 3000));
    if (!processed.ok) throw new Error(processed.problem);
    expect([processed.width, processed.height]).toEqual([PHOTO_LIMITS.fullEdge, 1200]);
    const thumb = await sharp(processed.thumb).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBe(PHOTO_LIMITS.thumbEdge);
  });

  it("refuses what is not a photo, a broken one, and one too large", async () => {
    expect(await processPhoto(Buffer.from("<html></html>"))).toEqual({ ok: false, problem: "notImage" });
    const broken = Buffer.concat([(await jpeg(64, 64)).subarray(0, 40)]);
    expect(await processPhoto(broken)).toEqual({ ok: false, problem: "notImage" });
    expect(await processPhoto(Buffer.alloc(PHOTO_LIMITS.maxBytes + 1, 0xff))).toEqual({
      ok: false,
      problem: "tooLarge",
    });
  });
});
