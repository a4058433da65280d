/**
 * Files that must fail, and fail with the right tagged error and a message that says why:
 * unsupported extensions, signatures that contradict the extension, truncated and corrupt files,
 * encrypted files, zip bombs and files beyond the limits.
 */
import { Documents } from "@docket/core"
import { layerInProcess } from "@docket/formats"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { strToU8, zipSync } from "fflate"
import * as F from "./fixtures.js"

const failure = (fileName: string, bytes: Uint8Array) =>
  Effect.flatMap(Documents.DocumentParser, (parser) => Effect.flip(parser.parse({ fileName, bytes })))

describe("failures", () => {
  it.layer(layerInProcess({ limits: { maxArchiveEntries: 50, maxPages: 3, maxCells: 100 } }))((it) => {
    it.effect("an extension no operation reads", () =>
      Effect.gen(function*() {
        const error = yield* failure("tool.exe", new Uint8Array([0x4d, 0x5a]))
        expect(error).toMatchObject({ _tag: "UnsupportedFileType", reason: "extension", extension: ".exe" })
        expect(error.message).toContain("Files of type .exe are not supported")
        expect(yield* failure("README", F.utf8("x"))).toMatchObject({ _tag: "UnsupportedFileType", reason: "extension" })
      }))

    it.effect("a signature that contradicts the extension", () =>
      Effect.gen(function*() {
        const pdf = yield* Effect.promise(() => F.samplePdf([[{ text: "x", x: 10, y: 10, size: 10 }]]))
        expect(yield* failure("letter.docx", pdf)).toMatchObject({
          _tag: "UnsupportedFileType", reason: "signature_mismatch", detected: "pdf",
          message: "The file's content is a PDF, which does not match its extension .docx."
        })
        expect(yield* failure("scan.pdf", F.png(F.drawText("HELLO")))).toMatchObject({ _tag: "UnsupportedFileType", detected: "png" })
        expect(yield* failure("notes.txt", F.sampleDocx())).toMatchObject({ _tag: "UnsupportedFileType", detected: "zip" })
        expect(yield* failure("photo.jpg", F.png(F.drawText("HELLO")))).toMatchObject({ _tag: "UnsupportedFileType", detected: "png" })
        expect(yield* failure("sheet.xls", F.png(F.drawText("HELLO")))).toMatchObject({ _tag: "UnsupportedFileType", detected: "png" })
        expect(yield* failure("mail.msg", F.sampleXlsx())).toMatchObject({ _tag: "UnsupportedFileType", detected: "zip" })
        expect(yield* failure("empty.pdf", new Uint8Array(0))).toMatchObject({ _tag: "UnsupportedFileType", detected: "empty" })
      }))

    it.effect("truncated files", () =>
      Effect.gen(function*() {
        const cut = (bytes: Uint8Array, fraction = 0.5) => bytes.subarray(0, Math.floor(bytes.length * fraction))
        const docx = yield* failure("report.docx", cut(F.sampleDocx()))
        expect(docx).toMatchObject({ _tag: "CorruptFile", format: "docx" })
        expect(docx.message).toContain("not a valid ZIP package")
        expect(yield* failure("book.xlsx", cut(F.sampleXlsx()))).toMatchObject({ _tag: "CorruptFile" })
        const pdf = yield* Effect.promise(() => F.samplePdf([[{ text: "Hello", x: 10, y: 10, size: 10 }]]))
        expect(yield* failure("report.pdf", pdf.subarray(0, 200))).toMatchObject({ _tag: "CorruptFile", format: "pdf" })
        const image = yield* failure("scan.png", cut(F.png(F.drawText("HELLO"))))
        expect(image).toMatchObject({ _tag: "CorruptFile", message: "The PNG image is truncated; it cannot be read." })
        expect(yield* failure("legacy.xls", cut(F.sampleXls(), 0.3))).toMatchObject({ _tag: "CorruptFile", format: "xls" })
        expect(yield* failure("letter.doc", cut(F.sampleDoc("Hello\r"), 0.5))).toMatchObject({ _tag: "CorruptFile", format: "doc" })
        expect(yield* failure("data.xml", F.utf8("<root><a>1</a><b>"))).toMatchObject({ _tag: "CorruptFile", message: "The XML file is not well-formed: element <b> is not closed (truncated?)." })
      }))

    it.effect("corrupt files: right container, wrong content", () =>
      Effect.gen(function*() {
        expect(yield* failure("plain.docx", F.zip({ "hello.txt": "not office" }))).toMatchObject({
          _tag: "CorruptFile", message: "The DOCX file is a ZIP archive but not an Office Open XML package (no [Content_Types].xml)."
        })
        const mangled = F.sampleDocx()
        // damage the deflate stream of every entry: the central directory still reads
        const broken = mangled.slice()
        for (let i = 60; i < broken.length - 400; i += 7) broken[i] ^= 0xff
        expect(yield* failure("broken.docx", broken)).toMatchObject({ _tag: "CorruptFile", format: "docx" })
        expect(yield* failure("words.doc", F.cfb({ Other: new Uint8Array(10) }))).toMatchObject({ _tag: "CorruptFile", message: "The DOC file is a compound document but not a Word document (no WordDocument stream)." })
        expect(yield* failure("mail.msg", F.cfb({ Other: new Uint8Array(10) }))).toMatchObject({ _tag: "CorruptFile", format: "msg" })
        expect(yield* failure("mail.eml", F.utf8("just some words\nwithout headers"))).toMatchObject({ _tag: "CorruptFile", format: "eml" })
        expect(yield* failure("garbage.pdf", F.utf8("%PDF-1.7\nthis is not a pdf at all"))).toMatchObject({ _tag: "CorruptFile", format: "pdf" })
        expect(yield* failure("data.xml", F.utf8("no markup here"))).toMatchObject({ _tag: "CorruptFile", message: "The XML file has no root element; it is not XML." })
        const png = F.png(F.drawText("HELLO"))
        const badHeader = png.slice()
        badHeader.set([0, 0, 0, 0], 12)
        expect(yield* failure("scan.png", badHeader)).toMatchObject({ _tag: "CorruptFile", message: "The PNG image has a damaged header; it cannot be read." })
      }))

    it.effect("encrypted files", () =>
      Effect.gen(function*() {
        const pdf = yield* failure("secret.pdf", yield* Effect.promise(() => F.encryptedPdf()))
        expect(pdf).toMatchObject({ _tag: "EncryptedFile", format: "pdf", message: "The PDF is password-protected; remove the password and upload it again." })
        for (const name of ["secret.docx", "secret.xlsx", "secret.pptx", "secret.docm", "secret.xlsm", "secret.vsdx"]) {
          expect(yield* failure(name, F.encryptedOoxml())).toMatchObject({ _tag: "EncryptedFile" })
        }
        expect(yield* failure("secret.xls", F.sampleXls({ encrypted: true }))).toMatchObject({ _tag: "EncryptedFile", format: "xls" })
        expect(yield* failure("secret.doc", F.sampleDoc("Hello\r", { encrypted: true }))).toMatchObject({ _tag: "EncryptedFile", format: "doc" })
        expect(yield* failure("secret.ppt", F.cfb({ "PowerPoint Document": new Uint8Array(16), EncryptedSummary: new Uint8Array(8) }))).toMatchObject({ _tag: "EncryptedFile", format: "ppt" })
        // an encrypted ZIP entry (traditional PKWARE encryption flag)
        const zipped = F.sampleDocx()
        const flagged = zipped.slice()
        for (let i = 0; i + 4 < flagged.length; i++) {
          if (flagged[i] === 0x50 && flagged[i + 1] === 0x4b && flagged[i + 2] === 0x01 && flagged[i + 3] === 0x02) flagged[i + 8] |= 1
        }
        expect(yield* failure("zipcrypto.docx", flagged)).toMatchObject({ _tag: "EncryptedFile", format: "docx" })
      }))

    it.effect("zip bombs and archives beyond the limits", () =>
      Effect.gen(function*() {
        // 16 MiB of one repeated character inflates about 1000 times its compressed size
        const bomb = F.docx(`<w:p><w:r><w:t>${"A".repeat(16 * 1024 * 1024)}</w:t></w:r></w:p>`)
        expect(bomb.length).toBeLessThan(64 * 1024)
        const error = yield* failure("bomb.docx", bomb)
        expect(error).toMatchObject({ _tag: "FileTooComplex", limit: "compression_ratio" })
        expect(error.message).toContain("possible zip bomb")
        const many: Record<string, Uint8Array> = { "[Content_Types].xml": strToU8("<Types/>") }
        for (let i = 0; i < 60; i++) many[`part${i}.xml`] = strToU8("<x/>")
        expect(yield* failure("many.xlsx", zipSync(many))).toMatchObject({ _tag: "FileTooComplex", limit: "entries", message: "The XLSX package lists 61 entries; at most 50 are read." })
      }))

    it.effect("pages and cells beyond the limits", () =>
      Effect.gen(function*() {
        const pdf = yield* Effect.promise(() => F.samplePdf(Array.from({ length: 4 }, () => [{ text: "page", x: 10, y: 10, size: 10 }])))
        expect(yield* failure("long.pdf", pdf)).toMatchObject({ _tag: "FileTooComplex", limit: "pages", message: "The PDF has 4 pages; at most 3 are read." })
        const csv = Array.from({ length: 30 }, (_, i) => `${i},a,b,c`).join("\n")
        expect(yield* failure("big.csv", F.utf8(csv))).toMatchObject({ _tag: "FileTooComplex", limit: "cells" })
      }))
  })
})
