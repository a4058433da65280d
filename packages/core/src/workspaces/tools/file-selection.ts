/**
 * What part of an ingested file `read-file` and `qa-file` look at: the whole document, a
 * `component` (a section, sheet or table name as `file-metadata`, search evidence and filtered-search
 * rows give it), `pages` (1-based), or a component within pages — several components may share a
 * name (spec 3, filtered-search rule 6), and `pages` tells them apart. Every refusal says what
 * exists instead.
 */
import { Effect } from "effect"
import { InvalidInput } from "../../api/errors.js"
import type { FileIngestionRecord } from "../ingestion/file-ingestion.js"
import { type CharRange, intersectRanges, mergeRanges } from "./document-text.js"

/** pages one request may name */
export const MAX_PAGES = 200
/** component names listed in a refusal */
const LISTED_NAMES = 20

export interface FileSelection {
  readonly component?: string | undefined
  readonly pages?: ReadonlyArray<number> | undefined
}

const refuse = (field: string, message: string) => new InvalidInput({ errors: [{ field, message }] })

const listNames = (names: ReadonlyArray<string>) => {
  const distinct = [...new Set(names)]
  return distinct.length === 0
    ? "this file has no components"
    : `its components are ${distinct.slice(0, LISTED_NAMES).map((n) => JSON.stringify(n)).join(", ")}${distinct.length > LISTED_NAMES ? ` and ${distinct.length - LISTED_NAMES} more (file-metadata lists them)` : ""}`
}

/** The ranges of `document.md` the selection covers (merged, ascending). */
export const selectRanges = (record: FileIngestionRecord, selection: FileSelection) =>
  Effect.gen(function*() {
    const whole: ReadonlyArray<CharRange> = [{ start: 0, end: record.total_chars }]
    let pageRanges: ReadonlyArray<CharRange> | undefined
    if (selection.pages !== undefined) {
      if (record.pages.length === 0) {
        return yield* refuse("pages", "this file has no pages (a spreadsheet, a text or a media file): select a part with component instead")
      }
      const pageCount = record.page_count ?? Math.max(...record.pages.map((p) => p.page))
      const beyond = selection.pages.filter((p) => p > pageCount)
      if (beyond.length > 0) return yield* refuse("pages", `page ${beyond[0]} is beyond the file's ${pageCount} page(s)`)
      pageRanges = mergeRanges(record.pages.filter((p) => selection.pages!.includes(p.page)).map((p) => ({ start: p.char_start, end: p.char_end })))
    }
    if (selection.component === undefined) return pageRanges ?? whole
    const named = record.components.filter((c) => c.name === selection.component)
    if (named.length === 0) return yield* refuse("component", `this file has no component named ${JSON.stringify(selection.component)}: ${listNames(record.components.map((c) => c.name))}`)
    const componentRanges = mergeRanges(named.map((c) => ({ start: c.char_start, end: c.char_end })))
    if (pageRanges === undefined) return componentRanges
    const both = intersectRanges(componentRanges, pageRanges)
    if (both.length === 0) {
      const on = named
        .filter((c) => c.page_start !== null)
        .map((c) => (c.page_start === c.page_end ? `page ${c.page_start}` : `pages ${c.page_start}-${c.page_end}`))
      return yield* refuse("pages", `component ${JSON.stringify(selection.component)} is not on the pages asked${on.length > 0 ? `: it is on ${[...new Set(on)].join(", ")}` : ""}`)
    }
    return both
  })
