import type { ParseLimits } from "./limits.js"
import type { OcrEngine } from "./ocr.js"

/** What every reader gets besides the bytes. */
export interface ReaderContext {
  readonly fileName: string
  /** The extension without its dot, lower case: `pdf`, `docx`, … */
  readonly format: string
  readonly limits: ParseLimits
  readonly ocr: OcrEngine
}
