/**
 * The realdocs evaluation: parses every `parse` file of `../shared/realdocs/manifest.json` (real
 * documents from other projects' test suites, see its README) with the formats parser, and prints
 * per extension: files, succeeded, failed as expected (the manifest's `expect: failed`), text recall
 * against the peers' references (multiset and set of words), and seconds.
 *
 *   npm run eval -- --set realdocs [--verbose] [--json] [--only name,name] [--dir path]
 *   npx tsx eval/realdocs.ts         (the same, alone)
 *
 * Recall: the reference and the parsed markdown are cut into words (NFKC, lower case, runs of
 * letters and digits; each Han/kana character a word of its own, as those scripts put no spaces
 * between words). Multiset recall counts a word as often as the reference has it (up to as often
 * as the output has it); set recall counts each distinct word once, which tells a reference that
 * repeats merged table cells apart from text that is missing.
 */
import { Documents } from "@docket/core"
import * as Formats from "@docket/formats"
import { Effect, Either, Layer, ManagedRuntime } from "effect"
import { existsSync } from "node:fs"
import { readFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"

export interface RealdocsOptions {
  readonly json: boolean
  readonly verbose: boolean
  readonly only: ReadonlySet<string> | null
  readonly dir: string
}

interface ManifestFile {
  readonly name: string
  readonly extension: string
  readonly operation: "parse" | "ground"
  readonly expect: "succeeded" | "failed"
  readonly reference?: string
  readonly note?: string
}

interface FileOutcome {
  readonly name: string
  readonly extension: string
  readonly expect: "succeeded" | "failed"
  /** `succeeded`, or the failure's code (`corrupt_file`, `encrypted_file`…) */
  readonly outcome: string
  readonly message: string | null
  readonly asExpected: boolean
  readonly recall: { readonly multiset: number; readonly set: number } | null
  readonly chars: number
  readonly warnings: ReadonlyArray<string>
  readonly seconds: number
}

const HAN_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u

/** The words of a text (see the module comment). */
export const words = (text: string): Array<string> => {
  const out: Array<string> = []
  for (const run of text.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? []) {
    if (!HAN_KANA.test(run)) {
      out.push(run)
      continue
    }
    let rest = ""
    for (const ch of run) {
      if (HAN_KANA.test(ch)) {
        if (rest !== "") out.push(rest)
        rest = ""
        out.push(ch)
      } else rest += ch
    }
    if (rest !== "") out.push(rest)
  }
  return out
}

/** Multiset and set recall of the reference's words in the output. */
export const recallOf = (reference: string, output: string): { multiset: number; set: number } => {
  const counts = (list: ReadonlyArray<string>) => {
    const map = new Map<string, number>()
    for (const w of list) map.set(w, (map.get(w) ?? 0) + 1)
    return map
  }
  const ref = counts(words(reference))
  const got = counts(words(output))
  let total = 0
  let hit = 0
  let hitDistinct = 0
  for (const [w, n] of ref) {
    total += n
    const m = got.get(w) ?? 0
    hit += Math.min(n, m)
    if (m > 0) hitDistinct++
  }
  return ref.size === 0 ? { multiset: 1, set: 1 } : { multiset: hit / total, set: hitDistinct / ref.size }
}

const CODES: Record<string, string> = {
  UnsupportedFileType: "unsupported_file_type", CorruptFile: "corrupt_file", EncryptedFile: "encrypted_file", FileTooComplex: "file_too_complex"
}

/** The default location: `../shared/realdocs` beside the checkout. */
export const defaultRealdocsDir = (): string =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "shared", "realdocs")

const pad = (s: string, n: number) => s.padEnd(n)
const fmt = (x: number | null) => (x === null ? "—" : x.toFixed(3))
const mean = (xs: ReadonlyArray<number>) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length)

export const runRealdocs = async (options: RealdocsOptions): Promise<ReadonlyArray<FileOutcome>> => {
  const manifestPath = path.join(options.dir, "manifest.json")
  if (!existsSync(manifestPath)) {
    throw new Error(`realdocs: ${manifestPath} not found; the evaluation reads ../shared/realdocs beside the checkout (or --dir)`)
  }
  const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as { files: ReadonlyArray<ManifestFile> }
  const files = manifest.files.filter((f) => f.operation === "parse" && (options.only === null || options.only.has(f.name)))

  // Two workers, a time box per file: what a deployment with the default pool does on a small machine.
  const runtime = ManagedRuntime.make(Formats.layerWith({ workers: 2, timeoutMs: 300_000 }) as Layer.Layer<Documents.DocumentParser>)
  const outcomes: Array<FileOutcome> = []
  try {
    // Start both workers before timing anything, so that no extension's seconds hold a worker's start.
    const warm = new TextEncoder().encode("warm up")
    await Promise.all([0, 1].map(() => runtime.runPromise(Effect.either(Effect.flatMap(Documents.DocumentParser, (p) => p.parse({ fileName: "warm.txt", bytes: warm }))))))
    let next = 0
    const worker = async () => {
      while (next < files.length) {
        const file = files[next++]
        const bytes = new Uint8Array(await readFile(path.join(options.dir, "files", file.name)))
        const reference = file.reference === undefined ? null : await readFile(path.join(options.dir, file.reference), "utf8")
        const started = performance.now()
        const result = await runtime.runPromise(Effect.either(Effect.flatMap(Documents.DocumentParser, (p) => p.parse({ fileName: file.name, bytes }))))
        const seconds = (performance.now() - started) / 1000
        const outcome: FileOutcome = Either.isRight(result)
          ? {
            name: file.name, extension: file.extension, expect: file.expect, outcome: "succeeded", message: null,
            asExpected: file.expect === "succeeded",
            recall: reference === null ? null : recallOf(reference, result.right.markdown),
            chars: result.right.char_count, warnings: result.right.warnings, seconds
          }
          : {
            name: file.name, extension: file.extension, expect: file.expect, outcome: CODES[result.left._tag] ?? result.left._tag,
            message: result.left.message, asExpected: file.expect === "failed", recall: null, chars: 0, warnings: [], seconds
          }
        outcomes.push(outcome)
        if (options.verbose && !options.json) {
          const flag = outcome.asExpected ? "  " : "!!"
          console.log(`${flag} ${pad(file.name, 62)} ${pad(outcome.outcome, 22)} ${outcome.recall === null ? "" : `recall ${fmt(outcome.recall.multiset)} / ${fmt(outcome.recall.set)}`} ${seconds.toFixed(1)}s${outcome.message === null ? "" : ` ${outcome.message}`}${outcome.warnings.length > 0 ? ` [warnings: ${outcome.warnings.join(" | ").slice(0, 200)}]` : ""}`)
        }
      }
    }
    await Promise.all([worker(), worker()])
  } finally {
    await runtime.dispose()
  }
  return outcomes.sort((a, b) => a.name.localeCompare(b.name))
}

/** The table per extension (markdown) and the overall row. */
export const realdocsTable = (outcomes: ReadonlyArray<FileOutcome>): string => {
  const byExt = new Map<string, Array<FileOutcome>>()
  for (const o of outcomes) byExt.set(o.extension, [...(byExt.get(o.extension) ?? []), o])
  const row = (label: string, list: ReadonlyArray<FileOutcome>) => {
    const withRef = list.filter((o) => o.recall !== null)
    const multiset = mean(withRef.map((o) => o.recall!.multiset))
    const set = mean(withRef.map((o) => o.recall!.set))
    const seconds = list.reduce((a, o) => a + o.seconds, 0)
    return `| ${label} | ${list.length} | ${list.filter((o) => o.outcome === "succeeded" && o.asExpected).length} | ${list.filter((o) => o.outcome !== "succeeded" && o.asExpected).length} | ${list.filter((o) => !o.asExpected).length} | ${withRef.length} | ${fmt(multiset)} | ${fmt(set)} | ${seconds.toFixed(1)} |`
  }
  const lines = [
    "| ext | files | succeeded | failed as expected | not as expected | with reference | recall (multiset) | recall (set) | seconds |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
  ]
  for (const ext of [...byExt.keys()].sort()) lines.push(row(`.${ext}`, byExt.get(ext)!))
  lines.push(row("**all**", outcomes))
  return lines.join("\n")
}

/** Files that did not end as expected, and files with a reference whose recall is under 0.95. */
export const realdocsMisses = (outcomes: ReadonlyArray<FileOutcome>): string => {
  const lines: Array<string> = []
  for (const o of outcomes) {
    if (!o.asExpected) lines.push(`- ${o.name}: expected ${o.expect}, got ${o.outcome}${o.message === null ? "" : ` (${o.message})`}`)
    else if (o.recall !== null && o.recall.multiset < 0.95) lines.push(`- ${o.name}: recall ${fmt(o.recall.multiset)} / ${fmt(o.recall.set)}`)
  }
  return lines.join("\n")
}

export const printRealdocs = (outcomes: ReadonlyArray<FileOutcome>, options: RealdocsOptions): void => {
  if (options.json) {
    console.log(JSON.stringify({ realdocs: outcomes }, null, 1))
    return
  }
  console.log("\n### Real documents (../shared/realdocs)\n")
  console.log(realdocsTable(outcomes))
  const misses = realdocsMisses(outcomes)
  if (misses !== "") console.log(`\nNot as expected, or recall under 0.95:\n${misses}`)
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const argv = process.argv.slice(2)
  const options: RealdocsOptions = {
    json: argv.includes("--json"),
    verbose: argv.includes("--verbose") || argv.includes("-v"),
    only: argv.includes("--only") ? new Set((argv[argv.indexOf("--only") + 1] ?? "").split(",").filter((s) => s !== "")) : null,
    dir: argv.includes("--dir") ? path.resolve(argv[argv.indexOf("--dir") + 1]) : defaultRealdocsDir()
  }
  printRealdocs(await runRealdocs(options), options)
}
