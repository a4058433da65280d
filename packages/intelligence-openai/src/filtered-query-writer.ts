/**
 * The filtered-search question writer on a chat model with structured output: the question, the
 * catalog's columns and the workspace's document types go in; one of a query, a clarification or
 * "cannot express" comes out. The answer is decoded with Schema (an answer that does not decode
 * fails as `EngineFailed`: the job ends `upstream_unavailable`, retryable) and turned into the
 * port's plan; filters keep only the properties of their operation. What the query means is
 * checked by the job (`appliedQueryProblems`: unknown fields or document types, a money filter
 * without a currency…), which then asks a clarification when allowed or fails `invalid_request`.
 */
import { type Intelligence, type Workspaces } from "@docket/core"
import { Effect, Schema } from "effect"
import type { OpenAiClient } from "./internal/client.js"
import { bounded, engineFailed, strictObject } from "./internal/text.js"

type CatalogFilter = Workspaces.Catalog.CatalogFilter

const nullable = (type: string, description: string) => ({ type: [type, "null"], description })

export const responseSchema: Record<string, unknown> = strictObject({
  outcome: { type: "string", enum: ["query", "clarification", "cannot_express"] },
  shape: { type: "string", enum: ["count", "top", "list"] },
  n: nullable("integer", "top only: how many rows (1 to 200)"),
  document_types: { type: "array", items: { type: "string" }, description: "document types named by the question (from the list given); empty: any" },
  filters: {
    type: "array",
    items: strictObject({
      field: { type: "string" },
      op: { type: "string", enum: ["equals", "contains", "date_range", "amount_range", "status"] },
      value: nullable("string", "equals/contains: the text the question states"),
      scheme: nullable("string", "identifiers: the kind of number, when the question says"),
      from: nullable("string", "date_range: first day, YYYY-MM-DD, inclusive"),
      to: nullable("string", "date_range: last day, YYYY-MM-DD, inclusive"),
      currency: nullable("string", "amount_range: ISO 4217 code"),
      min: nullable("string", "amount_range: plain decimal, inclusive"),
      max: nullable("string", "amount_range: plain decimal, inclusive"),
      status: nullable("string", "status: found, not_found, ambiguous or unexamined")
    })
  },
  sort: {
    anyOf: [
      { type: "null" },
      strictObject({ field: { type: "string" }, direction: { type: "string", enum: ["asc", "desc"] }, currency: nullable("string", "money sort: ISO 4217 code") })
    ]
  },
  interpretation: { type: "string", description: "one sentence: how the question was read; with money, the currency assumed and that amounts are never converted" },
  clarification: nullable("string", "clarification only: the one question to ask"),
  message: nullable("string", "cannot_express only: why the catalog cannot answer")
})

const Nullable = Schema.NullOr(Schema.String)

const Answer = Schema.Struct({
  outcome: Schema.Literal("query", "clarification", "cannot_express"),
  shape: Schema.Literal("count", "top", "list"),
  n: Schema.NullOr(Schema.Int),
  document_types: Schema.Array(Schema.String),
  filters: Schema.Array(Schema.Struct({
    field: Schema.String,
    op: Schema.Literal("equals", "contains", "date_range", "amount_range", "status"),
    value: Nullable,
    scheme: Nullable,
    from: Nullable,
    to: Nullable,
    currency: Nullable,
    min: Nullable,
    max: Nullable,
    status: Schema.NullOr(Schema.Literal("found", "not_found", "ambiguous", "unexamined"))
  })),
  sort: Schema.NullOr(Schema.Struct({ field: Schema.String, direction: Schema.Literal("asc", "desc"), currency: Nullable })),
  interpretation: Schema.String,
  clarification: Nullable,
  message: Nullable
})
type AnswerFilter = typeof Answer.Type["filters"][number]

const opt = <K extends string>(k: K, v: string | null) => (v === null ? {} : { [k]: v }) as { [P in K]?: string }

const filterOf = (f: AnswerFilter): CatalogFilter => {
  switch (f.op) {
    case "equals":
    case "contains":
      return { field: f.field, op: f.op, value: f.value ?? "", ...opt("scheme", f.scheme) }
    case "date_range":
      return { field: f.field, op: "date_range", ...opt("from", f.from), ...opt("to", f.to) }
    case "amount_range":
      return { field: f.field, op: "amount_range", currency: f.currency ?? "", ...opt("min", f.min), ...opt("max", f.max) }
    case "status":
      return { field: f.field, op: "status", status: f.status ?? "found" }
  }
}

const systemOf = (input: Intelligence.FilteredQuestion) => [
  "You turn a question about a pile of business documents into a structured query over their metadata catalog.",
  "Columns (field, kind, description):",
  ...input.columns.map((c) => `- ${c.field} (${c.kind}${c.repeated ? ", repeated" : ""}): ${c.description}`),
  "Document types (name: aliases):",
  ...input.document_types.map((d) => `- ${d.document_type}${d.aliases.length === 0 ? "" : `: ${d.aliases.join(", ")}`}`),
  "Shapes: count (\"how many\"), top with n (\"top 5 largest\", \"the latest\" is n 1; needs a sort), list (anything else).",
  "Filters are ANDed: equals/contains on party and identifier fields (value as the question states it), date_range on date fields (inclusive YYYY-MM-DD),",
  "amount_range on money fields (inclusive plain decimals and ONE ISO currency; amounts are never converted), status (not_found: \"without an expiry date\").",
  "Sort by a date or money field that is not repeated; a money sort names its currency.",
  "Never invent a value the question does not state. If the question names an amount without a currency:",
  input.allow_clarification
    ? "answer outcome clarification asking which currency."
    : "assume the currency the question or context names elsewhere, else EUR, and say in the interpretation that it was assumed.",
  input.allow_clarification
    ? "If the question is too vague to query, answer outcome clarification with one question."
    : "Never answer clarification: if the question is vague, list the document types it names (or everything) and say so in the interpretation.",
  "If the question needs a column the catalog does not have or compares amounts across currencies, answer outcome cannot_express with the reason.",
  "The interpretation is one sentence; when money is involved it states the currency the amounts are compared in and that they are never converted."
].join("\n")

export const makeFilteredQueryWriter = (client: OpenAiClient): Intelligence.FilteredQueryWriterService => ({
  write: (input) =>
    client.chatJson(
      {
        messages: [
          { role: "system", content: systemOf(input) },
          { role: "user", content: `Question: ${input.question}${input.context === null ? "" : `\nContext:\n<<<\n${bounded(input.context, 20_000)}\n>>>`}` }
        ],
        jsonSchema: { name: "filtered_query", schema: responseSchema }
      },
      Answer
    ).pipe(
      Effect.map((a): Intelligence.FilteredQueryPlan => {
        if (a.outcome === "clarification") return { kind: "clarification", question: a.clarification ?? a.interpretation }
        if (a.outcome === "cannot_express") return { kind: "cannot_express", message: a.message ?? a.interpretation }
        return {
          kind: "query",
          query: {
            shape: a.shape,
            n: a.shape === "top" ? a.n : null,
            document_types: a.document_types,
            filters: a.filters.map(filterOf),
            sort: a.sort === null ? null : { field: a.sort.field, direction: a.sort.direction, ...opt("currency", a.sort.currency) }
          },
          interpretation: a.interpretation
        }
      }),
      Effect.mapError(engineFailed("filtered_query"))
    )
})
