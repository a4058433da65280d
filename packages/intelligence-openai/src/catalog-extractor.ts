/**
 * The catalog extractor on a chat model with structured output: the component's pages (each
 * marked with its number) are what the model reads; it answers one cell per value it finds, each
 * with the page and the line it read it from. The answer is decoded with Schema and turned into
 * catalog cells by the field's kind; a cell whose value does not normalize (a date that is not
 * `YYYY-MM-DD`, an amount that is not a plain decimal, a currency that is no ISO code) is kept as
 * `ambiguous` with the text the model quoted, and a cell whose quoted line is not in the cited page
 * is dropped (no citation the document does not hold). Fields the model leaves out are `not_found`
 * (the caller's rule).
 */
import { type Intelligence, Workspaces } from "@docket/core"
import { Effect, Schema } from "effect"
import type { OpenAiClient } from "./internal/client.js"
import { bounded, engineFailed, strictObject } from "./internal/text.js"

type CatalogCell = Workspaces.Catalog.CatalogCell

const MAX_CHARS = 60_000

const FIELDS = Workspaces.Catalog.CATALOG_FIELDS

const nullableString = { type: ["string", "null"] }

export const responseSchema: Record<string, unknown> = strictObject({
  cells: {
    type: "array",
    items: strictObject({
      field: { type: "string", enum: FIELDS.map((f) => f.field) },
      status: { type: "string", enum: ["found", "ambiguous"] },
      text: { type: "string", description: "the value as printed" },
      date: { ...nullableString, description: "a date field's value as YYYY-MM-DD" },
      name: { ...nullableString, description: "a party's name" },
      scheme: { ...nullableString, description: "an identifier's kind: invoice, order, purchase_order, contract, policy, claim, account, customer, quote, receipt, reference, tax_id, iban" },
      identifier: { ...nullableString, description: "an identifier's value" },
      amount: { ...nullableString, description: "money: a plain decimal such as -1234.50 (no thousands separators, no symbol)" },
      currency: { ...nullableString, description: "money: the ISO 4217 code the document prints or names; null when it does not say" },
      page: { type: ["integer", "null"], description: "the page number it is on (null for a sheet)" },
      source_text: { type: "string", description: "the line of the document it was read from, copied exactly" }
    })
  }
})

const Answer = Schema.Struct({
  cells: Schema.Array(Schema.Struct({
    field: Schema.String,
    status: Schema.Literal("found", "ambiguous"),
    text: Schema.String,
    date: Schema.NullOr(Schema.String),
    name: Schema.NullOr(Schema.String),
    scheme: Schema.NullOr(Schema.String),
    identifier: Schema.NullOr(Schema.String),
    amount: Schema.NullOr(Schema.String),
    currency: Schema.NullOr(Schema.String),
    page: Schema.NullOr(Schema.Int),
    source_text: Schema.String
  }))
})
type AnswerCell = typeof Answer.Type["cells"][number]

const SYSTEM = [
  "You catalog one component of a business document (a document's pages or a spreadsheet tab) for filtered search.",
  "For each field below, report every value the document states (one cell per value; a field that is not repeated takes its single best value):",
  ...FIELDS.map((f) => `- ${f.field} (${f.kind}${f.repeated ? ", repeated" : ""}): ${f.description}`),
  "Use only what the document states, never a guess: leave out a field it does not state.",
  "Money: the amount as a plain decimal as printed (never converted) and the ISO 4217 code of the currency the document prints or names;",
  "an amount whose currency the document does not state has status \"ambiguous\" and currency null.",
  "Dates as YYYY-MM-DD. source_text is the line the value is on, copied exactly; page is the number of the page it is on."
].join("\n")

const squash = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase()

const cellOf = (a: AnswerCell, pages: ReadonlyArray<Intelligence.CatalogPageText>): CatalogCell | null => {
  const field = Workspaces.Catalog.catalogFieldOf(a.field)
  if (field === undefined || a.source_text.trim() === "") return null
  const page = pages.find((p) => p.page === a.page) ?? (pages.length === 1 ? pages[0] : undefined)
  if (page === undefined || !squash(page.text).includes(squash(a.source_text))) return null
  const citation: Workspaces.Catalog.Citation = {
    location: { kind: page.page === null ? "sheet" : "page_region", page: page.page },
    source_text: a.source_text.trim().slice(0, 300)
  }
  const ambiguous: CatalogCell = { field: field.field as Workspaces.Catalog.CatalogFieldName, status: "ambiguous", value: { kind: "text", text: a.text }, citation }
  const found = (value: Workspaces.Catalog.CellValue): CatalogCell => ({ ...ambiguous, status: "found", value })
  if (a.status === "ambiguous") return ambiguous
  switch (field.kind) {
    case "date":
      return a.date !== null && Workspaces.Catalog.isIsoDate(a.date) ? found({ kind: "date", date: a.date }) : ambiguous
    case "party":
      return a.name !== null && a.name.trim() !== "" ? found({ kind: "party", name: a.name.trim() }) : ambiguous
    case "identifier":
      return a.identifier !== null && a.identifier.trim() !== ""
        ? found({ kind: "identifier", scheme: (a.scheme ?? "reference").trim().toLowerCase() || "reference", value: a.identifier.trim() })
        : ambiguous
    case "money": {
      const amount = a.amount?.trim() ?? ""
      const currency = a.currency?.trim().toUpperCase() ?? ""
      return Workspaces.Catalog.isDecimal(amount) && Workspaces.Catalog.isCurrencyCode(currency) ? found({ kind: "money", amount, currency }) : ambiguous
    }
  }
}

export const makeCatalogExtractor = (client: OpenAiClient): Intelligence.CatalogExtractorService => ({
  extract: (input) => {
    if (input.pages.every((p) => p.text.trim() === "")) return Effect.succeed([])
    const text = input.pages.map((p) => (p.page === null ? p.text : `[page ${p.page}]\n${p.text}`)).join("\n\n")
    return client.chatJson(
      {
        messages: [
          { role: "system", content: SYSTEM },
          { role: "user", content: `Component (${input.component_kind}):\n<<<\n${bounded(text, MAX_CHARS)}\n>>>` }
        ],
        jsonSchema: { name: "catalog", schema: responseSchema }
      },
      Answer
    ).pipe(
      Effect.map((answer) => answer.cells.flatMap((c) => cellOf(c, input.pages) ?? [])),
      Effect.mapError(engineFailed("catalog"))
    )
  }
})
