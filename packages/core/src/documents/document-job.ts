/**
 * What every document-operation job takes (spec 2): the file — an upload handle or a URL — its
 * name, the operation's own parameters frozen at acceptance, and the form that created the job.
 * Each operation's kind (`*-kind.ts`) declares this input; the usage of every document job is the
 * pages (or cells) its result read.
 */
import { Schema } from "effect"
import type { Job, JobForm, JobKind } from "../jobs/job.js"
import { defineJobKind, type JobKindDefinition, type JobUsage } from "../jobs/job-kind.js"
import type { StoredParseResult } from "./parse/parse-result.js"

/**
 * Where the job's file comes from: an upload handle (`svc://file/<id>`, v1 `upload_id`), or a
 * URL (`https://…`, `s3://bucket/key`) read when the job runs.
 */
export type JobSource =
  | { readonly type: "upload"; readonly file_id: string }
  | { readonly type: "url"; readonly url: string }

/**
 * Where an operation reads an earlier parse instead of parsing again (`markdown_url`): a parse job
 * of the same tenant (a link Docket signed), or markdown at an `s3://` location of the tenant.
 */
export type MarkdownSource =
  | { readonly type: "parse_job"; readonly job_id: string }
  | { readonly type: "url"; readonly url: string }

export interface DocumentJobInput {
  readonly source: JobSource
  readonly file_name: string
  /** the operation's own parameters, frozen at acceptance (absent for parse) */
  readonly params?: Readonly<Record<string, unknown>> | undefined
  /** the form that created the job (absent: flat) */
  readonly form?: JobForm | undefined
}

export const DocumentJobInput: Schema.Schema<DocumentJobInput> = Schema.Struct({
  source: Schema.Union(
    Schema.Struct({ type: Schema.Literal("upload"), file_id: Schema.String }),
    Schema.Struct({ type: Schema.Literal("url"), url: Schema.String })
  ),
  file_name: Schema.String,
  params: Schema.optional(Schema.Union(Schema.Record({ key: Schema.String, value: Schema.Unknown }), Schema.Undefined)),
  form: Schema.optional(Schema.Union(Schema.Literal("flat", "v1"), Schema.Undefined))
})

/** A job of a document operation. */
export type DocumentJob<Result = unknown> = Job<DocumentJobInput, Result>

/** What a create asks for: kind, source, file name and the operation's parameters (key order as built). */
export const documentFingerprint = (kind: JobKind, input: DocumentJobInput) =>
  JSON.stringify(input.params === undefined ? [kind, input.source, input.file_name] : [kind, input.source, input.file_name, input.params])

/** The pages a document job read (non-empty cells for spreadsheets), as its result says. */
export const documentUsage = (job: Job): JobUsage => {
  const r = job.result as StoredParseResult | null
  if (r === null || typeof r !== "object") return { pages: 0, bytes_ingested: 0 }
  if (r.kind === "spreadsheet") return { pages: r.sheets.reduce((n, s) => n + s.cell_count, 0), bytes_ingested: 0 }
  return { pages: typeof r.page_count === "number" ? r.page_count : 0, bytes_ingested: 0 }
}

/** A document operation's job kind: the input, fingerprint and usage are every document job's. */
export const defineDocumentKind = <Result, R = never>(
  definition: Omit<JobKindDefinition<DocumentJobInput, Result, R>, "input" | "fingerprint" | "usage">
) => defineJobKind<DocumentJobInput, Result, R>({ ...definition, input: DocumentJobInput, fingerprint: documentFingerprint, usage: documentUsage })
