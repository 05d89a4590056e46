/** The part of http_ece (web-push's own dependency) the Web Push test uses to decrypt what it received. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  export function decrypt(
    buffer: Buffer,
    params: { version: "aes128gcm"; privateKey: ECDH; authSecret: Buffer },
  ): Buffer;
}
