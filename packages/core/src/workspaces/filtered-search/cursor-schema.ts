/** A catalog keyset position as a page job's input keeps it (`CatalogCursor`). */
import { Schema } from "effect"

export const CatalogCursorSchema = Schema.Struct({
  key: Schema.NullOr(Schema.String),
  path: Schema.String,
  file_id: Schema.String,
  ordinal: Schema.Number
})
