/**
 * Upload and run: a file sent to `POST /upload`, then one operation on it (`POST /v1/<op>`), and
 * on to the job's page to follow it live. Each operation's own fields are asked for.
 */
import { useLocation } from "preact-iso"
import { useState } from "preact/hooks"
import { runOperation, upload } from "../api/documents.js"
import { uploadedFiles } from "../api/uploaded-files.js"
import { useDocsKey } from "../components/docs-key.js"
import { ErrorNote, PageTitle, useAction } from "../components/ui.js"

const OPERATIONS = [
  ["parse", "Parse (markdown, text, blocks)"],
  ["classify", "Classify (categories per segment)"],
  ["extract", "Extract (JSON shaped like a schema)"],
  ["ground", "Ground (find passages, with boxes)"],
  ["split", "Split (the documents inside a file)"]
] as const

type Operation = (typeof OPERATIONS)[number][0]

const SAMPLE_SCHEMA = `{
  "type": "object",
  "properties": {
    "title": { "type": "string" },
    "total": { "type": "number" }
  }
}`

/** The operation's own body fields from the form; a JSON field that does not parse is the user's to fix. */
const fieldsOf = (operation: Operation, form: { schema: string; taxonomy: string; queries: string; threshold: string }) => {
  switch (operation) {
    case "extract":
      return { schema: JSON.parse(form.schema) as unknown }
    case "classify":
      return form.taxonomy.trim() === "" ? {} : { taxonomy: JSON.parse(form.taxonomy) as unknown }
    case "ground":
      return {
        items: form.queries.split("\n").map((q) => q.trim()).filter((q) => q !== "").map((query, i) => ({ item_id: `q${i + 1}`, query })),
        options: { confidence_threshold: Number(form.threshold) }
      }
    default:
      return {}
  }
}

export const RunPage = () => {
  const { route } = useLocation()
  const { key, picker } = useDocsKey()
  const [file, setFile] = useState<File | null>(null)
  const [operation, setOperation] = useState<Operation>("parse")
  const [form, setForm] = useState({ schema: SAMPLE_SCHEMA, taxonomy: "", queries: "", threshold: "0.5" })
  const [stage, setStage] = useState("")
  const action = useAction()
  return (
    <>
      <PageTitle lead="Upload a file and run one document operation on it, as a client of the API would.">Upload and run</PageTitle>
      <form class="card" onSubmit={(e) => {
        e.preventDefault()
        if (key === undefined || file === null) return
        void action.run(async () => {
          let fields: Record<string, unknown>
          try {
            fields = fieldsOf(operation, form)
          } catch (error) {
            throw new Error(`The ${operation === "extract" ? "schema" : "taxonomy"} is not valid JSON: ${(error as Error).message}`)
          }
          setStage("Uploading…")
          const handle = await upload(key.secret, file)
          setStage(`Uploaded ${handle.file_name}; starting ${operation}…`)
          const job = await runOperation(key.secret, operation, handle.file_id, fields)
          uploadedFiles.set(job.job_id, file)
          route(`/console/jobs/${job.job_id}?key=${encodeURIComponent(key.key_id)}`)
        }).finally(() => setStage(""))
      }}>
        {picker}
        <label for="run-file">File</label>
        <input id="run-file" type="file" required onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
        <label for="run-operation">Operation</label>
        <select id="run-operation" value={operation} onChange={(e) => setOperation(e.currentTarget.value as Operation)}>
          {OPERATIONS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
        {operation === "extract" ? (
          <>
            <label for="run-schema">Schema (JSON Schema subset)</label>
            <textarea id="run-schema" rows={8} spellcheck={false} value={form.schema} onInput={(e) => setForm({ ...form, schema: e.currentTarget.value })} />
          </>
        ) : null}
        {operation === "classify" ? (
          <>
            <label for="run-taxonomy">Taxonomy (optional JSON: {"{"}"categories": [{"{"}"key": …{"}"}]{"}"}; empty for the default)</label>
            <textarea id="run-taxonomy" rows={6} spellcheck={false} value={form.taxonomy} onInput={(e) => setForm({ ...form, taxonomy: e.currentTarget.value })} />
          </>
        ) : null}
        {operation === "ground" ? (
          <>
            <label for="run-queries">What to find (one query a line)</label>
            <textarea id="run-queries" rows={4} required value={form.queries} onInput={(e) => setForm({ ...form, queries: e.currentTarget.value })} />
            <label for="run-threshold">Confidence threshold (0 to 1)</label>
            <input id="run-threshold" type="number" min="0" max="1" step="0.05" value={form.threshold} onInput={(e) => setForm({ ...form, threshold: e.currentTarget.value })} />
          </>
        ) : null}
        <button type="submit" disabled={key === undefined || file === null || action.busy}>Upload and run</button>
        <p role="status" class="muted">{stage}</p>
        <ErrorNote error={action.error} />
      </form>
    </>
  )
}
