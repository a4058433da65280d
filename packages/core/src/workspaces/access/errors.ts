/** The refusals of the access-label catalog (spec 3, "Errors"), as v1 errors. */
import { Data } from "effect"
import type { ApiError, FlatError, V1Error } from "../../api/errors.js"

/** 404 `access_label_not_found`: no such label in the caller's catalog (another tenant's is the same). */
export class AccessLabelNotFound extends Data.TaggedError("AccessLabelNotFound")<{ readonly id: string }> implements ApiError {
  get text() {
    return `access label ${this.id} not found`
  }
  get flat(): FlatError {
    return { status: 404, code: "not_found" }
  }
  get v1(): V1Error {
    return { status: 404, code: "access_label_not_found" }
  }
}

/** 409 `access_label_name_taken` */
export class AccessLabelNameTaken extends Data.TaggedError("AccessLabelNameTaken")<{ readonly name: string }> implements ApiError {
  get text() {
    return `an access label named ${this.name} already exists`
  }
  get flat(): FlatError {
    return { status: 409, code: "conflict" }
  }
  get v1(): V1Error {
    return { status: 409, code: "access_label_name_taken", detail: { name: this.name } }
  }
}

/** 409 `access_label_in_use`: a workspace, a key grant or a file references the label. */
export class AccessLabelInUse extends Data.TaggedError("AccessLabelInUse")<{
  readonly name: string
  /** what references it (`workspace`, `key_grant`, `file`) */
  readonly holders: ReadonlyArray<string>
}> implements ApiError {
  get text() {
    return `access label ${this.name} is in use (referenced by ${this.holders.join(", ")}); remove those references first`
  }
  get flat(): FlatError {
    return { status: 409, code: "conflict" }
  }
  get v1(): V1Error {
    return { status: 409, code: "access_label_in_use", detail: { name: this.name, referenced_by: this.holders } }
  }
}
