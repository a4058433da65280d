/** TableQuestionWriter: the model writes one SELECT over the given tables; anything else is unanswerable. */
import { Intelligence, Workspaces } from "@docket/core"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { OpenAiIntelligence } from "../src/index.js"
import { userPrompt } from "./support/fake-openai.js"
import { useFakeOpenAi } from "./support/setup.js"

const { config, fake } = useFakeOpenAi()

const sales = Workspaces.Tables.buildTable(
  { file_id: "f", path: "sales.csv", component: "sales.csv", component_kind: "csv", table_name: "sales" },
  [["Region", "Revenue"], ["North", "$10"], ["South", "$20"]]
).descriptor
const TABLES = [{ table: sales, values: { region: ["North", "South"] } }]

const write = (question: string) =>
  Effect.flatMap(Intelligence.TableQuestionWriter, (w) => w.write({ question, tables: TABLES })).pipe(Effect.provide(OpenAiIntelligence.layer(config())))

describe("table question writer", () => {
  it.effect("sends the tables' columns, profiles and values; returns the model's SELECT without a trailing semicolon", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: { answerable: true, sql: `SELECT sum("revenue") FROM "sales";`, table_name: "sales", interpretation: "total revenue" } })
      expect(yield* write("total revenue?")).toEqual({ kind: "sql", sql: `SELECT sum("revenue") FROM "sales"`, table_name: "sales", interpretation: "total revenue" })
      const body = fake().requests[0]!.body
      expect(body.response_format.json_schema.schema.properties.table_name.enum).toEqual(["sales"])
      const prompt = userPrompt(body)
      expect(prompt).toContain(`"revenue" integer range 10 .. 20`)
      expect(prompt).toContain(`"region" text range North .. South values: North | South`)
      expect(prompt).toContain("Question: total revenue?")
    }))

  it.effect("not answerable, an empty SQL or an unknown table: unanswerable, naming the columns", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: { answerable: false, sql: "", table_name: "sales", interpretation: "no cost column" } })
      const r = yield* write("total cost?")
      expect(r.kind).toBe("unanswerable")
      expect(r.kind === "unanswerable" && r.message).toContain("sales (region, revenue)")
      fake().chat = () => ({ content: { answerable: true, sql: "SELECT 1", table_name: "other", interpretation: "x" } })
      expect((yield* write("x")).kind).toBe("unanswerable")
    }))
})
