/**
 * npm run sso:client -- add --name NAME --website URL --privacy-url URL --retention-months N
 *                           --redirect-uri URI [--redirect-uri URI…] [--claims profile,phone,email]
 *                           [--id-token-alg RS256|ES256] [--allow-no-pkce]
 * npm run sso:client -- list | disable CLIENT_ID | rotate-secret CLIENT_ID
 * npm run sso:client -- rotate-key | retire-keys | new-key
 *
 * Registers and manages the partners of single sign-on (docs/decisions/0069) in
 * the database of DATA_DIR, the server's own, also while the server runs (SQLite
 * in WAL mode; the server reads a client from the database on every request, so
 * a new or disabled one counts at once). `add` and `rotate-secret` print one line
 * of JSON, `{"client_id", "client_secret"}`: the secret is shown this once and
 * only its digest is stored. A partner's ID tokens are signed RS256 unless it is
 * registered with `--id-token-alg ES256`. Its web address, privacy policy (https) and how many months it keeps
 * what it received after a member ends its access are required: the consent screen shows them (decision 0094); `--allow-no-pkce` lets it leave out PKCE,
 * for the OpenID Foundation's certification suite only (decision 0081). Keys
 * (docs/decisions/0070, 0081): `rotate-key` puts a new RS256 and a new ES256 key
 * first in local mode's DATA_DIR/sso-signing-keys.json (they sign from the next
 * start; the old ones stay published), `retire-keys` keeps only the signing one of
 * each, `new-key` prints one private key of each for hosted mode's SSO_SIGNING_KEYS.
 *
 * Bundled by esbuild to build/sso-client.js (its own process: it may take app modules).
 */
import { parseArgs } from "node:util";
import { loadConfig } from "~/infra/config.server";
import { openStores } from "~/server/storage.server";
import {
  disableClient,
  parseClaimSets,
  parseRetentionMonths,
  registerClient,
  rotateClientSecret,
} from "~/sso/clients.server";
import { newSigningKeys, retireLocalKeys, signingKeysIn, rotateLocalKeys } from "~/sso/keys.server";
import { runCli } from "./cli";

const USAGE = `usage: npm run sso:client -- add --name NAME --website URL --privacy-url URL --retention-months N
                                  --redirect-uri URI [--redirect-uri URI…] [--claims profile,phone,email]
                                  [--id-token-alg RS256|ES256] [--allow-no-pkce]
       npm run sso:client -- list | disable CLIENT_ID | rotate-secret CLIENT_ID | rotate-key | retire-keys | new-key`;

async function main(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        name: { type: "string" },
        website: { type: "string" },
        "privacy-url": { type: "string" },
        "retention-months": { type: "string" },
        "redirect-uri": { type: "string", multiple: true },
        claims: { type: "string" },
        "id-token-alg": { type: "string" },
        "allow-no-pkce": { type: "boolean" },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [command, clientId, ...rest] = parsed.positionals;
  const config = loadConfig();
  if (command === "new-key" && !clientId) {
    console.log(JSON.stringify({ keys: newSigningKeys() }));
    return 0;
  }
  if ((command === "rotate-key" || command === "retire-keys") && !clientId) {
    const keys = command === "rotate-key" ? rotateLocalKeys(config.DATA_DIR) : retireLocalKeys(config.DATA_DIR);
    console.log(
      JSON.stringify({ signing: signingKeysIn(keys).map((k) => k.kid), published: keys.keys.map((k) => k.kid) }),
    );
    return 0;
  }
  const stores = await openStores(config);
  try {
    if (command === "add" && !clientId) {
      const registered = await registerClient(stores.sso, {
        name: parsed.values.name ?? "",
        redirectUris: parsed.values["redirect-uri"] ?? [],
        allowedClaims: parseClaimSets(parsed.values.claims),
        idTokenAlg: parsed.values["id-token-alg"],
        allowNoPkce: parsed.values["allow-no-pkce"],
        website: parsed.values.website,
        privacyUrl: parsed.values["privacy-url"],
        retentionMonths: parseRetentionMonths(parsed.values["retention-months"]),
      });
      if (parsed.values["allow-no-pkce"]) {
        console.error("this partner may leave out PKCE: for the OpenID certification suite only; disable it after");
      }
      console.log(JSON.stringify(registered));
      return 0;
    }
    if (command === "list" && !clientId) {
      for (const client of await stores.sso.listClients()) {
        const { secretHash: _digest, ...shown } = client;
        console.log(JSON.stringify(shown));
      }
      return 0;
    }
    if (command === "disable" && clientId && !rest.length) {
      if (await disableClient(stores.sso, clientId)) return 0;
      console.error(`no enabled client ${clientId}`);
      return 1;
    }
    if (command === "rotate-secret" && clientId && !rest.length) {
      const rotated = await rotateClientSecret(stores.sso, clientId);
      if (!rotated) {
        console.error(`no client ${clientId}`);
        return 1;
      }
      console.log(JSON.stringify(rotated));
      return 0;
    }
    console.error(USAGE);
    return 2;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await stores.close();
  }
}

runCli(main);
