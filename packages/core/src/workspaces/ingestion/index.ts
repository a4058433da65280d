/**
 * Ingestion (spec 3, "Ingestion and reconciliation"): what ingestion learnt of each file
 * (`FileIngestionRecord`, kept by the `FileIngestionStore` port).
 */
export * from "./file-ingestion.js"
