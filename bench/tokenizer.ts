/**
 * Tokenizer benchmark: our exact BPE counter (packages/core/src/decision/tokenizer) versus
 * js-tiktoken, on ~1 MiB of ordinary prose and on pathological single-piece inputs.
 *
 *   npx tsx bench/tokenizer.ts
 *
 * js-tiktoken's merge is quadratic in the length of a pre-token, so on long runs it is only
 * timed on one run of "a" of TOKENIZER_BENCH_REF_CHARS characters (default 8,000; 40,000 takes
 * it about 2-3 minutes per encoding), and that time is extrapolated quadratically to 40,000.
 */
import { Tiktoken } from "js-tiktoken/lite"
import cl100kBase from "js-tiktoken/ranks/cl100k_base"
import o200kBase from "js-tiktoken/ranks/o200k_base"
import { type EncodingName, getEncoding } from "../packages/core/src/decision/tokenizer/index.js"
import { fmtDurationMs } from "./support/format.js"
import { runIfMain } from "./support/main.js"
import { time } from "./support/timing.js"

const MIB = 1 << 20

/** mulberry32 */
const rng = (seed: number) => {
  let a = seed >>> 0
  return (): number => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS = (
  "the of and to a in is it you that he was for on are with as I his they be at one have this from or had by " +
  "word but what some we can out other were all there when up use your how said an each she which do their time if " +
  "will way about many then them write would like so these her long make thing see him two has look more day could go " +
  "come did number sound no most people my over know water than call first who may down side been now find any new " +
  "work part take get place made live where after back little only round man year came show every good me give our " +
  "under name very through just form sentence great think say help low line differ turn cause much mean before move " +
  "right boy old too same tell does set three want air well also play small end put home read hand port large spell " +
  "add even land here must big high such follow act why ask men change went light kind off need house picture try us " +
  "again animal point mother world near build self earth father head stand own page should country found answer school " +
  "grow study still learn plant cover food sun four between state keep eye never last let thought city tree cross farm " +
  "hard start might story saw far sea draw left late run don't while press close night real life few north open seem " +
  "together next white children begin got walk example ease paper group always music those both mark often letter until " +
  "mile river car feet care second book carry took science eat room friend began idea fish mountain stop once base hear " +
  "horse cut sure watch color face wood main enough plain girl usual young ready above ever red list though feel talk " +
  "bird soon body dog family direct pose leave song measure door product black short numeral class wind question happen " +
  "complete ship area half rock order fire south problem piece told knew pass since top whole king space heard best hour " +
  "better true during hundred five remember step early hold west ground interest reach fast verb sing listen six table " +
  "travel less morning ten simple several vowel toward war lay against pattern slow center love person money serve " +
  "appear road map rain rule govern pull cold notice voice unit power town fine certain fly fall lead cry dark machine " +
  "note wait plan figure star box noun field rest correct able pound done beauty drive stood contain front teach week " +
  "final gave green oh quick develop ocean warm free minute strong special mind behind clear tail produce fact street " +
  "inch multiply nothing course stay wheel full force blue object decide surface deep moon island foot system busy test " +
  "record boat common gold possible plane stead dry wonder laugh thousand ago ran check game shape equate miss brought " +
  "heat snow tire bring yes distant fill east paint language among unfortunately extraordinary responsibilities " +
  "characterization internationalization"
).split(" ")

/** Deterministic English-like prose of about `size` characters. */
export const generateProse = (size: number, seed = 42): string => {
  const rand = rng(seed)
  const pick = <T>(xs: ReadonlyArray<T>): T => xs[Math.floor(rand() * xs.length)]
  const parts: Array<string> = []
  let len = 0
  let sentenceStart = true
  let wordsInSentence = 0
  let sentencesInParagraph = 0
  while (len < size) {
    let w = pick(WORDS)
    const roll = rand()
    if (roll < 0.02) w = String(Math.floor(rand() * 10000))
    else if (roll < 0.03) w = `"${w}"`
    else if (roll < 0.035) w = `(${w})`
    if (sentenceStart) w = w[0].toUpperCase() + w.slice(1)
    let piece = (sentenceStart ? "" : " ") + w
    sentenceStart = false
    wordsInSentence++
    if (wordsInSentence > 4 && rand() < 0.12) {
      piece += pick([".", ".", ".", "?", "!"])
      sentenceStart = true
      wordsInSentence = 0
      sentencesInParagraph++
      if (sentencesInParagraph > 3 && rand() < 0.25) {
        piece += "\n\n"
        sentencesInParagraph = 0
      } else {
        piece += " "
      }
      // the next word begins without a leading space
      parts.push(piece)
      len += piece.length
      continue
    }
    if (rand() < 0.06) piece += pick([",", ",", ";", ":"])
    parts.push(piece)
    len += piece.length
  }
  return parts.join("").slice(0, size)
}

/** Random `[A-Za-z0-9+/]` text, no spaces. */
export const generateBase64Like = (size: number, seed = 7): string => {
  const rand = rng(seed)
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
  const out: Array<string> = []
  for (let i = 0; i < size; i++) out.push(alphabet[Math.floor(rand() * 64)])
  return out.join("")
}

const rankFiles = { cl100k_base: cl100kBase, o200k_base: o200kBase } as const

export async function runTokenizerBench(): Promise<string> {
  const RUNS = 5
  const refChars = Number(process.env.TOKENIZER_BENCH_REF_CHARS ?? 8000)
  const extrapolated: Array<string> = []
  const prose = generateProse(MIB)
  const base64 = generateBase64Like(1_000_000)
  const names: ReadonlyArray<EncodingName> = ["cl100k_base", "o200k_base"]
  const lines: Array<string> = []
  lines.push("## Tokenizer (exact BPE token count)")
  lines.push("")
  lines.push(
    `Median of ${RUNS} runs after a warm-up; ms. "ours" = \`getEncoding(name).countTokens\`, ` +
      `js-tiktoken = \`new Tiktoken(ranks).encode(text, [], []).length\` (v1.0.x).`
  )
  lines.push("")
  lines.push("| encoding | input | chars | tokens | ours (ms) | js-tiktoken (ms) | speed-up |")
  lines.push("|---|---|---:|---:|---:|---:|---:|")
  const row = (
    name: string,
    input: string,
    chars: number,
    tokens: number,
    ours: number,
    theirs: number | null
  ): void => {
    lines.push(
      `| ${name} | ${input} | ${chars.toLocaleString("en-US")} | ${tokens.toLocaleString("en-US")} | ${fmtDurationMs(ours)} | ` +
        `${theirs === null ? "–" : fmtDurationMs(theirs)} | ${theirs === null ? "–" : `${(theirs / ours).toFixed(1)}×`} |`
    )
  }
  for (const name of names) {
    // construction
    const t0 = performance.now()
    const enc = getEncoding(name)
    enc.countTokens("warm up")
    const buildOurs = performance.now() - t0
    const t1 = performance.now()
    const ref = new Tiktoken(rankFiles[name])
    const buildRef = performance.now() - t1
    lines.push(`| ${name} | build (first use) | | | ${fmtDurationMs(buildOurs)} | ${fmtDurationMs(buildRef)} | ${(buildRef / buildOurs).toFixed(1)}× |`)

    const ours = time(RUNS, () => enc.countTokens(prose))
    const oursEncode = time(RUNS, () => enc.encode(prose).length)
    const theirs = time(3, () => ref.encode(prose, [], []).length)
    if (ours.result !== theirs.result || oursEncode.result !== theirs.result) {
      throw new Error(`${name}: token count mismatch on prose: ${ours.result} vs ${theirs.result}`)
    }
    row(name, "1 MiB prose, countTokens", prose.length, ours.result, ours.ms, theirs.ms)
    row(name, "1 MiB prose, encode", prose.length, oursEncode.result, oursEncode.ms, theirs.ms)

    const run = "a".repeat(refChars)
    const oursRun = time(RUNS, () => enc.countTokens(run))
    const theirsRun = time(1, () => ref.encode(run, [], []).length, false)
    if (oursRun.result !== theirsRun.result) throw new Error(`${name}: mismatch on ${refChars} × "a"`)
    row(name, `${refChars.toLocaleString("en-US")} × "a"`, run.length, oursRun.result, oursRun.ms, theirsRun.ms)
    if (refChars !== 40_000) {
      extrapolated.push(`${name} ≈ ${((theirsRun.ms * (40_000 / refChars) ** 2) / 1000).toFixed(0)} s`)
    }

    const patho: ReadonlyArray<readonly [string, string]> = [
      ['1,000,000 × "a"', "a".repeat(1_000_000)],
      ["1,000,000 random base64 chars", base64],
      ['1,000,000 × "7"', "7".repeat(1_000_000)],
      ['1,000,000 × "!"', "!".repeat(1_000_000)],
      ['1,000,000 × " "', " ".repeat(1_000_000)],
      ['1,000,000 × "é" (2 MB UTF-8)', "é".repeat(1_000_000)],
      ['250,000 × "😀" (1 MB UTF-8)', "😀".repeat(250_000)],
      ['1,000,000 × "😀" (4 MB UTF-8)', "😀".repeat(1_000_000)]
    ]
    for (const [label, text] of patho) {
      const r = time(RUNS, () => enc.countTokens(text))
      row(name, label, text.length, r.result, r.ms, null)
    }
  }
  lines.push("")
  lines.push(
    "js-tiktoken is not run on the 1,000,000-character single-piece inputs: its merge rescans every pair " +
      "after each merge (quadratic in the piece length), which would take hours at that size."
  )
  if (extrapolated.length > 0) {
    lines.push(
      `Its time on a 40,000-character run of "a", extrapolated quadratically from the ${refChars.toLocaleString("en-US")}-character run: ` +
        `${extrapolated.join(", ")} (set TOKENIZER_BENCH_REF_CHARS=40000 to measure it).`
    )
  }
  return lines.join("\n")
}

runIfMain(import.meta.url, runTokenizerBench)
