/**
 * Readings for node and edge types a specialist domain adds to the generic ontology, done only when
 * the workspace's ontology declares them:
 * - financial: an invoice file is an `invoice` entity (named by its invoice number) `billed_by` its
 *   issuer and `billed_to` its recipients; an amount is `denominated_in` its `currency`;
 * - legal: "governed by the laws of England and Wales" → the contract is `governed_by` that
 *   `jurisdiction`.
 */
import type { FileGraphBuilder } from "./file-graph-builder.js"
import type { Occurrence } from "./relation-patterns.js"

export interface DocumentParts {
  readonly doc: string | null
  readonly contract: string | null
  readonly issuer: string | null
  /** the document's title as printed, and where */
  readonly title: { readonly text: string; readonly start: number; readonly end: number } | null
  /** the invoice number read in the file, if any */
  readonly invoiceNumber: { readonly name: string; readonly start: number; readonly end: number } | null
  readonly occurrences: ReadonlyArray<Occurrence>
}

const CURRENCY_OF_NAME = /^([A-Z]{3}) /

export const readInvoice = (b: FileGraphBuilder, parts: DocumentParts): void => {
  if (!b.declares("invoice") || parts.doc === null) return
  const titled = parts.title !== null && /\binvoice\b/i.test(parts.title.text) && !/\b(?:minutes|letter|agreement)\b/i.test(parts.title.text)
  if (!titled && parts.invoiceNumber === null) return
  const where = parts.invoiceNumber ?? parts.title!
  const invoice = b.entity("invoice", parts.invoiceNumber?.name ?? b.namesOf(parts.doc)[0]!, where.start, where.end)
  if (invoice === null) return
  // the invoice is billed by whoever issued the document, and to whom it is addressed
  const issuers = b.relationsFrom(parts.doc, "issued_by")
  for (const r of issuers) b.relate("billed_by", invoice, r.to, r.mention.char_start, r.mention.char_end)
  if (issuers.length === 0 && parts.issuer !== null) b.relate("billed_by", invoice, parts.issuer, where.start, where.end)
  for (const r of b.relationsFrom(parts.doc, "addressed_to")) b.relate("billed_to", invoice, r.to, r.mention.char_start, r.mention.char_end)
}

export const readCurrencies = (b: FileGraphBuilder, parts: DocumentParts): void => {
  if (!b.declares("currency")) return
  for (const o of parts.occurrences) {
    if (o.type !== "amount") continue
    const code = CURRENCY_OF_NAME.exec(b.namesOf(o.key)[0]!)?.[1]
    if (code === undefined) continue
    b.relate("denominated_in", o.key, b.entity("currency", code, o.start, o.end), o.start, o.end)
  }
}

const GOVERNING_LAW = /\bgoverned by(?:,? and (?:shall be )?construed in accordance with,?)? (?:the )?laws? of (?:the )?((?:State of |Commonwealth of )?\p{Lu}[\p{L}.]*(?:(?: and| of)? \p{Lu}[\p{L}.]*){0,3})/gu

export const readGoverningLaw = (b: FileGraphBuilder, md: string, parts: DocumentParts): void => {
  if (!b.declares("jurisdiction")) return
  const subject = parts.contract ?? parts.doc
  for (const m of md.matchAll(GOVERNING_LAW)) {
    const name = m[1]!.replace(/\.$/, "")
    const start = m.index + m[0].length - m[1]!.length
    b.relate("governed_by", subject, b.entity("jurisdiction", name, start, start + name.length), m.index, m.index + m[0].length)
  }
}
