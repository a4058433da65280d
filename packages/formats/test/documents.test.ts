/**
 * Each format read for real, on the calling thread (`layerInProcess`): the text, blocks, pages,
 * positions and tables that come out of a fixture made in `fixtures.ts`.
 */
import { Documents } from "@docket/core"
import { layerInProcess } from "@docket/formats"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as F from "./fixtures.js"

const parse = (fileName: string, bytes: Uint8Array) =>
  Effect.flatMap(Documents.DocumentParser, (parser) => parser.parse({ fileName, bytes }))

const asDocument = (parsed: Documents.ParsedDocument): Documents.ParsedTextDocument => {
  expect(parsed.kind).toBe("document")
  return parsed as Documents.ParsedTextDocument
}
const asSpreadsheet = (parsed: Documents.ParsedDocument): Documents.ParsedSpreadsheet => {
  expect(parsed.kind).toBe("spreadsheet")
  return parsed as Documents.ParsedSpreadsheet
}

describe("documents", () => {
  it.layer(layerInProcess())((it) => {
    it.effect("pdf: page size, text runs with boxes, lines, headings, metadata", () =>
      Effect.gen(function*() {
        const bytes = yield* Effect.promise(() => F.samplePdf([
          [{ text: "Annual Report", x: 72, y: 700, size: 24 }, { text: "Revenue rose to 4.2 million.", x: 72, y: 660, size: 11 }, { text: "Costs were flat.", x: 72, y: 646, size: 11 }],
          [{ text: "Second page text", x: 100, y: 400, size: 11 }]
        ]))
        const doc = asDocument(yield* parse("report.pdf", bytes))
        expect(doc.format).toBe("pdf")
        expect(doc.page_count).toBe(2)
        expect(doc.ocr_applied).toBe(false)
        expect(doc.metadata.title).toBe("Sample PDF")
        expect(doc.pages[0]).toMatchObject({ page_number: 1, width: 612, height: 792, unit: "pt", ocr: false })
        expect(doc.blocks[0]).toEqual({ type: "heading", page: 1, level: 1, text: "Annual Report" })
        expect(doc.blocks[1]).toEqual({ type: "paragraph", page: 1, text: "Revenue rose to 4.2 million.\nCosts were flat." })
        expect(doc.blocks[2]).toEqual({ type: "paragraph", page: 2, text: "Second page text" })
        expect(doc.markdown).toBe("# Annual Report\n\nRevenue rose to 4.2 million.\nCosts were flat.\n\nSecond page text")
        // the run's box: x from the left, y from the top (792 - baseline - font size)
        const run = doc.pages[1].items.find((item) => item.text === "Second page text")!
        expect(run.x).toBeCloseTo(100, 1)
        expect(run.y).toBeCloseTo(792 - 400 - 11, 1)
        expect(run.h).toBeCloseTo(11, 1)
        expect(run.w).toBeGreaterThan(60)
        expect(run.w).toBeLessThan(100)
        expect(run.source).toBe("text_layer")
        expect(doc.chunks).toEqual([{ chunk_index: 0, text: doc.text, page_start: 1, page_end: 2, start_char: 0, end_char: doc.text.length }])
        expect(doc.char_count).toBe(doc.markdown.length)
      }))

    it.effect("docx: headings by style, lists, tables, page breaks, properties", () =>
      Effect.gen(function*() {
        const doc = asDocument(yield* parse("report.docx", F.sampleDocx()))
        expect(doc.blocks).toEqual([
          { type: "heading", page: 1, level: 1, text: "Quarterly Report" },
          { type: "paragraph", page: 1, text: "Revenue grew by 12% in the third quarter & costs fell." },
          { type: "list", page: 1, ordered: false, items: ["First point", "Second point"], text: "First point\nSecond point" },
          { type: "table", page: 1, rows: [["Region", "Sales"], ["North", "1,200"], ["South", "950"]], text: "Region\tSales\nNorth\t1,200\nSouth\t950" },
          { type: "heading", page: 2, level: 2, text: "Outlook" },
          { type: "paragraph", page: 2, text: "Next year looks bright." }
        ])
        expect(doc.page_count).toBe(2)
        expect(doc.metadata).toMatchObject({ title: "Quarterly Report", author: "Ada Lovelace" })
        expect(doc.markdown).toContain("- First point\n- Second point")
        expect(doc.markdown).toContain("| Region | Sales |\n| --- | --- |\n| North | 1,200 |")
        expect(doc.pages[1].text).toBe("Outlook\n\nNext year looks bright.")
      }))

    it.effect("docm reads as docx", () =>
      Effect.gen(function*() {
        const doc = asDocument(yield* parse("macro.docm", F.docx(F.docxParagraph("Macro document body"))))
        expect(doc.format).toBe("docm")
        expect(doc.text).toBe("Macro document body")
      }))

    it.effect("pptx: one page per slide in presentation order, titles, tables, shape boxes", () =>
      Effect.gen(function*() {
        const doc = asDocument(yield* parse("deck.pptx", F.samplePptx()))
        expect(doc.page_count).toBe(2)
        expect(doc.blocks).toEqual([
          { type: "heading", page: 1, level: 1, text: "Welcome deck" },
          { type: "paragraph", page: 1, text: "Agenda item one\nAgenda item two" },
          { type: "heading", page: 2, level: 1, text: "Closing slide" },
          { type: "table", page: 2, rows: [["K", "V"]], text: "K\tV" }
        ])
        expect(doc.pages[0]).toMatchObject({ width: 720, height: 540, unit: "pt" })
        expect(doc.pages[0].items[1]).toMatchObject({ text: "Agenda item one\nAgenda item two", x: 40, y: 120, w: 400, h: 50 })
      }))

    it.effect("xlsx: one table per sheet with cell references, types, dates, formulas, max_row/max_col", () =>
      Effect.gen(function*() {
        const book = asSpreadsheet(yield* parse("sales.xlsx", F.sampleXlsx()))
        expect(book.sheets.map((s) => [s.sheet_name, s.max_row, s.max_col])).toEqual([["Sales", 5, 4], ["Notes", 1, 1], ["Empty", 0, 0]])
        const sales = book.sheets[0]
        const cell = (ref: string) => sales.cells.find((c) => c.ref === ref)
        expect(cell("A2")).toMatchObject({ row: 2, col: 1, type: "string", value: "North" })
        expect(cell("B2")).toMatchObject({ type: "number", value: 1200.5, text: "1200.5" })
        expect(cell("C2")).toMatchObject({ type: "date", value: "2024-01-01" })
        expect(cell("B3")).toMatchObject({ type: "number", value: 2401, formula: "B2*2" })
        expect(cell("C3")).toMatchObject({ type: "boolean", value: true, text: "TRUE" })
        expect(cell("D5")).toMatchObject({ type: "string", value: "xy", formula: "\"x\"&\"y\"" })
        expect(sales.markdown.split("\n")).toEqual([
          "| Region | Amount | Date |  |",
          "| --- | --- | --- | --- |",
          "| North | 1200.5 | 2024-01-01 |  |",
          "| South | 2401 | TRUE |  |",
          "|  |  |  |  |",
          "|  |  |  | xy |"
        ])
        expect(book.sheets[1].markdown).toBe("| Pipe \\| in text |\n| --- |")
        expect(book.markdown.startsWith("## Sales\n\n| Region")).toBe(true)
        expect(book.chunks.map((c) => [c.page_start, c.page_end])).toEqual([[1, 3]])
      }))

    it.effect("xlsm reads as xlsx", () =>
      Effect.gen(function*() {
        const book = asSpreadsheet(yield* parse("macro.xlsm", F.sampleXlsx()))
        expect(book.format).toBe("xlsm")
        expect(book.sheets).toHaveLength(3)
      }))

    it.effect("vsdx: pages with shape texts and positions", () =>
      Effect.gen(function*() {
        const doc = asDocument(yield* parse("flow.vsdx", F.sampleVsdx()))
        expect(doc.page_count).toBe(1)
        expect(doc.blocks.map((b) => b.text)).toEqual(["Start process", "Approve invoice"])
        expect(doc.pages[0]).toMatchObject({ width: 612, height: 792, unit: "pt" })
        // PinX 2in, PinY 10in, 2in × 1in, origin moved to the top-left: x = 1in, y = 11in − 10.5in
        expect(doc.pages[0].items[0]).toMatchObject({ text: "Start process", x: 72, y: 36, w: 144, h: 72 })
      }))

    it.effect("xls (BIFF8): sheets, shared strings across CONTINUE, numbers, RK, MULRK, dates, booleans, formula strings", () =>
      Effect.gen(function*() {
        const book = asSpreadsheet(yield* parse("legacy.xls", F.sampleXls()))
        expect(book.sheets.map((s) => [s.sheet_name, s.max_row, s.max_col])).toEqual([["Data", 5, 3], ["Other", 1, 1]])
        const values = Object.fromEntries(book.sheets[0].cells.map((c) => [c.ref, [c.type, c.value]]))
        expect(values).toEqual({
          A1: ["string", "Region"], A2: ["string", "North"], B2: ["number", 1234.5], C2: ["date", "2024-01-01"],
          B3: ["number", 7], C3: ["number", 8], A4: ["boolean", true], B4: ["string", "calc"],
          A5: ["string", "Continued text across records"]
        })
        expect(book.sheets[1].cells[0]).toMatchObject({ ref: "A1", value: "Hello" })
      }))

    it.effect("doc (Word 97): paragraphs, a table from cell marks, field results, page breaks", () =>
      Effect.gen(function*() {
        const text = "Contract\rThe parties agree \u0013 PAGE \u0014on terms\u0015.\rName\u0007Role\u0007\u0007Ada\u0007Author\u0007\u0007After table\r\u000cPage two\r"
        const doc = asDocument(yield* parse("contract.doc", F.sampleDoc(text)))
        expect(doc.blocks).toEqual([
          { type: "paragraph", page: 1, text: "Contract" },
          { type: "paragraph", page: 1, text: "The parties agree on terms." },
          { type: "table", page: 1, rows: [["Name", "Role"], ["Ada", "Author"]], text: "Name\tRole\nAda\tAuthor" },
          { type: "paragraph", page: 1, text: "After table" },
          { type: "paragraph", page: 2, text: "Page two" }
        ])
        expect(doc.page_count).toBe(2)
      }))

    it.effect("ppt (PowerPoint 97): slides in order, titles, body text, drawn text boxes", () =>
      Effect.gen(function*() {
        const doc = asDocument(yield* parse("deck.ppt", F.samplePpt()))
        expect(doc.page_count).toBe(2)
        expect(doc.blocks).toEqual([
          { type: "heading", page: 1, level: 1, text: "Budget 2024" },
          { type: "paragraph", page: 1, text: "Costs down\nRevenue up" },
          { type: "paragraph", page: 1, text: "Drawn text box" },
          { type: "heading", page: 2, level: 1, text: "Thank you" }
        ])
      }))

    it.effect("msg: subject, sender, recipients, body", () =>
      Effect.gen(function*() {
        const doc = asDocument(yield* parse("kickoff.msg", F.sampleMsg()))
        expect(doc.metadata).toMatchObject({ subject: "Project kickoff", from: "Grace Hopper <grace@example.com>", to: "Alan Turing <alan@example.com>" })
        expect(doc.blocks[0]).toEqual({ type: "heading", page: 1, level: 1, text: "Project kickoff" })
        expect(doc.text).toContain("The kickoff is on Monday at 10:00.")
      }))

    it.effect("eml: MIME multipart, quoted-printable, base64, charsets, encoded words, attachments", () =>
      Effect.gen(function*() {
        const eml = [
          "From: =?iso-8859-1?Q?Andr=E9_Gide?= <andre@example.com>",
          "To: Bob <bob@example.com>",
          "Subject: =?utf-8?B?UsOpdW5pb24gZGUgYnVkZ2V0?=",
          "Date: Tue, 02 Jan 2024 10:00:00 +0000",
          "MIME-Version: 1.0",
          "Content-Type: multipart/mixed; boundary=\"outer\"",
          "",
          "--outer",
          "Content-Type: multipart/alternative; boundary=\"inner\"",
          "",
          "--inner",
          "Content-Type: text/plain; charset=windows-1252",
          "Content-Transfer-Encoding: quoted-printable",
          "",
          "Le budget est de 5=80 par personne.=0D",
          "",
          "Caf=E9 inclus, tr=E8s bien.",
          "--inner",
          "Content-Type: text/html; charset=utf-8",
          "",
          "<p>HTML version</p>",
          "--inner--",
          "--outer",
          "Content-Type: application/pdf; name=\"budget.pdf\"",
          "Content-Disposition: attachment; filename=\"budget.pdf\"",
          "Content-Transfer-Encoding: base64",
          "",
          Buffer.from("%PDF-1.4 fake").toString("base64"),
          "--outer--",
          ""
        ].join("\r\n")
        const doc = asDocument(yield* parse("mail.eml", F.utf8(eml)))
        expect(doc.metadata).toMatchObject({ subject: "Réunion de budget", from: "André Gide <andre@example.com>", to: "Bob <bob@example.com>" })
        expect(doc.blocks[0]).toEqual({ type: "heading", page: 1, level: 1, text: "Réunion de budget" })
        expect(doc.text).toContain("Le budget est de 5€ par personne.")
        expect(doc.text).toContain("Café inclus, très bien.")
        expect(doc.text).not.toContain("HTML version")
        expect(doc.blocks.at(-1)).toMatchObject({ type: "list", items: ["budget.pdf (application/pdf, 13 bytes)"] })
      }))

    it.effect("eml: an HTML-only body is read as HTML, base64 in iso-8859-1", () =>
      Effect.gen(function*() {
        const eml = [
          "From: a@example.com",
          "Subject: Notice",
          "Content-Type: text/html; charset=iso-8859-1",
          "Content-Transfer-Encoding: base64",
          "",
          Buffer.from("<h2>Fa\xe7ade</h2><p>Na\xefve text</p>", "latin1").toString("base64"),
          ""
        ].join("\n")
        const doc = asDocument(yield* parse("notice.eml", F.utf8(eml)))
        expect(doc.blocks).toContainEqual({ type: "heading", page: 1, level: 2, text: "Façade" })
        expect(doc.blocks).toContainEqual({ type: "paragraph", page: 1, text: "Naïve text" })
      }))

    it.effect("html/htm: headings, paragraphs, lists, tables; scripts and head dropped; meta charset", () =>
      Effect.gen(function*() {
        const html = `<!doctype html><html><head><meta charset="windows-1252"><title>Price list</title><style>p{}</style><script>var x = "hidden"</script></head>
          <body><h1>Prices &amp; terms</h1><p>All prices in \x80.<br>Valid in 2024.</p><ul><li>Free delivery</li><li>30 day returns</li></ul>
          <table><tr><th>Item</th><th>Price</th></tr><tr><td>Chair</td><td>49</td></tr><tr><td>Lamp<br>with shade</td><td>15</td></tr><tr><td><div>Desk</div><div>oak</div></td><td>90</td></tr><tr><td colspan="2">Total below</td></tr></table>
          <ol><li>Order</li><li>Pay</li></ol><div>Footer text</div></body></html>`
        const bytes = Uint8Array.from(html, (ch) => ch.charCodeAt(0))
        for (const name of ["prices.html", "prices.htm"]) {
          const doc = asDocument(yield* parse(name, bytes))
          expect(doc.metadata.title).toBe("Price list")
          expect(doc.blocks).toEqual([
            { type: "heading", page: 1, level: 1, text: "Prices & terms" },
            { type: "paragraph", page: 1, text: "All prices in €.\nValid in 2024." },
            { type: "list", page: 1, ordered: false, items: ["Free delivery", "30 day returns"], text: "Free delivery\n30 day returns" },
            // a line break or blocks inside a cell keep the cell on its row, their words apart
            { type: "table", page: 1, rows: [["Item", "Price"], ["Chair", "49"], ["Lamp with shade", "15"], ["Desk oak", "90"], ["Total below", ""]], text: "Item\tPrice\nChair\t49\nLamp with shade\t15\nDesk oak\t90\nTotal below\t" },
            { type: "list", page: 1, ordered: true, items: ["Order", "Pay"], text: "Order\nPay" },
            { type: "paragraph", page: 1, text: "Footer text" }
          ])
          expect(doc.text).not.toContain("hidden")
        }
      }))

    it.effect("html: the children of a flex row are set apart by tabs on one line, a column or a media query's row not", () =>
      Effect.gen(function*() {
        const html = `<html><head><style>
          .pair { display: flex; gap: 12px } .key { font-weight: bold } .stack { display: flex; flex-direction: column }
          @media (max-width: 400px) { .wide { display: flex } }
          </style></head><body>
          <div class="pair"><div class="no">1</div><span class="key">Bakery</span> <span>Crumb &amp; Co</span></div>
          <div class="pair"><span class="key">Date</span><span>02/05/2027</span></div>
          <section style="display:flex"><div class="pair"><span>Till</span><span>3</span></div><div class="pair"><span>Clerk</span><span>Ines</span></div></section>
          <div class="stack"><span>Upper</span><span>Lower</span></div>
          <div class="wide"><span>Left</span> <span>Right</span></div>
          </body></html>`
        const doc = asDocument(yield* parse("form.html", F.utf8(html)))
        expect(doc.blocks.map((b) => b.text)).toEqual(["1\tBakery\tCrumb & Co", "Date\t02/05/2027", "Till\t3\tClerk\tInes", "Upper", "Lower", "Left Right"])
      }))

    it.effect("html: row styles from a selector list, past comments and braces in strings, !important over the style attribute", () =>
      Effect.gen(function*() {
        const html = `<html><head><style>
          /* .off { display: flex } */ .quote::before { content: "{" } p, .row { display: flex }
          .keep { display: flex !important } .pseudo:hover { display: flex }
          </style></head><body>
          <div class="row"><span>Net</span><span>10.00</span></div>
          <div class="off"><span>Tax</span> <span>2.00</span></div>
          <div class="keep" style="display: block"><span>Due</span><span>12.00</span></div>
          <div class="pseudo"><span>Paid</span> <span>0.00</span></div>
          </body></html>`
        const doc = asDocument(yield* parse("styles.html", F.utf8(html)))
        expect(doc.blocks.map((b) => b.text)).toEqual(["Net\t10.00", "Tax 2.00", "Due\t12.00", "Paid 0.00"])
      }))

    it.effect("xml: element texts as name: text lines grouped by parent, declared encoding", () =>
      Effect.gen(function*() {
        const xml = `<?xml version="1.0" encoding="ISO-8859-1"?><invoice xmlns:x="urn:x"><x:number>INV-7</x:number><customer>M\xfcller GmbH</customer><lines><line><item>Desk</item><qty>2</qty></line></lines></invoice>`
        const doc = asDocument(yield* parse("invoice.xml", Uint8Array.from(xml, (ch) => ch.charCodeAt(0))))
        expect(doc.blocks.map((b) => b.text)).toEqual(["item: Desk\nqty: 2", "number: INV-7\ncustomer: Müller GmbH"])
      }))

    it.effect("csv: delimiter detection, quoted fields with delimiters, quotes and line breaks, numbers", () =>
      Effect.gen(function*() {
        const csv = "name;amount;note\r\n\"Smith; John\";12.50;\"said \"\"hi\"\"\"\r\nDoe;7;\"two\nlines\"\r\n"
        const book = asSpreadsheet(yield* parse("people.csv", F.utf8(csv)))
        const sheet = book.sheets[0]
        expect(sheet).toMatchObject({ sheet_name: "people", max_row: 3, max_col: 3 })
        expect(sheet.cells.map((c) => [c.ref, c.value])).toEqual([
          ["A1", "name"], ["B1", "amount"], ["C1", "note"], ["A2", "Smith; John"], ["B2", 12.5], ["C2", "said \"hi\""],
          ["A3", "Doe"], ["B3", 7], ["C3", "two\nlines"]
        ])
        expect(sheet.markdown).toContain("| Doe | 7 | two<br>lines |")
      }))

    it.effect("txt and log: paragraphs between blank lines, UTF-8 or windows-1252, standard pages", () =>
      Effect.gen(function*() {
        const doc = asDocument(yield* parse("notes.txt", F.utf8("First line\nsecond line\n\n\nNext paragraph – ✓")))
        expect(doc.blocks.map((b) => b.text)).toEqual(["First line\nsecond line", "Next paragraph – ✓"])
        const legacy = asDocument(yield* parse("server.log", Uint8Array.from("2024-01-01 caf\xe9 started\n", (ch) => ch.charCodeAt(0))))
        expect(legacy.text).toBe("2024-01-01 café started")
        const long = asDocument(yield* parse("long.txt", F.utf8(Array.from({ length: 40 }, (_, i) => `Paragraph ${i} ${"word ".repeat(40)}`).join("\n\n"))))
        expect(long.page_count).toBe(Math.ceil(long.text.length / 3000))
        expect(long.chunks.every((c) => c.text.length <= 2000)).toBe(true)
        for (const chunk of long.chunks) expect(chunk.text).toBe(long.text.slice(chunk.start_char, chunk.end_char))
        expect(long.chunks.map((c) => c.text).join("").replace(/\s/g, "")).toBe(long.text.replace(/\s/g, ""))
        expect(long.chunks.at(-1)!.page_end).toBe(long.page_count)
      }))

    it.effect("txt: the spacing of fixed-width columns is kept, tabs expanded to stops of eight, trailing spaces dropped", () =>
      Effect.gen(function*() {
        const doc = asDocument(yield* parse("invoice.txt", F.utf8("Invoice No.       Date   \n677/2025          22 July 2026\n\n  Qty\tPrice\n")))
        expect(doc.blocks.map((b) => b.text)).toEqual(["Invoice No.       Date\n677/2025          22 July 2026", "  Qty   Price"])
      }))

    it.effect("md, mdx and jsonl (extract and ground formats)", () =>
      Effect.gen(function*() {
        const md = asDocument(yield* parse("readme.md", F.utf8("# Title\n\nSome *text*.\n\n- a\n- b\n\n| k | v |\n|---|---|\n| x | 1 |\n")))
        expect(md.blocks).toEqual([
          { type: "heading", page: 1, level: 1, text: "Title" },
          { type: "paragraph", page: 1, text: "Some *text*." },
          { type: "list", page: 1, ordered: false, items: ["a", "b"], text: "a\nb" },
          { type: "table", page: 1, rows: [["k", "v"], ["x", "1"]], text: "k\tv\nx\t1" }
        ])
        const mdx = asDocument(yield* parse("page.mdx", F.utf8("import X from './x'\n\n## Hello\n\n<X />\n")))
        expect(mdx.blocks.map((b) => b.text)).toEqual(["Hello", "<X />"])
        const jsonl = asDocument(yield* parse("rows.jsonl", F.utf8("{\"a\":1}\n\n{\"b\":2}\nnot json\n")))
        expect(jsonl.blocks.map((b) => b.text)).toEqual(["{\"a\":1}", "{\"b\":2}", "not json"])
        expect(jsonl.warnings).toEqual(["line 4 is not valid JSON; kept as text"])
      }))
  })
})
