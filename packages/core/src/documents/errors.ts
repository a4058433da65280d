/**
 * Every way parsing a file can fail. The document service maps `UnsupportedFileType` to 422
 * `unsupported_file_type` (v1) / `validation_error` (flat form), and the others to a failed job
 * with code `corrupt_file` (spec 2, "Errors"); `EncryptedFile` and `FileTooComplex` keep their own
 * message so the caller learns what to change.
 */
import { Data } from "effect"

/**
 * The file's extension is not one the operation reads, the file's signature contradicts its
 * extension, or the format is listed but cannot be read by this implementation (`reason`).
 */
export class UnsupportedFileType extends Data.TaggedError("UnsupportedFileType")<{
  readonly fileName: string
  readonly extension: string
  readonly reason: "extension" | "signature_mismatch" | "format_not_readable"
  /** The format the signature shows, for `signature_mismatch`. */
  readonly detected: string | null
  readonly message: string
}> {}

/** Malformed, truncated, or not the format its extension claims in a way the signature did not show. */
export class CorruptFile extends Data.TaggedError("CorruptFile")<{
  readonly fileName: string
  readonly format: string
  readonly message: string
}> {}

/** Password-protected or encrypted (PDF, OOXML, legacy Office). */
export class EncryptedFile extends Data.TaggedError("EncryptedFile")<{
  readonly fileName: string
  readonly format: string
  readonly message: string
}> {}

/** Beyond a parsing limit: decompressed size, archive entries, compression ratio, pages, cells, time, memory. */
export class FileTooComplex extends Data.TaggedError("FileTooComplex")<{
  readonly fileName: string
  readonly format: string
  readonly limit: "decompressed_size" | "entries" | "compression_ratio" | "pages" | "cells" | "time" | "memory" | "nesting"
  readonly message: string
}> {}

export type ParseFailure = UnsupportedFileType | CorruptFile | EncryptedFile | FileTooComplex
