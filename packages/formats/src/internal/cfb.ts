/** OLE compound files (legacy Office, Outlook .msg, encrypted OOXML) through the `cfb` package. */
import * as CFB from "cfb"
import { corrupt } from "./problem.js"

export type Container = CFB.CFB$Container

export const openCfb = (bytes: Uint8Array, format: string): Container => {
  try {
    return CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type: "buffer" })
  } catch (error) {
    throw corrupt(format, `The ${format.toUpperCase()} file is not a valid compound document (${error instanceof Error ? error.message : String(error)}); it may be truncated or damaged.`)
  }
}

const toBytes = (content: CFB.CFB$Blob | undefined): Uint8Array | undefined => {
  if (content === undefined || content === null) return undefined
  return content instanceof Uint8Array ? content : Uint8Array.from(content as ArrayLike<number>)
}

/** A stream of the root storage by name (case-insensitive), or undefined. */
export const rootStream = (container: Container, name: string): Uint8Array | undefined => {
  const lower = name.toLowerCase()
  for (let i = 0; i < container.FullPaths.length; i++) {
    const entry = container.FileIndex[i]
    if (entry.type !== 2) continue
    const parts = container.FullPaths[i].split("/").filter((part) => part !== "")
    if (parts.length === 2 && parts[1].toLowerCase() === lower) return toBytes(entry.content)
  }
  return undefined
}

/** Every stream with its full path below the root (`__substg1.0_0037001F`, `__attach_…/…`). */
export const streams = (container: Container): Map<string, Uint8Array> => {
  const out = new Map<string, Uint8Array>()
  for (let i = 0; i < container.FullPaths.length; i++) {
    const entry = container.FileIndex[i]
    if (entry.type !== 2) continue
    const path = container.FullPaths[i].split("/").filter((part) => part !== "").slice(1).join("/")
    const bytes = toBytes(entry.content)
    if (bytes !== undefined) out.set(path, bytes)
  }
  return out
}

export const hasEncryptedPackage = (container: Container): boolean =>
  rootStream(container, "EncryptedPackage") !== undefined || rootStream(container, "EncryptionInfo") !== undefined
