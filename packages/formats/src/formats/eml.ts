/**
 * E-mail (.eml, RFC 5322/MIME) through postal-mime: headers (RFC 2047 encoded words decoded),
 * multipart bodies, quoted-printable and base64, charsets through TextDecoder (utf-8, iso-8859-*,
 * windows-125*, …). Result: the subject as a heading, a header paragraph (From, To, Cc, Date),
 * the plain-text body (or the HTML body read as HTML when there is no plain text), and the list of
 * attachments by name and type. Attachment contents are not parsed. No pages: standard pages.
 */
import type { Documents } from "@docket/core"
import PostalMime, { type Address } from "postal-mime"
import { assembleDocument } from "../internal/assemble.js"
import type { ReaderContext } from "../internal/context.js"
import { corrupt } from "../internal/problem.js"
import { decodeAs, fixC1, unicodeWithoutBom } from "../internal/text.js"
import { htmlBlocks } from "./html.js"
import { paragraphsOf } from "./text.js"

const HEADER_LINE = /^[!-9;-~]+[ \t]*:/

export const formatAddresses = (addresses: ReadonlyArray<Address> | undefined): string =>
  (addresses ?? [])
    .flatMap((a) => ("group" in a && a.group !== undefined ? a.group : [a]))
    .map((a) => ("address" in a && a.address ? (a.name ? `${a.name} <${a.address}>` : a.address) : a.name))
    .join(", ")

/** Blocks for a message: subject, headers, body, attachment list (shared with .msg). */
export const messageBlocks = (message: {
  readonly subject: string
  readonly headers: ReadonlyArray<readonly [string, string]>
  readonly text: string | undefined
  readonly html: string | undefined
  readonly attachments: ReadonlyArray<string>
}): Array<Documents.Block> => {
  const blocks: Array<Documents.Block> = []
  if (message.subject !== "") blocks.push({ type: "heading", page: 1, level: 1, text: message.subject })
  const headerText = message.headers.filter(([, v]) => v !== "").map(([k, v]) => `${k}: ${v}`).join("\n")
  if (headerText !== "") blocks.push({ type: "paragraph", page: 1, text: headerText })
  if (message.text !== undefined && message.text.trim() !== "") {
    blocks.push(...paragraphsOf(message.text))
  } else if (message.html !== undefined) blocks.push(...htmlBlocks(message.html).blocks)
  if (message.attachments.length > 0) {
    blocks.push({ type: "paragraph", page: 1, text: "Attachments:" })
    blocks.push({ type: "list", page: 1, ordered: false, items: [...message.attachments], text: message.attachments.join("\n") })
  }
  return blocks
}

/**
 * The message as 8-bit MIME bytes: a message saved as UTF-16/32 (with or without a byte-order mark)
 * re-encoded as UTF-8, and the mbox separator line (`From sender date`) that mail tools put before
 * the headers of a message saved from a mailbox dropped.
 */
export const messageBytes = (bytes: Uint8Array): Uint8Array => {
  let wide: string | undefined
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    const charset = bytes[0] === 0xff ? (bytes[2] === 0 && bytes[3] === 0 ? "utf-32le" : "utf-16le") : "utf-16be"
    wide = decodeAs(bytes.subarray(charset === "utf-32le" ? 4 : 2), charset)
  } else {
    const charset = unicodeWithoutBom(bytes)
    if (charset !== undefined) wide = decodeAs(bytes, charset)
  }
  let out = wide === undefined ? bytes : new TextEncoder().encode(wide)
  let start = 0
  while (start < out.length && (out[start] === 0x0d || out[start] === 0x0a || out[start] === 0x20 || out[start] === 0x09)) start++
  if (out[start] === 0x46 && out[start + 1] === 0x72 && out[start + 2] === 0x6f && out[start + 3] === 0x6d && out[start + 4] === 0x20) {
    const newline = out.indexOf(0x0a, start)
    out = newline < 0 ? out.subarray(out.length) : out.subarray(newline + 1)
  }
  return out
}

export const readEml = async (original: Uint8Array, ctx: ReaderContext): Promise<Documents.ParsedTextDocument> => {
  const bytes = messageBytes(original)
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024)).replace(/^\s+/, "")
  if (!HEADER_LINE.test(head)) throw corrupt(ctx.format, "The EML file does not start with e-mail headers; it is not an e-mail message.")
  let email
  try {
    email = await PostalMime.parse(bytes, { maxNestingDepth: ctx.limits.maxNesting * 4, maxRfc822NestingDepth: ctx.limits.maxNesting, attachmentEncoding: "arraybuffer" })
  } catch (error) {
    throw corrupt(ctx.format, `The EML file could not be read: ${error instanceof Error ? error.message : String(error)}.`)
  }
  const from = email.from === undefined ? "" : formatAddresses([email.from])
  const headers: Array<[string, string]> = [
    ["From", from], ["To", formatAddresses(email.to)], ["Cc", formatAddresses(email.cc)], ["Date", email.date ?? ""]
  ]
  const attachments = email.attachments.map((a) => `${a.filename ?? "(unnamed)"} (${a.mimeType}, ${a.content instanceof ArrayBuffer ? a.content.byteLength : String(a.content).length} bytes)`)
  const metadata: Record<string, string> = {}
  if (email.subject) metadata.subject = email.subject
  if (from !== "") metadata.from = from
  if (email.to?.length) metadata.to = formatAddresses(email.to)
  if (email.cc?.length) metadata.cc = formatAddresses(email.cc)
  if (email.date) metadata.date = email.date
  if (email.messageId) metadata.message_id = email.messageId
  return assembleDocument({
    format: ctx.format, fileName: ctx.fileName, pagination: "standard", metadata,
    blocks: messageBlocks({
      subject: fixC1(email.subject ?? ""), headers, attachments,
      text: email.text === undefined ? undefined : fixC1(email.text), html: email.html === undefined ? undefined : fixC1(email.html)
    })
  })
}
