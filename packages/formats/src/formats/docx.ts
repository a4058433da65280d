/**
 * DOCX and DOCM (WordprocessingML): the main document's paragraphs, headings (by style name or
 * outline level), numbered and bulleted lists, and tables, in order. Pages follow the page breaks
 * Word recorded when it last laid the document out (`lastRenderedPageBreak`), or, in files written
 * by other tools, the explicit page and section breaks. Equations (OMML) come as their text; charts
 * as their title and cached data (a table) after the paragraph that holds them; comments as a
 * paragraph with author and date after the paragraph they refer to. Headers, footers, footnotes
 * and tracked deletions are not part of the text; tracked insertions are. Macros (DOCM) are ignored.
 */
import type { Documents } from "@docket/core"
import { assembleDocument } from "../internal/assemble.js"
import type { ReaderContext } from "../internal/context.js"
import { attr, child, childrenNamed, descendants, elements, type XmlElement, type XmlNode } from "../internal/xml.js"
import { chartBlocks, chartParts, coreProperties, mainPart, openPackage, readXml, relatedPart } from "./ooxml.js"

interface Style {
  readonly name: string
  readonly basedOn: string | undefined
  readonly outline: number | undefined
}

const headingLevel = (styles: Map<string, Style>, id: string | undefined, depth = 0): number | undefined => {
  if (id === undefined || depth > 10) return undefined
  const style = styles.get(id)
  if (style === undefined) {
    const match = /^heading\s*(\d)$/i.exec(id)
    return match ? Number(match[1]) : undefined
  }
  const named = /^heading\s*(\d)$/i.exec(style.name)
  if (named) return Number(named[1])
  if (/^title$/i.test(style.name)) return 1
  if (style.outline !== undefined && style.outline < 9) return style.outline + 1
  return headingLevel(styles, style.basedOn, depth + 1)
}

export const readDocx = (bytes: Uint8Array, ctx: ReaderContext): Documents.ParsedTextDocument => {
  const zip = openPackage(bytes, ctx)
  const documentPart = mainPart(zip, "word/document.xml", ctx)
  const root = readXml(zip, documentPart)!
  const styles = new Map<string, Style>()
  const stylesRoot = readXml(zip, relatedPart(zip, documentPart, "/styles") ?? "word/styles.xml")
  if (stylesRoot !== undefined) {
    for (const style of descendants(stylesRoot, "style")) {
      const id = attr(style, "styleId")
      if (id === undefined) continue
      const outline = descendants(style, "outlineLvl")[0]
      styles.set(id, {
        name: attr(child(style, "name") ?? style, "val") ?? id,
        basedOn: attr(child(style, "basedOn") ?? style, "val"),
        outline: outline !== undefined ? Number(attr(outline, "val")) : undefined
      })
    }
  }
  const ordered = new Map<string, boolean>()
  const numbering = readXml(zip, relatedPart(zip, documentPart, "/numbering") ?? "word/numbering.xml")
  if (numbering !== undefined) {
    const abstract = new Map<string, boolean>()
    for (const a of descendants(numbering, "abstractNum")) {
      const lvl = childrenNamed(a, "lvl").find((l) => attr(l, "ilvl") === "0") ?? childrenNamed(a, "lvl")[0]
      const fmt = lvl === undefined ? undefined : attr(child(lvl, "numFmt") ?? lvl, "val")
      abstract.set(attr(a, "abstractNumId") ?? "", fmt !== undefined && fmt !== "bullet" && fmt !== "none")
    }
    for (const num of descendants(numbering, "num")) {
      ordered.set(attr(num, "numId") ?? "", abstract.get(attr(child(num, "abstractNumId") ?? num, "val") ?? "") ?? false)
    }
  }

  // comments by id, rendered after the paragraph that refers to them (or at the end)
  const comments = new Map<string, string>()
  const commentsRoot = readXml(zip, relatedPart(zip, documentPart, "/comments") ?? "")
  if (commentsRoot !== undefined) {
    for (const comment of descendants(commentsRoot, "comment")) {
      const text = descendants(comment, "t").map((t) => t.children.filter((c): c is string => typeof c === "string").join("")).join("").trim()
      const paragraphs = childrenNamed(comment, "p").map((p) => descendants(p, "t").map((t) => t.children.filter((c): c is string => typeof c === "string").join("")).join("")).filter((t) => t.trim() !== "")
      if (text === "") continue
      const by = [attr(comment, "author") ?? "", attr(comment, "date") ?? ""].filter((t) => t !== "").join(", ")
      comments.set(attr(comment, "id") ?? "", `Comment${by === "" ? "" : ` (${by})`}: ${paragraphs.join("\n")}`)
    }
  }
  const commentsAfter = (element: XmlElement) => {
    for (const ref of descendants(element, "commentReference")) {
      const id = attr(ref, "id") ?? ""
      const text = comments.get(id)
      if (text === undefined) continue
      comments.delete(id)
      blocks.push({ type: "paragraph", page, text })
    }
  }

  const body = descendants(root, "body")[0]
  const rendered = descendants(root, "lastRenderedPageBreak").length > 0
  const blocks: Array<Documents.Block> = []
  let page = 1
  let list: { numId: string; items: Array<string>; page: number } | undefined
  const flushList = () => {
    if (list === undefined) return
    blocks.push({ type: "list", page: list.page, ordered: ordered.get(list.numId) ?? false, items: list.items, text: list.items.join("\n") })
    list = undefined
  }

  /** A paragraph's text, and the page breaks before and after its text. */
  const paragraphText = (p: XmlElement): { text: string; before: number; after: number } => {
    let text = ""
    let before = 0
    let after = 0
    const pageBreak = () => {
      if (text.trim() === "") before++
      else after++
    }
    const walk = (node: XmlNode): void => {
      if (typeof node === "string") return
      switch (node.name) {
        case "t":
          text += node.children.filter((c): c is string => typeof c === "string").join("")
          return
        case "tab":
        case "ptab":
          text += "\t"
          return
        case "br":
          if (attr(node, "type") === "page") { if (!rendered) pageBreak() }
          else text += "\n"
          return
        case "cr":
          text += "\n"
          return
        case "noBreakHyphen":
          text += "-"
          return
        case "lastRenderedPageBreak":
          if (rendered) pageBreak()
          return
        case "del": case "delText": case "instrText": case "rPr": case "pPr": case "Fallback":
        case "commentReference": case "footnoteReference": case "endnoteReference":
          return
        case "AlternateContent": {
          const choice = elements(node)[0]
          if (choice !== undefined) walk(choice)
          return
        }
        case "p":
          if (text !== "" && !text.endsWith("\n")) text += "\n"
          node.children.forEach(walk)
          return
        default:
          node.children.forEach(walk)
      }
    }
    p.children.forEach(walk)
    const pPr = child(p, "pPr")
    if (!rendered && pPr !== undefined) {
      if (child(pPr, "pageBreakBefore") !== undefined && attr(child(pPr, "pageBreakBefore")!, "val") !== "0") before++
      const sect = child(pPr, "sectPr")
      const sectType = sect === undefined ? undefined : attr(child(sect, "type") ?? sect, "val")
      if (sect !== undefined && sectType !== "continuous") after++
    }
    return { text: text.replace(/[ \t]+\n/g, "\n").trim(), before, after }
  }

  const cellText = (tc: XmlElement): string =>
    elements(tc)
      .flatMap((e) => (e.name === "p" ? [paragraphText(e).text] : e.name === "tbl" ? descendants(e, "p").map((p) => paragraphText(p).text) : []))
      .filter((t) => t !== "")
      .join("\n")

  const visit = (element: XmlElement): void => {
    switch (element.name) {
      case "p": {
        const { text, before, after } = paragraphText(element)
        if (before > 0) { flushList(); page += before }
        const pPr = child(element, "pPr")
        const styleId = pPr === undefined ? undefined : attr(child(pPr, "pStyle") ?? pPr, "val")
        const numPr = pPr === undefined ? undefined : child(pPr, "numPr")
        const numId = numPr === undefined ? undefined : attr(child(numPr, "numId") ?? numPr, "val")
        const outline = pPr === undefined ? undefined : child(pPr, "outlineLvl")
        const level = headingLevel(styles, styleId) ?? (outline !== undefined ? Number(attr(outline, "val")) + 1 : undefined)
        if (text !== "") {
          if (level !== undefined && level <= 9) {
            flushList()
            blocks.push({ type: "heading", page, level: Math.min(level, 6), text: text.replace(/\s*\n\s*/g, " ") })
          } else if (numId !== undefined && numId !== "0") {
            if (list !== undefined && list.numId !== numId) flushList()
            list ??= { numId, items: [], page }
            list.items.push(text)
          } else {
            flushList()
            blocks.push({ type: "paragraph", page, text })
          }
        }
        const charts = chartParts(zip, documentPart, element)
        if (charts.length > 0) flushList()
        for (const chart of charts) blocks.push(...chartBlocks(zip, chart, page))
        if (comments.size > 0 && descendants(element, "commentReference").length > 0) { flushList(); commentsAfter(element) }
        if (after > 0) { flushList(); page += after }
        return
      }
      case "tbl": {
        flushList()
        const rows: Array<Array<string>> = []
        for (const tr of childrenNamed(element, "tr")) {
          const row: Array<string> = []
          for (const tc of elements(tr).flatMap((e) => (e.name === "tc" ? [e] : e.name === "sdt" ? descendants(e, "tc") : []))) {
            const tcPr = child(tc, "tcPr")
            const span = Number(tcPr === undefined ? 1 : attr(child(tcPr, "gridSpan") ?? tcPr, "val") ?? 1) || 1
            const vMerge = tcPr === undefined ? undefined : child(tcPr, "vMerge")
            const continued = vMerge !== undefined && attr(vMerge, "val") !== "restart"
            row.push(continued ? "" : cellText(tc))
            for (let i = 1; i < span; i++) row.push("")
          }
          rows.push(row)
        }
        if (rows.length > 0) blocks.push({ type: "table", page, rows, text: rows.map((r) => r.join("\t")).join("\n") })
        if (comments.size > 0) commentsAfter(element)
        return
      }
      case "sdt": case "sdtContent": case "customXml": case "ins": case "smartTag":
        elements(element).forEach(visit)
        return
      default:
        return
    }
  }
  if (body !== undefined) elements(body).forEach(visit)
  flushList()
  for (const text of comments.values()) blocks.push({ type: "paragraph", page, text })
  return assembleDocument({
    format: ctx.format, fileName: ctx.fileName, blocks,
    // without any recorded or explicit break, a long document counts in standard pages
    pagination: rendered || page > 1 ? "pages" : "standard", pageCount: rendered || page > 1 ? page : undefined,
    metadata: coreProperties(zip)
  })
}
