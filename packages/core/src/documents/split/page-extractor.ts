/**
 * The PageExtractor port: a file made of some pages of another (split's part files). Core holds
 * the contract; `@docket/formats` implements it for PDFs. Without an implementation (or for
 * formats it cannot cut), a part's file is the markdown of its pages (as `.txt`).
 */
import { Context, Data, Effect, Layer } from "effect"

export class PagesNotExtractable extends Data.TaggedError("PagesNotExtractable")<{ readonly message: string }> {}

export interface PageExtractorService {
  /** the extensions it can cut (lower case, with the dot) */
  readonly extensions: ReadonlyArray<string>
  /** a file of pages `pageStart`…`pageEnd` (1-indexed, inclusive) of the file, in its own format */
  readonly extract: (input: {
    readonly bytes: Uint8Array
    readonly fileName: string
    readonly pageStart: number
    readonly pageEnd: number
  }) => Effect.Effect<Uint8Array, PagesNotExtractable>
}

export class PageExtractor extends Context.Tag("@docket/core/PageExtractor")<PageExtractor, PageExtractorService>() {}

/** No extractor: every part's file is its pages' markdown. */
export const noPageExtractorLayer: Layer.Layer<PageExtractor> = Layer.succeed(PageExtractor, {
  extensions: [],
  extract: () => Effect.fail(new PagesNotExtractable({ message: "no page extractor is configured" }))
})
