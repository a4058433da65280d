/**
 * How a conformance suite of a port is built: a function of the adapter's layer, built once for
 * the whole suite (`it.layer`), with an explicit skip list — each skipped test named with the
 * reason the adapter gives. Tests share the layer, so each isolates itself by names and ids of its
 * own (`unique`) instead of emptying the storage between tests.
 */
import { describe, it, type Vitest } from "@effect/vitest"
import type { Layer, TestServices } from "effect"

export interface SuiteOptions {
  /** tests this adapter does not run: test title → why (a title that names no test fails the suite) */
  readonly skip?: Readonly<Record<string, string>> | undefined
}

/** `it.effect` of a suite: the test runs on the suite's layer (and the test services) unless skipped. */
export type SuiteTest<R> = Vitest.Test<R | TestServices.TestServices>

export const storageSuite = <R, E>(
  title: string,
  layer: Layer.Layer<R, E>,
  options: SuiteOptions,
  body: (test: SuiteTest<R>) => void
): void => {
  describe(title, () => {
    it.layer(layer, { timeout: "60 seconds" })((it) => {
      const skip = options.skip ?? {}
      const named = new Set<string>()
      body((name, self, timeout) => {
        named.add(name)
        const reason = skip[name]
        if (reason === undefined) return it.effect(name, self, timeout)
        return it.effect.skip(`${name} — skipped: ${reason}`, self, timeout)
      })
      const unknown = Object.keys(skip).filter((name) => !named.has(name))
      if (unknown.length > 0) throw new Error(`${title}: the skip list names no test: ${unknown.join("; ")}`)
    })
  })
}

let n = 0
/** a name no other test (of this process, or of an earlier run on the same database) uses */
export const unique = (prefix: string): string => `${prefix}_${Date.now().toString(36)}_${(++n).toString(36)}_${Math.random().toString(36).slice(2, 6)}`
