/** The realdocs evaluation's measure: words of a text, and multiset / set recall of a reference. */
import { describe, expect, it } from "vitest"
import { realdocsTable, recallOf, words } from "./realdocs.js"

describe("realdocs recall", () => {
  it("words: NFKC, lower case, runs of letters and digits; each Han or kana character its own word", () => {
    expect(words("Total: 1,234.50 EUR — Müller")).toEqual(["total", "1", "234", "50", "eur", "müller"])
    expect(words("名前 東京都abc")).toEqual(["名", "前", "東", "京", "都", "abc"])
    expect(words("ﬁle Ｆｕｌｌ")).toEqual(["file", "full"])
  })

  it("multiset recall counts repeats up to the output's count; set recall counts each word once", () => {
    expect(recallOf("a a a b", "a b")).toEqual({ multiset: 0.5, set: 1 })
    expect(recallOf("a b c d", "a b")).toEqual({ multiset: 0.5, set: 0.5 })
    expect(recallOf("", "anything")).toEqual({ multiset: 1, set: 1 })
    expect(recallOf("x", "")).toEqual({ multiset: 0, set: 0 })
  })

  it("the table counts outcomes per extension and averages recall over files with a reference", () => {
    const file = (name: string, extension: string, outcome: string, expect: "succeeded" | "failed", recall: { multiset: number; set: number } | null) =>
      ({ name, extension, expect, outcome, message: null, asExpected: (outcome === "succeeded") === (expect === "succeeded"), recall, chars: 0, warnings: [], seconds: 1 })
    const table = realdocsTable([
      file("a.pdf", "pdf", "succeeded", "succeeded", { multiset: 1, set: 1 }),
      file("b.pdf", "pdf", "succeeded", "succeeded", { multiset: 0.5, set: 0.7 }),
      file("c.pdf", "pdf", "encrypted_file", "failed", null),
      file("d.vsd", "vsd", "unsupported_file_type", "succeeded", null)
    ])
    expect(table).toContain("| .pdf | 3 | 2 | 1 | 0 | 2 | 0.750 | 0.850 | 3.0 |")
    expect(table).toContain("| .vsd | 1 | 0 | 0 | 1 | 0 | — | — | 1.0 |")
    expect(table).toContain("| **all** | 4 | 2 | 1 | 1 | 2 | 0.750 | 0.850 | 4.0 |")
  })
})
