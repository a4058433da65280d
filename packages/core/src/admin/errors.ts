/** Errors of the control plane (DESIGN.md, "Control plane"). JSON envelope: `{error: {code, message}}`. */
import { Data } from "effect"

export class AdminNotFound extends Data.TaggedError("AdminNotFound")<{ readonly message: string }> {}
export class AdminConflict extends Data.TaggedError("AdminConflict")<{ readonly message: string }> {}
export class AdminBadRequest extends Data.TaggedError("AdminBadRequest")<{ readonly message: string }> {}
export class AdminUnavailable extends Data.TaggedError("AdminUnavailable")<{ readonly message: string }> {}

export type AdminError = AdminNotFound | AdminConflict | AdminBadRequest | AdminUnavailable
