/** The request journal: its port, the in-memory ring, the HTTP middleware and the reading of it. */
export { JOURNAL_SERVICES, type JournalBody, type JournalEntry, type JournalRecord, type JournalService } from "./journal-entry.js"
export { RequestJournal, type RequestJournalService } from "./request-journal.js"
export { makeRingJournal, RingJournalLive } from "./ring-journal.js"
export { journaledRoutes, journalRequest } from "./journaled.js"
export { type JournalFilter, selectEntries, type StatusClass } from "./journal-query.js"
export { REDACTED } from "./redaction.js"
