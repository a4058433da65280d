/**
 * Reading a job's file from its source when the job runs: an upload handle from the blob store,
 * an `https://` URL through the `HttpFetcher` (the response within 30 s and the whole file within
 * 300 s on the service clock, at most `maxUploadBytes`), an `s3://` URL from the `ObjectStore`.
 * A URL that cannot be read fails the job with `download_failed` (spec 2, "Errors").
 */
import { Clock, Duration, Effect, Option, Stream } from "effect"
import { Settings } from "../../kernel/config.js"
import type { JobError } from "../../jobs/job.js"
import type { DocumentJob } from "../document-job.js"
import { BlobStore } from "../uploads/blob-store.js"
import { blobKeyOf, UploadStore } from "../uploads/upload.js"
import { concatChunks } from "../../platform/request.js"
import { FetchFailed, HttpFetcher } from "./http-fetcher.js"
import { ObjectStore, parseS3Url } from "./object-store.js"

/** the server must answer within this (service clock) */
export const DOWNLOAD_RESPONSE_TIMEOUT_MS = 30_000
/** the whole file must arrive within this (service clock) */
export const DOWNLOAD_TOTAL_TIMEOUT_MS = 300_000

const jobError = (code: string, message: string, retryable = false): JobError => ({ code, message, retryable })
const storageFailure = () => jobError("internal_error", "storage was unavailable; retry with the same idempotency key", true)
const downloadFailed = (url: string, why: string, retryable = false) => jobError("download_failed", `could not download ${url}: ${why}`, retryable)

const fromUpload = (fileId: string) =>
  Effect.gen(function*() {
    const upload = yield* Effect.flatMap(UploadStore, (u) => u.get(fileId)).pipe(Effect.mapError(storageFailure))
    if (Option.isNone(upload)) return yield* Effect.fail(jobError("file_not_found", `upload ${fileId} no longer exists`))
    if ((yield* Clock.currentTimeMillis) >= upload.value.expires_at) {
      return yield* Effect.fail(jobError("upload_expired", `upload ${fileId} expired before the job started; upload the file again`))
    }
    const bytes = yield* Effect.flatMap(BlobStore, (b) => b.get(blobKeyOf(fileId))).pipe(Effect.mapError(storageFailure))
    if (Option.isNone(bytes)) return yield* Effect.fail(jobError("file_not_found", `upload ${fileId} no longer exists`))
    return bytes.value
  })

const fromHttps = (url: string) =>
  Effect.gen(function*() {
    const fetcher = yield* HttpFetcher
    const { maxUploadBytes } = yield* Settings
    const response = yield* fetcher.get(url).pipe(
      Effect.timeoutFail({
        duration: Duration.millis(DOWNLOAD_RESPONSE_TIMEOUT_MS),
        onTimeout: () => new FetchFailed({ message: `no response within ${DOWNLOAD_RESPONSE_TIMEOUT_MS / 1000} s` })
      }),
      Effect.mapError((e) => downloadFailed(url, e.message, true))
    )
    if (response.status < 200 || response.status > 299) {
      return yield* Effect.fail(downloadFailed(url, `the server answered ${response.status}`, response.status >= 500))
    }
    const tooLarge = downloadFailed(url, `the file is larger than ${maxUploadBytes} bytes`)
    if (response.contentLength !== undefined && response.contentLength > maxUploadBytes) return yield* Effect.fail(tooLarge)
    const chunks: Array<Uint8Array> = []
    let size = 0
    yield* response.body.pipe(
      Stream.mapError((e) => downloadFailed(url, e.message, true)),
      Stream.runForEach((chunk) => {
        size += chunk.byteLength
        if (size > maxUploadBytes) return Effect.fail(tooLarge)
        chunks.push(chunk)
        return Effect.void
      }),
      Effect.timeoutFail({
        duration: Duration.millis(DOWNLOAD_TOTAL_TIMEOUT_MS),
        onTimeout: () => downloadFailed(url, `the file did not arrive within ${DOWNLOAD_TOTAL_TIMEOUT_MS / 1000} s`, true)
      })
    )
    return concatChunks(chunks, size)
  })

const fromS3 = (url: string) =>
  Effect.gen(function*() {
    const location = parseS3Url(url)
    if (location === undefined) return yield* Effect.fail(downloadFailed(url, "not an s3://bucket/key URL"))
    const object = yield* Effect.flatMap(ObjectStore, (s) => s.get(location.bucket, location.key)).pipe(
      Effect.mapError(() => downloadFailed(url, "the object store is unavailable", true))
    )
    if (Option.isNone(object)) return yield* Effect.fail(downloadFailed(url, "no such object"))
    const { maxUploadBytes } = yield* Settings
    if (object.value.byteLength > maxUploadBytes) return yield* Effect.fail(downloadFailed(url, `the file is larger than ${maxUploadBytes} bytes`))
    return object.value
  })

/** The bytes at an `s3://` or `https://` URL, or the job's error. */
export const readSourceUrl = (
  url: string
): Effect.Effect<Uint8Array, JobError, Settings | ObjectStore | HttpFetcher> => (url.startsWith("s3://") ? fromS3(url) : fromHttps(url))

/** The bytes of the job's file, or the job's error. */
export const readJobSource = (job: DocumentJob) => {
  const source = job.input.source
  return source.type === "upload" ? fromUpload(source.file_id) : readSourceUrl(source.url)
}
