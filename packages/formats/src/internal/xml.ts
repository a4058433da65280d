/**
 * XML reading on htmlparser2 in XML mode (no DTDs, no external entities: nothing is fetched and
 * entity expansion cannot blow up). `parseXml` builds a small element tree with local names
 * (namespace prefixes dropped); `saxXml` streams for large parts (worksheets).
 */
import { Parser } from "htmlparser2"

export interface XmlElement {
  /** Local name, without the namespace prefix. */
  readonly name: string
  readonly attrs: Readonly<Record<string, string>>
  readonly children: Array<XmlNode>
}
export type XmlNode = XmlElement | string

export const localName = (name: string): string => {
  const colon = name.indexOf(":")
  return colon < 0 ? name : name.slice(colon + 1)
}

/** An attribute by local name (`r:id` answers to `id` only when no plain `id` exists). */
export const attr = (element: XmlElement, name: string): string | undefined => {
  if (name in element.attrs) return element.attrs[name]
  for (const key in element.attrs) if (localName(key) === name) return element.attrs[key]
  return undefined
}

/** A namespaced attribute by its local name (`r:id`), never the plain attribute of that name. */
export const nsAttr = (element: XmlElement, name: string): string | undefined => {
  for (const key in element.attrs) if (key.includes(":") && localName(key) === name) return element.attrs[key]
  return undefined
}

export interface SaxHandlers {
  readonly open?: (name: string, attrs: Record<string, string>) => void
  readonly text?: (text: string) => void
  readonly close?: (name: string) => void
}

export const saxXml = (xml: string, handlers: SaxHandlers): void => {
  const parser = new Parser(
    {
      onopentag: (name, attrs) => handlers.open?.(localName(name), attrs),
      ontext: (text) => handlers.text?.(text),
      onclosetag: (name) => handlers.close?.(localName(name))
    },
    { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true }
  )
  parser.write(xml)
  parser.end()
}

export const parseXml = (xml: string): XmlElement => {
  const root: XmlElement = { name: "#document", attrs: {}, children: [] }
  const stack: Array<XmlElement> = [root]
  saxXml(xml, {
    open: (name, attrs) => {
      const element: XmlElement = { name, attrs, children: [] }
      stack[stack.length - 1].children.push(element)
      stack.push(element)
    },
    text: (text) => {
      const top = stack[stack.length - 1].children
      if (typeof top[top.length - 1] === "string") top[top.length - 1] += text
      else top.push(text)
    },
    close: () => {
      if (stack.length > 1) stack.pop()
    }
  })
  return root
}

export const elements = (node: XmlElement): Array<XmlElement> =>
  node.children.filter((child): child is XmlElement => typeof child !== "string")

export const child = (node: XmlElement, name: string): XmlElement | undefined =>
  elements(node).find((element) => element.name === name)

export const childrenNamed = (node: XmlElement, name: string): Array<XmlElement> =>
  elements(node).filter((element) => element.name === name)

/** Every descendant element with this local name, in document order. */
export const descendants = (node: XmlElement, name: string, out: Array<XmlElement> = []): Array<XmlElement> => {
  for (const element of elements(node)) {
    if (element.name === name) out.push(element)
    descendants(element, name, out)
  }
  return out
}

/** All text below a node, in document order. */
export const textOf = (node: XmlNode): string =>
  typeof node === "string" ? node : node.children.map(textOf).join("")
