/** A Docket instance for Bun, with in-memory storage unless told otherwise. */
import { type DocketOptions, makeDocket, type Docket, type StoragePorts } from "@docket/core"
import * as Formats from "@docket/formats"
import * as MemoryStorage from "@docket/storage-memory"
import type { Layer } from "effect"

export interface CreateDocketOptions extends Omit<DocketOptions<unknown>, "storage"> {
  /** storage ports; in memory by default */
  readonly storage?: Layer.Layer<StoragePorts, unknown> | undefined
}

/**
 * In-memory storage and `@docket/formats`' worker-pool parser, page renderer (ground previews) and
 * PDF page extractor (split's part files) unless told otherwise.
 */
export const createDocket = (options: CreateDocketOptions = {}): Docket =>
  makeDocket({
    ...options,
    storage: options.storage ?? MemoryStorage.layer,
    parser: options.parser ?? Formats.layer,
    renderer: options.renderer ?? Formats.rendererLayer,
    pageExtractor: options.pageExtractor ?? Formats.pageExtractorLayer
  })
