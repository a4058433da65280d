/**
 * VSDX (Visio 2013+ drawing, Office Open XML): one page per drawing page in order (background
 * pages included as pages of their own only when they hold text), sized from the page sheet. Each
 * shape's own text becomes a paragraph and a positioned text item at the shape's frame (from its
 * PinX/PinY/Width/Height, origin turned to the top-left). Text inherited from masters (stencil
 * shapes that show their master's text unchanged) and shape data fields are not read.
 */
import type { Documents } from "@docket/core"
import { assembleDocument, type PageDraft } from "../internal/assemble.js"
import type { ReaderContext } from "../internal/context.js"
import { tooComplex } from "../internal/problem.js"
import { cleanText } from "../internal/text.js"
import { attr, nsAttr, child, childrenNamed, descendants, elements, textOf, type XmlElement } from "../internal/xml.js"
import { coreProperties, mainPart, openPackage, readXml, relationships } from "./ooxml.js"

const cellValue = (sheet: XmlElement | undefined, name: string): number | undefined => {
  if (sheet === undefined) return undefined
  const cell = childrenNamed(sheet, "Cell").find((c) => attr(c, "N") === name)
  const value = cell === undefined ? undefined : Number(attr(cell, "V"))
  return value === undefined || Number.isNaN(value) ? undefined : value
}

export const readVsdx = (bytes: Uint8Array, ctx: ReaderContext): Documents.ParsedTextDocument => {
  const zip = openPackage(bytes, ctx)
  const documentPart = mainPart(zip, "visio/document.xml", ctx)
  const pagesPart = [...relationships(zip, documentPart).values()].find((rel) => rel.type.endsWith("/pages"))?.target ?? "visio/pages/pages.xml"
  const pagesRoot = readXml(zip, pagesPart)
  const pageRels = relationships(zip, pagesPart)
  const pageList = pagesRoot === undefined ? [] : descendants(pagesRoot, "Page")
  if (pageList.length > ctx.limits.maxPages) {
    throw tooComplex(ctx.format, "pages", `The drawing has ${pageList.length} pages; at most ${ctx.limits.maxPages} are read.`)
  }
  const blocks: Array<Documents.Block> = []
  const pages: Array<PageDraft> = []
  for (const pageElement of pageList) {
    const rel = descendants(pageElement, "Rel")[0]
    const target = rel === undefined ? undefined : pageRels.get(nsAttr(rel, "id") ?? "")?.target
    const content = target === undefined ? undefined : readXml(zip, target)
    const pageSheet = child(pageElement, "PageSheet")
    const widthIn = cellValue(pageSheet, "PageWidth") ?? 8.5
    const heightIn = cellValue(pageSheet, "PageHeight") ?? 11
    const texts: Array<{ text: string; item: Documents.TextItem | undefined }> = []
    const visit = (element: XmlElement): void => {
      for (const shape of elements(element)) {
        if (shape.name === "Shapes") { visit(shape); continue }
        if (shape.name !== "Shape") continue
        const textElement = child(shape, "Text")
        const text = textElement === undefined ? "" : cleanText(textOf(textElement))
        if (text !== "") {
          const w = cellValue(shape, "Width")
          const h = cellValue(shape, "Height")
          const pinX = cellValue(shape, "PinX")
          const pinY = cellValue(shape, "PinY")
          let item: Documents.TextItem | undefined
          if (w !== undefined && h !== undefined && pinX !== undefined && pinY !== undefined) {
            const locX = cellValue(shape, "LocPinX") ?? w / 2
            const locY = cellValue(shape, "LocPinY") ?? h / 2
            item = { text, x: (pinX - locX) * 72, y: (heightIn - (pinY - locY + h)) * 72, w: w * 72, h: h * 72, source: "text_layer", confidence: null }
          }
          texts.push({ text, item })
        }
        const nested = child(shape, "Shapes")
        if (nested !== undefined) visit(nested)
      }
    }
    const shapes = content === undefined ? undefined : descendants(content, "Shapes")[0]
    if (shapes !== undefined) visit(shapes)
    if (attr(pageElement, "Background") === "1" && texts.length === 0) continue
    const page = pages.length + 1
    const name = attr(pageElement, "NameU") ?? attr(pageElement, "Name")
    if (name !== undefined && pageList.length > 1) blocks.push({ type: "heading", page, level: 2, text: name })
    for (const { text } of texts) blocks.push({ type: "paragraph", page, text })
    pages.push({
      page_number: page, width: widthIn * 72, height: heightIn * 72, unit: "pt", ocr: false,
      items: texts.flatMap(({ item }) => (item === undefined ? [] : [item]))
    })
  }
  return assembleDocument({
    format: ctx.format, fileName: ctx.fileName, blocks, pagination: "pages", pages, pageCount: pages.length,
    metadata: coreProperties(zip)
  })
}
