/**
 * Signed, expiring links to a parse job's markdown (spec 2: `markdown_url`, "time-limited,
 * 1 hour; re-fetch the job for a fresh one"), served by Docket itself:
 *
 *   /artifacts/<job_id>/<part>?expires=<epoch ms>&signature=<hex HMAC-SHA256>
 *
 * `part` is `document` or `sheet-<n>` (0-based). The signature covers job, part and expiry with
 * a secret — `linkSecret` from the settings (`DOCKET_LINK_SECRET`), shared by the instances that
 * serve one address, else a random one per instance; the link needs no API key (it is the
 * credential, like a presigned URL). Expiry is read from the service clock.
 */
import { Context, Effect, Layer } from "effect"
import { createHash, createHmac, timingSafeEqual } from "node:crypto"
import { Settings } from "../../kernel/config.js"
import { Ids } from "../../kernel/ids.js"

export const LINK_LIFETIME_MS = 60 * 60 * 1000

export class LinkSigner extends Context.Tag("@docket/core/LinkSigner")<LinkSigner, { readonly secret: Uint8Array }>() {}

/**
 * The key is derived from the settings' `linkSecret` when there is one (the same on every instance
 * given it), else random per instance (links then do not survive a restart: re-fetch the job).
 */
export const LinkSignerLive: Layer.Layer<LinkSigner, never, Ids | Settings> = Layer.effect(
  LinkSigner,
  Effect.gen(function*() {
    const { linkSecret } = yield* Settings
    if (linkSecret !== undefined) {
      return { secret: new Uint8Array(createHash("sha256").update(`docket link secret\n${linkSecret}`).digest()) }
    }
    return { secret: (yield* Ids).randomBytes(32) }
  })
)

const signatureOf = (secret: Uint8Array, jobId: string, part: string, expires: number) =>
  createHmac("sha256", secret).update(`${jobId}\n${part}\n${expires}`).digest("hex")

export const artifactPath = (secret: Uint8Array, jobId: string, part: string, now: number): string => {
  const expires = now + LINK_LIFETIME_MS
  return `/artifacts/${encodeURIComponent(jobId)}/${part}?expires=${expires}&signature=${signatureOf(secret, jobId, part, expires)}`
}

export type LinkCheck = "valid" | "expired" | "invalid"

export const checkLink = (secret: Uint8Array, jobId: string, part: string, query: URLSearchParams, now: number): LinkCheck => {
  const expiresText = query.get("expires") ?? ""
  const signature = query.get("signature") ?? ""
  if (!/^\d{1,16}$/.test(expiresText) || !/^[a-f0-9]{64}$/.test(signature)) return "invalid"
  const expires = Number(expiresText)
  const want = Buffer.from(signatureOf(secret, jobId, part, expires), "hex")
  if (!timingSafeEqual(want, Buffer.from(signature, "hex"))) return "invalid"
  return now >= expires ? "expired" : "valid"
}
