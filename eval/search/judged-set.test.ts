/** The judged search set holds on disk, and its validation catches each kind of broken judgment. */
import { describe, expect, it } from "vitest"
import {
  contentStems,
  documentOf,
  judgedText,
  type JudgedQuery,
  type JudgedSet,
  loadJudgedSet,
  MIN_QUERIES,
  PARAPHRASE_OVERLAP_LIMIT,
  parseQueries,
  queryOverlap,
  stem,
  validateJudgedSet
} from "./judged-set.js"

const filler = (n: number) => Array.from({ length: n }, (_, i) => `filler${i}`).join(" ")

const md = documentOf(
  "hr/policies/remote.md",
  `# Remote Working\n\nIntro text.\n\n## Home office equipment\n\nA one-off allowance of EUR 450 for a desk.\n\n### Receipts\n\nWithin 90 days.\n\n## Working from abroad\n\nUp to 20 working days.\n\n${filler(160)}\n`
)!
const html = documentOf(
  "support/kb/light.html",
  `<html><body><h1>Gateway light</h1><p>Intro.</p><h2>Connection <em>problems</em></h2><p>Blinking amber: cannot reach the cloud &amp; buffers.</p><h2>Faults</h2><p>Solid red. ${filler(160)}</p></body></html>`
)!

const tiny = (queries: Array<JudgedQuery>): JudgedSet => ({
  documents: new Map([
    [md.path, md],
    [html.path, html]
  ]),
  queries,
  malformed: []
})

describe("judged search set on disk", () => {
  const set = loadJudgedSet()

  it("validates: paths, headings, answers, ids, types, sizes and paraphrase overlap", () => {
    expect(validateJudgedSet(set)).toEqual([])
  })

  it("has the required number of queries per type", () => {
    for (const [type, min] of Object.entries(MIN_QUERIES)) {
      expect(set.queries.filter((q) => q.type === type).length).toBeGreaterThanOrEqual(min)
    }
  })

  it("judges files of every format and at least one section of an HTML file", () => {
    const judgedFormats = new Set(set.queries.flatMap((q) => q.relevant).map((j) => set.documents.get(j.path)!.format))
    expect([...judgedFormats].sort()).toEqual(["csv", "html", "md", "txt"])
    expect(set.queries.some((q) => q.relevant.some((j) => j.section !== undefined && j.path.endsWith(".html")))).toBe(true)
  })

  it("keeps paraphrase queries lexically far from their documents, keyword queries close", () => {
    const mean = (type: string) => {
      const o = set.queries.filter((q) => q.type === type).map((q) => queryOverlap(set, q).overlap)
      return o.reduce((a, b) => a + b, 0) / o.length
    }
    expect(mean("paraphrase")).toBeLessThan(0.2)
    expect(mean("keyword")).toBeGreaterThan(0.9)
  })
})

describe("judged-set parsing", () => {
  it("finds markdown and HTML sections up to the next heading of the same or higher level", () => {
    expect(md.headings.map((h) => [h.text, h.level])).toEqual([
      ["Remote Working", 1],
      ["Home office equipment", 2],
      ["Receipts", 3],
      ["Working from abroad", 2]
    ])
    expect(judgedText(md, "Home office equipment")).toBe("## Home office equipment A one-off allowance of EUR 450 for a desk. ### Receipts Within 90 days.")
    expect(html.headings.map((h) => h.text)).toEqual(["Gateway light", "Connection problems", "Faults"])
    expect(judgedText(html, "Connection problems")).toBe("Connection problems Blinking amber: cannot reach the cloud & buffers.")
    expect(judgedText(html, "Nope")).toBeUndefined()
  })

  it("stems common suffixes the same way on both sides and drops stopwords and numbers", () => {
    expect(stem("policies")).toBe(stem("policy"))
    expect(stem("working")).toBe("work")
    expect(stem("stopped")).toBe("stop")
    expect([...contentStems("What are the rules for 2026 working?")]).toEqual(["rul", "work"])
  })

  it("reports lines that are not JSON or not a judged query, including an unknown type or extra field", () => {
    const lines = [
      `{"id":"a","type":"keyword","query":"x","relevant":[{"path":"p","grade":2}]}`,
      `not json`,
      `{"id":"b","type":"semantic","query":"x","relevant":[{"path":"p","grade":2}]}`,
      `{"id":"c","type":"keyword","query":"x","relevant":[{"path":"p","grade":3}]}`,
      `{"id":"d","type":"keyword","query":"x","relevant":[],"extra":1}`
    ].join("\n")
    const { queries, malformed } = parseQueries(lines)
    expect(queries.map((q) => q.id)).toEqual(["a"])
    expect(malformed.map((m) => m.split(":")[0])).toEqual(["queries.jsonl line 2", "queries.jsonl line 3", "queries.jsonl line 4", "queries.jsonl line 5"])
  })
})

describe("judged-set validation catches", () => {
  const problemsOf = (queries: Array<JudgedQuery>) =>
    validateJudgedSet(tiny(queries)).filter((p) => p.startsWith("query "))

  const good: JudgedQuery = {
    id: "q1",
    type: "question",
    query: "How much is the allowance?",
    relevant: [{ path: md.path, section: "Home office equipment", grade: 2 }],
    answer: "EUR 450"
  }

  it("nothing in a sound query", () => {
    expect(problemsOf([good])).toEqual([])
  })

  it("a path outside the corpus", () => {
    expect(problemsOf([{ ...good, relevant: [{ path: "hr/missing.md", grade: 2 }] }])).toEqual(["query q1: hr/missing.md is not in the corpus"])
  })

  it("a section that is not a heading of the file", () => {
    expect(problemsOf([{ ...good, relevant: [{ path: md.path, section: "Home Office", grade: 2 }] }])).toContain(
      `query q1: "Home Office" is not a heading of ${md.path}`
    )
  })

  it("an answer that is in the file but not in the judged section", () => {
    expect(problemsOf([{ ...good, answer: "20 working days" }])).toEqual([
      `query q1: answer "20 working days" is not in ${md.path} § Home office equipment`
    ])
  })

  it("an answer found across a line break and in other case is accepted", () => {
    expect(problemsOf([{ ...good, answer: "cannot REACH the\n cloud", relevant: [{ path: html.path, section: "Connection problems", grade: 2 }] }])).toEqual([])
  })

  it("duplicate ids, a question without answer, an answer on a keyword query, no grade-2 judgment", () => {
    const p = problemsOf([
      good,
      { ...good, answer: undefined },
      { id: "k1", type: "keyword", query: "EUR 450", relevant: [{ path: md.path, grade: 1 }], answer: "EUR 450" }
    ])
    expect(p).toEqual([
      "query q1: duplicate id",
      "query q1: a question needs an answer",
      "query k1: no grade-2 judgment",
      "query k1: only questions carry an answer"
    ])
  })

  it("a paraphrase query that reuses its document's words", () => {
    const para = (query: string): JudgedQuery => ({ id: "p1", type: "paraphrase", query, relevant: [{ path: md.path, section: "Working from abroad", grade: 2 }] })
    expect(problemsOf([para("working days abroad")])).toEqual(["query p1: paraphrase shares work, day, abroad (1.00) with its document"])
    expect(queryOverlap(tiny([]), para("doing my job from Lisbon for a month")).overlap).toBeLessThanOrEqual(PARAPHRASE_OVERLAP_LIMIT)
    expect(problemsOf([para("doing my job from Lisbon for a month")])).toEqual([])
  })

  it("too few queries, too few documents and documents out of the word range", () => {
    const short = documentOf("a/short.txt", "only a few words here")!
    const p = validateJudgedSet({ documents: new Map([[short.path, short]]), queries: [], malformed: [] })
    expect(p).toContain("corpus has 1 documents, expected 40–60")
    expect(p).toContain("a/short.txt: 5 words, expected 150–2000")
    expect(p).toContain("0 paraphrase queries, expected at least 40")
  })
})
