/**
 * Keys never reach the journal: what it keeps of a request (path, query, bodies) is redacted
 * before it is stored. Redacted are: anything shaped like a decision key (`svc_sk_…`) or a
 * document/workspace key (`dk_…`); the values of query parameters and JSON fields whose names
 * say secret (`api_key`, `token`, `signature`, …, signed links included); and the exact keys the
 * request presented (`Authorization`, `X-API-Key`), wherever they are echoed.
 */

export const REDACTED = "[redacted]"

/** a decision key's prefix is distinctive enough to redact whatever follows it */
const DECISION_KEY = /svc_sk_[A-Za-z0-9_-]*/g
const DOCS_KEY = /\bdk_[A-Za-z0-9_-]{16,}/g
/** a signed link's signature (`?expires=…&signature=…`) inside a text */
const LINK_SIGNATURE = /([?&](?:amp;)?signature=)[^&"'\s<>]+/gi
/** JSON string fields whose names say secret */
const SECRET_FIELD =
  /("(?:api[_-]?key|x-api-key|key|secret|client_secret|token|access_token|refresh_token|password|authorization|signature)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi
/** query parameters whose names say secret */
const SECRET_PARAM = /key|token|secret|signature|password|credential|auth|^sig$/i

const mayHoldKey = (text: string) => text.includes("svc_sk_") || text.includes("dk_")

/** Redacts what is shaped like a key in a path or other short text. */
export const redactKeys = (text: string): string =>
  mayHoldKey(text) ? text.replace(DECISION_KEY, REDACTED).replace(DOCS_KEY, REDACTED) : text

/** Redacts the values of secret parameters of a query string (kept raw otherwise), and keys. */
export const redactQuery = (query: string): string => {
  if (query === "") return query
  return query
    .split("&")
    .map((part) => {
      const eq = part.indexOf("=")
      if (eq < 0) return redactKeys(part)
      const name = part.slice(0, eq)
      let decoded = name
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, " "))
      } catch {
        // a malformed name is matched as it is
      }
      return SECRET_PARAM.test(decoded) ? `${name}=${REDACTED}` : redactKeys(part)
    })
    .join("&")
}

/** The keys a request presented (bearer token, `X-API-Key`), redacted from its bodies wherever echoed. */
export const presentedKeys = (header: (name: string) => string | undefined): ReadonlyArray<string> => {
  const out: Array<string> = []
  const bearer = /^\s*\S+\s+(\S+)\s*$/.exec(header("authorization") ?? "")?.[1] ?? header("authorization")?.trim()
  const apiKey = header("x-api-key")?.trim()
  // a very short value would redact ordinary text; such a value is no key of either service
  for (const k of [bearer, apiKey]) if (k !== undefined && k.length >= 8) out.push(k)
  return out
}

/** Redacts a body's text: keys, secret JSON fields, link signatures and the presented keys. */
export const redactBody = (text: string, presented: ReadonlyArray<string>): string => {
  let out = text
  for (const k of presented) if (out.includes(k)) out = out.split(k).join(REDACTED)
  return redactKeys(out).replace(SECRET_FIELD, `$1"${REDACTED}"`).replace(LINK_SIGNATURE, `$1${REDACTED}`)
}
