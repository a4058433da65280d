/**
 * The demo bootstrap (`DOCKET_DEMO=1`): a decision account with a key and a document-service
 * tenant with a key, printed at start.
 */
import { Effect } from "effect"
import { createAccount, createKey } from "../decision/admin.js"
import { createTenant } from "../tenancy/tenants/admin.js"

export const bootstrapDemo = Effect.gen(function*() {
  const account = yield* createAccount({})
  const key = yield* createKey(account.account_id, "demo")
  const tenant = yield* createTenant({})
  return { decision: { account_id: account.account_id, key_id: key.key_id, api_key: key.key }, docs: tenant }
})
