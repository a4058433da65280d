/** The local extractor on a small text fixture, as the document operations call it (one batch), and an invoice schema. */
import { Either } from "effect"
import { documentOfMarkdown } from "../../src/documents/parse/read-document.js"
import { compileExtractSchema } from "../../src/documents/schema/compile.js"
import { extractLocally } from "../../src/intelligence/local/local-extractor.js"

/** `fileName`'s extension decides how the text is read (".txt" keeps its spacing) */
export const extractFromText = (schema: unknown, markdown: string, fileName = "doc.md"): Record<string, unknown> => {
  const compiled = compileExtractSchema(schema)
  if (Either.isLeft(compiled)) throw new Error(JSON.stringify(compiled.left))
  const doc = documentOfMarkdown(markdown, fileName)
  return extractLocally({ schema: compiled.right, content: { markdown, pages: doc.pages, blocks: doc.blocks, sheets: [] } })
}

/** an invoice schema as a user writes one */
export const INVOICE = {
  type: "object",
  properties: {
    invoice_number: { type: "string", description: "The invoice number as printed" },
    invoice_date: { type: "string", description: "Date the invoice was issued (ISO date YYYY-MM-DD)" },
    due_date: { type: "string", description: "Date payment is due" },
    vendor_name: { type: "string", description: "Company issuing the invoice (the seller)" },
    customer_name: { type: "string", description: "Company or person billed (the buyer)" },
    currency: { type: "string", description: "ISO 4217 currency code" },
    subtotal: { type: "number", description: "Sum of the lines before tax" },
    tax: { type: "number", description: "Total tax (VAT) amount" },
    total: { type: "number", description: "Total amount of the invoice including tax" },
    line_items: {
      type: "array",
      items: { type: "object", properties: { description: { type: "string" }, quantity: { type: "number" }, unit_price: { type: "number" }, amount: { type: "number" } } }
    }
  }
}
