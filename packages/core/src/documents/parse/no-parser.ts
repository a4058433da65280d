/**
 * The `DocumentParser` of an instance built without one (`makeDocket` without `parser`): every
 * file fails with `UnsupportedFileType` saying how to configure one. `createDocket` of
 * `@docket/server` provides `@docket/formats` instead.
 */
import { Effect, Layer } from "effect"
import { DocumentParser } from "../document-parser.js"
import { UnsupportedFileType } from "../errors.js"
import { fileExtension } from "../supported-extensions.js"

export const noParserLayer: Layer.Layer<DocumentParser> = Layer.succeed(DocumentParser, {
  parse: ({ fileName }) =>
    Effect.fail(
      new UnsupportedFileType({
        fileName,
        extension: fileExtension(fileName),
        reason: "format_not_readable",
        detected: null,
        message: "this Docket instance has no document parser; pass `parser` (e.g. @docket/formats' layer) to makeDocket"
      })
    )
})
