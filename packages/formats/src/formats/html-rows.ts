/**
 * Which HTML elements lay their children out side by side in a row: a flex container (`display:
 * flex` / `inline-flex`, its direction a row) or an element shown as a table row (`display:
 * table-row`). A form sets "Restaurant" and its value "Docling" as two spans of a flex row, apart on
 * the screen; read as inline text they would run together as one phrase, the label lost. The
 * reader (`html.ts`) sets such children apart by a tab, as it does a table's cells. A flex column's
 * children stand one under the other, each a line of its own, inline or not.
 *
 * The display comes from the element's `style` attribute and from the document's `<style>` sheets:
 * top-level rules only (a rule inside `@media` holds for some screens only), matched by the last
 * compound of each selector (`div`, `.field`, `#total`, `div.field-row`; the ancestors a selector
 * names before it are not checked, nor pseudo-classes), the more specific rule winning, then the
 * later one, as in the cascade.
 * Sheets and `style` attributes are parsed by postcss (css-tree 3.2.1 was tried: it can loop
 * forever on one malformed input after another). Nothing is fetched: a linked style sheet is not read.
 */
import postcss, { type ChildNode, type Root } from "postcss"

/** a compound selector: its element name (or null for any), its classes and its id */
interface Compound { readonly tag: string | null; readonly classes: ReadonlyArray<string>; readonly id: string | null }

interface Rule { readonly selector: Compound; readonly declarations: Declarations }

/** a compound's specificity: ids, then classes, then the element name */
const specificity = (c: Compound) => (c.id === null ? 0 : 10_000) + 100 * c.classes.length + (c.tag === null ? 0 : 1)

/** the declarations that decide a row */
interface Declarations {
  readonly display?: string
  readonly direction?: string
  /** the same marked `!important`: they win over the `style` attribute */
  readonly important?: { readonly display?: string; readonly direction?: string }
}

/** how an element lays out its children: side by side, one under the other (a column of a flex box), or as its text flows */
export type Flow = "row" | "column" | null

export interface RowStyles {
  /** how an element of that name and attributes lays out its children */
  readonly flowOf: (name: string, attrs: Readonly<Record<string, string>>) => Flow
}

/** the row-deciding declarations of a list of declarations */
const declarationsIn = (nodes: ReadonlyArray<ChildNode>): Declarations => {
  const normal: { display?: string; direction?: string } = {}
  const important: { display?: string; direction?: string } = {}
  for (const node of nodes) {
    if (node.type !== "decl") continue
    const out = node.important ? important : normal
    const [property, value] = [node.prop.toLowerCase(), node.value.trim().toLowerCase()]
    if (property === "display") out.display = value
    else if (property === "flex-direction") out.direction = value
    // the shorthand "flex-flow: column wrap"
    else if (property === "flex-flow") out.direction = value.split(/\s+/).find((v) => v.includes("row") || v.includes("column")) ?? out.direction
  }
  const display = important.display ?? normal.display
  const direction = important.direction ?? normal.direction
  return {
    ...(display === undefined ? {} : { display }),
    ...(direction === undefined ? {} : { direction }),
    ...(important.display === undefined && important.direction === undefined ? {} : { important })
  }
}

/** CSS as postcss reads it, or nothing when it is not CSS at all */
const parsed = (css: string): Root | null => {
  try {
    return postcss.parse(css)
  } catch {
    return null
  }
}

/** a `style` attribute's declarations */
const declarationsOf = (style: string): Declarations => declarationsIn(parsed(style)?.nodes ?? [])

/** the last compound of a selector ("form .field-row > div.field" → div.field), or null when it is not a plain one */
const compoundOf = (selector: string): Compound | null => {
  const last = selector.trim().split(/\s*[\s>+~]\s*/).pop() ?? ""
  const m = /^([a-z][\w-]*|\*)?((?:[.#][\w-]+)*)$/i.exec(last)
  if (m === null || last === "") return null
  const parts = m[2]!.match(/[.#][\w-]+/g) ?? []
  return {
    tag: m[1] === undefined || m[1] === "*" ? null : m[1].toLowerCase(),
    classes: parts.filter((p) => p.startsWith(".")).map((p) => p.slice(1)),
    id: parts.find((p) => p.startsWith("#"))?.slice(1) ?? null
  }
}

/** the top-level rules of a style sheet (a rule inside an at-rule such as `@media` holds for some screens only) */
const rulesOf = (css: string): Array<Rule> => {
  const rules: Array<Rule> = []
  for (const node of parsed(css)?.nodes ?? []) {
    if (node.type !== "rule") continue
    const declarations = declarationsIn(node.nodes)
    if (declarations.display === undefined && declarations.direction === undefined) continue
    for (const s of node.selectors) {
      const selector = compoundOf(s)
      if (selector !== null) rules.push({ selector, declarations })
    }
  }
  return rules
}

const matches = (c: Compound, name: string, classes: ReadonlyArray<string>, id: string | undefined) =>
  (c.tag === null || c.tag === name) && (c.id === null || c.id === id) && c.classes.every((k) => classes.includes(k))

/** The row styles of a document's style sheets (the texts of its `<style>` elements). */
export const rowStylesOf = (sheets: ReadonlyArray<string>): RowStyles => {
  // in cascade order: less specific first, then in the sheets' order (the sort is stable)
  const rules = sheets.flatMap(rulesOf).sort((a, b) => specificity(a.selector) - specificity(b.selector))
  return {
    flowOf: (name, attrs) => {
      let display: string | undefined
      let direction: string | undefined
      let importantDisplay: string | undefined
      let importantDirection: string | undefined
      if (rules.length > 0) {
        const classes = (attrs.class ?? "").split(/\s+/).filter((k) => k !== "")
        for (const r of rules) {
          if (!matches(r.selector, name, classes, attrs.id)) continue
          display = r.declarations.display ?? display
          direction = r.declarations.direction ?? direction
          importantDisplay = r.declarations.important?.display ?? importantDisplay
          importantDirection = r.declarations.important?.direction ?? importantDirection
        }
      }
      // the style attribute wins over the sheets, except over their `!important`
      if (attrs.style !== undefined) {
        const own = declarationsOf(attrs.style)
        display = own.important?.display ?? importantDisplay ?? own.display ?? display
        direction = own.important?.direction ?? importantDirection ?? own.direction ?? direction
      } else {
        display = importantDisplay ?? display
        direction = importantDirection ?? direction
      }
      if (display === "table-row") return "row"
      if (display !== "flex" && display !== "inline-flex") return null
      return direction === undefined || direction.startsWith("row") ? "row" : "column"
    }
  }
}
