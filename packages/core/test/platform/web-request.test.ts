/**
 * The fetch handler's view of a web `Request`: the path and query read off the URL without a
 * full parse (equal to what `new URL` gives), and the body read with the hard cap whether its
 * length is declared or not.
 */
import { describe, expect, it } from "@effect/vitest"
import { Platform } from "@docket/core"
import { Effect, Either } from "effect"
import fc from "fast-check"

const viaUrl = (url: string) => {
  const parsed = new URL(url)
  return { path: parsed.pathname, query: parsed.search.length > 0 ? parsed.search.slice(1) : "" }
}

describe("path and query of a web Request", () => {
  it("equal new URL's pathname and search on serialized request URLs", () => {
    const piece = fc.string({ unit: fc.constantFrom("a", "b", "/", "?", "#", "%20", "=", "&", ".", "..", "é", " ", ":", "@") })
    fc.assert(
      fc.property(fc.constantFrom("http://docket.test", "https://h:8080", "http://127.0.0.1:3000", "http://[::1]:1"), piece, (origin, rest) => {
        let url: string
        try {
          url = new Request(origin + (rest.startsWith("/") || rest.startsWith("?") || rest.startsWith("#") ? "" : "/") + rest).url
        } catch {
          return
        }
        expect(Platform.targetOf(url)).toEqual(viaUrl(url))
      }),
      { numRuns: 5000 }
    )
  })

  it("cases by hand", () => {
    expect(Platform.targetOf("http://h")).toEqual({ path: "/", query: "" })
    expect(Platform.targetOf("http://h?x=1")).toEqual({ path: "/", query: "x=1" })
    expect(Platform.targetOf("http://h/a/b?x=1&y#frag")).toEqual({ path: "/a/b", query: "x=1&y" })
    expect(Platform.targetOf("http://h/a#f?g")).toEqual({ path: "/a", query: "" })
    expect(Platform.fromWebRequest(new Request("http://h/v1/models?x=%20")).path).toBe("/v1/models")
  })
})

describe("body of a web Request, with a hard cap", () => {
  const body = "x".repeat(1000)
  const read = (request: Request, limit: number) => Effect.runPromise(Effect.either(Platform.fromWebRequest(request).body.read(limit)))

  it.each([
    ["a declared length", (b: string) => new Request("http://h/", { method: "POST", body: b, headers: { "content-length": String(b.length) } })],
    ["a stream of unknown length", (b: string) =>
      new Request("http://h/", {
        method: "POST",
        body: new ReadableStream({
          start(c) {
            c.enqueue(new TextEncoder().encode(b.slice(0, 400)))
            c.enqueue(new TextEncoder().encode(b.slice(400)))
            c.close()
          }
        }),
        duplex: "half"
      } as RequestInit)]
  ])("%s: read whole within the cap, refused beyond it", async (_name, make) => {
    const ok = await read(make(body), 1000)
    expect(Either.isRight(ok) && new TextDecoder().decode(ok.right)).toBe(body)
    const over = await read(make(body), 999)
    expect(Either.isLeft(over) && over.left._tag).toBe("BodyTooLarge")
  })

  it("a declared length under what the body carries is still refused past the cap", async () => {
    const request = new Request("http://h/", { method: "POST", body, headers: { "content-length": "10" } })
    const r = await read(request, 500)
    expect(Either.isLeft(r) && r.left._tag).toBe("BodyTooLarge")
  })
})
