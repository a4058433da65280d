/**
 * The local `TableQuestionWriter`: a deterministic reading of the question against the tables'
 * column names, types and low-cardinality values. It understands
 * - aggregates: total/sum, average/mean, maximum/highest, minimum/lowest, how many/count;
 * - grouping: "by <column>", "per <column>", "for each <column>";
 * - filters: a known value of a text column ("in North"), a year on a date column ("in 2023"),
 *   comparisons on a number ("over 500", "at least 10", "below 3"), and "containing 'x'";
 * - top-N / bottom-N ("top 3 regions by sales", "5 largest invoices");
 * - listing ("show", "list", "which") with those filters.
 * Words match columns through normalised tokens (lowercase, simple stems, a few synonyms). The table
 * chosen is the one whose columns and values the question names most. Anything else is
 * unanswerable, and the answer names the columns that exist.
 */
import { Effect, Layer } from "effect"
import { type QuestionTable, type TableQuestionInput, type TableQuestionPlan, TableQuestionWriter } from "../table-question-writer.js"
import type { SqlResult, TableColumn } from "../../workspaces/tables/workspace-table.js"

const SYNONYMS: Record<string, string> = {
  revenue: "sale", sales: "sale", turnover: "sale", income: "sale", total: "total", amount: "amount", value: "amount", price: "price",
  cost: "cost", spend: "cost", spent: "cost", customer: "customer", client: "customer", clients: "customer", vendor: "supplier",
  suppliers: "supplier", date: "date", day: "date", when: "date", qty: "quantity", units: "quantity", area: "region", territory: "region"
}

const stem = (word: string): string => {
  const w = SYNONYMS[word] ?? word
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`
  if (w.length > 4 && w.endsWith("es") && /(s|x|z|ch|sh)es$/.test(w)) return w.slice(0, -2)
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1)
  return SYNONYMS[w] ?? w
}

const tokens = (text: string): Array<string> => (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map(stem)

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`
const isNumber = (c: TableColumn) => c.data_type === "integer" || c.data_type === "numeric"
const isDate = (c: TableColumn) => c.data_type === "date" || c.data_type === "timestamp"

type Aggregate = "sum" | "avg" | "max" | "min" | "count"
const AGGREGATE_WORDS: ReadonlyArray<[RegExp, Aggregate]> = [
  [/\b(how many|number of|count)\b/, "count"],
  [/\b(average|avg|mean)\b/, "avg"],
  [/\b(total|sum|overall)\b/, "sum"],
  [/\b(maximum|max|highest|largest|biggest|most expensive)\b/, "max"],
  [/\b(minimum|min|lowest|smallest|cheapest)\b/, "min"]
]

interface Mention {
  readonly column: TableColumn
  /** position of the first word of the question naming the column */
  readonly at: number
}

/** the columns the question names, by the position where each is first named */
const mentions = (words: ReadonlyArray<string>, columns: ReadonlyArray<TableColumn>): Array<Mention> => {
  const found: Array<Mention> = []
  for (const column of columns) {
    const parts = tokens(column.name.replace(/_/g, " "))
    if (parts.length === 0) continue
    for (let i = 0; i < words.length; i++) {
      if (parts.every((p, k) => words[i + k] === p) || (parts.length > 1 && words[i] === parts[parts.length - 1] && !columns.some((o) => o !== column && tokens(o.name.replace(/_/g, " ")).includes(words[i])))) {
        found.push({ column, at: i })
        break
      }
    }
  }
  return found.sort((a, b) => a.at - b.at)
}

interface Reading {
  readonly score: number
  readonly plan: TableQuestionPlan
}

const read = (question: string, qt: QuestionTable): Reading => {
  const { table } = qt
  const lower = question.toLowerCase()
  const words = tokens(question)
  const named = mentions(words, table.columns)
  let score = named.length + (tokens(table.table_name.replace(/_/g, " ")).some((t) => words.includes(t)) ? 2 : 0)
  const where: Array<string> = []
  const said: Array<string> = []
  const used = new Set<string>()

  // values of text columns named in the question (longest first, so "New York" wins over "York")
  const valueHits: Array<{ column: string; value: string }> = []
  for (const [column, values] of Object.entries(qt.values)) {
    for (const value of [...values].sort((a, b) => b.length - a.length)) {
      const v = tokens(value).join(" ")
      if (v !== "" && ` ${words.join(" ")} `.includes(` ${v} `) && !valueHits.some((h) => h.column === column)) valueHits.push({ column, value })
    }
  }
  for (const hit of valueHits) {
    where.push(`${ident(hit.column)} = ${quote(hit.value)}`)
    said.push(`${hit.column} is ${hit.value}`)
    used.add(hit.column)
    score += 2
  }

  // a year on a date column
  const year = /\b(?:in|during|for|of)\s+((?:19|20)\d{2})\b/.exec(lower)
  const dates = table.columns.filter(isDate)
  if (year !== null && dates.length > 0) {
    const column = named.find((m) => isDate(m.column))?.column ?? dates[0]
    const y = Number(year[1])
    where.push(`${ident(column.name)} >= '${y}-01-01' AND ${ident(column.name)} < '${y + 1}-01-01'`)
    said.push(`${column.name} in ${y}`)
    score += 1
  }

  // comparisons on a number
  const numbers = table.columns.filter(isNumber)
  const comparison = /\b(over|above|more than|greater than|exceeding|at least|under|below|less than|at most|fewer than)\s+\$?(-?\d[\d,]*(?:\.\d+)?)/.exec(lower) ??
    /\s(>=|<=|>|<|=)\s*(-?\d[\d,]*(?:\.\d+)?)/.exec(lower)
  let compared: TableColumn | undefined
  if (comparison !== null && numbers.length > 0) {
    const op = ({ over: ">", above: ">", "more than": ">", "greater than": ">", exceeding: ">", "at least": ">=", under: "<", below: "<", "less than": "<", "fewer than": "<", "at most": "<=" } as Record<string, string>)[comparison[1]] ?? comparison[1]
    const before = lower.slice(0, comparison.index)
    const beforeWords = tokens(before).length
    compared = [...named].reverse().find((m) => isNumber(m.column) && m.at < beforeWords)?.column ?? named.find((m) => isNumber(m.column))?.column ?? (numbers.length === 1 ? numbers[0] : undefined)
    if (compared !== undefined) {
      const n = comparison[2].replace(/,/g, "")
      where.push(`${ident(compared.name)} ${op} ${n}`)
      said.push(`${compared.name} ${op} ${n}`)
      score += 1
    }
  }

  // contains
  const contains = /\b(?:contain(?:s|ing)?|including|mention(?:s|ing)?|like)\s+["'“‘]([^"'”’]+)["'”’]/.exec(question)
  if (contains !== null) {
    const texts = table.columns.filter((c) => c.data_type === "text")
    // the text column named, else any text column
    const named_ = named.find((m) => m.column.data_type === "text")?.column
    const searched = named_ === undefined ? texts : [named_]
    if (searched.length > 0) {
      const pattern = quote(`%${contains[1].replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`)
      where.push(`(${searched.map((c) => `${ident(c.name)} ILIKE ${pattern}`).join(" OR ")})`)
      said.push(`${named_ === undefined ? "a text column" : named_.name} contains "${contains[1]}"`)
      score += 1
    }
  }

  // grouping
  const groupWord = /\b(?:by|per|for each|each|across)\s+([a-z0-9_ ]+)/.exec(lower)
  let group: TableColumn | undefined
  if (groupWord !== null) {
    const after = tokens(groupWord[1])
    group = named.find((m) => !isNumber(m.column) && tokens(m.column.name.replace(/_/g, " ")).some((t) => after.slice(0, 3).includes(t)))?.column
  }

  // top / bottom N
  const top = /\b(top|bottom|first|last|(\d+)\s+(?:largest|biggest|highest|smallest|lowest|cheapest|most))\s*(\d+)?/.exec(lower)
  const topN = top === null ? null : Number(top[3] ?? top[2] ?? NaN)
  // "top 3 regions by revenue": the thing ranked comes before "by", the measure after
  const byAt = words.indexOf("by")
  if (top !== null && byAt > 0) {
    const ranked = named.find((m) => !isNumber(m.column) && m.at < byAt && !used.has(m.column.name))?.column
    if (ranked !== undefined) group = ranked
  }
  const descending = top === null || !/bottom|smallest|lowest|cheapest|last/.test(top[0])

  let aggregate: Aggregate | undefined = AGGREGATE_WORDS.find(([re]) => re.test(lower))?.[1]
  if (top !== null && topN !== null && !Number.isNaN(topN) && (aggregate === "max" || aggregate === "min")) aggregate = undefined
  // the measure: a named number not used for grouping or a filter, else the only number
  const measure = named.find((m) => isNumber(m.column) && m.column !== group && m.column !== compared)?.column ??
    named.find((m) => isNumber(m.column) && m.column !== group)?.column ??
    (numbers.length === 1 ? numbers[0] : undefined)

  const whereSql = where.length === 0 ? "" : ` WHERE ${where.join(" AND ")}`
  const from = ` FROM ${ident(table.table_name)}`
  const scope = said.length === 0 ? "" : ` where ${said.join(" and ")}`
  const columnsExist = `the table ${table.table_name} has columns ${table.columns.map((c) => `${c.name} (${c.data_type})`).join(", ")}`
  const sql = (text: string, interpretation: string): Reading => ({ score, plan: { kind: "sql", sql: text, table_name: table.table_name, interpretation } })

  if (topN !== null && !Number.isNaN(topN) && topN > 0) {
    const n = Math.min(topN, 1000)
    if (measure === undefined) return { score, plan: { kind: "unanswerable", message: `"top ${n}" needs a number to rank by: ${columnsExist}` } }
    const order = descending ? "DESC" : "ASC"
    if (group !== undefined) {
      const agg = aggregate === "avg" ? "avg" : aggregate === "count" ? "count" : "sum"
      const value = agg === "count" ? "count(*)" : `${agg}(${ident(measure.name)})`
      return sql(
        `SELECT ${ident(group.name)}, ${value} AS ${ident(agg === "count" ? "count" : `${agg}_${measure.name}`)}${from}${whereSql} GROUP BY ${ident(group.name)} ORDER BY 2 ${order} NULLS LAST LIMIT ${n}`,
        `${descending ? "top" : "bottom"} ${n} ${group.name} by ${agg === "count" ? "row count" : `${agg} of ${measure.name}`}${scope}`
      )
    }
    return sql(
      `SELECT *${from}${whereSql} ORDER BY ${ident(measure.name)} ${order} NULLS LAST LIMIT ${n}`,
      `the ${n} rows with the ${descending ? "highest" : "lowest"} ${measure.name}${scope}`
    )
  }

  if (aggregate !== undefined) {
    if (aggregate !== "count" && measure === undefined) {
      return { score, plan: { kind: "unanswerable", message: `which number should be aggregated? ${columnsExist}` } }
    }
    const value = aggregate === "count" ? "count(*)" : `${aggregate}(${ident(measure!.name)})`
    const label = aggregate === "count" ? "count" : `${aggregate}_${measure!.name}`
    const what = aggregate === "count" ? "number of rows" : `${({ sum: "total", avg: "average", max: "maximum", min: "minimum" } as const)[aggregate]} ${measure!.name}`
    if (group !== undefined) {
      return sql(
        `SELECT ${ident(group.name)}, ${value} AS ${ident(label)}${from}${whereSql} GROUP BY ${ident(group.name)} ORDER BY ${ident(group.name)}`,
        `${what} by ${group.name}${scope}`
      )
    }
    return sql(`SELECT ${value} AS ${ident(label)}${from}${whereSql}`, `${what}${scope}`)
  }

  if (where.length > 0 && /\b(show|list|which|what|find|give|display|rows?|all)\b/.test(lower)) {
    return sql(`SELECT *${from}${whereSql} LIMIT 200`, `rows${scope}`)
  }
  return { score: 0, plan: { kind: "unanswerable", message: `the question names no aggregate, ranking or filter this engine can read: ${columnsExist}` } }
}

/** The plan of a question over the given tables (the best-matching table's). */
export const writeTableQuestion = (input: TableQuestionInput): TableQuestionPlan => {
  if (input.tables.length === 0) return { kind: "unanswerable", message: "there are no tables to query: ingest a spreadsheet, CSV or a document with tables first" }
  const readings = input.tables.map((t) => read(input.question, t))
  const answerable = readings.filter((r) => r.plan.kind === "sql")
  const pool = answerable.length > 0 ? answerable : readings
  const best = pool.reduce((a, b) => (b.score > a.score ? b : a))
  if (best.plan.kind === "unanswerable" && input.tables.length > 1) {
    const all = input.tables.map((t) => `${t.table.table_name} (${t.table.columns.map((c) => c.name).join(", ")})`).join("; ")
    return { kind: "unanswerable", message: `the question could not be mapped to the tables' columns: ${all}` }
  }
  return best.plan
}

const render = (v: unknown) => (v === null ? "none" : String(v))

/** A sentence from a result: a single value, a short list of groups, or a count of rows. */
export const tableAnswerSentence = (question: string, _sql: string, result: SqlResult): string => {
  void question
  if (result.row_count === 0) return "No rows match."
  if (result.row_count === 1 && result.columns.length === 1) return `The ${result.columns[0].name.replace(/_/g, " ")} is ${render(result.rows[0][0])}.`
  if (result.columns.length === 2 && result.row_count <= 10) {
    const parts = result.rows.map((r) => `${render(r[0])}: ${render(r[1])}`)
    return `${result.columns[1].name.replace(/_/g, " ")} by ${result.columns[0].name.replace(/_/g, " ")} — ${parts.join("; ")}.`
  }
  return `${result.row_count}${result.truncated ? "+" : ""} row${result.row_count === 1 ? "" : "s"} match.`
}

export const LocalTableQuestionWriterLive = Layer.succeed(TableQuestionWriter, {
  write: (input) => Effect.sync(() => writeTableQuestion(input)),
  answerSentence: (question, sql, result) => Effect.sync(() => tableAnswerSentence(question, sql, result))
})
