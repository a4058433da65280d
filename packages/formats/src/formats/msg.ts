/**
 * Outlook messages (.msg, an OLE compound file of MAPI properties) through @kenjiuno/msgreader:
 * subject, sender, recipients (To/Cc), dates, the plain-text body (or the HTML body when there is
 * no plain text), and attachment names. Attachment contents and embedded messages are listed,
 * not parsed; an RTF-only body is not read (with a warning). Messages without Unicode properties
 * store their strings in an ANSI code page: the message's own (PidTagMessageCodepage), else the
 * one of its locale (PidTagMessageLocaleId), else windows-1252; iconv-lite (inside msgreader)
 * decodes them.
 */
import type { Documents } from "@docket/core"
import msgreaderModule from "@kenjiuno/msgreader"
import { getLcidToAnsiCodePages } from "@kenjiuno/msgreader/lib/Defs.js"
import iconv from "iconv-lite"
import { assembleDocument } from "../internal/assemble.js"
import { openCfb, rootStream } from "../internal/cfb.js"
import type { ReaderContext } from "../internal/context.js"
import { corrupt } from "../internal/problem.js"
import { decodeText } from "../internal/text.js"
import { messageBlocks } from "./eml.js"

// a CommonJS module with `exports.default`: under ESM its class is one `default` further down
type MsgReaderClass = typeof msgreaderModule.default
const MsgReader = ((msgreaderModule as unknown as { default?: MsgReaderClass }).default ?? msgreaderModule) as unknown as MsgReaderClass

const LCID_CODE_PAGES = getLcidToAnsiCodePages() as Record<number, ReadonlyArray<number> | undefined>

/** The ANSI code page of the message's 8-bit string properties, as a name iconv-lite knows. */
const ansiCodePage = (data: { readonly messageCodepage?: number | undefined; readonly messageLocaleId?: number | undefined }): string => {
  const fromLocale = data.messageLocaleId === undefined ? undefined : (LCID_CODE_PAGES[data.messageLocaleId] ?? LCID_CODE_PAGES[data.messageLocaleId & 0x3ff])?.[0]
  const page = [data.messageCodepage, fromLocale].find((n) => n !== undefined && n !== 0 && n !== 1200 && n !== 65001 && iconv.encodingExists(`cp${n}`))
  return `cp${page ?? 1252}`
}

/** A Windows code page number as a charset label (undefined for none or one nothing knows). */
const charsetOfCodePage = (page: number | undefined): string | undefined =>
  page === undefined ? undefined : page === 65001 ? "utf-8" : iconv.encodingExists(`cp${page}`) ? `cp${page}` : undefined

export const readMsg = (bytes: Uint8Array, ctx: ReaderContext): Documents.ParsedTextDocument => {
  // msgreader is lenient with broken containers: let the stricter compound-file reader judge first
  const container = openCfb(bytes, ctx.format)
  if (rootStream(container, "__properties_version1.0") === undefined) {
    throw corrupt(ctx.format, "The MSG file is a compound document but not an Outlook message (no message properties).")
  }
  let data
  try {
    const read = (ansiEncoding: string | undefined) => {
      const reader = new MsgReader(bytes.slice().buffer)
      if (ansiEncoding !== undefined) reader.parserConfig = { ansiEncoding }
      return reader.getFileData()
    }
    data = read(undefined)
    data = read(ansiCodePage(data))
  } catch (error) {
    throw corrupt(ctx.format, `The MSG file could not be read: ${error instanceof Error ? error.message : String(error)}.`)
  }
  if (data.error !== undefined) throw corrupt(ctx.format, `The MSG file could not be read: ${data.error}.`)
  const recipients = (type: "to" | "cc") =>
    (data.recipients ?? [])
      .filter((r) => (r.recipType ?? "to") === type)
      .map((r) => (r.smtpAddress || r.email ? `${r.name ?? ""} <${r.smtpAddress || r.email}>`.trim() : r.name ?? ""))
      .filter((r) => r !== "")
      .join(", ")
  const from = data.senderEmail || data.senderSmtpAddress
    ? `${data.senderName ?? ""} <${data.senderSmtpAddress || data.senderEmail}>`.trim()
    : data.senderName ?? ""
  const date = data.clientSubmitTime ?? data.messageDeliveryTime ?? data.creationTime ?? ""
  const warnings: Array<string> = []
  const html = data.bodyHtml ?? (data.html !== undefined ? decodeText(data.html, charsetOfCodePage(data.internetCodepage)) : undefined)
  if ((data.body ?? "").trim() === "" && html === undefined && data.compressedRtf !== undefined) {
    warnings.push("the message body is stored only as RTF, which is not read")
  }
  const attachments = (data.attachments ?? []).map((a) => `${a.fileName ?? a.name ?? "(unnamed)"}${a.contentLength !== undefined ? ` (${a.contentLength} bytes)` : ""}`)
  const metadata: Record<string, string> = {}
  if (data.subject) metadata.subject = data.subject
  if (from !== "") metadata.from = from
  if (recipients("to") !== "") metadata.to = recipients("to")
  if (recipients("cc") !== "") metadata.cc = recipients("cc")
  if (date !== "") metadata.date = date
  return assembleDocument({
    format: ctx.format, fileName: ctx.fileName, pagination: "standard", metadata, warnings,
    blocks: messageBlocks({
      subject: data.subject ?? "",
      headers: [["From", from], ["To", recipients("to")], ["Cc", recipients("cc")], ["Date", date]],
      text: data.body, html, attachments
    })
  })
}
