/**
 * The DocumentParser port: reads a file's bytes into a `ParsedDocument`. Core holds only the
 * contract; `@docket/formats` implements it (off the main thread, with format libraries).
 *
 * A parser reads every extension of `DOCUMENT_EXTENSIONS` (the union of the operations' lists) or
 * fails with a tagged error; each operation checks its own list (`isSupportedExtension`) first.
 */
import { Context, type Effect } from "effect"
import type { ParseFailure } from "./errors.js"
import type { ParsedDocument } from "./parsed-document.js"

export interface ParseInput {
  readonly bytes: Uint8Array
  /** Original file name; its extension decides the format. */
  readonly fileName: string
}

export interface DocumentParserService {
  readonly parse: (input: ParseInput) => Effect.Effect<ParsedDocument, ParseFailure>
}

export class DocumentParser extends Context.Tag("@docket/core/DocumentParser")<DocumentParser, DocumentParserService>() {}
