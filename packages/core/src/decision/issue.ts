/** A validation problem of the evaluate request (spec 1, "Errors"). */
export interface Issue {
  /** dotted path into the body such as `questions.q1.criteria`; empty for the whole body */
  readonly path: string
  readonly message: string
}

export const issue = (path: ReadonlyArray<string | number>, message: string): Issue => ({
  path: path.join("."),
  message
})

/** The error `message` of an `invalid_request_error`: the first issue as `path: message`. */
export const issueSummary = (first: Issue): string => (first.path === "" ? first.message : `${first.path}: ${first.message}`)
