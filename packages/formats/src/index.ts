/**
 * @docket/formats: the `DocumentParser` of `@docket/core` for every format the document service
 * reads (PDF, Office Open XML, legacy Office, e-mail, HTML, XML, CSV, text, images by OCR),
 * parsing in worker threads so that the API's event loop stays free; and its `PageRenderer`
 * (crops of PDF pages and images for ground previews), drawing in worker threads too.
 */
export { defaultLimits, type ParseLimits } from "./internal/limits.js"
export { layer, layerInProcess, layerWith, makeInProcessParser, makeWorkerParser, precheck, toParseFailure, type FormatsOptions } from "./parser.js"
export { extractPdfPages, pageExtractorLayer } from "./page-extractor.js"
export { defaultPoolSize, ParserPool } from "./pool.js"
export {
  makeInProcessRenderer, makeWorkerRenderer, renderPrecheck, rendererLayer, rendererLayerInProcess, rendererLayerWith, type RendererOptions
} from "./renderer.js"
export { MAX_CROP_SIDE, RENDERABLE_FORMATS } from "./render.js"
