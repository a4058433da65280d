/**
 * Upload handles (spec 2, "Upload handle"): `svc://file/<file_id>`, the captured file name, and an
 * expiry about 6 days after the upload (exactly 6 days here).
 */
import { Context, type Effect, type Option } from "effect"
import { StorageUnavailable } from "../../kernel/storage-unavailable.js"

export const UPLOAD_LIFETIME_MS = 6 * 24 * 60 * 60 * 1000
/** 200 MB, read as 200 MiB (the limit of `@docket/formats` too) */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024
export const HANDLE_PREFIX = "svc://file/"

export interface UploadRecord {
  readonly file_id: string
  readonly tenant_id: string
  readonly file_name: string
  readonly size: number
  readonly created_at: number
  readonly expires_at: number
}

export const blobKeyOf = (fileId: string) => `uploads/${fileId}`

/** The upload handle `POST /upload` answers (spec 2, "Upload handle"). */
export const uploadView = (record: UploadRecord) => ({
  file_id: record.file_id,
  file_name: record.file_name,
  expires_at: new Date(record.expires_at).toISOString(),
  source_url: `${HANDLE_PREFIX}${record.file_id}`
})

export type UploadView = ReturnType<typeof uploadView>


export interface UploadStoreService {
  readonly create: (upload: UploadRecord) => Effect.Effect<UploadRecord, StorageUnavailable>
  readonly get: (fileId: string) => Effect.Effect<Option.Option<UploadRecord>, StorageUnavailable>
  /**
   * retention: up to `limit` uploads whose `expires_at` is at or before `now` and whose blob is not
   * yet marked deleted (`markBlobDeleted`), oldest expiry first
   */
  readonly listExpired: (now: number, limit: number) => Effect.Effect<ReadonlyArray<UploadRecord>, StorageUnavailable>
  /**
   * retention: records that the upload's blob is deleted, so `listExpired` no longer lists it. The
   * record itself stays (a late use of the handle is then still 410, not 404). Idempotent; an
   * unknown id is nothing. A later `create` of the id clears the mark.
   */
  readonly markBlobDeleted: (fileId: string) => Effect.Effect<void, StorageUnavailable>
}

export class UploadStore extends Context.Tag("@docket/core/UploadStore")<UploadStore, UploadStoreService>() {}
