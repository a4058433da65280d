/** Api: the error values every spec-2-style envelope renders, and the envelope itself. */
export * from "./errors.js"
export { docsErrorResponse, type ApiForm } from "./envelope.js"
export { CALLER_REQUEST_ID } from "./request-id.js"
