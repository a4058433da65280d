/** The demo bootstrap (`DOCKET_DEMO=1`): a decision account with a key, printed at start. */
import { Effect } from "effect"
import { createAccount, createKey } from "../decision/admin.js"

export const bootstrapDemo = Effect.gen(function*() {
  const account = yield* createAccount({})
  const key = yield* createKey(account.account_id, "demo")
  return { decision: { account_id: account.account_id, key_id: key.key_id, api_key: key.key } }
})
