/**
 * PPTX (PresentationML): one page per slide in presentation order, sized as the presentation's
 * slide size in points. Each shape's text becomes a block (title placeholders become headings,
 * tables become tables) and a positioned text item at the shape's frame. Charts give their title
 * and cached data as a table; comments (legacy and modern) a paragraph each with author and time.
 * Text the slide shows from its layout and master (shapes that are not placeholders: a company
 * name, a footer line written on the master) follows the slide's own text. Speaker notes are not
 * read. Positions of shapes inside groups are taken as written (group transforms are not applied).
 */
import type { Documents } from "@docket/core"
import { assembleDocument, type PageDraft } from "../internal/assemble.js"
import type { ReaderContext } from "../internal/context.js"
import { tooComplex } from "../internal/problem.js"
import { attr, nsAttr, child, childrenNamed, descendants, elements, textOf, type XmlElement, type XmlNode } from "../internal/xml.js"
import { type ZipArchive } from "../internal/zip.js"
import { chartBlocks, chartParts, coreProperties, EMU_PER_POINT, mainPart, openPackage, readXml, relatedPart, relationships } from "./ooxml.js"

/** Text of the shapes of a layout or master that are not placeholders (placeholders hold prompts). */
const fixedShapeTexts = (root: XmlElement | undefined): Array<string> => {
  const tree = root === undefined ? undefined : descendants(root, "spTree")[0]
  if (tree === undefined) return []
  return descendants(tree, "sp")
    .filter((sp) => descendants(child(sp, "nvSpPr") ?? sp, "ph").length === 0)
    .map((sp) => textBody(child(sp, "txBody") ?? sp))
    .filter((t) => t !== "")
}

/** Comments on a slide: legacy (`p:cmLst`, authors in commentAuthors.xml) and modern (`p188:cmLst`, authors.xml). */
const slideComments = (zip: ZipArchive, slidePart: string, authors: Map<string, string>): Array<string> => {
  const out: Array<string> = []
  for (const rel of relationships(zip, slidePart).values()) {
    if (rel.external || !rel.type.endsWith("/comments")) continue
    const root = readXml(zip, rel.target)
    if (root === undefined) continue
    for (const cm of descendants(root, "cm")) {
      const body = child(cm, "text") ?? child(cm, "txBody")
      const text = body === undefined ? "" : body.name === "text" ? textOf(body).trim() : textBody(body)
      if (text === "") continue
      const author = authors.get(attr(cm, "authorId") ?? "") ?? ""
      const when = attr(cm, "dt") ?? attr(cm, "created") ?? ""
      const by = [author, when].filter((t) => t !== "").join(", ")
      out.push(`Comment${by === "" ? "" : ` (${by})`}: ${text}`)
    }
  }
  return out
}

const commentAuthors = (zip: ZipArchive, presentationPart: string): Map<string, string> => {
  const authors = new Map<string, string>()
  for (const suffix of ["/commentAuthors", "/authors"]) {
    const root = readXml(zip, relatedPart(zip, presentationPart, suffix) ?? "")
    if (root === undefined) continue
    for (const a of [...descendants(root, "cmAuthor"), ...descendants(root, "author")]) {
      const name = attr(a, "name") ?? ""
      const initials = attr(a, "initials")
      authors.set(attr(a, "id") ?? "", initials ? `${name} (${initials})` : name)
    }
  }
  return authors
}

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
  const authors = commentAuthors(zip, presentationPart)
  const fixedTexts = new Map<string, Array<string>>()
  const fixedOf = (part: string | undefined): Array<string> => {
    if (part === undefined) return []
    let texts = fixedTexts.get(part)
    if (texts === undefined) fixedTexts.set(part, (texts = fixedShapeTexts(readXml(zip, part))))
    return texts
  }
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
          if (table === undefined) {
            for (const chart of chartParts(zip, part, shape)) blocks.push(...chartBlocks(zip, chart, page))
            continue
          }
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
    const root = slide === undefined ? undefined : elements(slide)[0]
    if (root === undefined || attr(root, "showMasterSp") !== "0") {
      const layout = relatedPart(zip, part, "/slideLayout")
      const layoutRoot = layout === undefined ? undefined : readXml(zip, layout)
      const inherited = [...fixedOf(layout)]
      if (layoutRoot === undefined || attr(elements(layoutRoot)[0] ?? layoutRoot, "showMasterSp") !== "0") {
        inherited.push(...fixedOf(layout === undefined ? undefined : relatedPart(zip, layout, "/slideMaster")))
      }
      for (const text of inherited) blocks.push({ type: "paragraph", page, text })
    }
    for (const comment of slideComments(zip, part, authors)) blocks.push({ type: "paragraph", page, text: comment })
    pages.push({ page_number: page, width, height, unit: "pt", items, ocr: false })
  })
  return assembleDocument({
    format: ctx.format, fileName: ctx.fileName, blocks, pagination: "pages", pages, pageCount: slideParts.length,
    metadata: coreProperties(zip)
  })
}
