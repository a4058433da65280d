/** Small building blocks every page uses: loading data, showing errors, confirming, drawing bars. */
import type { ComponentChildren } from "preact"
import { useCallback, useEffect, useRef, useState } from "preact/hooks"
import { describeError } from "../api/http.js"

export interface Loaded<A> {
  readonly data: A | undefined
  readonly error: unknown
  readonly loading: boolean
  readonly reload: () => void
  readonly set: (a: A) => void
}

/** Runs `load` now and whenever `deps` change; `reload` runs it again. A stale answer is dropped. */
export const useLoad = <A,>(load: () => Promise<A>, deps: ReadonlyArray<unknown>): Loaded<A> => {
  const [state, setState] = useState<{ data: A | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: true
  })
  const [tick, setTick] = useState(0)
  useEffect(() => {
    let live = true
    setState((s) => ({ ...s, loading: true }))
    load().then(
      (data) => live && setState({ data, error: undefined, loading: false }),
      (error: unknown) => live && setState({ data: undefined, error, loading: false })
    )
    return () => {
      live = false
    }
  }, [...deps, tick])
  const reload = useCallback(() => setTick((t) => t + 1), [])
  const set = useCallback((data: A) => setState({ data, error: undefined, loading: false }), [])
  return { ...state, reload, set }
}

/** Runs one action at a time from a form or button, holding its error for display. */
export const useAction = () => {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(undefined)
  const run = async <A,>(action: () => Promise<A>): Promise<A | undefined> => {
    setBusy(true)
    setError(undefined)
    try {
      return await action()
    } catch (e) {
      setError(e)
      return undefined
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, run, clear: () => setError(undefined) }
}

export const ErrorNote = ({ error }: { readonly error: unknown }) =>
  error === undefined ? null : <p class="error" role="alert">{describeError(error)}</p>

export const Loading = () => <p aria-busy="true" class="muted">Loading…</p>

export const PageTitle = ({ children, lead }: { readonly children: ComponentChildren; readonly lead?: ComponentChildren }) => (
  <header class="page-title">
    <h1>{children}</h1>
    {lead === undefined ? null : <p class="muted">{lead}</p>}
  </header>
)

/**
 * A modal confirmation on the native `<dialog>` (focus moves into it, Escape cancels); `onConfirm`
 * runs only on the confirm button.
 */
export const ConfirmDialog = (props: {
  readonly open: boolean
  readonly title: string
  readonly children: ComponentChildren
  readonly confirmLabel: string
  readonly onConfirm: () => void
  readonly onCancel: () => void
}) => {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (dialog === null) return
    if (props.open && !dialog.open) dialog.showModal()
    if (!props.open && dialog.open) dialog.close()
  }, [props.open])
  return (
    <dialog ref={ref} aria-labelledby="confirm-title" onCancel={(e) => {
      e.preventDefault()
      props.onCancel()
    }}>
      <h2 id="confirm-title">{props.title}</h2>
      <div>{props.children}</div>
      <div class="actions">
        <button type="button" onClick={props.onCancel}>Cancel</button>
        <button type="button" class="danger" onClick={props.onConfirm}>{props.confirmLabel}</button>
      </div>
    </dialog>
  )
}

/** Probabilities drawn as bars, each with its value written out (the bar is decoration). */
export const ProbabilityBars = ({ values, label }: { readonly values: ReadonlyArray<readonly [string, number]>; readonly label: string }) => (
  <ul class="bars" aria-label={label}>
    {values.map(([name, p]) => (
      <li key={name}>
        <span class="bar-label">{name}</span>
        <span class="bar" aria-hidden="true"><span style={{ width: `${Math.max(0, Math.min(1, p)) * 100}%` }} /></span>
        <span class="bar-value">{(p * 100).toFixed(1)}%</span>
      </li>
    ))}
  </ul>
)

export const formatTime = (ms: number | string | null | undefined) =>
  ms === null || ms === undefined ? "—" : new Date(ms).toISOString().replace("T", " ").replace(/\.\d{3}Z$/, "Z")

/** Copies text to the clipboard where the browser allows it (a secure context); says whether it did. */
export const CopyButton = ({ text, label }: { readonly text: string; readonly label: string }) => {
  const [done, setDone] = useState(false)
  return (
    <button
      type="button"
      onClick={() => {
        navigator.clipboard?.writeText(text).then(() => setDone(true), () => setDone(false))
      }}
    >
      {done ? "Copied" : label}
    </button>
  )
}
