/** What a browser without JavaScript sends the feed form: a multipart body, and a photo to put in it. */
import sharp from "sharp";

/** A JPEG photo (640×480) whose bytes differ with `seed`. */
export async function photo(seed = 1) {
  const width = 640;
  const height = 480;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = ((i + seed) * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A multipart body as a browser without JavaScript sends the feed form (text first, then the photos). */
export function multipart(fields: Record<string, string>, files: { name: string; bytes: Buffer }[]) {
  const boundary = `----klifeTest${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    // Chromium escapes only `"`, CR and LF in a file name; `;` and `=` go as they are.
    const filename = file.name.replace(/"/g, "%22");
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Posts the feed form to a server as a signed-in browser without JavaScript does (no redirect followed). */
export function postFeed(
  baseUrl: string,
  cookie: string,
  text: string,
  files: { name: string; bytes: Buffer }[] = [],
  signal: AbortSignal = AbortSignal.timeout(30_000),
) {
  const { body, contentType } = multipart({ category: "daily", text }, files);
  return fetch(`${baseUrl}/community/edit`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: baseUrl, "Content-Type": contentType },
    body,
    redirect: "manual",
    signal,
  });
}
