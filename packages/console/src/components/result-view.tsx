/**
 * A finished job's result, by its type: a parse as rendered markdown, an extraction as its JSON,
 * a classification as its segments, a grounding as boxes drawn over its pages (`ground-pages.tsx`)
 * and as a table; anything else as JSON.
 */
import DOMPurify from "dompurify"
import { marked } from "marked"
import { useState } from "preact/hooks"
import type { Job } from "../api/documents.js"
import { type GroundMatch, type JobResults, resultOf } from "../api/job-results.js"
import { GroundPages } from "./ground-pages.js"

const Json = ({ value, label }: { readonly value: unknown; readonly label: string }) => (
  <pre aria-label={label} tabIndex={0}>{JSON.stringify(value, null, 2)}</pre>
)

const Markdown = ({ markdown }: { readonly markdown: string }) => {
  const [raw, setRaw] = useState(false)
  return (
    <>
      <div class="actions">
        <button type="button" aria-pressed={raw} onClick={() => setRaw(!raw)}>{raw ? "Show rendered" : "Show markdown source"}</button>
      </div>
      {raw ? <pre aria-label="Markdown source" tabIndex={0}>{markdown}</pre> : (
        <article class="markdown" data-testid="markdown"
          // the markdown is the parser's output of a user's file: sanitized before it is shown
          dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(marked.parse(markdown, { async: false })) }} />
      )}
    </>
  )
}

type GroundResult = JobResults["ground"]

const locationOf = (m: GroundMatch) => {
  switch (m.match_type) {
    case "visual_region":
      return `page ${m.page}, x ${m.x.toFixed(3)}, y ${m.y.toFixed(3)}, w ${m.w.toFixed(3)}, h ${m.h.toFixed(3)}`
    case "spreadsheet_range":
      return `${m.sheet_name}!${m.cell_range}`
    case "text_range":
      return `chars ${m.start_char}–${m.end_char}`
    case "jsonl_record":
      return `line ${m.line_index}`
    case "audio_range":
      return `${m.start_ms}–${m.end_ms} ms`
  }
}

const Ground = ({ jobId, result }: { readonly jobId: string; readonly result: GroundResult }) => (
  <>
    <GroundPages jobId={jobId} result={result} />
    <div class="table-wrap">
      <table>
        <caption class="sr-only">Grounded items</caption>
        <thead><tr><th scope="col">Item</th><th scope="col">Found</th><th scope="col">Where</th><th scope="col">Confidence</th><th scope="col">Text</th></tr></thead>
        <tbody>
          {result.results.flatMap((item) =>
            item.matches.length === 0
              ? [<tr key={item.item_id}><td>{item.item_id}</td><td>{item.found ? "yes" : "no"}</td><td colSpan={3}>{item.error ?? "no match"}</td></tr>]
              : item.matches.map((m, i) => (
                <tr key={`${item.item_id}-${i}`}>
                  <td>{item.item_id}</td>
                  <td>{item.found ? "yes" : "no"}</td>
                  <td>{locationOf(m)}</td>
                  <td class="num">{(m.confidence * 100).toFixed(1)}%</td>
                  <td>{m.matched_text}</td>
                </tr>
              ))
          )}
        </tbody>
      </table>
    </div>
  </>
)

export const ResultView = ({ job }: { readonly job: Job }) => {
  if (job.result === null) return <p class="muted">No result.</p>
  const parse = resultOf(job, "parse")
  if (parse !== null) return <Markdown markdown={parse.document.markdown} />
  const extract = resultOf(job, "extract")
  if (extract !== null) return <Json value={extract.data} label="Extracted JSON" />
  const ground = resultOf(job, "ground")
  if (ground !== null) return <Ground jobId={job.job_id} result={ground} />
  const categories = resultOf(job, "classify", "categorize")
  if (categories !== null) {
    return (
      <div class="table-wrap">
        <table>
          <caption class="sr-only">Categories</caption>
          <thead><tr><th scope="col">Part</th><th scope="col">Category</th><th scope="col">Summary</th></tr></thead>
          <tbody>
            {categories.items.map((item, i) => (
              <tr key={i}>
                <td>{item.kind === "sheet" ? item.sheet_name : `pages ${item.page_start}–${item.page_end}`}</td>
                <td>{item.kind === "sheet" ? item.categories.join(", ") : item.category}</td>
                <td>{item.summary}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )
  }
  return <Json value={job.result} label="Result" />
}
