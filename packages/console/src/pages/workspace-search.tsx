/**
 * The search playground of a workspace: hybrid search (answered at once), and fact, deep and
 * filtered search (jobs, followed to their end); every piece of evidence links to its file.
 */
import { useRoute } from "preact-iso"
import { useState } from "preact/hooks"
import { finishedJob, type Job } from "../api/documents.js"
import { type JobResults, resultOf } from "../api/job-results.js"
import { type Evidence, hybridSearch, startSearch } from "../api/workspaces.js"
import { useDocsKey } from "../components/docs-key.js"
import { ErrorNote, PageTitle, useAction } from "../components/ui.js"
import { jobLink, WorkspaceNav } from "../components/workspace-nav.js"

type CellValue = NonNullable<JobResults["filtered_search"]["rows"][number]["cells"][number]["value"]>

/** A catalog cell's value as printed. */
const cellText = (v: CellValue): string => {
  switch (v.kind) {
    case "date":
      return v.date
    case "party":
      return v.name
    case "identifier":
      return `${v.scheme} ${v.value}`
    case "money":
      return `${v.amount} ${v.currency}`
    case "text":
      return v.text
  }
}

type Mode = "hybrid" | "fact" | "deep" | "filtered"

const MODES: ReadonlyArray<readonly [Mode, string]> = [
  ["hybrid", "Hybrid (keyword and semantic)"],
  ["fact", "Fact search (an answer with citations)"],
  ["deep", "Deep search (an agent)"],
  ["filtered", "Filtered search (a structured query)"]
]

export const WorkspaceSearchPage = () => {
  const { params } = useRoute()
  const id = params.id
  const { key } = useDocsKey()
  const [mode, setMode] = useState<Mode>("hybrid")
  const [query, setQuery] = useState("")
  const [tier, setTier] = useState("low")
  const [hits, setHits] = useState<ReadonlyArray<Evidence> | null>(null)
  const [job, setJob] = useState<Job | null>(null)
  const [progress, setProgress] = useState("")
  const action = useAction()
  const answer = job === null ? null : resultOf(job, "intelligent_search")
  const table = job === null ? null : resultOf(job, "filtered_search")
  const fileLink = (fileId: string | null | undefined) =>
    fileId === null || fileId === undefined ? undefined : `/console/workspaces/${encodeURIComponent(id)}/files/${fileId}?key=${encodeURIComponent(key!.key_id)}`
  return (
    <>
      <PageTitle>Search</PageTitle>
      <WorkspaceNav id={id} keyId={key?.key_id} />
      <form class="card" onSubmit={(e) => {
        e.preventDefault()
        setHits(null)
        setJob(null)
        void action.run(async () => {
          if (mode === "hybrid") {
            setHits((await hybridSearch(key!.secret, id, { query, k: 10 })).hits)
            return
          }
          const body = mode === "filtered" ? { type: "query", query } : mode === "deep" ? { query, tier } : { query }
          const started = await startSearch(key!.secret, id, `${mode}-search`, body)
          setProgress(`job ${started.job_id}: queued`)
          const done = await finishedJob(key!.secret, started.job_id, (ev) => setProgress(`job ${started.job_id}: ${ev.status}${ev.progress?.stage ? ` · ${ev.progress.stage}` : ""}`), new AbortController().signal)
          setProgress("")
          setJob(done)
        })
      }}>
        <fieldset>
          <legend>Search by</legend>
          <div class="checks">
            {MODES.map(([value, label]) => (
              <label class="check" key={value}>
                <input type="radio" name="mode" value={value} checked={mode === value} onChange={() => setMode(value)} /> {label}
              </label>
            ))}
          </div>
        </fieldset>
        <label for="search-query">Query</label>
        <input id="search-query" required maxLength={4096} value={query} onInput={(e) => setQuery(e.currentTarget.value)} />
        {mode === "deep" ? (
          <>
            <label for="search-tier">Tier</label>
            <select id="search-tier" value={tier} onChange={(e) => setTier(e.currentTarget.value)}>
              <option value="low">low</option>
              <option value="medium">medium</option>
              <option value="high">high</option>
            </select>
          </>
        ) : null}
        <button type="submit" disabled={key === undefined || action.busy}>Search</button>
        <p role="status" class="muted">{progress}</p>
        <ErrorNote error={action.error} />
      </form>
      {hits === null ? null : (
        <section class="card" aria-labelledby="hits-title">
          <h2 id="hits-title">{hits.length} {hits.length === 1 ? "hit" : "hits"}</h2>
          <ol class="hits">
            {hits.map((h, i) => (
              <li key={i}>
                <a href={fileLink(h.file_id)}>{h.path}</a>
                {h.locator.page === undefined ? null : <span class="muted"> · page {h.locator.page}</span>}
                <span class="muted"> · score {h.relevance_score.toFixed(3)}</span>
                <blockquote>{h.snippet}</blockquote>
              </li>
            ))}
          </ol>
        </section>
      )}
      {job === null ? null : (
        <section class="card" aria-labelledby="answer-title">
          <h2 id="answer-title">Result <a href={jobLink(job.job_id, key?.key_id)} class="muted">({job.status})</a></h2>
          {job.error ? <p class="error" role="alert">{job.error.code}: {job.error.message}</p> : null}
          {answer === null ? null : (
            <>
              <p data-testid="answer">{answer.answer ?? answer.clarification ?? "No answer."}</p>
              <ol class="hits" aria-label="Evidence">
                {answer.evidences.map((ev, i) => (
                  <li key={i}>
                    <a href={fileLink(ev.source_file_id)}>{ev.source_path}</a>{ev.page === undefined ? null : <span class="muted"> · page {ev.page}</span>}
                    <blockquote>{ev.quote}</blockquote>
                  </li>
                ))}
              </ol>
            </>
          )}
          {table === null ? null : (
            <div class="table-wrap">
              <table>
                <caption>{table.total_matches} matches{table.exhaustive ? " (exhaustive)" : ""}</caption>
                <thead><tr><th scope="col">Source</th>{table.columns.map((c) => <th scope="col" key={c.field}>{c.field}</th>)}</tr></thead>
                <tbody>
                  {table.rows.map((row, i) => (
                    <tr key={i}>
                      <td><a href={fileLink(row.source_file_id)}>{row.source_path}</a></td>
                      {table.columns.map((c) => {
                        const cell = row.cells.find((x) => x.field === c.field)
                        return <td key={c.field}>{cell === undefined ? "" : cell.value === null ? cell.status : cellText(cell.value)}</td>
                      })}
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
