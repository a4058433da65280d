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
import { strToU8, unzipSync, zipSync } from "fflate"
import iconv from "iconv-lite"
import * as CFB from "cfb"
import { readFileSync } from "node:fs"
import * as F from "./fixtures.js"

const utf16be = (text: string): Uint8Array => Uint8Array.from(iconv.encode(text, "utf-16be"))
const utf16le = (text: string): Uint8Array => Uint8Array.from(iconv.encode(text, "utf-16le"))
const textOf = (doc: Documents.ParsedDocument) => doc.text

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

    it.effect("text and e-mail in UTF-16 without a byte-order mark pass the signature check and decode", () =>
      Effect.gen(function*() {
        const body = "Hello from a UTF-16 file.\n\nSecond paragraph: caf\u00e9 \u20ac 12."
        expect(textOf(yield* parse("be.txt", utf16be(body)))).toBe("Hello from a UTF-16 file.\n\nSecond paragraph: caf\u00e9 \u20ac 12.")
        expect(textOf(yield* parse("le.txt", utf16le(body)))).toContain("caf\u00e9 \u20ac 12.")
        const utf32 = new Uint8Array(body.length * 4)
        Array.from(body).forEach((ch, i) => new DataView(utf32.buffer).setUint32(i * 4, ch.codePointAt(0)!, true))
        expect(textOf(yield* parse("wide.txt", utf32))).toContain("caf\u00e9 \u20ac 12.")
        const mail = "From: Ann <ann@example.com>\r\nTo: bob@example.com\r\nSubject: Meeting\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nSee you at noon.\r\n"
        const eml = yield* parse("wide.eml", utf16be(mail))
        expect(eml.text).toContain("Meeting")
        expect(eml.text).toContain("See you at noon.")
        // binary data with scattered NUL bytes is still refused
        const binary = Uint8Array.from({ length: 4096 }, (_, i) => (i % 7 === 0 ? 0 : 0x41 + (i % 26)))
        expect(yield* failure("data.txt", binary)).toMatchObject({ _tag: "UnsupportedFileType", detected: "binary" })
      }))

    it.effect("e-mail saved from a mailbox: the mbox From line before the headers is skipped", () =>
      Effect.gen(function*() {
        const mail = "From MAILER-DAEMON Fri Jul  8 12:08:34 2011\nFrom: Ann <ann@example.com>\nSubject: Quarterly figures\n\nRevenue is up.\n"
        const eml = yield* parse("saved.eml", F.utf8(mail))
        expect(eml.metadata.subject).toBe("Quarterly figures")
        expect(eml.text).toContain("Revenue is up.")
        expect(yield* failure("note.eml", F.utf8("just some words\nno headers"))).toMatchObject({ _tag: "CorruptFile" })
      }))

    it.effect("NUL and C1 control characters never reach the text", () =>
      Effect.gen(function*() {
        const doc = yield* parse("c1.txt", F.utf8("Name: Ada\u0085 Lovelace\nTotal\u009f 12"))
        expect(doc.markdown).toBe("Name: Ada Lovelace\nTotal 12")
        const word = yield* parse("padded.docx", F.docx(F.docxParagraph("Name:\u0000\u0000 Ada\u0085 Lovelace\u0007") + F.docxTable([["a\u0001", "b"], ["x\u0000y", "\u0090z"]])))
        expect(word.markdown).not.toMatch(/[\u0000-\u0008\u000b-\u000c\u000e-\u001f\u007f-\u009f]/)
        expect(word.markdown).toContain("Name: Ada Lovelace")
        expect(word.markdown).toContain("xy")
      }))

    it.effect("undeclared legacy charsets are detected: Shift_JIS CSV, cp866, windows-1251, EBCDIC", () =>
      Effect.gen(function*() {
        const japanese = "\u540d\u524d,\u5e74\u9f62,\u4f4f\u6240\n\u7530\u4e2d\u592a\u90ce,30,\u6771\u4eac\u90fd\u6e0b\u8c37\u533a\n\u5c71\u7530\u82b1\u5b50,25,\u5927\u962a\u5e9c\u5927\u962a\u5e02\n\u4f50\u85e4\u4e00\u90ce,41,\u795e\u5948\u5ddd\u770c\u6a2a\u6d5c\u5e02\n"
        const csv = yield* parse("people.csv", Uint8Array.from(iconv.encode(japanese, "shift_jis")))
        expect(csv.markdown).toContain("\u7530\u4e2d\u592a\u90ce")
        expect(csv.markdown).toContain("\u6771\u4eac\u90fd\u6e0b\u8c37\u533a")
        const russian = "\u0412 \u0447\u0430\u0449\u0430\u0445 \u044e\u0433\u0430 \u0436\u0438\u043b \u0431\u044b \u0446\u0438\u0442\u0440\u0443\u0441? \u0414\u0430, \u043d\u043e \u0444\u0430\u043b\u044c\u0448\u0438\u0432\u044b\u0439 \u044d\u043a\u0437\u0435\u043c\u043f\u043b\u044f\u0440! \u041c\u043e\u0441\u043a\u0432\u0430 \u2014 \u0441\u0442\u043e\u043b\u0438\u0446\u0430 \u0420\u043e\u0441\u0441\u0438\u0438, \u043a\u0440\u0443\u043f\u043d\u0435\u0439\u0448\u0438\u0439 \u0433\u043e\u0440\u043e\u0434 \u0441\u0442\u0440\u0430\u043d\u044b."
        expect(textOf(yield* parse("ru866.txt", Uint8Array.from(iconv.encode(russian, "cp866"))))).toContain("\u041c\u043e\u0441\u043a\u0432\u0430")
        expect(textOf(yield* parse("ru1251.txt", Uint8Array.from(iconv.encode(russian, "windows-1251"))))).toContain("\u0441\u0442\u043e\u043b\u0438\u0446\u0430 \u0420\u043e\u0441\u0441\u0438\u0438")
        // IBM code page 500: the letters and digits of EBCDIC, space 0x40, new line 0x25
        const ebcdic: Record<string, number> = { " ": 0x40, ".": 0x4b, ",": 0x6b, "\n": 0x25 }
        "abcdefghi".split("").forEach((c, i) => { ebcdic[c] = 0x81 + i; ebcdic[c.toUpperCase()] = 0xc1 + i })
        "jklmnopqr".split("").forEach((c, i) => { ebcdic[c] = 0x91 + i; ebcdic[c.toUpperCase()] = 0xd1 + i })
        "stuvwxyz".split("").forEach((c, i) => { ebcdic[c] = 0xa2 + i; ebcdic[c.toUpperCase()] = 0xe2 + i })
        "0123456789".split("").forEach((c, i) => { ebcdic[c] = 0xf0 + i })
        const english = "The quick brown fox jumps over the lazy dog. This text was written on a mainframe, in the year 1987.\nIt has several lines of ordinary English prose, with commas, and full stops.\n"
        const doc = yield* parse("mainframe.txt", Uint8Array.from(english.repeat(3), (ch) => ebcdic[ch]))
        expect(textOf(doc)).toContain("The quick brown fox jumps over the lazy dog.")
        // windows-1252 stays windows-1252
        expect(textOf(yield* parse("w.txt", Uint8Array.from("Caf\u00e9 cr\u00e8me \u2013 5 \u20ac", (ch) => iconv.encode(ch, "windows-1252")[0])))).toBe("Caf\u00e9 cr\u00e8me \u2013 5 \u20ac")
      }))

    it.effect("msg without Unicode properties: strings in the code page of the message's locale, else windows-1252", () =>
      Effect.gen(function*() {
        const ansiMsg = (props: Record<string, Uint8Array>, fixed: ReadonlyArray<readonly [number, number]>) => {
          const header = new F.Bytes().bytes(new Uint8Array(32))
          for (const [tag, value] of fixed) header.u32(tag).u32(6).u32(value).u32(0)
          return F.cfb({
            "__properties_version1.0": header.done(),
            ...Object.fromEntries(Object.entries(props).map(([id, bytes]) => [`__substg1.0_${id}001E`, bytes]))
          })
        }
        const sjis = (text: string) => Uint8Array.from(iconv.encode(text, "cp932"))
        const japanese = ansiMsg({ "0037": sjis("\u65e5\u672c\u8a9e\u306e\u4ef6\u540d"), "1000": sjis("\u672c\u6587\u3067\u3059\u3002") }, [[0x3ff10003, 0x0411]])
        const doc = yield* parse("memo.msg", japanese)
        expect(doc.metadata.subject).toBe("\u65e5\u672c\u8a9e\u306e\u4ef6\u540d")
        expect(doc.text).toContain("\u672c\u6587\u3067\u3059\u3002")
        const western = ansiMsg({ "0037": Uint8Array.from([0x41, 0x63, 0x6d, 0x65, 0x99, 0x20, 0x80, 0x35]) }, [])
        expect((yield* parse("tm.msg", western)).metadata.subject).toBe("Acme\u2122 \u20ac5")
      }))

    it.effect("an Office Open XML package under a legacy name is read by its content, with a warning", () =>
      Effect.gen(function*() {
        const doc = yield* parse("report.doc", F.sampleDocx())
        expect(doc.format).toBe("docx")
        expect(doc.warnings[0]).toBe("The file is named .doc but is an Office Open XML package (.docx); it was read as .docx.")
        const sheet = yield* parse("book.xls", F.sampleXlsx())
        expect(sheet).toMatchObject({ kind: "spreadsheet", format: "xlsx" })
        expect(yield* failure("notes.ppt", F.zip({ "readme.txt": "hello" }))).toMatchObject({
          _tag: "CorruptFile", message: "The PPT file is a ZIP archive, neither a legacy Office file nor an Office Open XML package."
        })
      }))

    it.effect("xls: Excel 5.0/95 (BIFF5) workbooks are read, strings in the workbook's code page", () =>
      Effect.gen(function*() {
        const name = "\u041f\u0440\u0438\u0432\u0435\u0442"
        const book = yield* parse("old.xls", F.sampleXlsBiff5(Uint8Array.from(iconv.encode(name, "windows-1251"))))
        expect(book.kind).toBe("spreadsheet")
        const sheet = (book as Documents.ParsedSpreadsheet).sheets[0]
        expect(sheet.sheet_name).toBe("Sheet1")
        expect(sheet.cells.map((c) => [c.ref, c.type, c.value])).toEqual([
          ["A1", "string", name], ["B1", "number", 42.5], ["C1", "date", "2024-01-01"], ["A2", "string", "total"]
        ])
      }))

    it.effect("doc: Word 6.0/95 documents are read, plain and fast-saved (piece table in the WordDocument stream)", () =>
      Effect.gen(function*() {
        const text = "The quick brown fox\rjumps over the lazy dog \x96 caf\xe9\r"
        const plain = yield* parse("old.doc", F.sampleWord6Doc(text))
        expect(plain.text).toBe("The quick brown fox\n\njumps over the lazy dog \u2013 caf\u00e9")
        const pieces = yield* parse("fast.doc", F.sampleWord6Doc(text, { pieces: true }))
        expect(pieces.text).toBe(plain.text)
      }))

    it.effect("tiff: every page of a multi-page TIFF is read, JPEG-compressed pages too", () =>
      Effect.gen(function*() {
        const first = F.drawText("HELLO WORLD", 4)
        const second = F.drawText("SECOND PAGE", 4)
        const jpeg = yield* Effect.promise(() => F.canvasEncode(F.png(second), "image/jpeg"))
        const doc = (yield* parse("fax.tif", F.multiPageTiff([
          { width: first.width, height: first.height, gray: first.gray },
          { width: second.width, height: second.height, jpeg }
        ]))) as Documents.ParsedTextDocument
        expect(doc.page_count).toBe(2)
        expect(doc.pages.map((p) => [p.text, p.width, p.height])).toEqual([["HELLO WORLD", first.width, first.height], ["SECOND PAGE", second.width, second.height]])
        expect(doc.blocks.map((b) => b.page)).toEqual([1, 2])
        expect(doc.warnings).toEqual([])
      }))

    it.effect("pptx: charts (title, cached data), comments with author, text of the master that is not a placeholder", () =>
      Effect.gen(function*() {
        const doc = yield* parse("deck.pptx", F.pptxWithChartCommentMaster())
        expect(doc.markdown).toBe([
          "# Sales",
          "Fruit sold\nBar chart",
          "|  | Apples | Pears |\n| --- | --- | --- |\n| 2023 | 10 | 7 |\n| 2024 | 12 | 9 |",
          "Acme Confidential",
          "Comment (Ann Lee (AL), 2024-05-01T10:00:00): Check the pear figures"
        ].join("\n\n"))
      }))

    it.effect("docx: a chart's title and data after its paragraph, comments after the paragraph they refer to, equations as text", () =>
      Effect.gen(function*() {
        const W = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`
        const body = [
          `<w:p><w:r><w:t>Results</w:t></w:r><w:r><w:drawing><c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rId9"/></w:drawing></w:r></w:p>`,
          `<w:p><w:commentRangeStart w:id="4"/><w:r><w:t>Area is </w:t></w:r><m:oMath xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"><m:r><m:t>\u03c0r</m:t></m:r><m:sSup><m:e><m:r><m:t>x</m:t></m:r></m:e></m:sSup></m:oMath><w:r><w:commentReference w:id="4"/></w:r></w:p>`,
          `<w:p><w:r><w:t>The end.</w:t></w:r></w:p>`
        ].join("")
        const doc = yield* parse("report.docx", F.docx(body, {
          "word/_rels/document.xml.rels": F.rels([["rId1", "styles", "styles.xml"], ["rId9", "chart", "charts/chart1.xml"], ["rId5", "comments", "comments.xml"]]),
          "word/charts/chart1.xml": F.chartXml("Fruit sold"),
          "word/comments.xml": `<w:comments ${W}><w:comment w:id="4" w:author="Ann Lee" w:date="2024-05-01T10:00:00Z"><w:p><w:r><w:t>Which formula?</w:t></w:r></w:p></w:comment></w:comments>`
        }))
        expect(doc.markdown).toBe([
          "Results",
          "Fruit sold\nBar chart",
          "|  | Apples | Pears |\n| --- | --- | --- |\n| 2023 | 10 | 7 |\n| 2024 | 12 | 9 |",
          "Area is \u03c0rx",
          "Comment (Ann Lee, 2024-05-01T10:00:00Z): Which formula?",
          "The end."
        ].join("\n\n"))
      }))

    it.effect("xlsx: threaded comments with replies and notes follow the sheet's table (the cells stay cells)", () =>
      Effect.gen(function*() {
        const S = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"`
        const T = `xmlns="http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments"`
        const files = unzipSync(F.xlsx([{ name: "Data", xml: `<row r="1"><c r="A1" t="inlineStr"><is><t>Ducks</t></is></c><c r="B1"><v>12</v></c></row>` }], []))
        files["xl/_rels/workbook.xml.rels"] = strToU8(F.rels([["rId1", "worksheet", "worksheets/sheet1.xml"], ["rIdP", "person", "persons/person.xml"]]))
        files["xl/persons/person.xml"] = strToU8(`<personList ${T}><person displayName="Ann Lee" id="{P1}"/></personList>`)
        files["xl/worksheets/_rels/sheet1.xml.rels"] = strToU8(F.rels([["rId1", "comments", "../comments1.xml"], ["rId2", "threadedComment", "../threadedComments/t1.xml"]]))
        files["xl/threadedComments/t1.xml"] = strToU8(`<ThreadedComments ${T}><threadedComment ref="B1" dT="2024-05-01T10:00:00" personId="{P1}" id="{C1}"><text>Too few?</text></threadedComment><threadedComment ref="B1" personId="{P1}" id="{C2}" parentId="{C1}"><text>Counted twice.</text></threadedComment></ThreadedComments>`)
        files["xl/comments1.xml"] = strToU8(`<comments ${S}><authors><author>Bob</author><author>tc={C1}</author></authors><commentList><comment ref="A1" authorId="0"><text><r><t>Wild ducks only</t></r></text></comment><comment ref="B1" authorId="1"><text><t>[Threaded comment] Too few?</t></text></comment></commentList></comments>`)
        const book = (yield* parse("ducks.xlsx", zipSync(files))) as Documents.ParsedSpreadsheet
        expect(book.sheets[0].cells).toHaveLength(2)
        expect(book.sheets[0].markdown).not.toContain("comment")
        expect(book.markdown).toBe("## Data\n\n| Ducks | 12 |\n| --- | --- |\n\n- B1 comment (Ann Lee, 2024-05-01T10:00:00): Too few?\n- B1 reply (Ann Lee): Counted twice.\n- A1 comment (Bob): Wild ducks only")
        expect(book.text).toContain("A1 comment (Bob): Wild ducks only")
      }))

    it.effect("a scanned page that lies on its side (its /Rotate turns the text) is read in the orientation that reads", () =>
      Effect.gen(function*() {
        const image = F.drawText("HELLO WORLD", 4)
        const doc = (yield* parse("sideways.pdf", yield* Effect.promise(() => F.scannedPdf(F.png(image), { rotate: 90 })))) as Documents.ParsedTextDocument
        expect(doc.text).toBe("HELLO WORLD")
        const page = doc.pages[0]
        // displayed turned a quarter: the page is as wide as the scan is high
        expect(page.width).toBeCloseTo((image.height * 72) / 300, 1)
        for (const item of page.items) {
          expect(item.x).toBeGreaterThanOrEqual(0)
          expect(item.x + item.w).toBeLessThanOrEqual(page.width! + 0.5)
          expect(item.y + item.h).toBeLessThanOrEqual(page.height! + 0.5)
          expect(item.h).toBeGreaterThan(item.w / 2) // the words run down the displayed page
        }
      }), 60_000)

    it.effect("a picture without text gives no text and a warning, not OCR noise", () =>
      Effect.gen(function*() {
        const doc = (yield* parse("photo.png", yield* Effect.promise(() => F.stripesPicture()))) as Documents.ParsedTextDocument
        expect(doc.text).toBe("")
        expect(doc.pages[0].items).toEqual([])
        expect(doc.ocr_applied).toBe(true)
        expect(doc.warnings).toHaveLength(1)
        expect(doc.warnings[0]).toMatch(/^the image: OCR found no legible text \(\d+ fragments at a mean confidence of 0\.\d\d, under 0\.45\)/)
        // text reads as before
        expect((yield* parse("hello.png", F.png(F.drawText("HELLO WORLD", 4)))).text).toBe("HELLO WORLD")
      }), 60_000)

    it.effect("ppt: a text box drawn on the master follows the text of a slide that shows the master's objects", () =>
      Effect.gen(function*() {
        expect((yield* parse("deck.ppt", F.samplePptWithMasterText({ showMaster: true }))).markdown).toBe("# Budget 2024\n\nAcme Confidential")
        expect((yield* parse("deck.ppt", F.samplePptWithMasterText({ showMaster: false }))).markdown).toBe("# Budget 2024")
      }))

    it.effect("pdf: text drawn as an image inside a page with a text layer is read by OCR and merged in reading order, once", () =>
      Effect.gen(function*() {
        // "HELLO WORLD" as a picture of 560 × 120 px drawn over 268.8 × 57.6 pt: a quarter of the page
        const picture = F.png(F.drawText("HELLO WORLD", 8))
        const base = { size: [300, 200] as const, lines: [{ text: "Invoice 2024", x: 10, y: 180, size: 12 }], png: picture, box: [10, 20, 268.8, 57.6] as const }
        const doc = yield* parse("pasted.pdf", yield* Effect.promise(() => F.textPdfWithImage(base)))
        if (doc.kind !== "document") throw new Error("not a document")
        expect(doc.text).toBe("Invoice 2024\n\nHELLO WORLD")
        expect(doc.ocr_applied).toBe(true)
        expect(doc.pages[0].ocr).toBe(false)
        const hello = doc.pages[0].items.find((item) => item.text === "HELLO")!
        expect(hello).toMatchObject({ source: "ocr" })
        // in the page's points: the glyphs start 2 cells × 8 px × 0.48 pt/px right of the image's left edge
        expect(hello.x).toBeCloseTo(10 + 16 * 0.48, -0.5)
        expect(hello.y).toBeGreaterThan(200 - 20 - 57.6)
        expect(hello.y + hello.h).toBeLessThan(200 - 20)
        // a searchable layer over part of the picture: that word comes from the layer, not again from OCR
        const layered = yield* parse("layered.pdf", yield* Effect.promise(() => F.textPdfWithImage({ ...base, hidden: [{ text: "WORLD", x: 156, y: 35.4, size: 26 }] })))
        if (layered.kind !== "document") throw new Error("not a document")
        expect(layered.text).toBe("Invoice 2024\n\nHELLO WORLD")
        expect(layered.pages[0].items.map((item) => [item.text, item.source])).toEqual([["Invoice 2024", "text_layer"], ["WORLD", "text_layer"], ["HELLO", "ocr"]])
        // a logo-sized picture is not read; a photo without text adds nothing (no noise, no warning)
        const small = yield* parse("logo.pdf", yield* Effect.promise(() => F.textPdfWithImage({ ...base, box: [10, 20, 67.2, 14.4] })))
        if (small.kind !== "document") throw new Error("not a document")
        expect([small.text, small.ocr_applied]).toEqual(["Invoice 2024", false])
        const photo = yield* parse("photo.pdf", yield* Effect.promise(async () => F.textPdfWithImage({ ...base, png: await F.stripesPicture(), box: [10, 20, 200, 150] })))
        expect([photo.text, photo.warnings]).toEqual(["Invoice 2024", []])
      }), 60_000)

    it.effect("vsd: legacy Visio drawings give each page's shape texts with their frames (versions 11, 6 and 5, compressed or not)", () =>
      Effect.gen(function*() {
        const pages: ReadonlyArray<F.VsdPageSpec> = [
          { size: [11, 8.5], shapes: [
            { id: 1, text: "Start process", frame: [2, 7, 2, 1, 1, 0.5] },
            { id: 2, group: true, frame: [6, 4, 4, 2, 2, 1] },
            { id: 3, parent: 2, text: "Approve invoice", frame: [1, 1, 2, 1, 1, 0.5] }
          ] },
          { background: true, shapes: [{ id: 1 }] },
          { shapes: [{ id: 1, text: "Caf\u00e9 \u2013 second page" }] }
        ]
        for (const version of [11, 6, 5] as const) {
          for (const compressed of [true, false]) {
            const doc = yield* parse("flow.vsd", F.sampleVsd(pages, { version, compressed }))
            if (doc.kind !== "document") throw new Error("not a document")
            // Visio 2000+ lists the pages in an order of its own (the fixture: reversed); the
            // empty background page is left out; the stencil's master text is not the drawing's
            const [first, second] = version === 5 ? [0, 1] : [1, 0]
            expect(doc.page_count).toBe(2)
            expect(doc.pages[first].items.map((item) => item.text)).toEqual(["Start process", "Approve invoice"])
            expect(doc.text).not.toContain("Master prompt text")
            expect(doc.pages[first]).toMatchObject({ width: 792, height: 612, unit: "pt" })
            // PinX 2 − LocPinX 1 = 1 in; top = 8.5 − (7 − 0.5 + 1) = 1 in
            expect(doc.pages[first].items[0]).toMatchObject({ x: 72, y: 72, w: 144, h: 72 })
            // inside the group whose frame starts at (4, 3) in: left 4 + 1 − 1 = 4 in, top 8.5 − (3 + 0.5 + 1) = 4 in
            expect(doc.pages[first].items[1]).toMatchObject({ x: 288, y: 288, w: 144, h: 72 })
            expect(doc.pages[second]).toMatchObject({ width: 612, height: 792, items: [] })
            expect(doc.blocks.filter((b) => b.page === second + 1).map((b) => b.text)).toEqual(["Caf\u00e9 \u2013 second page"])
          }
        }
      }))

    it.effect("vsd: a text longer than the 4,096-byte ring decompresses whole", () =>
      Effect.gen(function*() {
        const long = Array.from({ length: 400 }, (_, i) => `line ${i % 37} of the legend`).join(" ")
        const doc = yield* parse("legend.vsd", F.sampleVsd([{ shapes: [{ id: 1, text: long }] }], { version: 11, compressed: true }))
        expect(doc.text).toBe(long)
      }))

    it.effect("vsd: drawings Visio wrote (Apache POI's test files): Visio 2003 with a group, Visio 5", () =>
      Effect.gen(function*() {
        const read = (name: string) => new Uint8Array(readFileSync(new URL(`./data/poi/${name}`, import.meta.url)))
        const v11 = yield* parse("random.vsd", read("Test_Visio-Some_Random_Text.vsd"))
        expect(v11.text).toBe("Test View\n\nI am a test view\n\nSome random text, on a page")
        if (v11.kind !== "document") throw new Error("not a document")
        expect(v11.pages[0]).toMatchObject({ width: expect.closeTo(595.3, 1), height: expect.closeTo(841.9, 1) })
        expect(v11.pages[0].items[2]).toMatchObject({ text: "Some random text, on a page", x: expect.closeTo(221.1, 1), y: expect.closeTo(119.1, 1) })
        const v5 = yield* parse("connections.vsd", read("v5_Connection_Types.vsd"))
        expect(v5.text).toBe("Static to Static\n\nDynamic to Static\n\nDynamic to Dynamic")
        expect(v5.warnings).toEqual([])
      }))

    it.effect("vsd: not a Visio stream is corrupt; a file version no reader knows is refused with the reason", () =>
      Effect.gen(function*() {
        expect(yield* failure("plan.vsd", F.cfb({ VisioDocument: new Uint8Array(64) }))).toMatchObject({ _tag: "CorruptFile" })
        expect(yield* failure("other.vsd", F.cfb({ Other: new Uint8Array(4) }))).toMatchObject({ _tag: "CorruptFile" })
        const drawing = F.sampleVsd([{ shapes: [{ id: 1, text: "x" }] }])
        const doc = CFB.read(Buffer.from(drawing), { type: "buffer" })
        const stream = CFB.find(doc, "VisioDocument")!.content as Uint8Array
        stream[0x1a] = 14
        const error = yield* failure("future.vsd", new Uint8Array(CFB.write(doc, { type: "buffer" }) as Buffer))
        expect(error).toMatchObject({ _tag: "UnsupportedFileType", reason: "format_not_readable" })
        expect(error.message).toContain("file version 14")
      }))

    it.effect("a file that gives no text says so in a warning", () =>
      Effect.gen(function*() {
        const empty = yield* parse("blank.docx", F.docx(""))
        expect(empty.text).toBe("")
        expect(empty.warnings).toEqual(["No text was found in the file: it may hold only images, drawings or text in parts this reader does not read."])
        const book = yield* parse("blank.xlsx", F.xlsx([{ name: "Chart1", xml: "" }], []))
        expect(book.warnings).toEqual(["No cell of the workbook holds a value: it may hold only charts, images or drawings."])
        expect((yield* parse("report.docx", F.sampleDocx())).warnings).toEqual([])
      }))

    it.effect("xlsx: a chart drawn on a sheet follows its table (title, kind, cached data)", () =>
      Effect.gen(function*() {
        const files = unzipSync(F.xlsx([{ name: "Data", xml: `<row r="1"><c r="A1"><v>1</v></c></row>` }], []))
        files["xl/worksheets/_rels/sheet1.xml.rels"] = strToU8(F.rels([["rId1", "drawing", "../drawings/drawing1.xml"]]))
        files["xl/drawings/drawing1.xml"] = strToU8(`<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><xdr:twoCellAnchor><xdr:graphicFrame><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData><c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rId1"/></a:graphicData></a:graphic></xdr:graphicFrame></xdr:twoCellAnchor></xdr:wsDr>`)
        files["xl/drawings/_rels/drawing1.xml.rels"] = strToU8(F.rels([["rId1", "chart", "../charts/chart1.xml"]]))
        files["xl/charts/chart1.xml"] = strToU8(F.chartXml("Fruit sold"))
        const book = yield* parse("fruit.xlsx", zipSync(files))
        expect(book.markdown).toBe("## Data\n\n| 1 |\n| --- |\n\n- Chart: Fruit sold \u2014 Bar chart\n-  | Apples | Pears\n- 2023 | 10 | 7\n- 2024 | 12 | 9")
      }))
  })
})
