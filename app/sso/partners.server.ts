/**
 * Partner access, as members and admins see it: the partners a member let in
 * (my page), ending one's access (its consent and every token of its grant), and
 * the admin area's list of partners with disabling.
 */
import type { Services } from "~/context";
import type { SsoClaimSet, SsoIdTokenAlg } from "~/stores/sso";
import { disableClient } from "./clients.server";

type SsoPorts = Pick<Services, "stores">;

export interface ConnectedPartner {
  clientId: string;
  name: string;
  claims: SsoClaimSet[];
  /** ms */
  since: number;
}

/** The partners the member let in, newest first (a disabled partner is no longer listed). */
export async function connectedPartners(services: SsoPorts, uid: string): Promise<ConnectedPartner[]> {
  const partners: ConnectedPartner[] = [];
  for (const consent of await services.stores.sso.consentsOf(uid)) {
    const client = await services.stores.sso.findClient(consent.clientId);
    if (!client || client.disabledAt !== null) continue;
    partners.push({ clientId: client.clientId, name: client.name, claims: consent.claims, since: consent.createdAt });
  }
  return partners;
}

/** Ends a partner's access for the member: its consent, and the codes and tokens issued under it. */
export async function revokePartner(services: SsoPorts, uid: string, clientId: string): Promise<boolean> {
  const consent = await services.stores.sso.removeConsent(uid, clientId);
  if (!consent) return false;
  await services.stores.sso.revokeGrant(consent.grantId);
  return true;
}

/** Ends every partner's access for the member (withdrawal). */
export async function revokeAllPartners(services: SsoPorts, uid: string): Promise<void> {
  for (const consent of await services.stores.sso.consentsOf(uid)) await revokePartner(services, uid, consent.clientId);
}

export interface AdminPartner {
  clientId: string;
  name: string;
  redirectUris: string[];
  claims: SsoClaimSet[];
  idTokenAlg: SsoIdTokenAlg;
  /** Let off PKCE for the certification suite (decision 0081): shown, so that it is not left on unseen. */
  allowNoPkce: boolean;
  disabled: boolean;
}

export async function adminPartners(services: SsoPorts): Promise<AdminPartner[]> {
  return (await services.stores.sso.listClients()).map((client) => ({
    clientId: client.clientId,
    name: client.name,
    redirectUris: client.redirectUris,
    claims: client.allowedClaims,
    idTokenAlg: client.idTokenAlg,
    allowNoPkce: client.allowNoPkce,
    disabled: client.disabledAt !== null,
  }));
}

/** An admin disables a partner (app/sso/clients.server.ts: every grant members gave it is revoked). */
export async function disablePartner(services: SsoPorts, clientId: string): Promise<boolean> {
  return disableClient(services.stores.sso, clientId);
}
