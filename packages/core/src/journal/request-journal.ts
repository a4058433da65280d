/**
 * The request journal's port: a bounded store of the latest journaled requests, per process
 * (each instance holds its own). Recorded by the HTTP middleware (`journaled.ts`), read and
 * cleared by the control plane (`GET|DELETE /_admin/journal`, `docket.admin.journal`).
 */
import { Context, type Effect } from "effect"
import type { JournalRecord } from "./journal-entry.js"

export interface RequestJournalService {
  /** how many records it holds at most; `0`: the journal is off and records nothing */
  readonly capacity: number
  /** whether the middleware keeps bodies, and how many bytes of each */
  readonly bodies: { readonly keep: boolean; readonly maxBytes: number }
  /** stores a record, dropping the oldest one when full */
  readonly record: (record: JournalRecord) => Effect.Effect<void>
  /** the records held, latest recorded first */
  readonly records: Effect.Effect<ReadonlyArray<JournalRecord>>
  /** drops every record; how many there were */
  readonly clear: Effect.Effect<number>
}

export class RequestJournal extends Context.Tag("@docket/core/RequestJournal")<RequestJournal, RequestJournalService>() {}
