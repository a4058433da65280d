/**
 * One reason a caller's extraction schema is refused (spec 2, "Extract schema subset"). The
 * compiler reports every problem it finds in one pass, each at its own place in the schema.
 */

export interface SchemaProblem {
  /**
   * A JSON pointer (RFC 6901) into the caller's schema, relative to the schema itself: `""` is the
   * whole schema, `/properties/total/type` the `type` of the property `total`. `~` and `/` inside
   * a property name are escaped as `~0` and `~1`.
   */
  readonly path: string
  /** What is wrong and how to fix it. */
  readonly message: string
}

/** Escapes one reference token of a JSON pointer. */
export const escapePointerToken = (token: string): string => token.replace(/~/g, "~0").replace(/\//g, "~1")

/** Appends tokens to a JSON pointer. */
export const schemaPointer = (base: string, ...tokens: ReadonlyArray<string | number>): string =>
  tokens.reduce<string>((acc, t) => `${acc}/${escapePointerToken(String(t))}`, base)
