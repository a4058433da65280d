/**
 * The local graph extractor's names on real text, for reading by eye (no truth to score against):
 * every person, place and organisation and every relation but `mentions` it reads in the 55 files
 * of `eval/search/corpus` and the reference texts of `../shared/realdocs`, one per line, sorted —
 * run it before and after a change to the extractor and diff the two lists. CPU time on stderr.
 *
 *   npx tsx eval/graph/kg-names.ts > names.txt
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import type { GraphExtractInput } from "../../packages/core/src/intelligence/graph-extractor.js"
import { extractGraphLocally } from "../../packages/core/src/intelligence/local/graph/local-graph-extractor.js"
import { GENERIC_ONTOLOGY } from "../../packages/core/src/workspaces/domains/platform/index.js"
const walk = (d: string): string[] => readdirSync(d).flatMap((f) => { const p = join(d, f); return statSync(p).isDirectory() ? walk(p) : [p] })
const files = [...walk("eval/search/corpus"), ...walk("../shared/realdocs/reference")].filter((f) => /\.(md|txt|csv)$/.test(f)).sort()
const out: string[] = []
const started = process.cpuUsage()
for (const f of files) {
  const markdown = readFileSync(f, "utf8").slice(0, 1_000_000)
  const g = extractGraphLocally({ path: f, category: null, ontology: GENERIC_ONTOLOGY, markdown, pages: [{ page: 1, char_start: 0, char_end: markdown.length }], components: [{ kind: "document", name: f, char_start: 0, char_end: markdown.length }] } as GraphExtractInput)
  for (const e of g.entities) if (e.type === "person" || e.type === "place" || e.type === "organisation") out.push(`${e.type}\t${e.name}\t${f.split("/").pop()}`)
  for (const r of g.relations) if (r.type !== "mentions") out.push(`edge\t${r.type}\t${g.entities.find((x) => x.key === r.from)!.name} -> ${g.entities.find((x) => x.key === r.to)!.name}\t${f.split("/").pop()}`)
}
const c = process.cpuUsage(started)
console.error(`${files.length} files, ${((c.user + c.system) / 1e6).toFixed(2)} CPU s`)
console.log(out.sort().join("\n"))
