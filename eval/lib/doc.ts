/** What each document generator returns, and the collector of value locations. */
import type { Category, CellRegion, CharRegion, DocType, FileFormat, JsonSchema, Location, Region, SheetTruth, VisualRegion } from "./truth.js"

export interface Generated {
  readonly id: string
  readonly file: string
  readonly format: FileFormat
  readonly type: DocType
  readonly notes: string
  readonly pages: number | null
  readonly category: Category
  readonly sheets: ReadonlyArray<SheetTruth> | null
  readonly schema_name: string
  readonly schema: JsonSchema
  readonly fields: Readonly<Record<string, unknown>>
  readonly locations: ReadonlyArray<Location>
  readonly bytes: Uint8Array
}

/** Collects where each located field is printed (every occurrence of the same printed text). */
export class Locations {
  private readonly entries = new Map<string, { query: string; semantic: string; regions: Array<Region> }>()

  /** `text`: the value as printed there; the first text of a field is its literal query */
  add(field: string, text: string, semantic: string, where: VisualRegion | CellRegion | CharRegion): void {
    const region: Region = { ...where, text }
    const entry = this.entries.get(field)
    if (entry === undefined) this.entries.set(field, { query: text, semantic, regions: [region] })
    else entry.regions.push(region)
  }

  list(): Array<Location> {
    return [...this.entries].map(([field, e]) => ({ field, query: e.query, semantic: e.semantic, regions: e.regions }))
  }
}

/** Text with the character ranges of marked values, for .txt documents. */
export class TextBuilder {
  private text = ""
  readonly locations = new Locations()

  /**
   * appends text; `[[field|value]]` marks a located value (the marks are not written; an array
   * element is written `parties.0` for `parties[0]`)
   */
  write(source: string, semantic: Readonly<Record<string, string>> = {}): this {
    const re = /\[\[([^|\]]+)\|([^\]]+)\]\]/g
    let last = 0
    for (let m = re.exec(source); m !== null; m = re.exec(source)) {
      this.text += source.slice(last, m.index)
      const start = this.text.length
      this.text += m[2]
      const field = fieldOfKey(m[1])
      const description = semantic[field]
      if (description === undefined) throw new Error(`no semantic query for ${field}`)
      this.locations.add(field, m[2], description, { start_char: start, end_char: this.text.length })
      last = m.index + m[0].length
    }
    this.text += source.slice(last)
    return this
  }

  line(source = "", semantic: Readonly<Record<string, string>> = {}): this {
    return this.write(`${source}\n`, semantic)
  }

  toString(): string {
    return this.text
  }
}

export const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s)

export const escapeHtml = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

/** `parties.0` → `parties[0]` (markers cannot hold brackets) */
export const fieldOfKey = (key: string): string => key.replace(/\.(\d+)/g, "[$1]")

/** `[[key|value]]` → `value` */
export const stripMarks = (source: string): string => source.replace(/\[\[[^|\]]+\|([^\]]+)\]\]/g, "$1")
