/**
 * What real files (../shared/realdocs, other projects' test suites) showed this reader got wrong
 * (issue 15), each on a small fixture made here: self-closing XML elements and internal DTD
 * subsets, mbox `From ` lines, UTF-16 without a byte-order mark, control characters, undeclared
 * legacy charsets, mislabelled OOXML, legacy Office versions, multi-page TIFF, …
 */
import { Documents } from "@docket/core"
import { layerInProcess } from "@docket/formats"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as F from "./fixtures.js"

const parse = (fileName: string, bytes: Uint8Array) =>
  Effect.flatMap(Documents.DocumentParser, (parser) => parser.parse({ fileName, bytes }))
const failure = (fileName: string, bytes: Uint8Array) =>
  Effect.flatMap(Documents.DocumentParser, (parser) => Effect.flip(parser.parse({ fileName, bytes })))

describe("real-world files", () => {
  it.layer(layerInProcess())((it) => {
    it.effect("xml: self-closing elements are not truncation; a missing end tag still is", () =>
      Effect.gen(function*() {
        const doc = yield* parse("book.xml", F.utf8(`<?xml version="1.0"?><book><title>Moby Dick</title><publisher/><img src="a.png" /><author>Melville</author></book>`))
        expect(doc.text).toContain("title: Moby Dick")
        expect(doc.text).toContain("author: Melville")
        expect(yield* failure("bad.xml", F.utf8("<root><a><b></a></root>"))).toMatchObject({ _tag: "CorruptFile", message: "The XML file is not well-formed: element <b> is not closed (truncated?)." })
        expect(yield* failure("cut.xml", F.utf8("<root><a/><b>"))).toMatchObject({ _tag: "CorruptFile" })
      }))

    it.effect("xml: an internal DTD subset (with > in declarations, literals and comments) is skipped", () =>
      Effect.gen(function*() {
        const xml = `<?xml version="1.0"?>\n<!DOCTYPE patent SYSTEM "patent.dtd" [\n<!ENTITY fig1 SYSTEM "fig1.tif" NDATA TIF>\n<!-- a > in a comment ] -->\n<!ENTITY note "a > b ] c">\n]>\n<patent><claim>A widget comprising a lever.</claim></patent>`
        const doc = yield* parse("patent.xml", F.utf8(xml))
        expect(doc.text).toBe("claim: A widget comprising a lever.")
      }))
  })
})
