/**
 * Legacy binary Visio drawings (.vsd, Visio 2003–2010). No maintained JavaScript reader of this
 * format exists (its only open reader is the C++ libvisio), so a real .vsd is refused with
 * `UnsupportedFileType` saying so; anything else in the compound file is reported as corrupt.
 */
import type { Documents } from "@docket/core"
import { openCfb, rootStream } from "../internal/cfb.js"
import type { ReaderContext } from "../internal/context.js"
import { corrupt, notReadable } from "../internal/problem.js"

export const readVsd = (bytes: Uint8Array, ctx: ReaderContext): Documents.ParsedTextDocument => {
  const container = openCfb(bytes, ctx.format)
  if (rootStream(container, "VisioDocument") === undefined) {
    throw corrupt(ctx.format, "The VSD file is a compound document but not a Visio drawing (no VisioDocument stream).")
  }
  throw notReadable(ctx.format, "Legacy binary Visio drawings (.vsd) cannot be read by this service; open the drawing in Visio and save it as .vsdx, or export it as PDF.")
}
