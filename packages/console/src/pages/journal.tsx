/**
 * The request journal (`GET /_admin/journal`): what the services were asked and answered, newest
 * first, filtered as the control plane filters it; an entry's detail (its bodies when the server
 * keeps them); clearing it (`DELETE /_admin/journal`) behind a confirmation.
 */
import { useEffect, useRef, useState } from "preact/hooks"
import type { JournalEntry, JournalParams, JournalService } from "../api/admin.js"
import { admin } from "../api/session.js"
import { ConfirmDialog, ErrorNote, formatTime, Loading, PageTitle, useAction, useLoad } from "../components/ui.js"

/** Every service an entry can name (a `Record` so a service added to core's type must be added here). */
const SERVICES: Record<JournalService, string> = {
  decision: "decision",
  documents: "documents",
  workspaces: "workspaces",
  host: "host (the embedder's routes, the console's files)",
  unrouted: "unrouted (no route matched)"
}
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
const STATUS_CLASSES = ["2xx", "3xx", "4xx", "5xx"]
const AUTO_REFRESH_MS = 2_000

interface Filters {
  readonly service: string
  readonly method: string
  readonly path_prefix: string
  readonly status: string
  readonly since: string
  readonly until: string
  readonly limit: string
}

const NO_FILTERS: Filters = { service: "", method: "", path_prefix: "", status: "", since: "", until: "", limit: "100" }

/** Only the filters that are set, trimmed; the server checks them and says what to fix. */
const toParams = (f: Filters): JournalParams => {
  const params: Record<string, string> = {}
  for (const [name, value] of Object.entries(f)) if (value.trim() !== "") params[name] = value.trim()
  return params as JournalParams
}

const statusClass = (status: number) => `s${Math.floor(status / 100)}xx`

/** The decision account or the document/workspace tenant of an authenticated request. */
const who = (e: JournalEntry) => e.account_id ?? e.tenant_id ?? "—"

const target = (e: JournalEntry) => (e.query === "" ? e.path : `${e.path}?${e.query}`)

const FilterForm = ({ applied, onApply }: { readonly applied: Filters; readonly onApply: (f: Filters) => void }) => {
  const [draft, setDraft] = useState<Filters>(applied)
  const field = (name: keyof Filters) => ({
    id: `journal-${name}`,
    value: draft[name],
    onInput: (e: Event) => setDraft({ ...draft, [name]: (e.currentTarget as HTMLInputElement | HTMLSelectElement).value })
  })
  return (
    <form aria-label="Journal filters" onSubmit={(e) => {
      e.preventDefault()
      onApply(draft)
    }}>
      <div class="row">
        <div>
          <label for="journal-service">Service</label>
          <select {...field("service")}>
            <option value="">any</option>
            {Object.entries(SERVICES).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </div>
        <div>
          <label for="journal-method">Method</label>
          <select {...field("method")}>
            <option value="">any</option>
            {METHODS.map((m) => <option key={m} value={m}>{m}</option>)}
          </select>
        </div>
        <div>
          <label for="journal-path_prefix">Path prefix</label>
          <input type="text" placeholder="/v1/jobs" spellcheck={false} {...field("path_prefix")} />
        </div>
        <div>
          <label for="journal-status">Status (404, or a class: 4xx)</label>
          <input type="text" list="journal-status-classes" inputMode="text" spellcheck={false} {...field("status")} />
          <datalist id="journal-status-classes">
            {STATUS_CLASSES.map((c) => <option key={c} value={c} />)}
          </datalist>
        </div>
        <div>
          <label for="journal-since">Since (ISO 8601 or epoch ms)</label>
          <input type="text" placeholder="2026-01-01T00:00:00Z" spellcheck={false} {...field("since")} />
        </div>
        <div>
          <label for="journal-until">Until (ISO 8601 or epoch ms)</label>
          <input type="text" placeholder="2026-01-01T23:59:59Z" spellcheck={false} {...field("until")} />
        </div>
        <div>
          <label for="journal-limit">At most (entries)</label>
          <input type="number" min="1" step="1" {...field("limit")} />
        </div>
      </div>
      <div class="actions">
        <button type="submit">Apply filters</button>
        <button type="button" onClick={() => {
          setDraft(NO_FILTERS)
          onApply(NO_FILTERS)
        }}>Clear filters</button>
      </div>
    </form>
  )
}

/** A whole JSON body indented; anything else (or a body cut short) as it was kept. */
const readable = (text: string, truncated: boolean) => {
  if (truncated) return text
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

const Body = ({ id, title, body }: { readonly id: string; readonly title: string; readonly body: JournalEntry["request_body"] }) => (
  <section aria-labelledby={id}>
    <h3 id={id}>{title}</h3>
    {body === undefined ? <p class="muted">Not kept (start the server with DOCKET_JOURNAL_BODIES=1 to keep bodies).</p>
      : body === null ? <p class="muted">None.</p>
      : (
        <>
          <p class="muted">{body.bytes} bytes{body.truncated ? ", cut short" : ""}{body.text === null ? ", binary (not shown)" : ""}</p>
          {/* focusable so a keyboard can scroll a long body */}
          {body.text === null ? null : <pre class="body" tabIndex={0}>{readable(body.text, body.truncated)}</pre>}
        </>
      )}
  </section>
)

const EntryDetail = ({ entry, onClose }: { readonly entry: JournalEntry; readonly onClose: () => void }) => {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [entry])
  return (
    <section class="card" aria-labelledby="journal-entry-title" data-testid="journal-entry">
      <h2 id="journal-entry-title" tabIndex={-1} ref={heading}>{entry.method} {entry.path}</h2>
      <dl class="facts">
        <dt>Time</dt><dd>{formatTime(entry.time)} (<code>{entry.time}</code>)</dd>
        <dt>Service</dt><dd>{entry.service}</dd>
        <dt>Query</dt><dd>{entry.query === "" ? "—" : <code>{entry.query}</code>}</dd>
        <dt>Status</dt><dd>{entry.status}</dd>
        <dt>Error code</dt><dd>{entry.error_code ?? "—"}</dd>
        <dt>Request id</dt><dd>{entry.request_id === null ? "—" : <code>{entry.request_id}</code>}</dd>
        <dt>Account</dt><dd>{entry.account_id ?? "—"}</dd>
        <dt>Tenant</dt><dd>{entry.tenant_id ?? "—"}</dd>
        <dt>Duration</dt><dd>{entry.duration_ms} ms (service clock)</dd>
      </dl>
      <Body id="journal-request-body" title="Request body" body={entry.request_body} />
      <Body id="journal-response-body" title="Response body" body={entry.response_body} />
      <button type="button" onClick={onClose}>Close the detail</button>
    </section>
  )
}

const ClearButton = ({ onCleared }: { readonly onCleared: () => void }) => {
  const [asking, setAsking] = useState(false)
  const [cleared, setCleared] = useState<number | null>(null)
  const action = useAction()
  return (
    <>
      <button type="button" class="danger" onClick={() => {
        setCleared(null)
        setAsking(true)
      }}>Clear the journal…</button>
      <p role="status" class="muted">{cleared === null ? "" : `Cleared ${cleared} ${cleared === 1 ? "entry" : "entries"}.`}</p>
      <ErrorNote error={action.error} />
      <ConfirmDialog
        open={asking}
        title="Clear the journal?"
        confirmLabel="Clear"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false)
          void action.run(async () => {
            const answer = await admin.value!.journal.clear()
            setCleared(answer.cleared)
            onCleared()
          })
        }}
      >
        <p>Every entry of this server's journal is dropped. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  )
}

export const JournalPage = () => {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS)
  const [auto, setAuto] = useState(false)
  const [selected, setSelected] = useState<JournalEntry | null>(null)
  const journal = useLoad(() => admin.value!.journal.list(toParams(filters)), [filters])
  useEffect(() => {
    if (!auto) return
    const timer = setInterval(journal.reload, AUTO_REFRESH_MS)
    return () => clearInterval(timer)
  }, [auto, journal.reload])
  const data = journal.data
  const entries = data?.entries ?? []
  const filtered = Object.keys(toParams({ ...filters, limit: "" })).length > 0
  return (
    <>
      <PageTitle lead="What the services were asked and answered, newest first (the control plane's own calls are not journaled).">
        Request journal
      </PageTitle>
      <section class="card" aria-labelledby="journal-filters-title">
        <h2 id="journal-filters-title">Filters</h2>
        <FilterForm applied={filters} onApply={(f) => {
          setSelected(null)
          // a new object each time, so applying the same filters again reads the journal again
          setFilters({ ...f })
        }} />
        <div class="actions">
          <button type="button" onClick={journal.reload}>Refresh</button>
          <label class="check">
            <input type="checkbox" checked={auto} onChange={(e) => setAuto(e.currentTarget.checked)} />
            Auto-refresh every {AUTO_REFRESH_MS / 1000} s
          </label>
          <ClearButton onCleared={() => {
            setSelected(null)
            journal.reload()
          }} />
        </div>
      </section>
      <ErrorNote error={journal.error} />
      {selected === null ? null : <EntryDetail entry={selected} onClose={() => setSelected(null)} />}
      {data === undefined ? (journal.error === undefined ? <Loading /> : null) : (
        <section class="card" aria-labelledby="journal-title">
          <h2 id="journal-title">
            {entries.length} {entries.length === 1 ? "entry" : "entries"}{filtered ? " matching" : ""}
          </h2>
          <p class="muted">
            {data.capacity === 0
              ? "The journal is off (DOCKET_JOURNAL_SIZE=0)."
              : `Holds the latest ${data.capacity} requests of this process; bodies ${data.bodies ? "kept" : "not kept (DOCKET_JOURNAL_BODIES=1 keeps them)"}.`}
          </p>
          {entries.length === 0 ? <p data-testid="journal-empty">{filtered ? "No entry matches these filters." : "No requests journaled."}</p> : (
            <div class="table-wrap">
              <table class="journal-table" data-testid="journal-table">
                <caption class="sr-only">Journal entries, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Request (its detail)</th><th scope="col">Status</th><th scope="col">Time</th><th scope="col">Service</th>
                    <th scope="col">Error code</th><th scope="col">Account or tenant</th><th scope="col">Duration</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((e, i) => (
                    <tr key={`${e.time}-${e.request_id ?? i}-${i}`} data-testid="journal-row">
                      <td class="request">
                        <button type="button" class="link" aria-label={`Details of ${e.method} ${target(e)} (${e.status})`}
                          onClick={() => setSelected(e)}><code>{e.method} {target(e)}</code></button>
                      </td>
                      <td><span class={`badge ${statusClass(e.status)}`}>{e.status}</span></td>
                      <td class="time">{formatTime(e.time).split(" ").map((part) => <span key={part}>{part} </span>)}</td>
                      <td>{e.service}</td>
                      <td>{e.error_code ?? "—"}</td>
                      <td>{who(e)}</td>
                      <td class="num">{e.duration_ms} ms</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </>
  )
}
