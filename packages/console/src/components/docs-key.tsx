/** Picks the document-service key a page calls the API with: one of the keys held in this tab. */
import { useLocation } from "preact-iso"
import { useState } from "preact/hooks"
import { type HeldKey, heldKeys } from "../api/session.js"

export const useDocsKey = (): { readonly key: HeldKey | undefined; readonly picker: preact.JSX.Element } => {
  const { query } = useLocation()
  const keys = heldKeys.value.filter((k) => k.service === "docs")
  const preferred = keys.find((k) => k.key_id === query.key) ?? keys.find((k) => k.owner === query.tenant) ?? keys[0]
  const [chosen, setChosen] = useState<string | undefined>(undefined)
  const key = keys.find((k) => k.key_id === chosen) ?? preferred
  const picker = (
    <div class="key-picker">
      <label for="docs-key">Tenant key</label>
      <select id="docs-key" value={key?.key_id ?? ""} onChange={(e) => setChosen(e.currentTarget.value)} aria-describedby="docs-key-help">
        {keys.length === 0 ? <option value="">no tenant key held in this tab</option> : null}
        {keys.map((k) => <option key={k.key_id} value={k.key_id}>{k.owner} · {k.key_id}</option>)}
      </select>
      <p id="docs-key-help" class="muted">
        The console calls the API with a key it created in this tab: <a href="/console/tenants">create a tenant or a key</a>.
      </p>
    </div>
  )
  return { key, picker }
}
