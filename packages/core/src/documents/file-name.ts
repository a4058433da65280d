/** The file-name rules of the document service: a name, and its extension against an operation's list. */
import { Effect, Schema } from "effect"
import { fieldMessage } from "../api/decode.js"
import type { FieldError } from "../api/errors.js"
import { UnsupportedFile } from "./api-errors.js"
import { type DocumentOperation, fileExtension, isSupportedExtension } from "./supported-extensions.js"

export const MAX_FILE_NAME = 255

/**
 * A file name: 1 to 255 characters, no control characters, no path separators, with an
 * extension (it decides the format).
 */
export const fileNameError = (field: string, value: unknown): FieldError | undefined => {
  if (typeof value !== "string" || value.trim() === "") return { field, message: "must be a non-empty string" }
  if (value.length > MAX_FILE_NAME) return { field, message: `must be at most ${MAX_FILE_NAME} characters` }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f/\\]/.test(value)) return { field, message: "must not contain control characters or path separators" }
  if (fileExtension(value) === "") return { field, message: "must end with a file extension such as .pdf" }
  return undefined
}

/** 422 when the file name's extension is not in the operation's list (spec 2, "Supported extensions"). */
export const checkExtension = (field: string, fileName: string, operation: DocumentOperation) =>
  isSupportedExtension(operation, fileName)
    ? Effect.void
    : Effect.fail(new UnsupportedFile({ field, message: `unsupported file extension "${fileExtension(fileName)}" for ${operation}` }))


/** A file name in a body: a string whose problems `fileNameError` names. */
export const FileName = Schema.String.pipe(
  fieldMessage("must be a non-empty string"),
  Schema.filter((s) => fileNameError("", s)?.message ?? true)
).annotations({ jsonSchema: { type: "string", minLength: 1, maxLength: MAX_FILE_NAME, description: "a file name with an extension, such as report.pdf" } })
