/** The request journal in the control plane: list it filtered (`GET /_admin/journal`), clear it (`DELETE`). */
import { Effect } from "effect"
import { type JournalFilter, selectEntries } from "../journal/journal-query.js"
import { RequestJournal } from "../journal/request-journal.js"
import { decodeInput, JournalQueryInput } from "./inputs.js"

/** The entries that pass `filter`, newest first, with the journal's capacity and whether it keeps bodies. */
export const listJournal = (filter: JournalFilter = {}) =>
  Effect.gen(function*() {
    const query = yield* decodeInput(JournalQueryInput)(filter)
    const journal = yield* RequestJournal
    const records = yield* journal.records
    return { entries: selectEntries(records, query), capacity: journal.capacity, bodies: journal.bodies.keep }
  })

/** Drops every entry; how many there were. */
export const clearJournal = Effect.flatMap(RequestJournal, (journal) => Effect.map(journal.clear, (cleared) => ({ cleared })))
