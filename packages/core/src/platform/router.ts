/**
 * Routing: a table of routes, each a method, a path pattern (`/a/:id/b`, or ending in `/*`) and a
 * handler. Static paths are found by one map lookup; patterns are tried in the order given.
 */
import type { Effect } from "effect"
import type { DocketRequest } from "./request.js"
import type { RequestScope } from "./request-scope.js"
import type { DocketResponse } from "./response.js"

export type PathParams = Readonly<Record<string, string>>

/**
 * A route's handler: errors are answered by the handler itself (each service has its envelope).
 * `scope` is the request's: it closes once the response has been sent (see runner.ts).
 */
export type Handler<R> = (request: DocketRequest, params: PathParams, scope: RequestScope) => Effect.Effect<DocketResponse, never, R>

export interface Route<R> {
  /** upper case, or `*` for every method */
  readonly method: string
  readonly path: string
  readonly handler: Handler<R>
}

export const route = <R>(method: string, path: string, handler: Handler<R>): Route<R> => ({ method, path, handler })

export interface Match<R> {
  readonly handler: Handler<R>
  readonly params: PathParams
}

interface Pattern<R> {
  readonly method: string
  /** segments after the leading `/`; `:name` captures one, a final `*` the rest */
  readonly segments: ReadonlyArray<string>
  readonly rest: boolean
  readonly handler: Handler<R>
}

const NO_PARAMS: PathParams = Object.freeze({})

const matchPattern = <R>(p: Pattern<R>, segments: ReadonlyArray<string>): PathParams | undefined => {
  if (p.rest ? segments.length < p.segments.length : segments.length !== p.segments.length) return undefined
  let params: Record<string, string> | undefined
  for (let i = 0; i < p.segments.length; i++) {
    const s = p.segments[i]
    if (s.startsWith(":")) {
      let value: string
      try {
        value = decodeURIComponent(segments[i])
      } catch {
        return undefined
      }
      if (value === "") return undefined
      ;(params ??= {})[s.slice(1)] = value
    } else if (s !== segments[i]) {
      return undefined
    }
  }
  return params ?? NO_PARAMS
}

/** Compiles a route table into a function that finds a request's handler. */
export const makeRouter = <R>(routes: ReadonlyArray<Route<R>>): (method: string, path: string) => Match<R> | undefined => {
  const exact = new Map<string, Match<R>>()
  const patterns: Array<Pattern<R>> = []
  for (const r of routes) {
    const dynamic = r.path.includes("/:") || r.path.endsWith("/*")
    if (!dynamic && r.method !== "*") {
      const key = `${r.method} ${r.path}`
      if (!exact.has(key)) exact.set(key, { handler: r.handler, params: NO_PARAMS })
      continue
    }
    const rest = r.path.endsWith("/*")
    const segments = (rest ? r.path.slice(0, -2) : r.path).split("/").slice(1)
    patterns.push({ method: r.method, segments, rest, handler: r.handler })
  }
  return (method, path) => {
    const hit = exact.get(`${method} ${path}`)
    if (hit !== undefined) return hit
    if (patterns.length === 0) return undefined
    const segments = path.split("/").slice(1)
    for (const p of patterns) {
      if (p.method !== "*" && p.method !== method) continue
      const params = matchPattern(p, segments)
      if (params !== undefined) return { handler: p.handler, params }
    }
    return undefined
  }
}
