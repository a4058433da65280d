/**
 * Who calls a `/v1/documents/*` route: the key's account (through the key cache, as every
 * decision route), and — for every route but the file downloads — one request counted on the
 * routes' own RPM counter, right after the key check (spec 1: "Every request that passes the key
 * check counts"). Credit is not checked here: only a create needs it.
 */
import { Effect } from "effect"
import type { Account } from "../account.js"
import { authenticate } from "../authenticate.js"
import { countDocumentsRequest } from "./documents-rate-limit.js"

export const documentsCaller = (authorization: string | undefined, options: { readonly counted: boolean }) =>
  Effect.gen(function*() {
    const { account } = yield* authenticate(authorization)
    if (options.counted) yield* countDocumentsRequest(account)
    return account satisfies Account
  })
