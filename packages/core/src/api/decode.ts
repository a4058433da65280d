/**
 * Decoding request input with `Schema`s into the envelopes' field errors (`{field, message}`, the
 * flat `errors` and the v1 `detail.errors`). The messages users see are the schemas' own
 * `fieldMessage` annotations (a refused value names what the field must be, as every message of
 * the document service always has); a field the schema does not know is "unknown field"; a
 * missing one takes the annotation's `missing` message.
 */
import { Either, ParseResult, Schema, SchemaAST } from "effect"
import type { FieldError } from "./errors.js"

export const FieldMessageId: unique symbol = Symbol.for("docket/api/FieldMessage")

export interface FieldMessage {
  /** the message of a refused value (given the value) */
  readonly invalid: string | ((actual: unknown) => string)
  /** the message of a missing required field (default: `invalid`) */
  readonly missing?: string
}

/** Attaches the message users see when this value (or anything inside it) is refused. */
export const fieldMessage = (message: FieldMessage | string) => <S extends Schema.Annotable.All>(self: S): Schema.Annotable.Self<S> =>
  self.annotations({ [FieldMessageId]: typeof message === "string" ? { invalid: message } : message }) as Schema.Annotable.Self<S>

const messageOf = (ast: SchemaAST.AST | SchemaAST.PropertySignature): FieldMessage | undefined =>
  (ast.annotations as Record<symbol, unknown>)[FieldMessageId] as FieldMessage | undefined

/** The message of a value or of what it refines or transforms (what a missing field should have been). */
const innerMessageOf = (ast: SchemaAST.AST): FieldMessage | undefined => {
  const m = messageOf(ast)
  if (m !== undefined) return m
  switch (ast._tag) {
    case "Refinement":
    case "Transformation":
      return innerMessageOf(ast.from)
    case "Union": {
      const some = ast.types.find((t) => !isNothing(t))
      return some === undefined ? undefined : innerMessageOf(some)
    }
    default:
      return undefined
  }
}

const isNothing = (ast: SchemaAST.AST) =>
  ast._tag === "UndefinedKeyword" || (ast._tag === "Literal" && ast.literal === null)

const join = (path: ReadonlyArray<PropertyKey>) => path.map(String).join(".")

/**
 * `inherited` is the message of a refinement or transformation whose input was refused before its
 * own check ran (`Schema.String.pipe(Schema.maxLength(9), fieldMessage(…))` given a number).
 */
const walk = (issue: ParseResult.ParseIssue, path: ReadonlyArray<PropertyKey>, out: Array<FieldError>, inherited?: FieldMessage): void => {
  const field = join(path)
  switch (issue._tag) {
    case "Pointer":
      return walk(issue.issue, [...path, ...(Array.isArray(issue.path) ? issue.path : [issue.path as PropertyKey])], out)
    case "Unexpected":
      out.push({ field, message: "unknown field" })
      return
    case "Missing": {
      const ast = issue.ast as unknown as SchemaAST.PropertySignature
      const m = messageOf(ast) ?? (ast.type === undefined ? undefined : innerMessageOf(ast.type))
      out.push({ field, message: m === undefined ? "is required" : m.missing ?? invalidText(m, undefined) })
      return
    }
    case "Composite": {
      const issues = Array.isArray(issue.issues) ? issue.issues : [issue.issues as ParseResult.ParseIssue]
      const isObject = issue.actual !== null && typeof issue.actual === "object" && !Array.isArray(issue.actual)
      // an object's or array's own message is for a value that is not one; inside it, each field
      // tells — and a union of objects tells what is wrong inside the object it was given
      const container = issue.ast._tag === "TypeLiteral" || issue.ast._tag === "TupleType" || (issue.ast._tag === "Union" && isObject)
      const m = container ? undefined : messageOf(issue.ast)
      if (m !== undefined) {
        out.push({ field, message: invalidText(m, issue.actual) })
        return
      }
      if (issue.ast._tag === "Union") {
        // a union's refusal is told by its first member that is not "absent"
        const first = issues.find((i) => !("ast" in i) || !isNothing(i.ast)) ?? issues[0]
        return walk(first, path, out, container ? undefined : inherited)
      }
      for (const i of issues) walk(i, path, out)
      return
    }
    case "Refinement": {
      const m = messageOf(issue.ast)
      if (issue.kind === "Predicate" && m !== undefined) {
        out.push({ field, message: invalidText(m, issue.actual) })
        return
      }
      return walk(issue.issue, path, out, m ?? inherited)
    }
    case "Transformation":
      return walk(issue.issue, path, out, messageOf(issue.ast) ?? inherited)
    default: {
      const m = issue._tag === "Type" && issue.ast._tag === "Union" ? innerMessageOf(issue.ast) : messageOf(issue.ast)
      const chosen = m ?? inherited
      out.push({ field, message: chosen !== undefined ? invalidText(chosen, issue.actual) : issue.message ?? "is invalid" })
    }
  }
}

const invalidText = (m: FieldMessage, actual: unknown) => typeof m.invalid === "string" ? m.invalid : m.invalid(actual)

/** The field errors of a failed decode, under `prefix` (a dotted path). */
export const fieldErrorsOf = (issue: ParseResult.ParseIssue, prefix: ReadonlyArray<string> = []): Array<FieldError> => {
  const out: Array<FieldError> = []
  walk(issue, prefix, out)
  return out
}

const OPTIONS: SchemaAST.ParseOptions = { errors: "all", onExcessProperty: "error", exact: true }

/** Decodes `input`: the value, or every refused field. */
export const decodeFields = <A, I>(
  schema: Schema.Schema<A, I>,
  input: unknown,
  prefix: ReadonlyArray<string> = [],
  options: SchemaAST.ParseOptions = {}
): Either.Either<A, Array<FieldError>> =>
  Either.mapLeft(ParseResult.decodeUnknownEither(schema, { ...OPTIONS, ...options })(input), (issue) => fieldErrorsOf(issue, prefix))
