import { describe, expect, it } from "vitest"
import { normalizeName } from "../../packages/core/src/workspaces/graph/entity-names.js"
import { generateGroupSet } from "./group-documents.js"

describe("the knowledge-graph group set", () => {
  it("is the same on every run, and its splits share no organisation or person", () => {
    expect(generateGroupSet("dev")).toEqual(generateGroupSet("dev"))
    const names = (split: "dev" | "test") =>
      new Set([...generateGroupSet(split).entities.values()].filter((e) => e.type === "organisation" || e.type === "person").flatMap((e) => e.names.map(normalizeName)))
    const dev = names("dev")
    expect([...names("test")].filter((n) => dev.has(n))).toEqual([])
  })

  it.each(["dev", "test"] as const)("%s: every entity a document names is written in it, and every relation joins entities it names", (split) => {
    const set = generateGroupSet(split)
    expect(set.documents.length).toBeGreaterThanOrEqual(90)
    for (const d of set.documents) {
      const text = normalizeName(d.markdown)
      for (const id of d.entities) {
        const e = set.entities.get(id)!
        // a document is named by its path; a date or amount by a canonical form printed otherwise
        if (e.type === "document" || e.type === "date" || e.type === "amount") continue
        expect(e.names.some((n) => text.includes(normalizeName(n))), `${d.path}: ${e.names[0]}`).toBe(true)
      }
      for (const r of d.relations) expect(d.entities.includes(r.from) && d.entities.includes(r.to), `${d.path}: ${r.type}`).toBe(true)
      for (const s of d.sheets) expect(d.markdown.slice(s.char_start, s.char_end).startsWith(`## ${s.name}`)).toBe(true)
    }
  })
})
