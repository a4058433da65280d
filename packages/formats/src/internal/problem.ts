/**
 * The failure a format reader throws. It crosses the worker boundary as plain data
 * (`toProblemData`) and becomes one of core's tagged errors in `../parser.ts`.
 */
export type ProblemTag = "UnsupportedFileType" | "CorruptFile" | "EncryptedFile" | "FileTooComplex"

export type ComplexityLimit =
  | "decompressed_size" | "entries" | "compression_ratio" | "pages" | "cells" | "time" | "memory" | "nesting"

export interface ProblemData {
  readonly tag: ProblemTag
  readonly message: string
  readonly format: string
  readonly limit?: ComplexityLimit | undefined
  readonly reason?: "extension" | "signature_mismatch" | "format_not_readable" | undefined
  readonly detected?: string | null | undefined
}

export class ParseProblem extends Error {
  constructor(readonly data: ProblemData) {
    super(data.message)
  }
}

export const corrupt = (format: string, message: string): ParseProblem =>
  new ParseProblem({ tag: "CorruptFile", format, message })

export const encrypted = (format: string, message: string): ParseProblem =>
  new ParseProblem({ tag: "EncryptedFile", format, message })

export const tooComplex = (format: string, limit: ComplexityLimit, message: string): ParseProblem =>
  new ParseProblem({ tag: "FileTooComplex", format, limit, message })

export const notReadable = (format: string, message: string): ParseProblem =>
  new ParseProblem({ tag: "UnsupportedFileType", format, reason: "format_not_readable", message })

/** Any thrown value as problem data: a `ParseProblem` as it is, anything else as a corrupt file. */
export const toProblemData = (format: string, error: unknown): ProblemData => {
  if (error instanceof ParseProblem) return error.data
  if (error instanceof RangeError && /allocation|memory|Invalid (typed )?array length|Invalid string length/i.test(error.message)) {
    return { tag: "FileTooComplex", format, limit: "memory", message: `The ${format.toUpperCase()} file needs more memory to read than allowed.` }
  }
  const detail = error instanceof Error ? error.message : String(error)
  return { tag: "CorruptFile", format, message: `The ${format.toUpperCase()} file could not be read: ${detail}` }
}
