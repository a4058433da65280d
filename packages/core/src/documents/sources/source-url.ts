/**
 * A source URL at job creation (spec 2, "File reference"): `https://…` (and, when the
 * `HttpFetcher` allows it for tests, `http://127.0.0.1…`), or `s3://bucket/key` in one of the
 * tenant's buckets (403 `forbidden` / `access_denied` otherwise). Any other URL is 422. The file
 * itself is read when the job runs (`read-source.ts`).
 */
import { Effect } from "effect"
import { AccessDenied } from "../api-errors.js"
import { invalid } from "../../api/errors.js"
import type { JobSource } from "../document-job.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import { HttpFetcher } from "./http-fetcher.js"
import { parseS3Url } from "./object-store.js"

const hostOf = (url: string) => {
  try {
    const u = new URL(url)
    return u.username === "" && u.password === "" ? { protocol: u.protocol, hostname: u.hostname } : undefined
  } catch {
    return undefined
  }
}

/** The job source a URL stands for, or the refusal (`field` names it). */
export const urlSource = (caller: Caller, field: string, url: string) =>
  Effect.gen(function*() {
    if (url.startsWith("s3://")) {
      const location = parseS3Url(url)
      if (location === undefined) return yield* invalid(field, "must be s3://<bucket>/<key>")
      if (!(caller.tenant.buckets ?? []).includes(location.bucket)) {
        return yield* new AccessDenied({ message: `bucket ${location.bucket} is not one of this tenant's buckets` })
      }
      return { type: "url", url } satisfies JobSource
    }
    const parsed = hostOf(url)
    if (parsed !== undefined && parsed.protocol === "https:" && parsed.hostname !== "") return { type: "url", url } satisfies JobSource
    if (parsed !== undefined && parsed.protocol === "http:" && parsed.hostname === "127.0.0.1" && (yield* HttpFetcher).allowHttpLoopback) {
      return { type: "url", url } satisfies JobSource
    }
    return yield* invalid(field, "must be an https:// or s3:// URL")
  })
