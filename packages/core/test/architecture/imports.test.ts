/**
 * The architecture of core (DESIGN.md "Shape"), checked on its import graph: no cycle, and
 * dependencies pointing one way — `kernel` ← `platform` ← `api` ← the contexts, and no context
 * reaching into another context's `http/`.
 */
import madge from "madge"
import { fileURLToPath } from "node:url"
import { beforeAll, describe, expect, it } from "vitest"

const SRC = fileURLToPath(new URL("../../src/", import.meta.url))

/** The top folder of a module (`decision/http/routes.ts` → `decision`), or the file for top-level modules. */
const contextOf = (file: string) => file.split("/")[0]!

let graph: Record<string, Array<string>>
let cycles: Array<Array<string>>

beforeAll(async () => {
  const result = await madge(SRC, {
    fileExtensions: ["ts"],
    // type-only imports count: a cycle of types is still a cycle a reader has to untangle
    detectiveOptions: { ts: { skipTypeImports: false }, es6: { skipTypeImports: false } }
  })
  graph = result.obj()
  cycles = result.circular()
}, 60_000)

const importsOf = (predicate: (file: string) => boolean) =>
  Object.entries(graph).filter(([file]) => predicate(file)).flatMap(([file, deps]) => deps.map((dep) => `${file} → ${dep}`))

describe("core's import graph", () => {
  it("has modules (the graph was read)", () => {
    expect(Object.keys(graph).length).toBeGreaterThan(100)
    expect(graph["app.ts"]).toContain("platform/router.ts")
  })

  it("has no cycle", () => {
    expect(cycles).toEqual([])
  })

  it("kernel/ imports nothing outside kernel/", () => {
    expect(importsOf((f) => contextOf(f) === "kernel").filter((e) => contextOf(e.split(" → ")[1]!) !== "kernel")).toEqual([])
  })

  it("platform/ imports only platform/ and kernel/", () => {
    expect(
      importsOf((f) => contextOf(f) === "platform").filter((e) => !["platform", "kernel"].includes(contextOf(e.split(" → ")[1]!)))
    ).toEqual([])
  })

  it("no context imports another context's http/ (only the assembly and the test suites do)", () => {
    const crossing = importsOf((f) => f.includes("/")).filter((e) => {
      const [from, to] = e.split(" → ") as [string, string]
      if (contextOf(from) === "testing") return false
      const http = to.match(/^(.*?\/http)\//)
      return http !== null && !from.startsWith(`${http[1]}/`)
    })
    expect(crossing).toEqual([])
  })
})
