/** What DOCX, PPTX, XLSX and VSDX share: the ZIP package, relationships, document properties, charts. */
import type { Documents } from "@docket/core"
import { hasEncryptedPackage, openCfb } from "../internal/cfb.js"
import type { ReaderContext } from "../internal/context.js"
import { corrupt, encrypted } from "../internal/problem.js"
import { decodeText } from "../internal/text.js"
import { attr, child, descendants, elements, nsAttr, parseXml, textOf, type XmlElement } from "../internal/xml.js"
import { ZipArchive } from "../internal/zip.js"

/**
 * Opens an OOXML package. Office saves a password-protected file as a compound file holding an
 * `EncryptedPackage` stream, so a compound file here is either encrypted or not OOXML at all.
 */
export const openPackage = (bytes: Uint8Array, ctx: ReaderContext): ZipArchive => {
  const label = ctx.format.toUpperCase()
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf) {
    const container = openCfb(bytes, ctx.format)
    if (hasEncryptedPackage(container)) throw encrypted(ctx.format, `The ${label} file is password-protected; remove the password and upload it again.`)
    throw corrupt(ctx.format, `The ${label} file is a legacy compound document, not an Office Open XML package; save it as ${label} again.`)
  }
  const zip = new ZipArchive(bytes, ctx.format, ctx.limits)
  if (!zip.has("[Content_Types].xml")) throw corrupt(ctx.format, `The ${label} file is a ZIP archive but not an Office Open XML package (no [Content_Types].xml).`)
  return zip
}

export const readXml = (zip: ZipArchive, name: string): XmlElement | undefined => {
  const bytes = zip.read(name)
  return bytes === undefined ? undefined : parseXml(decodeText(bytes))
}

export const readString = (zip: ZipArchive, name: string): string | undefined => {
  const bytes = zip.read(name)
  return bytes === undefined ? undefined : decodeText(bytes)
}

const dirname = (part: string) => part.slice(0, part.lastIndexOf("/") + 1)

/** A relationship target resolved against its source part to a package path without a leading slash. */
export const resolveTarget = (sourcePart: string, target: string): string => {
  const joined = target.startsWith("/") ? target.slice(1) : dirname(sourcePart) + target
  const out: Array<string> = []
  for (const segment of joined.split("/")) {
    if (segment === "..") out.pop()
    else if (segment !== "." && segment !== "") out.push(segment)
  }
  return out.join("/")
}

export interface Relationship {
  readonly id: string
  readonly type: string
  readonly target: string
  readonly external: boolean
}

/** The relationships of a part (`""` for the package itself), by id. */
export const relationships = (zip: ZipArchive, part: string): Map<string, Relationship> => {
  const relsPath = part === "" ? "_rels/.rels" : `${dirname(part)}_rels/${part.slice(part.lastIndexOf("/") + 1)}.rels`
  const root = readXml(zip, relsPath)
  const out = new Map<string, Relationship>()
  if (root === undefined) return out
  for (const rel of descendants(root, "Relationship")) {
    const id = attr(rel, "Id") ?? ""
    const target = attr(rel, "Target") ?? ""
    const external = attr(rel, "TargetMode") === "External"
    out.set(id, { id, type: attr(rel, "Type") ?? "", target: external ? target : resolveTarget(part, target), external })
  }
  return out
}

/** The target of the first relationship whose type ends with `typeSuffix`. */
export const relatedPart = (zip: ZipArchive, part: string, typeSuffix: string): string | undefined => {
  for (const rel of relationships(zip, part).values()) if (!rel.external && rel.type.endsWith(typeSuffix)) return rel.target
  return undefined
}

/** The package's main part (officeDocument relationship), or the conventional path. */
export const mainPart = (zip: ZipArchive, fallback: string, ctx: ReaderContext): string => {
  const part = relatedPart(zip, "", "/officeDocument") ?? relatedPart(zip, "", "/document")
  const found = part !== undefined && zip.has(part) ? part : zip.has(fallback) ? fallback : undefined
  if (found === undefined) throw corrupt(ctx.format, `The ${ctx.format.toUpperCase()} package has no main document part; it is not a ${ctx.format.toUpperCase()} file.`)
  return found
}

/** Title, author, subject, keywords, dates from docProps/core.xml. */
export const coreProperties = (zip: ZipArchive): Record<string, string> => {
  const root = readXml(zip, relatedPart(zip, "", "/core-properties") ?? "docProps/core.xml")
  const out: Record<string, string> = {}
  if (root === undefined) return out
  const names: Record<string, string> = {
    title: "title", creator: "author", subject: "subject", keywords: "keywords", description: "description",
    created: "created", modified: "modified", lastModifiedBy: "last_modified_by"
  }
  const props = elements(root)[0]
  if (props === undefined) return out
  for (const element of elements(props)) {
    const key = names[element.name]
    const value = textOf(element).trim()
    if (key !== undefined && value !== "") out[key] = value
  }
  return out
}

export const EMU_PER_POINT = 12700

/** The cached point values of a chart data reference (`c:strCache`/`c:numCache`, or a literal), by index. */
const chartPoints = (element: XmlElement | undefined): Array<string> => {
  const out: Array<string> = []
  if (element === undefined) return out
  for (const pt of descendants(element, "pt")) {
    const v = descendants(pt, "v")[0]
    if (v !== undefined) out[Number(attr(pt, "idx") ?? out.length)] = textOf(v).trim()
  }
  return out
}

const CHART_KINDS: Readonly<Record<string, string>> = {
  barChart: "Bar chart", bar3DChart: "Bar chart", lineChart: "Line chart", line3DChart: "Line chart", pieChart: "Pie chart",
  pie3DChart: "Pie chart", doughnutChart: "Doughnut chart", areaChart: "Area chart", area3DChart: "Area chart",
  scatterChart: "Scatter chart", radarChart: "Radar chart", bubbleChart: "Bubble chart", stockChart: "Stock chart", surfaceChart: "Surface chart"
}

/**
 * A DrawingML chart part as blocks: its title and kind as a paragraph, and the data the chart
 * caches (series names across, categories down) as a table, the way the chart's own data sheet
 * lays it out. Charts keep the last values they were drawn with, so nothing is recalculated.
 */
export const chartBlocks = (zip: ZipArchive, part: string, page: number): Array<Documents.Block> => {
  const root = readXml(zip, part)
  if (root === undefined) return []
  const title = descendants(root, "title")[0]
  const titleText = title === undefined ? "" : descendants(title, "p").map((p) => descendants(p, "t").map(textOf).join("")).filter((t) => t.trim() !== "").join(" ")
  const plotArea = descendants(root, "plotArea")[0]
  const kinds = plotArea === undefined ? [] : elements(plotArea).map((e) => CHART_KINDS[e.name]).filter((k): k is string => k !== undefined)
  const blocks: Array<Documents.Block> = []
  const heading = [titleText.trim(), [...new Set(kinds)].join(", ")].filter((t) => t !== "").join("\n")
  if (heading !== "") blocks.push({ type: "paragraph", page, text: heading })
  const series = descendants(root, "ser").map((ser) => ({
    name: chartPoints(child(ser, "tx"))[0] ?? textOf(child(ser, "tx") ?? { name: "", attrs: {}, children: [] }).trim(),
    categories: chartPoints(child(ser, "cat") ?? child(ser, "xVal")),
    values: chartPoints(child(ser, "val") ?? child(ser, "yVal"))
  }))
  if (series.length === 0) return blocks
  const categories = series.find((s) => s.categories.length > 0)?.categories ?? []
  const length = Math.max(categories.length, ...series.map((s) => s.values.length))
  const rows: Array<Array<string>> = [["", ...series.map((s) => s.name)]]
  for (let i = 0; i < length; i++) rows.push([categories[i] ?? "", ...series.map((s) => s.values[i] ?? "")])
  blocks.push({ type: "table", page, rows, text: rows.map((r) => r.join("\t")).join("\n") })
  return blocks
}

/** The chart parts a part refers to, in the order its `c:chart r:id` references appear. */
export const chartParts = (zip: ZipArchive, part: string, root: XmlElement): Array<string> => {
  const rels = relationships(zip, part)
  return descendants(root, "chart")
    .map((c) => rels.get(nsAttr(c, "id") ?? "")?.target)
    .filter((target): target is string => target !== undefined && zip.has(target))
}
