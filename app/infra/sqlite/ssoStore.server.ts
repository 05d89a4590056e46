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

export function sqliteSsoStore(db: Db): SsoStore {
  const upsert = db.prepare(
    `INSERT INTO sso_payloads (model, id, payload, grant_id, uid, user_code, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
       uid = excluded.uid, user_code = excluded.user_code, expires_at = excluded.expires_at`,
  );
  const live = "(expires_at IS NULL OR expires_at > ?)";
  const byId = db.prepare(`SELECT payload, consumed_at FROM sso_payloads WHERE model = ? AND id = ? AND ${live}`);
  const byUid = db.prepare(`SELECT payload, consumed_at FROM sso_payloads WHERE model = ? AND uid = ? AND ${live}`);
  const byUserCode = db.prepare(
    `SELECT payload, consumed_at FROM sso_payloads WHERE model = ? AND user_code = ? AND ${live}`,
  );
  // The first consumption's time stays: a second use of a code is seen as one.
  const consume = db.prepare(
    `UPDATE sso_payloads SET consumed_at = ? WHERE model = ? AND id = ? AND consumed_at IS NULL`,
  );
  const destroy = db.prepare(`DELETE FROM sso_payloads WHERE model = ? AND id = ?`);
  const revoke = db.prepare(`DELETE FROM sso_payloads WHERE grant_id = ?`);
  const prune = db.prepare(`DELETE FROM sso_payloads WHERE expires_at <= ?`);

  const insertClient = db.prepare(
    `INSERT INTO sso_clients
       (client_id, name, secret_hash, redirect_uris, allowed_claims, id_token_alg, allow_no_pkce, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (client_id) DO NOTHING`,
  );
  const selectClient = db.prepare(`SELECT * FROM sso_clients WHERE client_id = ?`);
  const selectClients = db.prepare(`SELECT * FROM sso_clients ORDER BY created_at, client_id`);
  const disable = db.prepare(`UPDATE sso_clients SET disabled_at = ? WHERE client_id = ? AND disabled_at IS NULL`);
  const replaceSecret = db.prepare(`UPDATE sso_clients SET secret_hash = ? WHERE client_id = ?`);

  const putConsent = db.prepare(
    `INSERT INTO sso_consents (uid, client_id, grant_id, claims, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (uid, client_id) DO UPDATE SET grant_id = excluded.grant_id, claims = excluded.claims,
       created_at = excluded.created_at`,
  );
  const selectConsent = db.prepare(`SELECT * FROM sso_consents WHERE uid = ? AND client_id = ?`);
  const selectConsentsOf = db.prepare(`SELECT * FROM sso_consents WHERE uid = ? ORDER BY created_at DESC, client_id`);
  const selectConsentsTo = db.prepare(`SELECT * FROM sso_consents WHERE client_id = ? ORDER BY created_at, uid`);
  // One statement reads and deletes: two revocations at once revoke the grant once.
  const takeConsent = db.prepare(`DELETE FROM sso_consents WHERE uid = ? AND client_id = ? RETURNING *`);

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
