/**
 * Offline OCR with tesseract.js (Tesseract compiled to WebAssembly) and the English LSTM model of
 * the npm package `@tesseract.js-data/eng`, read from its folder: nothing is downloaded and nothing
 * is cached on disk. One Tesseract worker is started on first use and kept; a recognition that
 * outlives its time box terminates that worker (the next use starts a fresh one).
 */
import { createRequire } from "node:module"
import path from "node:path"

export interface OcrWord {
  readonly text: string
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
  /** 0 to 1 */
  readonly confidence: number
}

export interface OcrResult {
  readonly text: string
  /** Paragraph texts in reading order. */
  readonly paragraphs: ReadonlyArray<string>
  readonly words: ReadonlyArray<OcrWord>
  /** Set when what OCR found was dropped as noise (see `OCR_MEAN_CONFIDENCE_FLOOR`): how much and how sure. */
  readonly dropped?: { readonly words: number; readonly meanConfidence: number } | undefined
}

/**
 * Below this mean word confidence an image's OCR result is noise, not text: a photo without text,
 * or a script the English model cannot read (Chinese, Japanese) give fragments at 0.1–0.3, while
 * printed and scanned text reads at 0.75–0.96. Such a result gives no text (and a warning).
 */
export const OCR_MEAN_CONFIDENCE_FLOOR = 0.45

/** The result, or an empty one that says what was dropped when its mean confidence is under the floor. */
export const withConfidenceFloor = (result: OcrResult): OcrResult => {
  if (result.words.length === 0) return result
  const mean = result.words.reduce((sum, w) => sum + w.confidence, 0) / result.words.length
  return mean >= OCR_MEAN_CONFIDENCE_FLOOR ? result : { text: "", paragraphs: [], words: [], dropped: { words: result.words.length, meanConfidence: mean } }
}

/** The warning for a result dropped as noise. */
export const droppedWarning = (where: string, result: OcrResult): string | undefined =>
  result.dropped === undefined
    ? undefined
    : `${where}: OCR found no legible text (${result.dropped.words} fragments at a mean confidence of ${result.dropped.meanConfidence.toFixed(2)}, under ${OCR_MEAN_CONFIDENCE_FLOOR}); it may hold no text, or text in a script other than Latin`

export class OcrTimeout extends Error {}
export class OcrUnreadableImage extends Error {}

export interface OcrEngine {
  /** Recognizes an encoded image (PNG, JPEG, TIFF, WebP, BMP); rejects with `OcrTimeout` after `timeoutMs`. */
  readonly recognize: (image: Uint8Array, timeoutMs: number) => Promise<OcrResult>
  /**
   * Decodes an encoded image (any format Tesseract's Leptonica reads: TIFF, BMP, PNG, JPEG, WebP)
   * into PNG bytes, without recognizing anything; rejects with `OcrTimeout` after `timeoutMs`.
   */
  readonly decodePng: (image: Uint8Array, timeoutMs: number) => Promise<Uint8Array>
  readonly dispose: () => Promise<void>
}

/** The folder of the English traineddata shipped in `@tesseract.js-data/eng` (LSTM, integer model). */
export const englishDataPath = (): string => {
  const require = createRequire(import.meta.url)
  return path.join(path.dirname(require.resolve("@tesseract.js-data/eng/package.json")), "4.0.0_best_int")
}

type TesseractWorker = import("tesseract.js").Worker

export const makeTesseractEngine = (): OcrEngine => {
  let worker: Promise<TesseractWorker> | undefined
  const start = async (): Promise<TesseractWorker> => {
    const { createWorker, OEM } = await import("tesseract.js")
    return createWorker("eng", OEM.LSTM_ONLY, {
      langPath: englishDataPath(),
      gzip: true,
      cacheMethod: "none",
      errorHandler: () => {}
    })
  }
  const stop = async () => {
    const current = worker
    worker = undefined
    if (current !== undefined) await current.then((w) => w.terminate()).catch(() => {})
  }
  return {
    recognize: async (image, timeoutMs) => {
      worker ??= start()
      const current = await worker
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new OcrTimeout(`OCR did not finish within ${timeoutMs} ms`)), Math.max(1, timeoutMs))
      })
      try {
        const result = await Promise.race([
          current.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, { text: true, blocks: true }),
          timeout
        ])
        const words: Array<OcrWord> = []
        const paragraphs: Array<string> = []
        for (const block of result.data.blocks ?? []) {
          for (const paragraph of block.paragraphs) {
            const lines: Array<string> = []
            for (const line of paragraph.lines) {
              const lineWords = line.words.filter((word) => word.text.trim() !== "")
              for (const word of lineWords) {
                words.push({
                  text: word.text, x: word.bbox.x0, y: word.bbox.y0, w: word.bbox.x1 - word.bbox.x0, h: word.bbox.y1 - word.bbox.y0,
                  confidence: Math.max(0, Math.min(1, word.confidence / 100))
                })
              }
              const text = lineWords.map((word) => word.text).join(" ").trim()
              if (text !== "") lines.push(text)
            }
            if (lines.length > 0) paragraphs.push(lines.join("\n"))
          }
        }
        return withConfidenceFloor({ text: paragraphs.join("\n\n"), paragraphs, words })
      } catch (error) {
        // a timed-out or failed worker may be stuck: start afresh next time
        await stop()
        if (error instanceof OcrTimeout) throw error
        throw new OcrUnreadableImage(error instanceof Error ? error.message : String(error))
      } finally {
        clearTimeout(timer)
      }
    },
    decodePng: async (image, timeoutMs) => {
      worker ??= start()
      const current = await worker
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new OcrTimeout(`decoding did not finish within ${timeoutMs} ms`)), Math.max(1, timeoutMs))
      })
      try {
        // only a non-recognition output: Tesseract sets the image and writes it back as PNG
        const result = await Promise.race([
          current.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, { text: false, blocks: false, imageColor: true }),
          timeout
        ])
        const dataUrl = result.data.imageColor
        const comma = typeof dataUrl === "string" ? dataUrl.indexOf(",") : -1
        if (comma < 0) throw new OcrUnreadableImage("the image could not be decoded")
        return new Uint8Array(Buffer.from((dataUrl as string).slice(comma + 1), "base64"))
      } catch (error) {
        await stop()
        if (error instanceof OcrTimeout || error instanceof OcrUnreadableImage) throw error
        throw new OcrUnreadableImage(error instanceof Error ? error.message : String(error))
      } finally {
        clearTimeout(timer)
      }
    },
    dispose: stop
  }
}
