/**
 * The part of oidc-provider 9 (which ships no types) that app/sso uses. Kept to
 * what is called here; its documentation is the package's README and
 * lib/helpers/defaults.js.
 */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export type UnknownObject = Record<string, unknown>;

  export interface KoaContextWithOIDC {
    headers: Record<string, string | string[] | undefined>;
    get(name: string): string;
    type: string;
    body: unknown;
    status: number;
    oidc: {
      session?: { accountId?: string };
      client?: { clientId: string; clientName?: string; redirectUris?: string[] };
      params?: UnknownObject;
      result?: UnknownObject;
      provider: Provider;
    };
  }

  export interface AdapterPayload extends UnknownObject {
    grantId?: string;
    uid?: string;
    userCode?: string;
    consumed?: number;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<UnknownObject & { sub: string }>;
  }

  export class Check {
    constructor(
      reason: string,
      description: string,
      error: string,
      check: (ctx: KoaContextWithOIDC) => boolean | Promise<boolean>,
    );
    static REQUEST_PROMPT: true;
    static NO_NEED_TO_PROMPT: false;
  }

  export interface Prompt {
    name: string;
    checks: { add(check: Check, index?: number): void };
  }

  export interface InteractionPolicy {
    get(name: string): Prompt | undefined;
  }

  export const interactionPolicy: { base(): InteractionPolicy & Prompt[]; Check: typeof Check };

  export interface Configuration extends UnknownObject {
    adapter?: (name: string) => Adapter;
    findAccount?: (ctx: KoaContextWithOIDC, sub: string) => Promise<Account | undefined>;
    renderError?: (ctx: KoaContextWithOIDC, out: Record<string, string>, error: Error) => Promise<void>;
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    pkce?: { required: (ctx: KoaContextWithOIDC, client: ProviderClient) => boolean };
  }

  /** A client as the provider holds it: its metadata camel-cased, extra metadata by its own name. */
  export interface ProviderClient extends UnknownObject {
    clientId: string;
    clientAuthMethod: string;
  }

  export interface Interaction {
    uid: string;
    iat: number;
    exp: number;
    returnTo: string;
    prompt: { name: string; reasons: string[]; details: UnknownObject };
    params: UnknownObject & { client_id?: string; scope?: string; prompt?: string; max_age?: number | string };
    /** `cookie`: the id of the provider's Session record. */
    session?: { accountId?: string; uid?: string; cookie?: string };
    grantId?: string;
    lastSubmission?: UnknownObject;
    /** Stores the interaction again, to live `ttl` more seconds. */
    save(ttl: number): Promise<string>;
  }

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    static find(id: string): Promise<Grant | undefined>;
    accountId: string;
    clientId: string;
    jti: string;
    addOIDCScope(scope: string): void;
    rejectOIDCScope(scope: string): void;
    getOIDCScope(): string;
    save(): Promise<string>;
    destroy(): Promise<void>;
  }

  export interface ClientClass {
    prototype: { clientSecret: string; compareClientSecret(actual: string): Promise<boolean> };
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    issuer: string;
    proxy: boolean;
    Grant: typeof Grant;
    Client: ClientClass;
    callback(): (req: IncomingMessage, res: ServerResponse) => unknown;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(req: IncomingMessage, res: ServerResponse, result: UnknownObject): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export const errors: Record<string, new (...args: unknown[]) => Error>;
}
