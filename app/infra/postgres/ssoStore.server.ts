/** Single sign-on in PostgreSQL (tables `sso_payloads`, `sso_clients`, `sso_consents`: migration 5). */
import {
  clientOf,
  consentOf,
  payloadOf,
  type ClientRow,
  type ConsentRow,
  type PayloadRow,
} from "~/infra/rows/sso.server";
import type { SsoStore } from "~/stores/sso";
import { prepared, type Pg } from "./database.server";
import { numberedAll } from "~/infra/rows/placeholders.server";
import { SSO } from "~/infra/rows/statements.server";

const SQL = numberedAll(SSO);

const CONSENTS_OF = prepared("sso_consents_of", SQL.consentsOf);

export function pgSsoStore(db: Pg): SsoStore {
  const payloadWhere = async (text: string, model: string, value: string, now: number) =>
    payloadOf(await db.row<PayloadRow>(text, [model, value, now]));
  return {
    async upsertPayload(model, id, record) {
      await db.run(SQL.upsertPayload, [
        model,
        id,
        record.payload,
        record.grantId,
        record.uid,
        record.userCode,
        record.expiresAt,
      ]);
    },
    findPayload: (model, id, now) => payloadWhere(SQL.payloadById, model, id, now),
    findPayloadByUid: (model, uid, now) => payloadWhere(SQL.payloadByUid, model, uid, now),
    findPayloadByUserCode: (model, userCode, now) => payloadWhere(SQL.payloadByUserCode, model, userCode, now),
    async consumePayload(model, id, at) {
      await db.run(SQL.consumePayload, [at, model, id]);
    },
    async destroyPayload(model, id) {
      await db.run(SQL.destroyPayload, [model, id]);
    },
    async revokeGrant(grantId) {
      await db.run(SQL.revokeGrant, [grantId]);
    },
    async pruneExpired(now) {
      return db.run(SQL.pruneExpired, [now]);
    },

    async createClient(client) {
      const created = await db.run(SQL.createClient, [
        client.clientId,
        client.name,
        client.secretHash,
        JSON.stringify(client.redirectUris),
        JSON.stringify(client.allowedClaims),
        client.idTokenAlg,
        client.allowNoPkce,
        client.website,
        client.privacyUrl,
        client.retentionMonths,
        client.createdAt,
      ]);
      return created === 1;
    },
    async findClient(clientId) {
      const row = await db.row<ClientRow>(SQL.client, [clientId]);
      return row ? clientOf(row) : null;
    },
    async listClients() {
      return (await db.rows<ClientRow>(SQL.clients)).map(clientOf);
    },
    async disableClient(clientId, at) {
      const changed = await db.run(SQL.disableClient, [at, clientId]);
      return changed === 1;
    },
    async replaceClientSecret(clientId, secretHash) {
      return (await db.run(SQL.replaceSecret, [secretHash, clientId])) === 1;
    },

    async saveConsent(consent) {
      await db.run(SQL.saveConsent, [
        consent.uid,
        consent.clientId,
        consent.grantId,
        JSON.stringify(consent.claims),
        consent.createdAt,
      ]);
    },
    async findConsent(uid, clientId) {
      const row = await db.row<ConsentRow>(SQL.consent, [uid, clientId]);
      return row ? consentOf(row) : null;
    },
    async consentsOf(uid) {
      // My page's partner count on every view of it: prepared once per connection.
      const rows = await db.rows<ConsentRow>(CONSENTS_OF, [uid]);
      return rows.map(consentOf);
    },
    async removeConsent(uid, clientId) {
      const row = await db.row<ConsentRow>(SQL.removeConsent, [uid, clientId]);
      return row ? consentOf(row) : null;
    },
    async consentsTo(clientId) {
      const rows = await db.rows<ConsentRow>(SQL.consentsTo, [clientId]);
      return rows.map(consentOf);
    },
  };
}
