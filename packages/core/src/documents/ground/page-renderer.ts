/**
 * The PageRenderer port: cuts regions of a file's pages out as PNG images, for the previews of
 * ground's `visual_region` matches (spec 2, "Ground body": `return_cropped_images` / v1
 * `include_previews`). Core holds only the contract; `@docket/formats` implements it (PDF pages
 * through pdf.js, images cropped, off the main thread).
 *
 * A region is a `visual_region` box as ground reports it: a 1-indexed page and `x`, `y`, `w`, `h`
 * normalized to the page (0 to 1, origin top-left). The renderer adds a small margin around it so
 * the crop reads in context, and picks a resolution that keeps the crop legible and bounded (the
 * formats renderer: PDF at 2× (144 dpi), images at their own pixels, at most 1600 pixels on the
 * long side).
 */
import { Context, Data, Effect, type Either, Layer } from "effect"

export interface RenderRegion {
  /** 1-indexed */
  readonly page: number
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
}

export interface RenderInput {
  readonly bytes: Uint8Array
  /** Original file name; its extension decides the format. */
  readonly fileName: string
  readonly regions: ReadonlyArray<RenderRegion>
}

/**
 * Why a file or a region could not be rendered: `unsupported` (a format the renderer does not
 * draw, or no renderer at all), `unreadable` (damaged, encrypted, not what its extension says),
 * `too_complex` (over a size or time bound), `region` (a page that does not exist, a box outside
 * the page).
 */
export class RenderFailure extends Data.TaggedError("RenderFailure")<{
  readonly fileName: string
  readonly reason: "unsupported" | "unreadable" | "too_complex" | "region"
  readonly message: string
}> {}

export interface PageRendererService {
  /**
   * A PNG of each region, in the order given: `Right` with the PNG's bytes, or `Left` when that
   * region could not be drawn. Fails as a whole when the file cannot be rendered at all.
   */
  readonly renderRegions: (input: RenderInput) => Effect.Effect<ReadonlyArray<Either.Either<Uint8Array, RenderFailure>>, RenderFailure>
}

export class PageRenderer extends Context.Tag("@docket/core/PageRenderer")<PageRenderer, PageRendererService>() {}

/**
 * The `PageRenderer` of an instance built without one (`makeDocket` without `renderer`): every
 * file fails with `RenderFailure` (`unsupported`) saying how to configure one. Ground jobs still
 * succeed; their matches carry no crop. `createDocket` of `@docket/server` provides
 * `@docket/formats`' renderer instead.
 */
export const noRendererLayer: Layer.Layer<PageRenderer> = Layer.succeed(PageRenderer, {
  renderRegions: ({ fileName }) =>
    Effect.fail(
      new RenderFailure({
        fileName,
        reason: "unsupported",
        message: "this Docket instance has no page renderer; pass `renderer` (e.g. @docket/formats' rendererLayer) to makeDocket"
      })
    )
})
