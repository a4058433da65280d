/** The test harness: the service clock (advance it), the faults, and reset. */
import { useState } from "preact/hooks"
import type { Faults } from "../api/admin.js"
import { admin, forgetAll } from "../api/session.js"
import { ConfirmDialog, ErrorNote, formatTime, Loading, PageTitle, useAction, useLoad } from "../components/ui.js"

const STEPS: ReadonlyArray<readonly [string, number]> = [["1 s", 1_000], ["1 min", 60_000], ["1 h", 3_600_000], ["1 day", 86_400_000]]

const ClockCard = () => {
  const clock = useLoad(() => admin.value!.clock.now(), [])
  const [ms, setMs] = useState("1000")
  const action = useAction()
  const advance = (by: number) =>
    action.run(async () => {
      await admin.value!.clock.advance(by)
      clock.set(await admin.value!.clock.now())
    })
  const sleeps = Object.entries(clock.data?.pending_sleeps ?? {})
  return (
    <section class="card" aria-labelledby="clock-title">
      <h2 id="clock-title">Service clock</h2>
      {clock.data === undefined ? <Loading /> : (
        <dl class="facts">
          <dt>Now</dt>
          <dd data-testid="clock-now">{formatTime(clock.data.now)}</dd>
          <dt>Epoch ms</dt>
          <dd data-testid="clock-ms">{clock.data.now}</dd>
          <dt>Kind</dt>
          <dd>{clock.data.manual ? "manual (moved only from here)" : "system (start with DOCKET_CLOCK=manual to move it)"}</dd>
          <dt>Pending sleeps</dt>
          <dd>{sleeps.length === 0 ? "none" : sleeps.map(([d, n]) => `${n} × ${d} ms`).join(", ")}</dd>
        </dl>
      )}
      {clock.data?.manual === true ? (
        <>
          <div class="actions" role="group" aria-label="Advance the clock by">
            {STEPS.map(([label, by]) => (
              <button type="button" key={label} disabled={action.busy} onClick={() => advance(by)}>+{label}</button>
            ))}
          </div>
          <form class="inline" onSubmit={(e) => {
            e.preventDefault()
            void advance(Number(ms))
          }}>
            <label for="advance-ms">Advance by (ms)</label>
            <input id="advance-ms" type="number" min="0" step="1" required value={ms} onInput={(e) => setMs(e.currentTarget.value)} />
            <button type="submit" disabled={action.busy}>Advance</button>
          </form>
        </>
      ) : null}
      <ErrorNote error={action.error ?? clock.error} />
    </section>
  )
}

const FaultsCard = () => {
  const faults = useLoad(() => admin.value!.faults.get(), [])
  const action = useAction()
  const [saved, setSaved] = useState(false)
  const [draft, setDraft] = useState<Faults | null>(null)
  const value = draft ?? faults.data
  const change = (patch: Partial<Faults>) => {
    setSaved(false)
    setDraft({ ...value!, ...patch })
  }
  const save = (e: Event) => {
    e.preventDefault()
    void action.run(async () => {
      faults.set(await admin.value!.faults.set(value!))
      setDraft(null)
      setSaved(true)
    })
  }
  return (
    <section class="card" aria-labelledby="faults-title">
      <h2 id="faults-title">Faults</h2>
      {value === undefined ? <Loading /> : (
        <form onSubmit={save}>
          <label class="check">
            <input type="checkbox" checked={value.limiter_store_unreachable} onChange={(e) => change({ limiter_store_unreachable: e.currentTarget.checked })} />
            Limiter store unreachable (evaluations answer 529 overloaded)
          </label>
          <label class="check">
            <input type="checkbox" checked={value.model_error} onChange={(e) => change({ model_error: e.currentTarget.checked })} />
            Model error (the model service fails)
          </label>
          <label for="model-delay">Model delay (ms)</label>
          <input id="model-delay" type="number" min="0" step="1" value={value.model_delay_ms}
            onInput={(e) => change({ model_delay_ms: Number(e.currentTarget.value) })} />
          <div class="actions">
            <button type="submit" disabled={action.busy}>Save faults</button>
            <button type="button" disabled={action.busy} onClick={() => change({ limiter_store_unreachable: false, model_error: false, model_delay_ms: 0 })}>
              Clear
            </button>
          </div>
          <p role="status" class="muted">{saved ? "Faults saved." : draft === null ? "" : "Unsaved changes."}</p>
        </form>
      )}
      <ErrorNote error={action.error ?? faults.error} />
    </section>
  )
}

const ResetCard = () => {
  const [asking, setAsking] = useState(false)
  const [done, setDone] = useState(false)
  const action = useAction()
  return (
    <section class="card" aria-labelledby="reset-title">
      <h2 id="reset-title">Reset</h2>
      <p>Empties all state of the server: accounts, keys, tenants, jobs, limiter counters, pools, caches and faults.</p>
      <button type="button" class="danger" onClick={() => {
        setDone(false)
        setAsking(true)
      }}>Reset everything…</button>
      <p role="status" class="muted">{done ? "The server was reset." : ""}</p>
      <ErrorNote error={action.error} />
      <ConfirmDialog
        open={asking}
        title="Reset the server?"
        confirmLabel="Reset"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false)
          void action.run(async () => {
            await admin.value!.reset()
            forgetAll()
            setDone(true)
          })
        }}
      >
        <p>Every account, key, tenant and job is deleted. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  )
}

export const HarnessPage = () => (
  <>
    <PageTitle lead="What tests need: move the manual clock, inject faults, start from nothing.">Harness</PageTitle>
    <div class="grid">
      <ClockCard />
      <FaultsCard />
      <ResetCard />
    </div>
  </>
)
