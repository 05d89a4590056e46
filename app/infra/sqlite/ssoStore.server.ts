/** Single sign-on in SQLite (tables `sso_payloads`, `sso_clients`, `sso_consents`: migration 20; a partner's ID token algorithm and PKCE exception: 22). */
import {
  clientOf,
  consentOf,
  payloadOf,
  type ClientRow,
  type ConsentRow,
  type PayloadRow,
} from "~/infra/rows/sso.server";
import type { SsoStore } from "~/stores/sso";
import type { Db } from "./database.server";
import { SSO } from "~/infra/rows/statements.server";

export function sqliteSsoStore(db: Db): SsoStore {
  const upsert = db.prepare(SSO.upsertPayload);
  const byId = db.prepare(SSO.payloadById);
  const byUid = db.prepare(SSO.payloadByUid);
  const byUserCode = db.prepare(SSO.payloadByUserCode);
  const consume = db.prepare(SSO.consumePayload);
  const destroy = db.prepare(SSO.destroyPayload);
  const revoke = db.prepare(SSO.revokeGrant);
  const prune = db.prepare(SSO.pruneExpired);

  const insertClient = db.prepare(SSO.createClient);
  const selectClient = db.prepare(SSO.client);
  const selectClients = db.prepare(SSO.clients);
  const disable = db.prepare(SSO.disableClient);
  const replaceSecret = db.prepare(SSO.replaceSecret);

  const putConsent = db.prepare(SSO.saveConsent);
  const selectConsent = db.prepare(SSO.consent);
  const selectConsentsOf = db.prepare(SSO.consentsOf);
  const selectConsentsTo = db.prepare(SSO.consentsTo);
  const takeConsent = db.prepare(SSO.removeConsent);

  return {
    async upsertPayload(model, id, record) {
      upsert.run(model, id, record.payload, record.grantId, record.uid, record.userCode, record.expiresAt);
    },
    async findPayload(model, id, now) {
      return payloadOf(byId.get(model, id, now) as PayloadRow | undefined);
    },
    async findPayloadByUid(model, uid, now) {
      return payloadOf(byUid.get(model, uid, now) as PayloadRow | undefined);
    },
    async findPayloadByUserCode(model, userCode, now) {
      return payloadOf(byUserCode.get(model, userCode, now) as PayloadRow | undefined);
    },
    async consumePayload(model, id, at) {
      consume.run(at, model, id);
    },
    async destroyPayload(model, id) {
      destroy.run(model, id);
    },
    async revokeGrant(grantId) {
      revoke.run(grantId);
    },
    async pruneExpired(now) {
      return prune.run(now).changes;
    },

    async createClient(client) {
      return (
        insertClient.run(
          client.clientId,
          client.name,
          client.secretHash,
          JSON.stringify(client.redirectUris),
          JSON.stringify(client.allowedClaims),
          client.idTokenAlg,
          client.allowNoPkce ? 1 : 0,
          client.website,
          client.privacyUrl,
          client.retentionMonths,
          client.createdAt,
        ).changes === 1
      );
    },
    async findClient(clientId) {
      const row = selectClient.get(clientId) as ClientRow | undefined;
      return row ? clientOf(row) : null;
    },
    async listClients() {
      return (selectClients.all() as ClientRow[]).map(clientOf);
    },
    async disableClient(clientId, at) {
      return disable.run(at, clientId).changes === 1;
    },
    async replaceClientSecret(clientId, secretHash) {
      return replaceSecret.run(secretHash, clientId).changes === 1;
    },

    async saveConsent(consent) {
      putConsent.run(consent.uid, consent.clientId, consent.grantId, JSON.stringify(consent.claims), consent.createdAt);
    },
    async findConsent(uid, clientId) {
      const row = selectConsent.get(uid, clientId) as ConsentRow | undefined;
      return row ? consentOf(row) : null;
    },
    async consentsOf(uid) {
      return (selectConsentsOf.all(uid) as ConsentRow[]).map(consentOf);
    },
    async removeConsent(uid, clientId) {
      const row = takeConsent.get(uid, clientId) as ConsentRow | undefined;
      return row ? consentOf(row) : null;
    },
    async consentsTo(clientId) {
      return (selectConsentsTo.all(clientId) as ConsentRow[]).map(consentOf);
    },
  };
}
