import type { Services } from "~/infra/services.server";

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    services: Services;
    /** Per-request CSP nonce for inline scripts. */
    cspNonce: string;
    /** The Remix build id; the browser asks for it to notice deploys. */
    buildVersion: string;
    /** The client's address as the server sees it (behind TRUST_PROXY hops). */
    clientAddress: string;
    /**
     * The request came straight from this machine (a loopback socket, no proxy
     * header): local-only pages such as /dev/outbox answer nothing else.
     */
    fromThisMachine: boolean;
    /**
     * Seconds until this address may post to sign-in and joining forms again:
     * the strict tier's verdict, which server.ts leaves to the form to answer
     * (forms/form.server.ts: parseForm). Null within the limit.
     */
    rateLimited: number | null;
  }
}

export {};
