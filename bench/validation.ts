/**
 * Validation benchmark: the whole validation sequence of POST /v1/systemone
 * (`prepareEvaluation(bodyText)` from @docket/core: JSON, fields and media scan, token count and
 * limits, serialized size) on large bodies, against the bare tokenizer (js-tiktoken, o200k_base)
 * counting the same state text.
 *
 *   npx tsx bench/validation.ts
 *
 * The bodies have no `model`, so they are served like `dm-latest` (dm-v1.5, o200k_base, state
 * limit 131,072 tokens). 1 MiB of prose is about 220k tokens: the request is refused at the token
 * check, which is what a client sending that much text gets, and is measured as such.
 */
import { Decision } from "@docket/core"
import { Tiktoken } from "js-tiktoken/lite"
import o200kBase from "js-tiktoken/ranks/o200k_base"
import { fmtDurationMs } from "./support/format.js"
import { runIfMain } from "./support/main.js"
import { time } from "./support/timing.js"
import { generateBase64Like, generateProse } from "./tokenizer.js"

const MIB = 1 << 20

const QUESTIONS = { paid: { type: "noul", instructions: "Has the invoice been paid?" } }

const bodyWithState = (state: string): string => JSON.stringify({ state, questions: QUESTIONS })

const outcome = (p: Decision.Preparation): string => {
  if (p._tag === "Ready") return `Ready (${p.evaluation.tokens.state.toLocaleString("en-US")} state tokens)`
  const first = p.issues[0]
  const message = first === undefined ? "" : (first as { readonly message?: unknown }).message
  return `Invalid: ${typeof message === "string" ? message.replace(/\|/g, "\\|") : JSON.stringify(first)}`
}

export async function runValidationBench(): Promise<string> {
  const RUNS = 5
  const reference = new Tiktoken(o200kBase)
  const cases: ReadonlyArray<{ readonly label: string; readonly state: string; readonly compare: boolean }> = [
    { label: "1 MiB ordinary prose", state: generateProse(MIB), compare: true },
    { label: '1,000,000 × "a"', state: "a".repeat(1_000_000), compare: false },
    { label: "1,000,000 random base64-like chars", state: generateBase64Like(1_000_000), compare: true }
  ]

  const lines: Array<string> = []
  lines.push("## Validation + tokenization of a large evaluate request")
  lines.push("")
  lines.push(
    `\`prepareEvaluation(bodyText)\` (the whole validation of POST /v1/systemone: JSON.parse, fields and media scan, ` +
      `exact token count, limits, serialized size) on a body \`{"state": <text>, "questions": {one noul}}\` ` +
      `(model dm-latest = dm-v1.5, o200k_base), median of ${RUNS} runs after a warm-up, ms; against js-tiktoken ` +
      `(v1.0.x, \`new Tiktoken(o200k_base).encode(state, [], []).length\`) counting the state text alone ` +
      `(median of 3 after a warm-up on prose; one run on base64-like text). JSON.parse of the same body is shown for scale.`
  )
  lines.push("")
  lines.push("| state | body bytes | result | JSON.parse (ms) | prepareEvaluation (ms) | js-tiktoken count (ms) | prepareEvaluation / js-tiktoken |")
  lines.push("|---|---:|---|---:|---:|---:|---:|")
  for (const c of cases) {
    const body = bodyWithState(c.state)
    const parse = time(RUNS, () => JSON.parse(body) as unknown)
    const prepared = time(RUNS, () => Decision.prepareEvaluation(body))
    let theirs: number | null = null
    if (c.compare) {
      const isProse = c.label.includes("prose")
      const r = time(isProse ? 3 : 1, () => reference.encode(c.state, [], []).length, isProse)
      theirs = r.ms
    }
    lines.push(
      `| ${c.label} | ${Buffer.byteLength(body).toLocaleString("en-US")} | ${outcome(prepared.result)} | ${fmtDurationMs(parse.ms)} | ` +
        `${fmtDurationMs(prepared.ms)} | ${theirs === null ? "–" : fmtDurationMs(theirs)} | ` +
        `${theirs === null ? "–" : `${((prepared.ms / theirs) * 100).toFixed(1)} %`} |`
    )
  }
  lines.push("")
  lines.push(
    'js-tiktoken is not run on 1,000,000 × "a": its merge is quadratic in the length of a pre-token and would take hours there (see the tokenizer section).'
  )

  // the local evaluator on the largest request the spec allows: 512 questions over ~1 MB of state
  const state = { records: Array.from({ length: 200 }, (_, i) => ({ id: `R-${i}`, note: generateProse(5_000 + i) })) }
  const words = generateProse(40_000).split(/\s+/)
  const questions: Record<string, unknown> = {}
  for (let q = 0; q < 512; q++) {
    const w = (k: number) => words.slice((q * 7 + k * 3) % (words.length - 8), ((q * 7 + k * 3) % (words.length - 8)) + 6).join(" ")
    questions[`q${q}`] = q % 3 === 0
      ? { type: "noul", instructions: `Is ${w(0)}?` }
      : q % 3 === 1
      ? { type: "choice", instructions: w(1), criteria: { a: w(2), b: w(3), c: w(4) } }
      : { type: "score", instructions: w(5), criteria: [w(6), w(7), w(8)] }
  }
  const evalBody = JSON.stringify({ state, questions })
  const evalParse = time(RUNS, () => JSON.parse(evalBody) as unknown)
  const evaluated = time(RUNS, () => Decision.evaluateLocally(state, questions as never))
  lines.push("")
  lines.push(
    `The local evaluator (\`evaluateLocally\`) answering 512 questions (noul, choice, score) about a state of ` +
      `${Buffer.byteLength(JSON.stringify(state)).toLocaleString("en-US")} bytes, median of ${RUNS} runs: ` +
      `${fmtDurationMs(evaluated.ms)} ms, ${(evaluated.ms / evalParse.ms).toFixed(1)} × JSON.parse of the same body (${fmtDurationMs(evalParse.ms)} ms).`
  )
  return lines.join("\n")
}

runIfMain(import.meta.url, runValidationBench)
