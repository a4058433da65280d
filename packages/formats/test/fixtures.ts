/**
 * Every test file is made here, in code: OOXML packages with fflate, legacy Office compound files
 * with cfb (records written by hand after the format specifications), PDFs with pdf-lib, images
 * drawn glyph by glyph (a 5×7 bitmap font, scaled up) and encoded as PNG (pngjs), BMP and TIFF
 * (by hand), JPEG and WebP (@napi-rs/canvas).
 */
import * as CFB from "cfb"
import { strToU8, zipSync, type Zippable } from "fflate"
import { degrees, PDFDocument, PDFName, PDFHexString, StandardFonts } from "pdf-lib"
import iconv from "iconv-lite"
import { PNG } from "pngjs"

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text)

// ---------------------------------------------------------------- OOXML

export const zip = (files: Record<string, string | Uint8Array>): Uint8Array => {
  const entries: Zippable = {}
  for (const [name, content] of Object.entries(files)) entries[name] = typeof content === "string" ? strToU8(content) : content
  return zipSync(entries)
}

export const rels = (items: ReadonlyArray<[id: string, type: string, target: string]>) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${
    items.map(([id, type, target]) => `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`).join("")
  }</Relationships>`

const contentTypes = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/></Types>`

const coreXml = (title: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${title}</dc:title><dc:creator>Ada Lovelace</dc:creator></cp:coreProperties>`

const W = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`

export const docxParagraph = (text: string, options: { style?: string; numId?: number; pageBreakBefore?: boolean } = {}) =>
  `<w:p>${options.style || options.numId ? `<w:pPr>${options.style ? `<w:pStyle w:val="${options.style}"/>` : ""}${options.numId ? `<w:numPr><w:ilvl w:val="0"/><w:numId w:val="${options.numId}"/></w:numPr>` : ""}</w:pPr>` : ""}${
    options.pageBreakBefore ? `<w:r><w:br w:type="page"/></w:r>` : ""}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`

export const docxTable = (rows: ReadonlyArray<ReadonlyArray<string>>) =>
  `<w:tbl>${rows.map((row) => `<w:tr>${row.map((cell) => `<w:tc><w:p><w:r><w:t>${cell}</w:t></w:r></w:p></w:tc>`).join("")}</w:tr>`).join("")}</w:tbl>`

export const docx = (body: string, extra: Record<string, string> = {}): Uint8Array =>
  zip({
    "[Content_Types].xml": contentTypes,
    "_rels/.rels": rels([["rId1", "officeDocument", "word/document.xml"], ["rId2", "metadata/core-properties", "docProps/core.xml"]]),
    "docProps/core.xml": coreXml("Quarterly Report"),
    "word/_rels/document.xml.rels": rels([["rId1", "styles", "styles.xml"], ["rId2", "numbering", "numbering.xml"]]),
    "word/styles.xml": `<w:styles ${W}><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style><w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style></w:styles>`,
    "word/numbering.xml": `<w:numbering ${W}><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/></w:lvl></w:abstractNum><w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num></w:numbering>`,
    "word/document.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${body}<w:sectPr/></w:body></w:document>`,
    ...extra
  })

export const sampleDocx = () =>
  docx([
    docxParagraph("Quarterly Report", { style: "Heading1" }),
    docxParagraph("Revenue grew by 12% in the third quarter &amp; costs fell."),
    docxParagraph("First point", { numId: 1 }),
    docxParagraph("Second point", { numId: 1 }),
    docxTable([["Region", "Sales"], ["North", "1,200"], ["South", "950"]]),
    docxParagraph("Outlook", { style: "Heading2", pageBreakBefore: true }),
    docxParagraph("Next year looks bright.")
  ].join(""))

const S = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`

export const xlsx = (sheets: ReadonlyArray<{ name: string; xml: string }>, sharedStrings: ReadonlyArray<string>): Uint8Array =>
  zip({
    "[Content_Types].xml": contentTypes,
    "_rels/.rels": rels([["rId1", "officeDocument", "xl/workbook.xml"]]),
    "xl/workbook.xml": `<workbook ${S}><sheets>${sheets.map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("")}</sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": rels([
      ...sheets.map((_, i): [string, string, string] => [`rId${i + 1}`, "worksheet", `worksheets/sheet${i + 1}.xml`]),
      ["rIdS", "sharedStrings", "sharedStrings.xml"], ["rIdT", "styles", "styles.xml"]
    ]),
    "xl/sharedStrings.xml": `<sst ${S} count="${sharedStrings.length}" uniqueCount="${sharedStrings.length}">${sharedStrings.map((s) => `<si><t>${s}</t></si>`).join("")}</sst>`,
    "xl/styles.xml": `<styleSheet ${S}><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/></numFmts><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/></cellXfs></styleSheet>`,
    ...Object.fromEntries(sheets.map((s, i) => [`xl/worksheets/sheet${i + 1}.xml`, `<worksheet ${S}><sheetData>${s.xml}</sheetData></worksheet>`]))
  })

export const sampleXlsx = () =>
  xlsx(
    [
      {
        name: "Sales",
        xml: `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>` +
          `<row r="2"><c r="A2" t="s"><v>3</v></c><c r="B2"><v>1200.5</v></c><c r="C2" s="1"><v>45292</v></c></row>` +
          `<row r="3"><c r="A3" t="inlineStr"><is><t>South</t></is></c><c r="B3"><f>B2*2</f><v>2401</v></c><c r="C3" t="b"><v>1</v></c></row>` +
          `<row r="5"><c r="D5" t="str"><f>"x"&amp;"y"</f><v>xy</v></c></row>`
      },
      { name: "Notes", xml: `<row r="1"><c r="A1" t="s"><v>4</v></c></row>` },
      { name: "Empty", xml: "" }
    ],
    ["Region", "Amount", "Date", "North", "Pipe | in text"]
  )

const P = `xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"`

const pptxShape = (text: string, ph: string | undefined, x: number, y: number) =>
  `<p:sp><p:nvSpPr><p:cNvPr id="2" name="s"/><p:cNvSpPr/><p:nvPr>${ph ? `<p:ph type="${ph}"/>` : ""}</p:nvPr></p:nvSpPr><p:spPr><a:xfrm><a:off x="${x * 12700}" y="${y * 12700}"/><a:ext cx="${400 * 12700}" cy="${50 * 12700}"/></a:xfrm></p:spPr><p:txBody><a:bodyPr/>${
    text.split("\n").map((line) => `<a:p><a:r><a:t>${line}</a:t></a:r></a:p>`).join("")}</p:txBody></p:sp>`

export const samplePptx = () =>
  zip({
    "[Content_Types].xml": contentTypes,
    "_rels/.rels": rels([["rId1", "officeDocument", "ppt/presentation.xml"]]),
    "ppt/presentation.xml": `<p:presentation ${P}><p:sldIdLst><p:sldId id="257" r:id="rId3"/><p:sldId id="256" r:id="rId2"/></p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/></p:presentation>`,
    "ppt/_rels/presentation.xml.rels": rels([["rId2", "slide", "slides/slide1.xml"], ["rId3", "slide", "slides/slide2.xml"]]),
    // slide2.xml comes first in the presentation order
    "ppt/slides/slide2.xml": `<p:sld ${P}><p:cSld><p:spTree>${pptxShape("Welcome deck", "title", 40, 30)}${pptxShape("Agenda item one\nAgenda item two", undefined, 40, 120)}</p:spTree></p:cSld></p:sld>`,
    "ppt/slides/slide1.xml": `<p:sld ${P}><p:cSld><p:spTree>${pptxShape("Closing slide", "ctrTitle", 60, 200)}<p:graphicFrame><p:xfrm><a:off x="0" y="0"/><a:ext cx="100" cy="100"/></p:xfrm><a:graphic><a:graphicData><a:tbl><a:tr><a:tc><a:txBody><a:p><a:r><a:t>K</a:t></a:r></a:p></a:txBody></a:tc><a:tc><a:txBody><a:p><a:r><a:t>V</a:t></a:r></a:p></a:txBody></a:tc></a:tr></a:tbl></a:graphicData></a:graphic></p:graphicFrame></p:spTree></p:cSld></p:sld>`
  })

const C = `xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"`

/** A chart part: a title, a bar chart of two series over two categories (cached values). */
export const chartXml = (title: string) => {
  const pts = (values: ReadonlyArray<string>) => values.map((v, i) => `<c:pt idx="${i}"><c:v>${v}</c:v></c:pt>`).join("")
  const ser = (name: string, values: ReadonlyArray<string>) =>
    `<c:ser><c:tx><c:strRef><c:strCache>${pts([name])}</c:strCache></c:strRef></c:tx><c:cat><c:strRef><c:strCache>${pts(["2023", "2024"])}</c:strCache></c:strRef></c:cat><c:val><c:numRef><c:numCache>${pts(values)}</c:numCache></c:numRef></c:val></c:ser>`
  return `<c:chartSpace ${C}><c:chart><c:title><c:tx><c:rich><a:p><a:r><a:t>${title}</a:t></a:r></a:p></c:rich></c:tx></c:title><c:plotArea><c:barChart>${ser("Apples", ["10", "12"])}${ser("Pears", ["7", "9"])}</c:barChart></c:plotArea></c:chart></c:chartSpace>`
}

/** A one-slide deck whose slide holds a chart and a comment, and whose master carries a text box (not a placeholder). */
export const pptxWithChartCommentMaster = () =>
  zip({
    "[Content_Types].xml": contentTypes,
    "_rels/.rels": rels([["rId1", "officeDocument", "ppt/presentation.xml"]]),
    "ppt/presentation.xml": `<p:presentation ${P}><p:sldIdLst><p:sldId id="256" r:id="rId2"/></p:sldIdLst></p:presentation>`,
    "ppt/_rels/presentation.xml.rels": rels([["rId2", "slide", "slides/slide1.xml"], ["rId3", "commentAuthors", "commentAuthors.xml"]]),
    "ppt/commentAuthors.xml": `<p:cmAuthorLst ${P}><p:cmAuthor id="0" name="Ann Lee" initials="AL"/></p:cmAuthorLst>`,
    "ppt/slides/slide1.xml": `<p:sld ${P}><p:cSld><p:spTree>${pptxShape("Sales", "title", 40, 30)}<p:graphicFrame><a:graphic><a:graphicData><c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rId3"/></a:graphicData></a:graphic></p:graphicFrame></p:spTree></p:cSld></p:sld>`,
    "ppt/slides/_rels/slide1.xml.rels": rels([["rId1", "slideLayout", "../slideLayouts/slideLayout1.xml"], ["rId2", "comments", "../comments/comment1.xml"], ["rId3", "chart", "../charts/chart1.xml"]]),
    "ppt/comments/comment1.xml": `<p:cmLst ${P}><p:cm authorId="0" dt="2024-05-01T10:00:00" idx="1"><p:text>Check the pear figures</p:text></p:cm></p:cmLst>`,
    "ppt/charts/chart1.xml": chartXml("Fruit sold"),
    "ppt/slideLayouts/slideLayout1.xml": `<p:sldLayout ${P}><p:cSld><p:spTree>${pptxShape("Click to edit title", "title", 0, 0)}</p:spTree></p:cSld></p:sldLayout>`,
    "ppt/slideLayouts/_rels/slideLayout1.xml.rels": rels([["rId1", "slideMaster", "../slideMasters/slideMaster1.xml"]]),
    "ppt/slideMasters/slideMaster1.xml": `<p:sldMaster ${P}><p:cSld><p:spTree>${pptxShape("Click to edit Master title style", "title", 0, 0)}${pptxShape("Acme Confidential", undefined, 0, 500)}</p:spTree></p:cSld></p:sldMaster>`
  })

const V = `xmlns="http://schemas.microsoft.com/office/visio/2012/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`

export const sampleVsdx = () =>
  zip({
    "[Content_Types].xml": contentTypes,
    "_rels/.rels": rels([["rId1", "document", "visio/document.xml"]]),
    "visio/document.xml": `<VisioDocument ${V}/>`,
    "visio/_rels/document.xml.rels": rels([["rId1", "pages", "pages/pages.xml"]]),
    "visio/pages/pages.xml": `<Pages ${V}><Page ID="0" NameU="Flow" Name="Flow"><PageSheet><Cell N="PageWidth" V="8.5"/><Cell N="PageHeight" V="11"/></PageSheet><Rel r:id="rId1"/></Page></Pages>`,
    "visio/pages/_rels/pages.xml.rels": rels([["rId1", "page", "page1.xml"]]),
    "visio/pages/page1.xml": `<PageContents ${V}><Shapes><Shape ID="1"><Cell N="PinX" V="2"/><Cell N="PinY" V="10"/><Cell N="Width" V="2"/><Cell N="Height" V="1"/><Text>Start<cp IX="0"/> process</Text></Shape><Shape ID="2" Type="Group"><Shapes><Shape ID="3"><Text>Approve invoice</Text></Shape></Shapes></Shape></Shapes></PageContents>`
  })

// ---------------------------------------------------------------- compound files

export const cfb = (streams: Record<string, Uint8Array>): Uint8Array => {
  const container = CFB.utils.cfb_new()
  for (const [name, content] of Object.entries(streams)) CFB.utils.cfb_add(container, `/${name}`, Buffer.from(content))
  return new Uint8Array(CFB.write(container, { type: "buffer" }) as Buffer)
}

export const encryptedOoxml = () => cfb({ EncryptionInfo: new Uint8Array([4, 0, 4, 0, 0x40, 0, 0, 0]), EncryptedPackage: new Uint8Array(64) })

export class Bytes {
  readonly parts: Array<number> = []
  u8(v: number) { this.parts.push(v & 0xff); return this }
  u16(v: number) { return this.u8(v).u8(v >> 8) }
  u32(v: number) { return this.u16(v & 0xffff).u16(v >>> 16) }
  f64(v: number) { const b = new Uint8Array(new Float64Array([v]).buffer); b.forEach((x) => this.u8(x)); return this }
  bytes(b: ArrayLike<number>) { for (let i = 0; i < b.length; i++) this.u8(b[i]); return this }
  latin1(s: string) { for (const ch of s) this.u8(ch.charCodeAt(0)); return this }
  utf16(s: string) { for (const ch of s) this.u16(ch.charCodeAt(0)); return this }
  get length() { return this.parts.length }
  done() { return Uint8Array.from(this.parts) }
}

const biff = (type: number, body: Uint8Array) => new Bytes().u16(type).u16(body.length).bytes(body).done()

/** An Excel 97 (BIFF8) workbook: two sheets, shared strings (one split by a CONTINUE record), numbers, RK, MULRK, a date, a boolean and a formula with a string result. */
export const sampleXls = (options: { encrypted?: boolean } = {}) => {
  const str8 = (s: string) => new Bytes().u16(s.length).u8(0).latin1(s)
  const long = "Continued text across records"
  const sst = new Bytes().u32(3).u32(3)
  sst.bytes(str8("Region").done()).bytes(str8("North").done())
  // the third string: header and first 10 characters here, the rest in a CONTINUE record as UTF-16
  const sstFirst = sst.u16(long.length).u8(0).latin1(long.slice(0, 10)).done()
  const cont = new Bytes().u8(1).utf16(long.slice(10)).done()
  const globalsWithout = (sheetOffsets: ReadonlyArray<number>) => {
    const out: Array<Uint8Array> = [biff(0x0809, new Bytes().u16(0x0600).u16(0x0005).u32(0).u32(0).done())]
    if (options.encrypted) out.push(biff(0x002f, new Bytes().u16(1).bytes(new Uint8Array(52)).done()))
    out.push(biff(0x041e, new Bytes().u16(164).bytes(str8("yyyy-mm-dd").done()).done()))
    for (let i = 0; i < 16; i++) out.push(biff(0x00e0, new Bytes().u16(0).u16(0).bytes(new Uint8Array(16)).done()))
    out.push(biff(0x00e0, new Bytes().u16(0).u16(164).bytes(new Uint8Array(16)).done())) // XF 16: date
    ;["Data", "Other"].forEach((name, i) => out.push(biff(0x0085, new Bytes().u32(sheetOffsets[i] ?? 0).u8(0).u8(0).u8(name.length).u8(0).latin1(name).done())))
    out.push(biff(0x00fc, sstFirst), biff(0x003c, cont), biff(0x000a, new Uint8Array(0)))
    return out
  }
  const rk = (v: number) => ((v << 2) | 2) >>> 0
  const sheet1 = [
    biff(0x0809, new Bytes().u16(0x0600).u16(0x0010).u32(0).u32(0).done()),
    biff(0x00fd, new Bytes().u16(0).u16(0).u16(0).u32(0).done()), // A1 Region
    biff(0x00fd, new Bytes().u16(1).u16(0).u16(0).u32(1).done()), // A2 North
    biff(0x0203, new Bytes().u16(1).u16(1).u16(0).f64(1234.5).done()), // B2 1234.5
    biff(0x027e, new Bytes().u16(1).u16(2).u16(16).u32(rk(45292)).done()), // C2 date 2024-01-01
    biff(0x00bd, new Bytes().u16(2).u16(1).u16(0).u32(rk(7)).u16(0).u32(rk(8)).u16(2).done()), // B3 7, C3 8
    biff(0x0205, new Bytes().u16(3).u16(0).u16(0).u8(1).u8(0).done()), // A4 TRUE
    biff(0x0006, new Bytes().u16(3).u16(1).u16(0).u8(0).u8(0).u8(0).u8(0).u8(0).u8(0).u16(0xffff).u16(0).u32(0).u16(0).done()),
    biff(0x0207, str8("calc").done()), // B4 "calc"
    biff(0x00fd, new Bytes().u16(4).u16(0).u16(0).u32(2).done()), // A5 long string
    biff(0x000a, new Uint8Array(0))
  ]
  const sheet2 = [
    biff(0x0809, new Bytes().u16(0x0600).u16(0x0010).u32(0).u32(0).done()),
    biff(0x0204, new Bytes().u16(0).u16(0).u16(0).u16(5).u8(0).latin1("Hello").done()),
    biff(0x000a, new Uint8Array(0))
  ]
  const size = (parts: ReadonlyArray<Uint8Array>) => parts.reduce((n, p) => n + p.length, 0)
  const globalsSize = size(globalsWithout([0, 0]))
  const globals = globalsWithout([globalsSize, globalsSize + size(sheet1)])
  const stream = new Bytes()
  for (const part of [...globals, ...sheet1, ...sheet2]) stream.bytes(part)
  return cfb({ Workbook: stream.done() })
}

/** An Excel 5.0/95 (BIFF5) workbook in a `Book` stream: code page 1251, one sheet, a LABEL in 8-bit Cyrillic, a NUMBER, a date, a FORMULA with a STRING result. */
export const sampleXlsBiff5 = (cyrillic: Uint8Array) => {
  const str8 = (s: string) => new Bytes().u16(s.length).latin1(s)
  const globalsWithout = (sheetOffset: number) => [
    biff(0x0809, new Bytes().u16(0x0500).u16(0x0005).u32(0).done()),
    biff(0x0042, new Bytes().u16(1251).done()),
    biff(0x041e, new Bytes().u16(164).u8(10).latin1("yyyy-mm-dd").done()),
    ...Array.from({ length: 16 }, () => biff(0x00e0, new Bytes().u16(0).u16(0).bytes(new Uint8Array(12)).done())),
    biff(0x00e0, new Bytes().u16(0).u16(164).bytes(new Uint8Array(12)).done()),
    biff(0x0085, new Bytes().u32(sheetOffset).u8(0).u8(0).u8(6).latin1("Sheet1").done()),
    biff(0x000a, new Uint8Array(0))
  ]
  const sheet = [
    biff(0x0809, new Bytes().u16(0x0500).u16(0x0010).u32(0).done()),
    biff(0x0204, new Bytes().u16(0).u16(0).u16(0).u16(cyrillic.length).bytes(cyrillic).done()),
    biff(0x0203, new Bytes().u16(0).u16(1).u16(0).f64(42.5).done()),
    biff(0x0203, new Bytes().u16(0).u16(2).u16(16).f64(45292).done()),
    biff(0x0006, new Bytes().u16(1).u16(0).u16(0).u8(0).u8(0).u8(0).u8(0).u8(0).u8(0).u16(0xffff).u16(0).u32(0).u16(0).done()),
    biff(0x0207, str8("total").done()),
    biff(0x000a, new Uint8Array(0))
  ]
  const size = (parts: ReadonlyArray<Uint8Array>) => parts.reduce((n, p) => n + p.length, 0)
  const stream = new Bytes()
  for (const part of [...globalsWithout(size(globalsWithout(0))), ...sheet]) stream.bytes(part)
  return cfb({ Book: stream.done() })
}

/** A Word 97 document: a FIB, the text as one 8-bit piece, and the CLX in the 0Table stream. */
export const sampleDoc = (text: string, options: { encrypted?: boolean } = {}) => {
  const textOffset = 0x800
  const fib = new Uint8Array(textOffset + text.length)
  const view = new DataView(fib.buffer)
  view.setUint16(0, 0xa5ec, true)
  view.setUint16(2, 0x00c1, true)
  view.setUint16(0x0a, options.encrypted ? 0x0100 : 0, true) // fWhichTblStm 0: 0Table
  view.setUint16(32, 14, true) // csw
  view.setUint16(62, 22, true) // cslw
  view.setUint32(64 + 12, text.length, true) // ccpText
  view.setUint16(152, 93, true) // cbRgFcLcb (Word 97)
  for (let i = 0; i < text.length; i++) fib[textOffset + i] = text.charCodeAt(i)
  const plc = new Bytes().u32(0).u32(text.length).u16(0).u32(((textOffset * 2) | 0x40000000) >>> 0).u16(0).done()
  const clx = new Bytes().u8(0x02).u32(plc.length).bytes(plc).done()
  view.setUint32(154 + 33 * 8, 0, true) // fcClx
  view.setUint32(154 + 33 * 8 + 4, clx.length, true) // lcbClx
  return cfb({ WordDocument: fib, "0Table": clx })
}

/**
 * A Word 6.0/95 document (nFib 101, no table stream): the 8-bit text at fcMin, or with `pieces`
 * (a fast-saved file) the text split in two pieces stored in reverse order, found through the
 * piece table at fcClx in the WordDocument stream.
 */
export const sampleWord6Doc = (text: string, options: { pieces?: boolean } = {}) => {
  const textOffset = 0x300
  const word = new Uint8Array(0x800 + text.length)
  const view = new DataView(word.buffer)
  view.setUint16(0, 0xa5dc, true)
  view.setUint16(2, 101, true)
  view.setUint32(0x34, text.length, true) // ccpText
  if (!options.pieces) {
    view.setUint32(0x18, textOffset, true) // fcMin
    view.setUint32(0x1c, textOffset + text.length, true)
    for (let i = 0; i < text.length; i++) word[textOffset + i] = text.charCodeAt(i)
    return cfb({ WordDocument: word })
  }
  view.setUint16(0x0a, 0x0004, true) // fComplex
  const half = Math.floor(text.length / 2)
  const [first, second] = [text.slice(0, half), text.slice(half)]
  // the second half is stored first in the stream
  for (let i = 0; i < second.length; i++) word[textOffset + i] = second.charCodeAt(i)
  const firstAt = textOffset + second.length
  for (let i = 0; i < first.length; i++) word[firstAt + i] = first.charCodeAt(i)
  const plc = new Bytes().u32(0).u32(half).u32(text.length).u16(0).u32(firstAt).u16(0).u16(0).u32(textOffset).u16(0).done()
  const clx = new Bytes().u8(0x02).u32(plc.length).bytes(plc).done()
  const clxAt = 0x600
  word.set(clx, clxAt)
  view.setUint32(0x160, clxAt, true)
  view.setUint32(0x164, clx.length, true)
  return cfb({ WordDocument: word })
}

const pptRecord = (verInst: number, type: number, body: Uint8Array) => new Bytes().u16(verInst).u16(type).u32(body.length).bytes(body).done()
const pptContainer = (type: number, children: ReadonlyArray<Uint8Array>, instance = 0) => {
  const body = new Bytes()
  for (const child of children) body.bytes(child)
  return pptRecord(0xf | (instance << 4), type, body.done())
}

/** A PowerPoint 97 presentation: two slides in the slide list (titles and body text) and a text box drawn on slide 1. */
export const samplePpt = () => {
  const textHeader = (type: number) => pptRecord(0, 0x0f9f, new Bytes().u32(type).done())
  const chars = (s: string) => pptRecord(0, 0x0fa0, new Bytes().utf16(s).done())
  const bytes = (s: string) => pptRecord(0, 0x0fa8, new Bytes().latin1(s).done())
  const persist = (id: number) => pptRecord(0, 0x03f3, new Bytes().u32(id).u32(0).u32(0).u32(0).u32(0).done())
  const slideList = pptContainer(0x0ff0, [
    persist(1), textHeader(0), chars("Budget 2024"), textHeader(1), bytes("Costs down\rRevenue up"),
    persist(2), textHeader(0), chars("Thank you")
  ])
  const documentContainer = pptContainer(0x03e8, [pptRecord(1, 0x03e9, new Uint8Array(40)), slideList])
  const slide1 = pptContainer(0x03ee, [pptContainer(0x040c, [pptContainer(0xf002, [pptContainer(0xf003, [pptContainer(0xf004, [pptContainer(0xf00d, [textHeader(4), chars("Drawn text box")])])])])])])
  const slide2 = pptContainer(0x03ee, [])
  const slide1Offset = documentContainer.length
  const slide2Offset = slide1Offset + slide1.length
  const dirOffset = slide2Offset + slide2.length
  const directory = pptRecord(0, 0x1772, new Bytes().u32((2 << 20) | 1).u32(slide1Offset).u32(slide2Offset).done())
  const editOffset = dirOffset + directory.length
  const userEdit = pptRecord(0, 0x0ff5, new Bytes().u32(0).u16(0).u8(0).u8(3).u32(0).u32(dirOffset).u32(0).u32(3).u16(1).u16(0).done())
  const stream = new Bytes().bytes(documentContainer).bytes(slide1).bytes(slide2).bytes(directory).bytes(userEdit).done()
  const currentUser = pptRecord(0, 0x0ff6, new Bytes().u32(20).u32(0xe391c05f).u32(editOffset).u16(0).u16(0).u16(0).u8(3).u8(0).done())
  return cfb({ "PowerPoint Document": stream, "Current User": currentUser })
}

/** A PowerPoint 97 deck of one slide that shows its master's objects; the master has a text box, a slide-number field ("*") and a title prompt. */
export const samplePptWithMasterText = (options: { showMaster: boolean }) => {
  const textHeader = (type: number) => pptRecord(0, 0x0f9f, new Bytes().u32(type).done())
  const chars = (s: string) => pptRecord(0, 0x0fa0, new Bytes().utf16(s).done())
  const persist = (id: number) => pptRecord(0, 0x03f3, new Bytes().u32(id).u32(0).u32(0).u32(0).u32(0).done())
  const box = (type: number, text: string) => pptContainer(0xf004, [pptContainer(0xf00d, [textHeader(type), chars(text)])])
  const documentContainer = pptContainer(0x03e8, [
    pptRecord(1, 0x03e9, new Uint8Array(40)),
    pptContainer(0x0ff0, [persist(3)], 1),
    pptContainer(0x0ff0, [persist(1), textHeader(0), chars("Budget 2024")])
  ])
  const slideAtom = pptRecord(2, 0x03ef, new Bytes().bytes(new Uint8Array(20)).u16(options.showMaster ? 1 : 0).u16(0).done())
  const slide = pptContainer(0x03ee, [slideAtom])
  const master = pptContainer(0x03f8, [pptContainer(0x040c, [pptContainer(0xf002, [pptContainer(0xf003, [
    box(0, "Click to edit Master title style"), box(4, "Acme Confidential"), box(4, "*")
  ])])])])
  const slideOffset = documentContainer.length
  const masterOffset = slideOffset + slide.length
  const dirOffset = masterOffset + master.length
  const directory = pptRecord(0, 0x1772, new Bytes().u32((1 << 20) | 1).u32(slideOffset).u32((1 << 20) | 3).u32(masterOffset).done())
  const editOffset = dirOffset + directory.length
  const userEdit = pptRecord(0, 0x0ff5, new Bytes().u32(0).u16(0).u8(0).u8(3).u32(0).u32(dirOffset).u32(0).u32(3).u16(1).u16(0).done())
  const stream = new Bytes().bytes(documentContainer).bytes(slide).bytes(master).bytes(directory).bytes(userEdit).done()
  const currentUser = pptRecord(0, 0x0ff6, new Bytes().u32(20).u32(0xe391c05f).u32(editOffset).u16(0).u16(0).u16(0).u8(3).u8(0).done())
  return cfb({ "PowerPoint Document": stream, "Current User": currentUser })
}

/** An Outlook message: MAPI properties as UTF-16 substorage streams. */
export const sampleMsg = () => {
  const prop = (tag: string, value: string) => [`__substg1.0_${tag}001F`, new Bytes().utf16(value).done()] as const
  const recipient = (name: string, email: string, type: number) => ({
    [`__recip_version1.0_#0000000${type - 1}/__substg1.0_3001001F`]: new Bytes().utf16(name).done(),
    [`__recip_version1.0_#0000000${type - 1}/__substg1.0_39FE001F`]: new Bytes().utf16(email).done(),
    [`__recip_version1.0_#0000000${type - 1}/__properties_version1.0`]: new Bytes().bytes(new Uint8Array(8)).u32(0x0c150003).u32(6).u32(type).u32(0).done()
  })
  return cfb({
    "__properties_version1.0": new Uint8Array(32),
    ...Object.fromEntries([
      prop("0037", "Project kickoff"),
      prop("0C1A", "Grace Hopper"),
      prop("5D01", "grace@example.com"),
      prop("1000", "Hello team,\r\n\r\nThe kickoff is on Monday at 10:00.\r\n\r\nGrace")
    ]),
    ...recipient("Alan Turing", "alan@example.com", 1)
  })
}

// ---------------------------------------------------------------- legacy Visio

/**
 * Visio's LZ77 variant, written greedily: the longest match (3–18 bytes) among the last 4,000
 * bytes becomes a back-reference whose ring position is stored 18 behind, anything else a literal.
 */
export const visioCompress = (data: Uint8Array): Uint8Array => {
  const out: Array<number> = []
  let i = 0
  while (i < data.length) {
    const flagAt = out.length
    out.push(0)
    let flag = 0
    for (let bit = 0; bit < 8 && i < data.length; bit++) {
      let best = 0
      let bestFrom = 0
      for (let from = Math.max(0, i - 4000); from < i; from++) {
        let n = 0
        while (n < 18 && i + n < data.length && data[from + n] === data[i + n]) n++
        if (n > best) { best = n; bestFrom = from }
      }
      if (best >= 3) {
        const stored = ((bestFrom & 4095) - 18 + 4096) % 4096
        out.push(stored & 0xff, ((stored >> 4) & 0xf0) | (best - 3))
        i += best
      } else {
        flag |= 1 << bit
        out.push(data[i++])
      }
    }
    out[flagAt] = flag
  }
  return Uint8Array.from(out)
}

export interface VsdShapeSpec {
  readonly id: number
  readonly text?: string
  readonly group?: boolean
  readonly parent?: number
  /** PinX, PinY, Width, Height, LocPinX, LocPinY in inches. */
  readonly frame?: readonly [number, number, number, number, number, number]
}

export interface VsdPageSpec {
  readonly shapes: ReadonlyArray<VsdShapeSpec>
  readonly background?: boolean
  /** Width and height in inches. */
  readonly size?: readonly [number, number]
}

/**
 * A legacy Visio drawing written after libvisio's reading of the format: the VisioDocument
 * stream's header and trailer pointer, a trailer listing a stencil (a master shape with text, which
 * is not the drawing's) and the pages stream, one chunk stream per page. Version 11 (UTF-16 text,
 * compressed streams), 6 (8-bit text) or 5 (short pointers and chunk headers, the transform a
 * record of the shape's property list).
 */
export const sampleVsd = (pages: ReadonlyArray<VsdPageSpec>, options: { version?: 11 | 6 | 5; compressed?: boolean } = {}) => {
  const version = options.version ?? 11
  const compressed = options.compressed ?? version === 11
  const v5 = version === 5
  const streams: Array<Uint8Array> = []
  const HEADER = 0x40
  let next = HEADER
  const place = (content: Uint8Array, format: number) => {
    const bytes = compressed ? visioCompress(Uint8Array.from([0, 0, 0, 0, ...content])) : content
    const offset = next
    streams.push(bytes)
    next += bytes.length
    return { offset, length: bytes.length, format: format | (compressed ? 2 : 0) }
  }
  const pointer = (type: number, p: { offset: number; length: number; format: number }) =>
    v5
      ? new Bytes().u16(type).u16(p.format).u32(0).u32(p.offset).u32(p.length).done()
      : new Bytes().u32(type).u32(0).u32(p.offset).u32(p.length).u16(p.format).done()
  const pointerList = (type: number, items: ReadonlyArray<Uint8Array>) => {
    if (v5) {
      const at = type === 0x14 ? 0x82 : type === 0x1e ? 0x36 : type > 0x45 ? 0x1e : type === 0x1d ? 0x1e : 0x0a
      const b = new Bytes().bytes(new Uint8Array(at)).u16(items.length)
      items.forEach((item) => b.bytes(item))
      return b.done()
    }
    // the offset of the list (+4), then the order's length, the count, a reserved dword, pointers, order
    const b = new Bytes().u32(8).u32(items.length).u32(items.length).u32(0)
    items.forEach((item) => b.bytes(item))
    items.forEach((_, i) => b.u32(items.length - 1 - i)) // listed in reverse, read in the order given
    return b.done()
  }
  const chunk = (type: number, id: number, level: number, data: Uint8Array, trailer = 0) =>
    v5
      ? new Bytes().u16(type).u16(id).u8(level).u8(0).u16(0).u32(data.length).bytes(data).done()
      : new Bytes().u32(type).u32(id).u32(0).u32(data.length).u16(level).u8(0x50).bytes(data).bytes(new Uint8Array(trailer)).done()
  const text = (s: string) =>
    version === 11 ? new Bytes().bytes(new Uint8Array(8)).utf16(s).u16(0).done() : new Bytes().bytes(new Uint8Array(8)).bytes(iconv.encode(s, "windows-1252")).u8(0).done()
  const cells = (values: ReadonlyArray<number>) => {
    const b = new Bytes()
    values.forEach((v) => b.u8(0).f64(v))
    return b.u8(0).u8(0).done()
  }
  const shapeChunks = (shape: VsdShapeSpec) => {
    const head = v5
      ? new Bytes().u16(0).u16(shape.parent ?? 0).bytes(new Uint8Array(26)).done()
      : new Bytes().bytes(new Uint8Array(10)).u32(shape.parent ?? 0).bytes(new Uint8Array(54)).done()
    const out = [chunk(shape.group ? 0x47 : 0x48, shape.id, 1, head)]
    if (shape.frame !== undefined) {
      const xform = cells(shape.frame)
      if (v5) {
        // a property list of one record: its data, then (type, offset) per record, then count and end
        const list = new Bytes().bytes(xform).bytes(new Uint8Array((4 - (xform.length % 4)) % 4))
        const end = list.length
        out.push(chunk(0x68, 0, 2, list.u16(0x9b).u16(0).u16(1).u16(end).done()))
      } else {
        out.push(chunk(0x9b, 0, 2, xform))
      }
    }
    if (shape.text !== undefined) out.push(chunk(0x0e, shape.id, 2, text(shape.text)))
    return out
  }
  const pageStream = (page: VsdPageSpec) => {
    const parts = [chunk(0x15, 0xffff, 0, new Uint8Array(v5 ? 8 : 16))]
    if (page.size !== undefined) parts.push(chunk(0x92, 0, 1, cells([...page.size, 0, 0, 1, 1]), version === 11 ? 4 : 0))
    page.shapes.forEach((shape) => parts.push(...shapeChunks(shape)))
    return place(Uint8Array.from(parts.flatMap((p) => [...p])), (v5 ? 0xc0 : 0xd0) | (page.background ? 0 : 1))
  }
  const pagePointers = pages.map((page) => pointer(0x15, pageStream(page)))
  const pagesStream = place(pointerList(0x27, pagePointers), 0x50)
  const masterShape = place(Uint8Array.from(shapeChunks({ id: 1, text: "Master prompt text" }).flatMap((p) => [...p])), 0xd0)
  const stencilPage = place(pointerList(0x1e, [pointer(0x48, masterShape)]), 0x50)
  const stencils = place(pointerList(0x1d, [pointer(0x1e, stencilPage)]), 0x50)
  const trailer = place(pointerList(0x14, [pointer(0x1d, stencils), pointer(0x27, pagesStream)]), 0x50)
  const header = new Bytes().latin1("Visio (TM) Drawing\r\n").bytes(new Uint8Array(6)).u16(version).u32(next).bytes(new Uint8Array(4))
  header.bytes(pointer(0x14, trailer))
  const doc = new Uint8Array(next)
  doc.set(header.done())
  let at = HEADER
  for (const s of streams) { doc.set(s, at); at += s.length }
  return cfb({ VisioDocument: doc })
}

// ---------------------------------------------------------------- PDF

export const samplePdf = async (pages: ReadonlyArray<ReadonlyArray<{ text: string; x: number; y: number; size: number }>>) => {
  const doc = await PDFDocument.create()
  doc.setTitle("Sample PDF")
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (const lines of pages) {
    const page = doc.addPage([612, 792])
    for (const line of lines) page.drawText(line.text, { x: line.x, y: line.y, size: line.size, font })
  }
  return doc.save()
}

/** A PDF whose trailer names a standard security handler with a user password. */
export const encryptedPdf = async () => {
  const doc = await PDFDocument.create()
  doc.addPage([200, 200])
  const hex = (n: number) => PDFHexString.of("ab".repeat(n))
  const encrypt = doc.context.obj({ Filter: PDFName.of("Standard"), V: 1, R: 2, O: hex(32), U: hex(32), P: -44 })
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt)
  doc.context.trailerInfo.ID = doc.context.obj([hex(16), hex(16)])
  return doc.save({ useObjectStreams: false })
}

/** A page scanned at 300 dpi: the PNG drawn over the whole page, no text layer. */
export const scannedPdf = async (png: Uint8Array, options: { rotate?: number } = {}) => {
  const doc = await PDFDocument.create()
  const image = await doc.embedPng(png)
  const page = doc.addPage([(image.width * 72) / 300, (image.height * 72) / 300])
  page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() })
  // a /Rotate that turns the scan on its side as displayed (a scanner that set it wrong)
  if (options.rotate !== undefined) page.setRotation(degrees(options.rotate))
  return doc.save()
}

/**
 * A page with a text layer and a PNG drawn on it (an address block pasted as a picture): the text
 * lines in Helvetica, the image at `box` (x, y from the bottom, width, height in points), and
 * optional `hidden` text drawn fully transparent (a searchable layer over part of the image).
 */
export const textPdfWithImage = async (options: {
  readonly size: readonly [number, number]
  readonly lines: ReadonlyArray<{ text: string; x: number; y: number; size: number }>
  readonly png: Uint8Array
  readonly box: readonly [number, number, number, number]
  readonly hidden?: ReadonlyArray<{ text: string; x: number; y: number; size: number }>
}) => {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const page = doc.addPage([...options.size])
  for (const line of options.lines) page.drawText(line.text, { x: line.x, y: line.y, size: line.size, font })
  const image = await doc.embedPng(options.png)
  const [x, y, width, height] = options.box
  page.drawImage(image, { x, y, width, height })
  for (const line of options.hidden ?? []) page.drawText(line.text, { x: line.x, y: line.y, size: line.size, font, opacity: 0 })
  return doc.save()
}

// ---------------------------------------------------------------- images

const FONT: Record<string, ReadonlyArray<string>> = {
  A: ["01110", "10001", "10001", "11111", "10001", "10001", "10001"],
  C: ["01110", "10001", "10000", "10000", "10000", "10001", "01110"],
  D: ["11110", "10001", "10001", "10001", "10001", "10001", "11110"],
  E: ["11111", "10000", "10000", "11110", "10000", "10000", "11111"],
  G: ["01110", "10001", "10000", "10111", "10001", "10001", "01111"],
  H: ["10001", "10001", "10001", "11111", "10001", "10001", "10001"],
  L: ["10000", "10000", "10000", "10000", "10000", "10000", "11111"],
  N: ["10001", "11001", "10101", "10011", "10001", "10001", "10001"],
  O: ["01110", "10001", "10001", "10001", "10001", "10001", "01110"],
  P: ["11110", "10001", "10001", "11110", "10000", "10000", "10000"],
  R: ["11110", "10001", "10001", "11110", "10100", "10010", "10001"],
  S: ["01111", "10000", "10000", "01110", "00001", "00001", "11110"],
  W: ["10001", "10001", "10001", "10101", "10101", "10101", "01010"],
  " ": ["00000", "00000", "00000", "00000", "00000", "00000", "00000"]
}

/** Black text on white, grey levels, one byte per pixel; glyph cells 6×9, scaled. */
export const drawText = (text: string, scale = 5): { width: number; height: number; gray: Uint8Array } => {
  const width = (text.length * 6 + 4) * scale
  const height = 15 * scale
  const gray = new Uint8Array(width * height).fill(255)
  for (let i = 0; i < text.length; i++) {
    const glyph = FONT[text[i]]
    for (let r = 0; r < 7; r++) for (let c = 0; c < 5; c++) {
      if (glyph[r][c] !== "1") continue
      for (let dy = 0; dy < scale; dy++) for (let dx = 0; dx < scale; dx++) gray[((4 + r) * scale + dy) * width + (2 + i * 6 + c) * scale + dx] = 0
    }
  }
  return { width, height, gray }
}

export const png = (image: ReturnType<typeof drawText>): Uint8Array => {
  const out = new PNG({ width: image.width, height: image.height })
  for (let i = 0; i < image.gray.length; i++) {
    out.data[i * 4] = out.data[i * 4 + 1] = out.data[i * 4 + 2] = image.gray[i]
    out.data[i * 4 + 3] = 255
  }
  return new Uint8Array(PNG.sync.write(out))
}

export const bmp = (image: ReturnType<typeof drawText>): Uint8Array => {
  const rowSize = Math.ceil((image.width * 3) / 4) * 4
  const b = new Bytes().latin1("BM").u32(54 + rowSize * image.height).u32(0).u32(54)
    .u32(40).u32(image.width).u32(image.height).u16(1).u16(24).u32(0).u32(rowSize * image.height).u32(2835).u32(2835).u32(0).u32(0)
  for (let y = image.height - 1; y >= 0; y--) {
    for (let x = 0; x < image.width; x++) { const v = image.gray[y * image.width + x]; b.u8(v).u8(v).u8(v) }
    for (let p = image.width * 3; p < rowSize; p++) b.u8(0)
  }
  return b.done()
}

export const tiff = (image: ReturnType<typeof drawText>): Uint8Array => {
  const entries: Array<[number, number, number]> = [
    [256, 4, image.width], [257, 4, image.height], [258, 3, 8], [259, 3, 1], [262, 3, 1],
    [273, 4, 0], [277, 3, 1], [278, 4, image.height], [279, 4, image.gray.length]
  ]
  const ifdOffset = 8
  const dataOffset = ifdOffset + 2 + entries.length * 12 + 4
  const b = new Bytes().latin1("II").u16(42).u32(ifdOffset).u16(entries.length)
  for (const [tag, type, value] of entries) {
    b.u16(tag).u16(type).u32(1)
    if (type === 3) b.u16(tag === 273 ? dataOffset : value).u16(0)
    else b.u32(tag === 273 ? dataOffset : value)
  }
  return b.u32(0).bytes(image.gray).done()
}

/**
 * A TIFF of several pages (one IFD each, chained): 8-bit gray uncompressed, or a JPEG stream per
 * page (compression 7, RGB as JPEG writes YCbCr), as scanners write multi-page faxes and scans.
 */
export const multiPageTiff = (pages: ReadonlyArray<{ width: number; height: number; gray?: Uint8Array; jpeg?: Uint8Array }>): Uint8Array => {
  const b = new Bytes().latin1("II").u16(42)
  // layout: header, then per page: data, bits-per-sample array (JPEG), IFD
  const out: Array<{ ifdAt: number; entries: Array<[number, number, number, number]> }> = []
  let offset = 8
  const blobs: Array<Uint8Array> = []
  for (const page of pages) {
    const data = page.jpeg ?? page.gray!
    const dataAt = offset
    blobs.push(data)
    offset += data.length + (data.length % 2)
    if (data.length % 2) blobs.push(new Uint8Array(1))
    let bpsAt = 0
    if (page.jpeg !== undefined) {
      bpsAt = offset
      blobs.push(new Bytes().u16(8).u16(8).u16(8).done())
      offset += 6
    }
    const entries: Array<[number, number, number, number]> = page.jpeg !== undefined
      ? [[256, 4, 1, page.width], [257, 4, 1, page.height], [258, 3, 3, bpsAt], [259, 3, 1, 7], [262, 3, 1, 6], [273, 4, 1, dataAt], [277, 3, 1, 3], [278, 4, 1, page.height], [279, 4, 1, data.length]]
      : [[256, 4, 1, page.width], [257, 4, 1, page.height], [258, 3, 1, 8], [259, 3, 1, 1], [262, 3, 1, 1], [273, 4, 1, dataAt], [277, 3, 1, 1], [278, 4, 1, page.height], [279, 4, 1, data.length]]
    out.push({ ifdAt: offset, entries })
    offset += 2 + entries.length * 12 + 4
    blobs.push(new Uint8Array(2 + entries.length * 12 + 4)) // placeholder, written below
  }
  b.u32(out[0].ifdAt)
  let ifdIndex = 0
  for (const blob of blobs) {
    const ifd = out[ifdIndex]
    if (ifd !== undefined && blob.length === 2 + ifd.entries.length * 12 + 4 && b.length === ifd.ifdAt) {
      b.u16(ifd.entries.length)
      for (const [tag, type, count, value] of ifd.entries) {
        b.u16(tag).u16(type).u32(count)
        if (type === 3 && count === 1) b.u16(value).u16(0)
        else b.u32(value)
      }
      b.u32(out[ifdIndex + 1]?.ifdAt ?? 0)
      ifdIndex++
    } else b.bytes(blob)
  }
  return b.done()
}

/** A picture without text: coloured stripes at places from a seeded generator (what OCR reads as fragments). */
export const stripesPicture = async (): Promise<Uint8Array> => {
  const { createCanvas } = await import("@napi-rs/canvas")
  let seed = 7
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  const canvas = createCanvas(400, 300)
  const g = canvas.getContext("2d")
  g.fillStyle = "#fff"
  g.fillRect(0, 0, 400, 300)
  for (let i = 0; i < 60; i++) {
    g.fillStyle = `rgb(${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)})`
    g.fillRect(rnd() * 400, rnd() * 300, 2 + rnd() * 10, 5 + rnd() * 40)
  }
  return new Uint8Array(canvas.toBuffer("image/png"))
}

export const canvasEncode = async (pngBytes: Uint8Array, mime: "image/jpeg" | "image/webp"): Promise<Uint8Array> => {
  const { createCanvas, loadImage } = await import("@napi-rs/canvas")
  const image = await loadImage(Buffer.from(pngBytes))
  const canvas = createCanvas(image.width, image.height)
  canvas.getContext("2d").drawImage(image, 0, 0)
  return new Uint8Array(mime === "image/jpeg" ? canvas.toBuffer("image/jpeg", 95) : canvas.toBuffer("image/webp", 100))
}

/**
 * A statement's table in 8 pt Helvetica (a PDF drawn by pdf.js) as a greyscale PNG scan at `dpi`:
 * at 100 dpi its letters are some 8 px tall, under what Tesseract reads reliably.
 */
export const smallPrintTableScan = async (dpi: number): Promise<Uint8Array> => {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const page = doc.addPage([612, 160])
  const rows = [
    ["Date", "Description", "Debits", "Credits", "Balance"],
    ["01Aug2018", "Clearing Cheque", "36.07", "", "99,914.15"],
    ["01Aug2018", "Incoming Interac e-Transfer", "", "14.54", "99,928.69"],
    ["02Aug2018", "Assisted Deposit", "", "324.50", "100,253.19"],
    ["02Aug2018", "Transfer out to loan", "1,500.00", "", "98,753.19"]
  ]
  const columns = [30, 80, 330, 420, 510]
  rows.forEach((row, i) => row.forEach((text, j) => { if (text !== "") page.drawText(text, { x: columns[j], y: 130 - i * 14, size: 8, font }) }))
  const { openPdf } = await import("../src/formats/pdf.js")
  const { createCanvas } = await import("@napi-rs/canvas")
  const { doc: pdf } = await openPdf(await doc.save(), "pdf")
  try {
    const viewport = (await pdf.getPage(1)).getViewport({ scale: dpi / 72 })
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height))
    const context = canvas.getContext("2d")
    context.fillStyle = "#ffffff"
    context.fillRect(0, 0, canvas.width, canvas.height)
    await (await pdf.getPage(1)).render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise
    return new Uint8Array(canvas.toBuffer("image/png"))
  } finally {
    await pdf.destroy().catch(() => {})
  }
}
