import { mkdtemp, rm } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { generateThirdParty, PER_TEMPLATE, TEMPLATES } from "./generate.js"

describe("the third-party understanding set", () => {
  it("has every template in both halves, several currencies, totals that add up, and the same truth on a second run", async () => {
    const a = await mkdtemp(path.join(os.tmpdir(), "tp-a-"))
    const b = await mkdtemp(path.join(os.tmpdir(), "tp-b-"))
    try {
      const first = await generateThirdParty(a)
      const second = await generateThirdParty(b)
      expect(first).toHaveLength(TEMPLATES.length * PER_TEMPLATE)
      for (const t of TEMPLATES) {
        const docs = first.filter((d) => d.id.startsWith(`${t.prefix}-`))
        expect(docs.map((d) => d.split)).toEqual(docs.map((_, i) => (i % 2 === 0 ? "dev" : "test")))
        expect(new Set(docs.map((d) => d.fields.currency)).size).toBeGreaterThanOrEqual(3)
      }
      for (const doc of first) {
        const f = doc.fields as { subtotal: number | null; tax: number | null; total: number; line_items: ReadonlyArray<{ amount: number }> }
        expect(f.line_items.length).toBeGreaterThanOrEqual(1)
        // the @h1dd3nsn1p3r template's "Subtotal" already holds the lines' tax; the others add it
        if (f.subtotal !== null && !doc.id.startsWith("tph-")) expect(f.total).toBeLessThanOrEqual(f.subtotal + (f.tax ?? 0) + 0.005)
      }
      // PDF writers stamp the time of writing into the file: the truth, not the bytes, is what repeats
      expect(second.map((d) => d.fields)).toEqual(first.map((d) => d.fields))
    } finally {
      await rm(a, { recursive: true, force: true })
      await rm(b, { recursive: true, force: true })
    }
  })
})
