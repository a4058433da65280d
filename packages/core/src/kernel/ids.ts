/** Identifier generation: one service so tests and adapters can make ids deterministic. */
import { Context, Layer } from "effect"
import { randomFillSync, randomUUID } from "node:crypto"

export interface IdGenerator {
  /** `n` random bytes */
  readonly randomBytes: (n: number) => Uint8Array
  readonly uuid: () => string
}

export class Ids extends Context.Tag("@docket/core/Ids")<Ids, IdGenerator>() {}

/** Cryptographic random bytes, drawn from a pooled buffer refilled 4 KiB at a time. */
const pooledRandomBytes = (() => {
  const POOL = 4096
  const pool = new Uint8Array(POOL)
  let offset = POOL
  return (n: number): Uint8Array => {
    if (n > POOL) return randomFillSync(new Uint8Array(n))
    if (offset + n > POOL) {
      randomFillSync(pool)
      offset = 0
    }
    const out = pool.slice(offset, offset + n)
    offset += n
    return out
  }
})()

export const cryptoIds: IdGenerator = {
  randomBytes: pooledRandomBytes,
  uuid: () => randomUUID()
}

export const IdsLive: Layer.Layer<Ids> = Layer.succeed(Ids, cryptoIds)

/** lowercase hex of the bytes (a view over them, not a copy) */
export const hex = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex")

/** `req_` followed by 32 lowercase hex characters (spec 1, "Request id"). */
export const newRequestId = (ids: IdGenerator): string => `req_${hex(ids.randomBytes(16))}`

export const prefixedId = (ids: IdGenerator, prefix: string): string => `${prefix}_${hex(ids.randomBytes(12))}`
