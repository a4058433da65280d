/**
 * PPTX (PresentationML): one page per slide in presentation order, sized as the presentation's
 * slide size in points. Each shape's text becomes a block (title placeholders become headings,
 * tables become tables) and a positioned text item at the shape's frame. Speaker notes, comments
 * and text inherited from layouts and masters are not read. Positions of shapes inside groups are
 * taken as written (group transforms are not applied).
 */
import type { Documents } from "@docket/core"
import { assembleDocument, type PageDraft } from "../internal/assemble.js"
import type { ReaderContext } from "../internal/context.js"
import { tooComplex } from "../internal/problem.js"
import { attr, nsAttr, child, childrenNamed, descendants, elements, type XmlElement, type XmlNode } from "../internal/xml.js"
import { coreProperties, EMU_PER_POINT, mainPart, openPackage, readXml, relationships } from "./ooxml.js"

const paragraphText = (p: XmlElement): string => {
  let text = ""
  const walk = (node: XmlNode) => {
    if (typeof node === "string") return
    if (node.name === "t") text += node.children.filter((c): c is string => typeof c === "string").join("")
    else if (node.name === "br") text += "\n"
    else if (node.name === "tab") text += "\t"
    else if (node.name !== "rPr" && node.name !== "pPr") node.children.forEach(walk)
  }
  p.children.forEach(walk)
  return text.trim()
}

const textBody = (element: XmlElement): string =>
  descendants(element, "p").map(paragraphText).filter((t) => t !== "").join("\n")

const frame = (element: XmlElement): { x: number; y: number; w: number; h: number } | undefined => {
  const xfrm = descendants(element, "xfrm")[0]
  const off = xfrm && child(xfrm, "off")
  const ext = xfrm && child(xfrm, "ext")
  if (off === undefined || ext === undefined) return undefined
  const n = (e: XmlElement, k: string) => Number(attr(e, k) ?? 0) / EMU_PER_POINT
  return { x: n(off, "x"), y: n(off, "y"), w: n(ext, "cx"), h: n(ext, "cy") }
}

export const readPptx = (bytes: Uint8Array, ctx: ReaderContext): Documents.ParsedTextDocument => {
  const zip = openPackage(bytes, ctx)
  const presentationPart = mainPart(zip, "ppt/presentation.xml", ctx)
  const presentation = readXml(zip, presentationPart)!
  const rels = relationships(zip, presentationPart)
  const size = descendants(presentation, "sldSz")[0]
  const width = size ? Number(attr(size, "cx")) / EMU_PER_POINT : 720
  const height = size ? Number(attr(size, "cy")) / EMU_PER_POINT : 540
  const slideParts = descendants(presentation, "sldId")
    .map((sld) => rels.get(nsAttr(sld, "id") ?? "")?.target)
    .filter((target): target is string => target !== undefined && zip.has(target))
  if (slideParts.length > ctx.limits.maxPages) {
    throw tooComplex(ctx.format, "pages", `The presentation has ${slideParts.length} slides; at most ${ctx.limits.maxPages} are read.`)
  }
  const blocks: Array<Documents.Block> = []
  const pages: Array<PageDraft> = []
  slideParts.forEach((part, index) => {
    const page = index + 1
    const slide = readXml(zip, part)
    const items: Array<Documents.TextItem> = []
    const visit = (element: XmlElement): void => {
      for (const shape of elements(element)) {
        if (shape.name === "grpSp") visit(shape)
        else if (shape.name === "sp") {
          const text = textBody(child(shape, "txBody") ?? shape)
          if (text === "") continue
          const ph = descendants(child(shape, "nvSpPr") ?? shape, "ph")[0]
          const type = ph === undefined ? undefined : attr(ph, "type")
          if (type === "title" || type === "ctrTitle") blocks.push({ type: "heading", page, level: 1, text: text.replace(/\s*\n\s*/g, " ") })
          else blocks.push({ type: "paragraph", page, text })
          const box = frame(child(shape, "spPr") ?? shape)
          if (box !== undefined) items.push({ text, ...box, source: "text_layer", confidence: null })
        } else if (shape.name === "graphicFrame") {
          const table = descendants(shape, "tbl")[0]
          if (table === undefined) continue
          const rows = childrenNamed(table, "tr").map((tr) => childrenNamed(tr, "tc").map(textBody))
          if (rows.length === 0) continue
          const text = rows.map((r) => r.join("\t")).join("\n")
          blocks.push({ type: "table", page, rows, text })
          const box = frame(shape)
          if (box !== undefined) items.push({ text, ...box, source: "text_layer", confidence: null })
        }
      }
    }
    const tree = slide === undefined ? undefined : descendants(slide, "spTree")[0]
    if (tree !== undefined) visit(tree)
    pages.push({ page_number: page, width, height, unit: "pt", items, ocr: false })
  })
  return assembleDocument({
    format: ctx.format, fileName: ctx.fileName, blocks, pagination: "pages", pages, pageCount: slideParts.length,
    metadata: coreProperties(zip)
  })
}
