/**
 * The control plane over HTTP (DESIGN.md, "Control plane"): `/_admin/*`, enabled by an admin
 * token (`Authorization: Bearer <token>`), JSON in and out, unknown ids 404. Without a token
 * configured every `/_admin` path answers 404.
 */
import { Cause, Effect, Either, type Schema } from "effect"
import { timingSafeEqual } from "node:crypto"
import * as DecisionAdmin from "../decision/admin.js"
import * as DocsAdmin from "../tenancy/tenants/admin.js"
import { createGrantedKey } from "../workspaces/access/key-grants.js"
import { seedPlatformSchemaAdmin } from "../documents/schema/platform-admin.js"
import { sweepAdmin } from "../documents/retention/sweeper.js"
import { objectKeyOf, putObjectAdmin } from "../documents/sources/put-object.js"
import { type DocketRequest, decodeUtf8 } from "../platform/request.js"
import { type DocketResponse, jsonResponse } from "../platform/response.js"
import { type PathParams, route } from "../platform/router.js"
import { Settings } from "../kernel/config.js"
import { parseJson } from "../kernel/json.js"
import { AdminBadRequest, type AdminError, AdminNotFound } from "./errors.js"
import { advanceClock, clockNow, getFaults, resetAll, setFaults } from "./harness.js"
import {
  AccountInput,
  AdvanceInput,
  decodeInput,
  DocsKeyInput,
  FaultsInput,
  JournalQueryParams,
  KeyInput,
  PlatformSchemaInput,
  PoolsInput,
  TenantInput,
  TopUpInput
} from "./inputs.js"
import { clearJournal, listJournal } from "./journal.js"

const ADMIN_BODY_LIMIT = 1_048_576

const adminError = (status: number, code: string, message: string): DocketResponse =>
  jsonResponse(status, { error: { code, message } })

const toResponse = (e: AdminError): DocketResponse => {
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

/** An admin operation of a request and its path parameters. */
type Operation<A, R> = (request: DocketRequest, params: PathParams) => Effect.Effect<A, AdminError, R>

/** Runs an admin operation behind the token check and maps its errors. */
const admin = <A, R>(status: number, op: Operation<A, R>) => (request: DocketRequest, params: PathParams) =>
  Effect.gen(function*() {
    const { adminToken } = yield* Settings
    if (adminToken === undefined) return adminError(404, "not_found", "not found")
    const m = /^Bearer[ \t]+(\S+)$/i.exec(request.header("authorization") ?? "")
    if (m === null || !sameToken(m[1], adminToken)) {
      return adminError(401, "unauthorized", "pass the admin token as Authorization: Bearer <DOCKET_ADMIN_TOKEN>")
    }
    return yield* op(request, params).pipe(
      Effect.map((a) => jsonResponse(status, a)),
      Effect.catchAll((e) => Effect.succeed(toResponse(e))),
      Effect.catchAllCause((cause) =>
        Cause.isInterruptedOnly(cause)
          ? Effect.failCause(cause)
          : Effect.logError("control plane failure", cause).pipe(Effect.as(adminError(500, "internal_error", "unexpected failure")))
      )
    )
  })

/** Reads and decodes a JSON body (see inputs.ts); an empty body counts as `{}`. */
const body = <A, I>(request: DocketRequest, schema: Schema.Schema<A, I>) =>
  Effect.gen(function*() {
    const bytes = yield* request.body.read(ADMIN_BODY_LIMIT).pipe(
      Effect.mapError((e) =>
        new AdminBadRequest({ message: e._tag === "BodyTooLarge" ? `body must be at most ${e.limit} bytes` : "body could not be read" })
      )
    )
    const text = decodeUtf8(bytes)
    const parsed = text.trim() === "" ? Either.right({}) : Either.fromOption(parseJson(text), () => "body must be valid JSON")
    if (Either.isLeft(parsed)) return yield* new AdminBadRequest({ message: parsed.left })
    return yield* decodeInput(schema)(parsed.right)
  })

/** The journal's filters from the query string; each parameter at most once. */
const journalQuery = (request: DocketRequest) =>
  Effect.gen(function*() {
    const params = new Map<string, string>()
    for (const [name, value] of new URLSearchParams(request.query)) {
      if (params.has(name)) return yield* new AdminBadRequest({ message: `give the ${name} parameter at most once` })
      params.set(name, value)
    }
    return yield* decodeInput(JournalQueryParams)(Object.fromEntries(params))
  })

export const adminRoutes = [
  route("POST", "/_admin/decision/accounts", admin(201, (r) => Effect.flatMap(body(r, AccountInput), DecisionAdmin.createAccount))),
  route("GET", "/_admin/decision/accounts/:account_id", admin(200, (_, p) => DecisionAdmin.getAccount(p.account_id))),
  route(
    "PATCH",
    "/_admin/decision/accounts/:account_id",
    admin(200, (r, p) => Effect.flatMap(body(r, AccountInput), (b) => DecisionAdmin.updateAccount(p.account_id, b)))
  ),
  route(
    "POST",
    "/_admin/decision/accounts/:account_id/top-ups",
    admin(200, (r, p) => Effect.flatMap(body(r, TopUpInput), (b) => DecisionAdmin.topUp(p.account_id, b.amount)))
  ),
  route(
    "POST",
    "/_admin/decision/accounts/:account_id/keys",
    admin(201, (r, p) => Effect.flatMap(body(r, KeyInput), (b) => DecisionAdmin.createKey(p.account_id, b.name)))
  ),
  route("GET", "/_admin/decision/accounts/:account_id/keys", admin(200, (_, p) => DecisionAdmin.listKeys(p.account_id))),
  route("POST", "/_admin/decision/keys/:key_id/revoke", admin(200, (_, p) => DecisionAdmin.revokeKey(p.key_id))),
  route("GET", "/_admin/decision/pools", admin(200, () => DecisionAdmin.getPools)),
  route("PUT", "/_admin/decision/pools", admin(200, (r) => Effect.flatMap(body(r, PoolsInput), DecisionAdmin.setPools))),
  route("POST", "/_admin/docs/tenants", admin(201, (r) => Effect.flatMap(body(r, TenantInput), DocsAdmin.createTenant))),
  route("GET", "/_admin/docs/tenants/:tenant_id", admin(200, (_, p) => DocsAdmin.getTenant(p.tenant_id))),
  route(
    "PATCH",
    "/_admin/docs/tenants/:tenant_id",
    admin(200, (r, p) => Effect.flatMap(body(r, TenantInput), (b) => DocsAdmin.updateTenant(p.tenant_id, b)))
  ),
  route(
    "POST",
    "/_admin/docs/tenants/:tenant_id/keys",
    admin(201, (r, p) => Effect.flatMap(body(r, DocsKeyInput), (b) => createGrantedKey(p.tenant_id, b)))
  ),
  route("POST", "/_admin/docs/keys/:key_id/revoke", admin(200, (_, p) => DocsAdmin.revokeDocsKey(p.key_id))),
  route(
    "PUT",
    "/_admin/docs/platform-schemas/:schema_id",
    admin(200, (r, p) => Effect.flatMap(body(r, PlatformSchemaInput), (b) => seedPlatformSchemaAdmin({ ...b, schema_id: p.schema_id })))
  ),
  route("POST", "/_admin/docs/sweep", admin(200, () => sweepAdmin)),
  route("PUT", "/_admin/docs/objects/:bucket/*", admin(200, (r, p) => putObjectAdmin(p.bucket, objectKeyOf(r.path, p.bucket), (limit) => r.body.stream(limit)))),
  route("GET", "/_admin/clock", admin(200, () => clockNow)),
  route("POST", "/_admin/clock/advance", admin(200, (r) => Effect.flatMap(body(r, AdvanceInput), (b) => advanceClock(b.ms)))),
  route("GET", "/_admin/faults", admin(200, () => getFaults)),
  route("PUT", "/_admin/faults", admin(200, (r) => Effect.flatMap(body(r, FaultsInput), setFaults))),
  route("POST", "/_admin/reset", admin(200, () => resetAll)),
  route("GET", "/_admin/journal", admin(200, (r) => Effect.flatMap(journalQuery(r), listJournal))),
  route("DELETE", "/_admin/journal", admin(200, () => clearJournal)),
  route("*", "/_admin/*", admin(404, () => Effect.fail(new AdminNotFound({ message: "no such control-plane route" }))))
]
