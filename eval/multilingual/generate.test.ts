import { mkdtemp, readFile, rm } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { generateMultilingual } from "./generate.js"
import { LANGUAGES } from "./documents.js"

describe("the multilingual understanding set", () => {
  it("has per language three invoices and a receipt in both halves, truth for every value, and the same bytes on a second run", async () => {
    const a = await mkdtemp(path.join(os.tmpdir(), "ml-a-"))
    const b = await mkdtemp(path.join(os.tmpdir(), "ml-b-"))
    try {
      const first = await generateMultilingual(a)
      const second = await generateMultilingual(b)
      const itemTables = first.filter((d) => d.id.startsWith("items-"))
      expect(first).toHaveLength(4 * LANGUAGES.length + 8 + 44 + itemTables.length)
      expect(itemTables.length).toBeGreaterThanOrEqual(10)
      // every layout, every party layout and every item table's style has one invoice in each half
      expect(first.filter((d) => d.type === "layout_invoice").map((d) => d.split)).toEqual(first.filter((d) => d.type === "layout_invoice").map((_, i) => (i % 2 === 0 ? "dev" : "test")))
      for (const doc of itemTables) expect(doc.id.endsWith("-1") ? "dev" : "test").toBe(doc.split)
      for (const lang of LANGUAGES) {
        const docs = first.filter((d) => d.id.startsWith(`ml-${lang}-`))
        expect(docs.filter((d) => d.type === "invoice")).toHaveLength(3)
        expect(docs.filter((d) => d.type === "receipt")).toHaveLength(1)
        expect(new Set(docs.map((d) => d.split))).toEqual(new Set(["dev", "test"]))
      }
      expect(first.filter((d) => d.split === "dev")).toHaveLength(first.length / 2)
      for (const doc of first) {
        const text = doc.format === "txt" || doc.format === "html" ? await readFile(path.join(a, doc.file), "utf8") : null
        if (doc.type === "invoice" || doc.type === "layout_invoice") {
          const f = doc.fields as { invoice_number: string; line_items: ReadonlyArray<unknown>; total: number; subtotal: number; tax: number }
          expect(f.line_items.length).toBeGreaterThanOrEqual(2)
          expect(Math.round((f.subtotal + f.tax) * 100)).toBe(Math.round(f.total * 100))
          if (text !== null) expect(text).toContain(f.invoice_number)
        }
        if (doc.id.startsWith("ml-pl-")) expect(doc.format).not.toBe("pdf")
      }
      expect(second.map((d) => d.sha256)).toEqual(first.map((d) => d.sha256))
    } finally {
      await rm(a, { recursive: true, force: true })
      await rm(b, { recursive: true, force: true })
    }
  })
})
