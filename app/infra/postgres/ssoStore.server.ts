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

const LIVE = "(expires_at IS NULL OR expires_at > $3)";

const CONSENTS_OF = prepared(
  "sso_consents_of",
  "SELECT * FROM sso_consents WHERE uid = $1 ORDER BY created_at DESC, client_id",
);

export function pgSsoStore(db: Pg): SsoStore {
  const payloadWhere = async (column: "id" | "uid" | "user_code", model: string, value: string, now: number) =>
    payloadOf(
      await db.row<PayloadRow>(
        `SELECT payload, consumed_at FROM sso_payloads WHERE model = $1 AND ${column} = $2 AND ${LIVE}`,
        [model, value, now],
      ),
    );
  return {
    async upsertPayload(model, id, record) {
      await db.run(
        `INSERT INTO sso_payloads (model, id, payload, grant_id, uid, user_code, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
           uid = excluded.uid, user_code = excluded.user_code, expires_at = excluded.expires_at`,
        [model, id, record.payload, record.grantId, record.uid, record.userCode, record.expiresAt],
      );
    },
    findPayload: (model, id, now) => payloadWhere("id", model, id, now),
    findPayloadByUid: (model, uid, now) => payloadWhere("uid", model, uid, now),
    findPayloadByUserCode: (model, userCode, now) => payloadWhere("user_code", model, userCode, now),
    async consumePayload(model, id, at) {
      // The first consumption's time stays: a second use of a code is seen as one.
      await db.run(`UPDATE sso_payloads SET consumed_at = $1 WHERE model = $2 AND id = $3 AND consumed_at IS NULL`, [
        at,
        model,
        id,
      ]);
    },
    async destroyPayload(model, id) {
      await db.run(`DELETE FROM sso_payloads WHERE model = $1 AND id = $2`, [model, id]);
    },
    async revokeGrant(grantId) {
      await db.run(`DELETE FROM sso_payloads WHERE grant_id = $1`, [grantId]);
    },
    async pruneExpired(now) {
      return db.run(`DELETE FROM sso_payloads WHERE expires_at <= $1`, [now]);
    },

    async createClient(client) {
      const created = await db.run(
        `INSERT INTO sso_clients
           (client_id, name, secret_hash, redirect_uris, allowed_claims, id_token_alg, allow_no_pkce, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (client_id) DO NOTHING`,
        [
          client.clientId,
          client.name,
          client.secretHash,
          JSON.stringify(client.redirectUris),
          JSON.stringify(client.allowedClaims),
          client.idTokenAlg,
          client.allowNoPkce,
          client.createdAt,
        ],
      );
      return created === 1;
    },
    async findClient(clientId) {
      const row = await db.row<ClientRow>(`SELECT * FROM sso_clients WHERE client_id = $1`, [clientId]);
      return row ? clientOf(row) : null;
    },
    async listClients() {
      return (await db.rows<ClientRow>(`SELECT * FROM sso_clients ORDER BY created_at, client_id`)).map(clientOf);
    },
    async disableClient(clientId, at) {
      const changed = await db.run(
        `UPDATE sso_clients SET disabled_at = $1 WHERE client_id = $2 AND disabled_at IS NULL`,
        [at, clientId],
      );
      return changed === 1;
    },
    async replaceClientSecret(clientId, secretHash) {
      return (
        (await db.run(`UPDATE sso_clients SET secret_hash = $1 WHERE client_id = $2`, [secretHash, clientId])) === 1
      );
    },

    async saveConsent(consent) {
      await db.run(
        `INSERT INTO sso_consents (uid, client_id, grant_id, claims, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (uid, client_id) DO UPDATE SET grant_id = excluded.grant_id, claims = excluded.claims,
           created_at = excluded.created_at`,
        [consent.uid, consent.clientId, consent.grantId, JSON.stringify(consent.claims), consent.createdAt],
      );
    },
    async findConsent(uid, clientId) {
      const row = await db.row<ConsentRow>(`SELECT * FROM sso_consents WHERE uid = $1 AND client_id = $2`, [
        uid,
        clientId,
      ]);
      return row ? consentOf(row) : null;
    },
    async consentsOf(uid) {
      // My page's partner count on every view of it: prepared once per connection.
      const rows = await db.rows<ConsentRow>(CONSENTS_OF, [uid]);
      return rows.map(consentOf);
    },
    async removeConsent(uid, clientId) {
      // One statement reads and deletes: two revocations at once revoke the grant once.
      const row = await db.row<ConsentRow>(`DELETE FROM sso_consents WHERE uid = $1 AND client_id = $2 RETURNING *`, [
        uid,
        clientId,
      ]);
      return row ? consentOf(row) : null;
    },
    async consentsTo(clientId) {
      const rows = await db.rows<ConsentRow>(
        `SELECT * FROM sso_consents WHERE client_id = $1 ORDER BY created_at, uid`,
        [clientId],
      );
      return rows.map(consentOf);
    },
  };
}
