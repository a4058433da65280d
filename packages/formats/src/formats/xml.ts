/**
 * Generic XML: each element holding text gives a line `name: text` (local name, prefix dropped),
 * and the lines of sibling elements form one paragraph, so records stay together. Attributes are
 * not text. The encoding comes from a byte-order mark or the XML declaration. A document that is
 * not well-formed (no root element, unbalanced tags) fails as a corrupt file. No DTD is read and
 * no entity is expanded beyond the predefined ones: an internal DTD subset (`<!DOCTYPE x [ … ]>`,
 * as USPTO patent XML has) is skipped whole, as htmlparser2 would end the declaration at the first
 * `>` inside it.
 */
import type { Documents } from "@docket/core"
import { Parser } from "htmlparser2"
import { assembleDocument } from "../internal/assemble.js"
import type { ReaderContext } from "../internal/context.js"
import { corrupt } from "../internal/problem.js"
import { decodeText } from "../internal/text.js"
import { localName } from "../internal/xml.js"

export const xmlEncoding = (bytes: Uint8Array): string | undefined => {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 256))
  return /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/.exec(head)?.[1]
}

/**
 * The source without the internal subset of its DOCTYPE (the part in `[ … ]`), which may hold `>`
 * in markup declarations, quoted literals and comments. An unterminated subset is left as it is
 * (the document then fails as not well-formed).
 */
export const withoutInternalSubset = (source: string): string => {
  const doctype = /<!DOCTYPE\b/i.exec(source)
  if (doctype === null) return source
  let i = doctype.index + doctype[0].length
  let quote: string | null = null
  for (; i < source.length; i++) {
    const ch = source[i]
    if (quote !== null) {
      if (ch === quote) quote = null
    } else if (ch === "\"" || ch === "'") quote = ch
    else if (ch === ">") return source
    else if (ch === "[") break
  }
  if (i >= source.length) return source
  const open = i
  quote = null
  for (i = open + 1; i < source.length; i++) {
    const ch = source[i]
    if (quote !== null) {
      if (ch === quote) quote = null
    } else if (source.startsWith("<!--", i)) {
      const end = source.indexOf("-->", i + 4)
      if (end < 0) return source
      i = end + 2
    } else if (ch === "\"" || ch === "'") quote = ch
    else if (ch === "]") return source.slice(0, open) + source.slice(i + 1)
  }
  return source
}

export const readXmlDocument = (bytes: Uint8Array, ctx: ReaderContext): Documents.ParsedTextDocument => {
  const source = withoutInternalSubset(decodeText(bytes, xmlEncoding(bytes)))
  const blocks: Array<Documents.Block> = []
  const stack: Array<{ name: string; text: string; lines: Array<string> }> = []
  let roots = 0
  let problem: string | undefined
  let ending = false
  const parser = new Parser(
    {
      onopentag: (name) => {
        if (stack.length === 0) roots++
        stack.push({ name: localName(name), text: "", lines: [] })
      },
      ontext: (text) => {
        const top = stack[stack.length - 1]
        if (top !== undefined) top.text += text
        else if (text.trim() !== "" && problem === undefined) problem = "text outside the root element"
      },
      onclosetag: (name, implied) => {
        // htmlparser2 reports a self-closing element (`<x/>`, its close at the `/>`) as implied too;
        // any other implied close is a missing end tag (`<a><b></a>`, or the end of the input).
        const selfClosing = !ending && source[parser.endIndex] === ">" && source[parser.endIndex - 1] === "/"
        if (implied && !selfClosing) problem ??= `element <${localName(name)}> is not closed (truncated?)`
        const top = stack.pop()
        if (top === undefined || top.name !== localName(name)) {
          problem ??= `closing tag </${name}> does not match`
          return
        }
        const parent = stack[stack.length - 1]
        const text = top.text.replace(/\s+/g, " ").trim()
        if (top.lines.length > 0) {
          blocks.push({ type: "paragraph", page: 1, text: [...(text !== "" ? [`${top.name}: ${text}`] : []), ...top.lines].join("\n") })
        } else if (text !== "") {
          if (parent !== undefined) parent.lines.push(`${top.name}: ${text}`)
          else blocks.push({ type: "paragraph", page: 1, text: `${top.name}: ${text}` })
        }
      }
    },
    { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true }
  )
  parser.write(source)
  ending = true
  parser.end()
  if (roots === 0) throw corrupt(ctx.format, "The XML file has no root element; it is not XML.")
  if (stack.length > 0) problem ??= `element <${stack[stack.length - 1].name}> is not closed (truncated?)`
  if (roots > 1) problem ??= "more than one root element"
  if (problem !== undefined) throw corrupt(ctx.format, `The XML file is not well-formed: ${problem}.`)
  return assembleDocument({ format: ctx.format, fileName: ctx.fileName, blocks, pagination: "standard" })
}
