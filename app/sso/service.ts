/** Single sign-on's provider as the services hold it (types only: made by app/sso/provider.server.ts). */
import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";

export interface SsoService {
  issuer: string;
  provider: Provider;
  /** The Node handler mounted at /sso (server/mounts.ts). */
  handler: (req: IncomingMessage, res: ServerResponse) => unknown;
  /**
   * The request as the provider must see it (its host and scheme the issuer's): what the interaction pages hand
   * it (interactionDetails, interactionResult) goes through this too.
   */
  asIssuer: (req: IncomingMessage) => IncomingMessage;
}
