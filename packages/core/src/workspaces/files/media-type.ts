/** The media type of a workspace file (its `file_type`). */

const MEDIA_TYPES: Readonly<Record<string, string>> = {
  pdf: "application/pdf",
  txt: "text/plain",
  md: "text/markdown",
  csv: "text/csv",
  tsv: "text/tab-separated-values",
  json: "application/json",
  html: "text/html",
  htm: "text/html",
  xml: "application/xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  tif: "image/tiff",
  tiff: "image/tiff",
  webp: "image/webp",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
  eml: "message/rfc822",
  msg: "application/vnd.ms-outlook",
  zip: "application/zip",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  mp4: "video/mp4"
}

/**
 * A file's media type: the one the client declared for the part unless it is missing or the
 * generic `application/octet-stream`, else the one of the name's extension, else
 * `application/octet-stream`.
 */
export const mediaTypeOf = (name: string, declared: string | undefined): string => {
  const given = declared?.split(";")[0].trim().toLowerCase()
  if (given !== undefined && given !== "" && given !== "application/octet-stream" && /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(given)) return given
  const dot = name.lastIndexOf(".")
  return (dot < 0 ? undefined : MEDIA_TYPES[name.slice(dot + 1).toLowerCase()]) ?? "application/octet-stream"
}
