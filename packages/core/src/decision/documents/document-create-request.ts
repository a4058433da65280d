/**
 * The body of a document-questions create (`POST /v1/documents/jobs`, spec 1 "Document routes"),
 * at most 1,000,000 bytes in all (spec 1, "Limits"), in one of two forms:
 * - `multipart/form-data`: a part `file` (the document) and the text parts `questions` (the JSON
 *   object of `POST /v1/systemone`), `model` and `wait_seconds` (optional);
 * - JSON: `{source, questions, model?, wait_seconds?}`, `source` as the document service's v1 form
 *   names a URL: `{"type": "url", "url": "https://…", "file_name": "report.pdf"}`.
 * Every problem is collected in one pass and answered as spec 1's 422 `invalid_request_error`
 * with `issues`, paths into the body as for the evaluate request. `wait_seconds` above 60 waits
 * 60 (the cap); a multipart file is stored only when the whole request is valid.
 */
import { Clock, Effect, Option } from "effect"
import type { FieldError } from "../../api/errors.js"
import { Ids } from "../../kernel/ids.js"
import { parseJson } from "../../kernel/json.js"
import { type BodyError, type DocketRequest, decodeUtf8 } from "../../platform/request.js"
import type { DocumentJobInput } from "../../documents/document-job.js"
import { fileNameError } from "../../documents/file-name.js"
import { HttpFetcher } from "../../documents/sources/http-fetcher.js"
import { fileExtension, isSupportedExtension } from "../../documents/supported-extensions.js"
import { BlobStore } from "../../documents/uploads/blob-store.js"
import { receiveMultipartFile } from "../../documents/uploads/multipart-file.js"
import { blobKeyOf, UPLOAD_LIFETIME_MS, UploadStore } from "../../documents/uploads/upload.js"
import { InvalidRequest, storeUnavailable } from "../errors.js"
import { type Issue, issue } from "../issue.js"
import type { Questions } from "../question.js"
import { validateFields } from "../validation.js"

/** The create body's cap (spec 1, "Limits"). */
export const MAX_CREATE_BODY_BYTES = 1_000_000
/** The longest wait of a create (spec 1, "Limits"): a larger `wait_seconds` waits this long. */
export const MAX_WAIT_SECONDS = 60

export interface DocumentCreate {
  readonly file: Pick<DocumentJobInput, "source" | "file_name">
  readonly questions: Questions
  readonly model: string | null
  /** already capped */
  readonly waitSeconds: number
}

export const bodyTooLarge = () => new InvalidRequest({ issues: [issue([], `request body must be at most ${MAX_CREATE_BODY_BYTES} bytes`)] })

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** The name a multipart part's `filename` gives, without any directories a client put in it. */
const baseName = (name: string) => name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1)

/** A multipart text part as `wait_seconds`: a number when it reads as one, else the text (refused), none when blank. */
const waitPart = (text: string | undefined): unknown => {
  if (text === undefined || text.trim() === "") return undefined
  const n = Number(text)
  return Number.isNaN(n) ? text : n
}

/** The questions and model, checked as `POST /v1/systemone` checks them (its `state` is the document). */
const questionIssues = (questions: unknown, model: unknown, present: { readonly questions: boolean; readonly model: boolean }) => {
  const body: Record<string, unknown> = { state: null }
  if (present.questions) body.questions = questions
  if (present.model) body.model = model
  const checked = validateFields(body)
  return checked._tag === "Valid"
    ? { issues: [] as ReadonlyArray<Issue>, questions: checked.request.questions }
    : { issues: checked.issues, questions: undefined }
}

const waitSecondsOf = (raw: unknown, issues: Array<Issue>): number => {
  if (raw === undefined || raw === null) return 0
  if (typeof raw !== "number" || !Number.isFinite(raw) || raw < 0) {
    issues.push(issue(["wait_seconds"], `must be a number of seconds, 0 or more (waits are capped at ${MAX_WAIT_SECONDS})`))
    return 0
  }
  return Math.min(raw, MAX_WAIT_SECONDS)
}

const fileNameIssue = (path: string, name: unknown): Issue | undefined => {
  const e = fileNameError(path, name)
  if (e !== undefined) return { path, message: e.message }
  if (!isSupportedExtension("extract", name as string)) {
    return { path, message: `unsupported file extension "${fileExtension(name as string)}"` }
  }
  return undefined
}

const sourceOf = (raw: unknown, issues: Array<Issue>, allowLoopback: boolean): DocumentCreate["file"] | undefined => {
  if (raw === undefined) {
    issues.push(issue(["source"], "is required (or send the file as multipart/form-data with a part named file)"))
    return undefined
  }
  if (!isObject(raw) || raw.type !== "url") {
    issues.push(issue(["source"], "must be {\"type\": \"url\", \"url\": \"https://…\", \"file_name\": \"…\"} (or send the file as multipart/form-data)"))
    return undefined
  }
  let ok = true
  const url = raw.url
  if (typeof url !== "string" || !urlAccepted(url, allowLoopback)) {
    issues.push(issue(["source", "url"], "must be an https:// URL"))
    ok = false
  }
  const nameIssue = fileNameIssue("source.file_name", raw.file_name)
  if (nameIssue !== undefined) {
    issues.push(nameIssue)
    ok = false
  }
  return ok ? { source: { type: "url", url: url as string }, file_name: raw.file_name as string } : undefined
}

const urlAccepted = (url: string, allowLoopback: boolean) => {
  try {
    const u = new URL(url)
    if (u.username !== "" || u.password !== "") return false
    return (u.protocol === "https:" && u.hostname !== "") || (allowLoopback && u.protocol === "http:" && u.hostname === "127.0.0.1")
  } catch {
    return false
  }
}

const bodyReadError = (e: BodyError) =>
  e._tag === "BodyTooLarge" ? bodyTooLarge() : new InvalidRequest({ issues: [issue([], "request body could not be read")] })

/** A JSON create. */
const jsonCreate = (request: DocketRequest) =>
  Effect.gen(function*() {
    const text = decodeUtf8(yield* request.body.read(MAX_CREATE_BODY_BYTES).pipe(Effect.mapError(bodyReadError)))
    const parsed = parseJson(text)
    if (Option.isNone(parsed)) return yield* new InvalidRequest({ issues: [issue([], "body must be valid JSON")] })
    const body = parsed.value
    if (!isObject(body)) return yield* new InvalidRequest({ issues: [issue([], "must be a JSON object with source and questions")] })
    const issues: Array<Issue> = []
    const file = sourceOf(body.source, issues, (yield* HttpFetcher).allowHttpLoopback)
    const checked = questionIssues(body.questions, body.model, { questions: "questions" in body, model: "model" in body })
    issues.push(...checked.issues)
    const waitSeconds = waitSecondsOf(body.wait_seconds, issues)
    if (issues.length > 0 || file === undefined || checked.questions === undefined) return yield* new InvalidRequest({ issues })
    return { file, questions: checked.questions, model: typeof body.model === "string" ? body.model : null, waitSeconds } satisfies DocumentCreate
  })

/** The text parts of a multipart create. */
const TEXT_PARTS = ["questions", "model", "wait_seconds"] as const

/** A multipart create: the file goes to the blob store as it arrives, and is kept only when the request is valid. */
const multipartCreate = (request: DocketRequest, tenantId: string) =>
  Effect.gen(function*() {
    const fileId = (yield* Ids).uuid()
    const key = blobKeyOf(fileId)
    const parts = new Map<string, Array<Uint8Array>>()
    const issues: Array<Issue> = []
    const received = yield* receiveMultipartFile({
      request,
      blobKey: key,
      maxFileBytes: MAX_CREATE_BODY_BYTES,
      // the file's cap is the whole body's: the other parts come out of the same 1,000,000 bytes
      overheadBytes: 0,
      maxParts: 8,
      notMultipartMessage: "the body must be JSON, or multipart/form-data with the parts file and questions",
      otherPart: (info) => {
        if (!(TEXT_PARTS as ReadonlyArray<string>).includes(info.name)) return undefined
        const chunks: Array<Uint8Array> = []
        parts.set(info.name, chunks)
        return (chunk) => chunks.push(chunk)
      },
      problems: (fileName) => {
        if (fileName === undefined) return []
        const e = fileNameIssue("file", baseName(fileName))
        return e === undefined ? [] : [{ field: "file", message: `the part's filename ${e.message}` }]
      }
    }).pipe(
      Effect.catchTags({
        PayloadTooLarge: () => bodyTooLarge(),
        MalformedRequest: (e) => new InvalidRequest({ issues: [issue([], e.message)] }),
        InvalidInput: (e) => new InvalidRequest({ issues: e.errors.map((f: FieldError) => ({ path: f.field, message: f.message })) }),
        ServiceUnavailable: () => storeUnavailable()
      })
    )
    const text = (name: string) => {
      const chunks = parts.get(name)
      return chunks === undefined ? undefined : decodeUtf8(Buffer.concat(chunks))
    }
    const questionsText = text("questions")
    let questions: unknown = undefined
    if (questionsText !== undefined) {
      const parsed = parseJson(questionsText)
      if (Option.isNone(parsed)) issues.push(issue(["questions"], "must be a JSON object mapping question ids to questions"))
      else questions = parsed.value
    }
    const model = text("model")
    const checked = questionsText !== undefined && questions === undefined
      ? { issues: [] as ReadonlyArray<Issue>, questions: undefined }
      : questionIssues(questions, model, { questions: questionsText !== undefined, model: model !== undefined })
    issues.push(...checked.issues)
    const waitSeconds = waitSecondsOf(waitPart(text("wait_seconds")), issues)
    const blobs = yield* BlobStore
    if (issues.length > 0 || checked.questions === undefined) {
      yield* Effect.ignore(blobs.delete(key))
      return yield* new InvalidRequest({ issues })
    }
    const fileName = baseName(received.fileName)
    const now = yield* Clock.currentTimeMillis
    // the file is an upload of the account's job tenant: the document service's job reads it as any upload
    yield* Effect.flatMap(UploadStore, (u) =>
      u.create({ file_id: fileId, tenant_id: tenantId, file_name: fileName, size: received.size, created_at: now, expires_at: now + UPLOAD_LIFETIME_MS })).pipe(
        Effect.tapError(() => Effect.ignore(blobs.delete(key))),
        Effect.catchTag("StorageUnavailable", storeUnavailable)
      )
    return {
      file: { source: { type: "upload", file_id: fileId }, file_name: fileName },
      questions: checked.questions,
      model: model ?? null,
      waitSeconds
    } satisfies DocumentCreate
  })

/** The create of the request, in whichever form it was sent. */
export const readDocumentCreate = (request: DocketRequest, tenantId: string) =>
  /^multipart\/form-data/i.test(request.header("content-type") ?? "") ? multipartCreate(request, tenantId) : jsonCreate(request)
