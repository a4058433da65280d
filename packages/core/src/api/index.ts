/** Api: the error values every spec-2-style envelope renders, and the envelope itself. */
export { type ApiError, type FieldError, type FlatError, InternalFailure, InvalidInput, MalformedRequest, NotImplemented, PayloadTooLarge, RangeNotSatisfiable, ResourceNotFound, ServiceUnavailable, type V1Error } from "./errors.js"
export { type ApiForm, docsErrorResponse, type V1ErrorBody } from "./envelope.js"
