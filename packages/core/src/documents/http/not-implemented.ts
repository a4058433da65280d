/**
 * The operations not offered yet (split): after authentication
 * they answer 501 `not_implemented` in the envelope of their form.
 */
import { Effect } from "effect"
import { route } from "../../http/router.js"
import { NotImplemented } from "./api-errors.js"
import { authedHandler } from "./handler.js"

const flat = (path: string, operation: string) =>
  route("POST", path, authedHandler("flat", () => Effect.fail(new NotImplemented({ operation }))))
const v1 = (path: string, operation: string) =>
  route("POST", path, authedHandler("v1", () => Effect.fail(new NotImplemented({ operation }))))

export const notImplementedRoutes = [
  v1("/v1/split", "split")
]
