/**
 * The CSP nonce each request gets (server/middleware.ts): 16 bytes of the system's randomness, base64, cut from
 * blocks drawn 256 at a time, never the same twice, across the blocks too.
 */
import { describe, expect, it } from "vitest";
import { freshNonce } from "../../server/middleware";

describe("the CSP nonce", () => {
  it("is 16 bytes in base64 and never given twice, past the block it was cut from", () => {
    const nonces = Array.from({ length: 1000 }, freshNonce);
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
  });
});
