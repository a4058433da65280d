/**
 * @docket/formats: the `DocumentParser` of `@docket/core` for every format the document service
 * reads (PDF, Office Open XML, legacy Office, e-mail, HTML, XML, CSV, text, images by OCR),
 * parsing in worker threads so that the API's event loop stays free.
 */
export { defaultLimits, type ParseLimits } from "./internal/limits.js"
export { layer, layerInProcess, layerWith, makeInProcessParser, makeWorkerParser, precheck, toParseFailure, type FormatsOptions } from "./parser.js"
export { defaultPoolSize, ParserPool } from "./pool.js"
