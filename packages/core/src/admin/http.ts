/**
 * The control plane over HTTP (DESIGN.md, "Control plane"): `/_admin/*`, enabled by an admin
 * token (`Authorization: Bearer <token>`), JSON in and out, unknown ids 404. Without a token
 * configured every `/_admin` path answers 404.
 */
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Cause, Effect, Either, type Schema } from "effect"
import { timingSafeEqual } from "node:crypto"
import * as DecisionAdmin from "../decision/admin.js"
import { Settings } from "../shared/config.js"
import { decodeUtf8, readBodyCapped } from "../shared/http/body.js"
import { parseJson } from "../shared/json.js"
import { AdminBadRequest, type AdminError, AdminNotFound } from "./errors.js"
import { advanceClock, clockNow, getFaults, resetAll, setFaults } from "./harness.js"
import { AccountInput, AdvanceInput, decodeInput, FaultsInput, KeyInput, PoolsInput, TopUpInput } from "./inputs.js"

const ADMIN_BODY_LIMIT = 1_048_576

const adminError = (status: number, code: string, message: string) =>
  HttpServerResponse.unsafeJson({ error: { code, message } }, { status })

const toResponse = (e: AdminError) => {
  switch (e._tag) {
    case "AdminNotFound":
      return adminError(404, "not_found", e.message)
    case "AdminConflict":
      return adminError(409, "conflict", e.message)
    case "AdminBadRequest":
      return adminError(400, "bad_request", e.message)
    case "AdminUnavailable":
      return adminError(503, "unavailable", e.message)
  }
}

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** Runs an admin operation behind the token check and maps its errors. */
const admin = <A, R>(status: number, op: Effect.Effect<A, AdminError, R>) =>
  Effect.gen(function*() {
    const { adminToken } = yield* Settings
    const request = yield* HttpServerRequest.HttpServerRequest
    if (adminToken === undefined) return adminError(404, "not_found", "not found")
    const m = /^Bearer[ \t]+(\S+)$/i.exec(request.headers["authorization"] ?? "")
    if (m === null || !sameToken(m[1], adminToken)) {
      return adminError(401, "unauthorized", "pass the admin token as Authorization: Bearer <DOCKET_ADMIN_TOKEN>")
    }
    return yield* op.pipe(
      Effect.map((a) => HttpServerResponse.unsafeJson(a, { status })),
      Effect.catchAll((e) => Effect.succeed(toResponse(e))),
      Effect.catchAllCause((cause) =>
        Cause.isInterruptedOnly(cause)
          ? Effect.failCause(cause)
          : Effect.logError("control plane failure", cause).pipe(Effect.as(adminError(500, "internal_error", "unexpected failure")))
      )
    )
  })

/** Reads and decodes a JSON body (see inputs.ts); an empty body counts as `{}`. */
const body = <A, I>(schema: Schema.Schema<A, I>) =>
  Effect.gen(function*() {
    const bytes = yield* readBodyCapped(ADMIN_BODY_LIMIT).pipe(
      Effect.mapError((e) =>
        new AdminBadRequest({ message: e._tag === "BodyTooLarge" ? `body must be at most ${e.limit} bytes` : "body could not be read" })
      )
    )
    const text = decodeUtf8(bytes)
    const parsed = text.trim() === "" ? Either.right({}) : Either.fromOption(parseJson(text), () => "body must be valid JSON")
    if (Either.isLeft(parsed)) return yield* new AdminBadRequest({ message: parsed.left })
    return yield* decodeInput(schema)(parsed.right)
  })

const param = (name: string) => Effect.map(HttpRouter.params, (p) => p[name] ?? "")

export const adminRouter = HttpRouter.empty.pipe(
  HttpRouter.post(
    "/_admin/decision/accounts",
    admin(201, Effect.flatMap(body(AccountInput), DecisionAdmin.createAccount))
  ),
  HttpRouter.get(
    "/_admin/decision/accounts/:account_id",
    admin(200, Effect.flatMap(param("account_id"), DecisionAdmin.getAccount))
  ),
  HttpRouter.patch(
    "/_admin/decision/accounts/:account_id",
    admin(200, Effect.flatMap(Effect.all([param("account_id"), body(AccountInput)]), ([id, b]) => DecisionAdmin.updateAccount(id, b)))
  ),
  HttpRouter.post(
    "/_admin/decision/accounts/:account_id/top-ups",
    admin(200, Effect.flatMap(Effect.all([param("account_id"), body(TopUpInput)]), ([id, b]) => DecisionAdmin.topUp(id, b.amount)))
  ),
  HttpRouter.post(
    "/_admin/decision/accounts/:account_id/keys",
    admin(201, Effect.flatMap(Effect.all([param("account_id"), body(KeyInput)]), ([id, b]) => DecisionAdmin.createKey(id, b.name)))
  ),
  HttpRouter.get(
    "/_admin/decision/accounts/:account_id/keys",
    admin(200, Effect.flatMap(param("account_id"), DecisionAdmin.listKeys))
  ),
  HttpRouter.post(
    "/_admin/decision/keys/:key_id/revoke",
    admin(200, Effect.flatMap(param("key_id"), DecisionAdmin.revokeKey))
  ),
  HttpRouter.get("/_admin/decision/pools", admin(200, DecisionAdmin.getPools)),
  HttpRouter.put("/_admin/decision/pools", admin(200, Effect.flatMap(body(PoolsInput), DecisionAdmin.setPools))),
  HttpRouter.get("/_admin/clock", admin(200, clockNow)),
  HttpRouter.post("/_admin/clock/advance", admin(200, Effect.flatMap(body(AdvanceInput), (b) => advanceClock(b.ms)))),
  HttpRouter.get("/_admin/faults", admin(200, getFaults)),
  HttpRouter.put("/_admin/faults", admin(200, Effect.flatMap(body(FaultsInput), setFaults))),
  HttpRouter.post("/_admin/reset", admin(200, resetAll)),
  HttpRouter.all("/_admin/*", admin(404, Effect.fail(new AdminNotFound({ message: "no such control-plane route" }))))
)
