/**
 * The judged search set: a business corpus written for this project (`corpus/`) and graded queries
 * (`queries.jsonl`). This module only loads and checks the set; ranking and metrics live elsewhere.
 *
 * Run `npx tsx eval/search/judged-set.ts` for the counts and the paraphrase-overlap report that
 * README.md quotes.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { Either, Schema } from "effect"

export const JUDGED_SET_DIR = path.dirname(fileURLToPath(import.meta.url))

export const QueryType = Schema.Literal("keyword", "paraphrase", "question")
export type QueryType = typeof QueryType.Type

export const Judgment = Schema.Struct({
  path: Schema.String,
  section: Schema.optional(Schema.String),
  grade: Schema.Literal(1, 2)
})
export type Judgment = typeof Judgment.Type

export const JudgedQuery = Schema.Struct({
  id: Schema.String,
  type: QueryType,
  query: Schema.String,
  relevant: Schema.Array(Judgment),
  answer: Schema.optional(Schema.String)
})
export type JudgedQuery = typeof JudgedQuery.Type

export type Format = "md" | "txt" | "csv" | "html"

export interface Heading {
  readonly text: string
  readonly level: number
  /** Offsets in the document's raw text: the heading line and the end of its section. */
  readonly start: number
  readonly end: number
}

export interface CorpusDocument {
  /** Relative to the corpus folder, with `/` separators: the path a workspace would hold. */
  readonly path: string
  readonly format: Format
  readonly raw: string
  readonly headings: ReadonlyArray<Heading>
}

export interface JudgedSet {
  readonly documents: ReadonlyMap<string, CorpusDocument>
  readonly queries: ReadonlyArray<JudgedQuery>
  /** Lines of queries.jsonl that failed to parse or decode, with the reason. */
  readonly malformed: ReadonlyArray<string>
}

const FORMATS: Record<string, Format> = { ".md": "md", ".txt": "txt", ".csv": "csv", ".html": "html" }

// Markdown headings are ATX lines; HTML headings are <h1>–<h6>. A section runs to the next heading
// of the same or a higher level, as a structure-aware chunker would cut it.
const headingsOf = (raw: string, format: Format): Array<Heading> => {
  const found: Array<{ text: string; level: number; start: number }> = []
  if (format === "md") {
    let inFence = false
    let offset = 0
    for (const line of raw.split("\n")) {
      if (/^(```|~~~)/.test(line)) inFence = !inFence
      const m = inFence ? null : /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line)
      if (m) found.push({ text: m[2].trim(), level: m[1].length, start: offset })
      offset += line.length + 1
    }
  } else if (format === "html") {
    for (const m of raw.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi)) {
      found.push({ text: plainHtml(m[2]).replace(/\s+/g, " ").trim(), level: Number(m[1]), start: m.index ?? 0 })
    }
  }
  return found.map((h, i) => {
    const next = found.slice(i + 1).find((o) => o.level <= h.level)
    return { ...h, end: next ? next.start : raw.length }
  })
}

const plainHtml = (html: string): string =>
  html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")

/** The text a reader sees: tags and markdown emphasis gone, runs of white space as one space. */
export const plainText = (raw: string, format: Format): string => {
  const text = format === "html" ? plainHtml(raw) : format === "md" ? raw.replace(/\*\*|`/g, "") : raw
  return text.replace(/\s+/g, " ").trim()
}

export const sectionOf = (doc: CorpusDocument, heading: string): Heading | undefined =>
  doc.headings.find((h) => h.text === heading)

/** The plain text of the judged unit: the named section, or the whole document. */
export const judgedText = (doc: CorpusDocument, section?: string): string | undefined => {
  if (section === undefined) return plainText(doc.raw, doc.format)
  const h = sectionOf(doc, section)
  return h && plainText(doc.raw.slice(h.start, h.end), doc.format)
}

export const wordsOf = (text: string): Array<string> => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

// Function words and the words every question carries: they are not evidence of shared vocabulary.
const STOPWORDS = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between both " +
    "but by can could did do does doing down during each few for from further had has have having he her here hers " +
    "how i if in into is it its itself just me more most my no nor not now of off on once only or other our ours out " +
    "over own same she should so some such than that the their them then there these they this those through to too " +
    "under until up very was we were what when where which while who whom why will with would you your yours " +
    "get gets got may might must shall us let lets one ones also much many"
  ).split(" ")
)

/** Simple suffix stripping, enough to join "policies"/"policy" and "working"/"work"; not Porter. */
export const stem = (word: string): string => {
  let w = word.toLowerCase().replace(/'s$/, "")
  if (w.length <= 3) return w
  if (w.endsWith("ies") && w.length > 4) return w.slice(0, -3) + "y"
  for (const suffix of ["ations", "ation", "ments", "ment", "ings", "ing", "ness", "ers", "er", "ed", "ly", "es", "s"]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length)
      break
    }
  }
  // "stopp(ing)" → "stop", "plann(ed)" → "plan"
  if (w.length > 3 && w[w.length - 1] === w[w.length - 2] && !/[lsz]/.test(w[w.length - 1])) w = w.slice(0, -1)
  return w
}

export const contentStems = (text: string): Set<string> =>
  new Set(wordsOf(text).filter((w) => !STOPWORDS.has(w) && !/^\d+$/.test(w)).map(stem))

export interface Overlap {
  readonly id: string
  readonly type: QueryType
  /** Share of the query's content stems that also occur in the judged unit (max over grade-2 judgments). */
  readonly overlap: number
  readonly shared: ReadonlyArray<string>
  readonly queryStems: number
}

/** `unit: "document"` measures against the whole file even when the judgment names a section. */
export const queryOverlap = (set: JudgedSet, q: JudgedQuery, unit: "judged" | "document" = "judged"): Overlap => {
  const qs = contentStems(q.query)
  let best: { overlap: number; shared: Array<string> } = { overlap: 0, shared: [] }
  for (const j of q.relevant) {
    if (j.grade !== 2) continue
    const doc = set.documents.get(j.path)
    const text = doc && judgedText(doc, unit === "judged" ? j.section : undefined)
    if (text === undefined) continue
    const ds = contentStems(text)
    const shared = [...qs].filter((s) => ds.has(s))
    const overlap = qs.size === 0 ? 0 : shared.length / qs.size
    if (overlap > best.overlap || best.shared.length === 0) best = { overlap, shared }
  }
  return { id: q.id, type: q.type, overlap: best.overlap, shared: best.shared, queryStems: qs.size }
}

/** Paraphrase queries above this share of stems in their grade-2 unit are flagged and rewritten. */
export const PARAPHRASE_OVERLAP_LIMIT = 0.34

export const MIN_QUERIES: Record<QueryType, number> = { paraphrase: 40, keyword: 25, question: 30 }
export const WORDS_PER_DOCUMENT = { min: 150, max: 2000 }
export const DOCUMENTS = { min: 40, max: 60 }

/** Every problem with the set, as readable lines; empty when the set holds. */
export const validateJudgedSet = (set: JudgedSet): Array<string> => {
  const problems: Array<string> = [...set.malformed]
  const n = set.documents.size
  if (n < DOCUMENTS.min || n > DOCUMENTS.max) problems.push(`corpus has ${n} documents, expected ${DOCUMENTS.min}–${DOCUMENTS.max}`)
  for (const doc of set.documents.values()) {
    const words = wordsOf(plainText(doc.raw, doc.format)).length
    if (words < WORDS_PER_DOCUMENT.min || words > WORDS_PER_DOCUMENT.max) problems.push(`${doc.path}: ${words} words, expected ${WORDS_PER_DOCUMENT.min}–${WORDS_PER_DOCUMENT.max}`)
  }
  const seen = new Set<string>()
  const judged = new Set<string>()
  for (const q of set.queries) {
    const where = `query ${q.id}`
    if (seen.has(q.id)) problems.push(`${where}: duplicate id`)
    seen.add(q.id)
    if (q.query.trim() === "") problems.push(`${where}: empty query`)
    if (!q.relevant.some((j) => j.grade === 2)) problems.push(`${where}: no grade-2 judgment`)
    const keys = q.relevant.map((j) => `${j.path}#${j.section ?? ""}`)
    if (new Set(keys).size !== keys.length) problems.push(`${where}: the same unit is judged twice`)
    if (q.type === "question" && (q.answer === undefined || q.answer.trim() === "")) problems.push(`${where}: a question needs an answer`)
    if (q.type !== "question" && q.answer !== undefined) problems.push(`${where}: only questions carry an answer`)
    for (const j of q.relevant) {
      const doc = set.documents.get(j.path)
      if (!doc) {
        problems.push(`${where}: ${j.path} is not in the corpus`)
        continue
      }
      judged.add(j.path)
      if (j.section !== undefined && !sectionOf(doc, j.section)) problems.push(`${where}: "${j.section}" is not a heading of ${j.path}`)
    }
    // The answer must be readable in the primary evidence: every grade-2 unit holds it.
    if (q.answer !== undefined) {
      const needle = q.answer.replace(/\s+/g, " ").trim().toLowerCase()
      for (const j of q.relevant) {
        if (j.grade !== 2) continue
        const doc = set.documents.get(j.path)
        const text = doc && judgedText(doc, j.section)
        if (text !== undefined && !text.toLowerCase().includes(needle)) problems.push(`${where}: answer "${q.answer}" is not in ${j.path}${j.section ? ` § ${j.section}` : ""}`)
      }
    }
  }
  for (const t of QueryType.literals) {
    const count = set.queries.filter((q) => q.type === t).length
    if (count < MIN_QUERIES[t]) problems.push(`${count} ${t} queries, expected at least ${MIN_QUERIES[t]}`)
  }
  for (const q of set.queries) {
    if (q.type !== "paraphrase") continue
    const o = queryOverlap(set, q)
    if (o.overlap > PARAPHRASE_OVERLAP_LIMIT) problems.push(`query ${q.id}: paraphrase shares ${o.shared.join(", ")} (${o.overlap.toFixed(2)}) with its document`)
  }
  return problems
}

const walk = (dir: string): Array<string> =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))

export const parseQueries = (jsonl: string): { queries: Array<JudgedQuery>; malformed: Array<string> } => {
  const decode = Schema.decodeUnknownEither(JudgedQuery, { onExcessProperty: "error" })
  const queries: Array<JudgedQuery> = []
  const malformed: Array<string> = []
  jsonl.split("\n").forEach((line, i) => {
    if (line.trim() === "") return
    let json: unknown
    try {
      json = JSON.parse(line)
    } catch (e) {
      malformed.push(`queries.jsonl line ${i + 1}: ${(e as Error).message}`)
      return
    }
    const r = decode(json)
    if (Either.isLeft(r)) malformed.push(`queries.jsonl line ${i + 1}: ${r.left.message}`)
    else queries.push(r.right)
  })
  return { queries, malformed }
}

export const documentOf = (relPath: string, raw: string): CorpusDocument | undefined => {
  const format = FORMATS[path.extname(relPath).toLowerCase()]
  return format && { path: relPath, format, raw, headings: headingsOf(raw, format) }
}

/** Reads the corpus and the queries from disk; files of other extensions are reported, not skipped silently. */
export const loadJudgedSet = (dir: string = JUDGED_SET_DIR): JudgedSet => {
  const corpusDir = path.join(dir, "corpus")
  const documents = new Map<string, CorpusDocument>()
  const malformed: Array<string> = []
  for (const file of walk(corpusDir).sort()) {
    const rel = path.relative(corpusDir, file).split(path.sep).join("/")
    const doc = documentOf(rel, fs.readFileSync(file, "utf8"))
    if (doc) documents.set(rel, doc)
    else malformed.push(`${rel}: not a .md, .txt, .csv or .html file`)
  }
  const parsed = parseQueries(fs.readFileSync(path.join(dir, "queries.jsonl"), "utf8"))
  return { documents, queries: parsed.queries, malformed: [...malformed, ...parsed.malformed] }
}

const quantile = (sorted: ReadonlyArray<number>, p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]

/** Counts and overlap distribution per query type, as markdown for the README. */
export const judgedSetReport = (set: JudgedSet): string => {
  const lines: Array<string> = []
  const words = [...set.documents.values()].map((d) => wordsOf(plainText(d.raw, d.format)).length)
  lines.push(`${set.documents.size} documents, ${words.reduce((a, b) => a + b, 0)} words (${Math.min(...words)}–${Math.max(...words)} per document)`)
  lines.push("")
  lines.push("| type | queries | judgments (grade 2 / 1) | with section | overlap mean | median | p90 | max | overlap 0 | mean vs whole file |")
  lines.push("|---|---|---|---|---|---|---|---|---|---|")
  for (const t of QueryType.literals) {
    const qs = set.queries.filter((q) => q.type === t)
    const o = qs.map((q) => queryOverlap(set, q).overlap).sort((a, b) => a - b)
    const g2 = qs.flatMap((q) => q.relevant).filter((j) => j.grade === 2).length
    const g1 = qs.flatMap((q) => q.relevant).filter((j) => j.grade === 1).length
    const sec = qs.filter((q) => q.relevant.some((j) => j.grade === 2 && j.section !== undefined)).length
    const mean = (xs: ReadonlyArray<number>) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)
    const whole = qs.map((q) => queryOverlap(set, q, "document").overlap)
    lines.push(`| ${t} | ${qs.length} | ${g2} / ${g1} | ${sec} | ${mean(o).toFixed(2)} | ${quantile(o, 0.5).toFixed(2)} | ${quantile(o, 0.9).toFixed(2)} | ${o[o.length - 1].toFixed(2)} | ${o.filter((x) => x === 0).length} | ${mean(whole).toFixed(2)} |`)
  }
  return lines.join("\n")
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const set = loadJudgedSet()
  console.log(judgedSetReport(set))
  if (process.argv.includes("--overlap")) {
    for (const q of set.queries) {
      const o = queryOverlap(set, q)
      console.log(`${o.overlap.toFixed(2)}\t${q.type}\t${q.id}\t${q.query}\t[${o.shared.join(", ")}]`)
    }
  }
  const problems = validateJudgedSet(set)
  for (const p of problems) console.log(`problem: ${p}`)
  process.exitCode = problems.length === 0 ? 0 : 1
}
