/**
 * One tenant: its limits (credits, paid usage, RPM, concurrent jobs, sync waits), and its keys:
 * create one with access labels (the full key shown once), revoke one after a confirmation. The
 * control plane lists no tenant keys, so the keys shown are the ones created in this tab.
 */
import { useLocation, useRoute } from "preact-iso"
import { useEffect, useState } from "preact/hooks"
import type { Tenant } from "../api/admin.js"
import { admin, type HeldKey, heldKeys, holdKey, rememberTenant } from "../api/session.js"
import { RevokeKeyDialog } from "../components/revoke-key-dialog.js"
import { CopyButton, ErrorNote, Loading, PageTitle, useAction, useLoad } from "../components/ui.js"

const LimitsCard = ({ tenant, onChange }: { readonly tenant: Tenant; readonly onChange: (t: Tenant) => void }) => {
  const [draft, setDraft] = useState({
    credits: String(tenant.credits),
    rpm: String(tenant.rpm),
    concurrent_jobs: String(tenant.concurrent_jobs),
    sync_waits: String(tenant.sync_waits),
    paid_usage: tenant.paid_usage
  })
  const [saved, setSaved] = useState(false)
  const action = useAction()
  const field = (name: "credits" | "rpm" | "concurrent_jobs" | "sync_waits", label: string) => (
    <>
      <label for={`tenant-${name}`}>{label}</label>
      <input id={`tenant-${name}`} type="number" min="0" step="1" required value={draft[name]}
        onInput={(e) => {
          setSaved(false)
          setDraft({ ...draft, [name]: e.currentTarget.value })
        }} />
    </>
  )
  return (
    <form class="card" onSubmit={(e) => {
      e.preventDefault()
      void action.run(async () => {
        onChange(await admin.value!.docs.updateTenant(tenant.tenant_id, {
          credits: Number(draft.credits),
          rpm: Number(draft.rpm),
          concurrent_jobs: Number(draft.concurrent_jobs),
          sync_waits: Number(draft.sync_waits),
          paid_usage: draft.paid_usage
        }))
        setSaved(true)
      })
    }}>
      <h2>Credits and limits</h2>
      {field("credits", "Credits")}
      {field("rpm", "Requests per minute")}
      {field("concurrent_jobs", "Concurrent jobs")}
      {field("sync_waits", "Concurrent sync waits")}
      <label class="check">
        <input type="checkbox" checked={draft.paid_usage} onChange={(e) => setDraft({ ...draft, paid_usage: e.currentTarget.checked })} /> Paid usage
      </label>
      <button type="submit" disabled={action.busy}>Save limits</button>
      <p role="status" class="muted">{saved ? "Saved." : ""}</p>
      <ErrorNote error={action.error} />
    </form>
  )
}

const KeysCard = ({ tenantId, justCreated }: { readonly tenantId: string; readonly justCreated: string | undefined }) => {
  const [labels, setLabels] = useState("")
  const [shown, setShown] = useState<HeldKey | null>(null)
  const [revoking, setRevoking] = useState<HeldKey | null>(null)
  const action = useAction()
  const keys = heldKeys.value.filter((k) => k.service === "docs" && k.owner === tenantId)
  useEffect(() => {
    const created = keys.find((k) => k.key_id === justCreated)
    if (created !== undefined) setShown(created)
  }, [justCreated])
  return (
    <section class="card" aria-labelledby="tenant-keys-title">
      <h2 id="tenant-keys-title">Keys</h2>
      {shown === null ? null : (
        <div class="reveal" role="status">
          <p><strong>Key {shown.key_id} created.</strong> Copy it now: it is shown in full only this once.</p>
          <p><code class="secret" data-testid="new-docs-key">{shown.secret}</code></p>
          <div class="actions">
            <CopyButton text={shown.secret} label="Copy key" />
            <button type="button" onClick={() => setShown(null)}>I have copied it</button>
          </div>
        </div>
      )}
      {keys.length === 0 ? <p class="muted">No key of this tenant is held in this tab.</p> : (
        <ul class="plain">
          {keys.map((k) => (
            <li key={k.key_id}>
              <code>{k.key_id}</code> · <code>{k.secret.slice(0, 10)}…</code>{" "}
              <button type="button" class="danger" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.key_id}`}>Revoke…</button>
            </li>
          ))}
        </ul>
      )}
      <form class="inline" onSubmit={(e) => {
        e.preventDefault()
        void action.run(async () => {
          const accessLabels = labels.split(",").map((l) => l.trim()).filter((l) => l !== "")
          const created = await admin.value!.docs.createKey(tenantId, accessLabels)
          const held: HeldKey = {
            service: "docs",
            key_id: created.key_id,
            owner: tenantId,
            name: accessLabels.length === 0 ? "no labels" : accessLabels.join(", "),
            secret: created.api_key
          }
          holdKey(held)
          setShown(held)
          setLabels("")
        })
      }}>
        <label for="key-labels">Access labels of a new key (comma-separated, optional)</label>
        <input id="key-labels" value={labels} onInput={(e) => setLabels(e.currentTarget.value)} />
        <button type="submit" disabled={action.busy}>Create key</button>
      </form>
      <ErrorNote error={action.error} />
      <RevokeKeyDialog revoking={revoking} title={(key) => `Revoke ${key.key_id}?`} revoke={(keyId) => admin.value!.docs.revokeKey(keyId)}
        onClose={() => setRevoking(null)} action={action}>
        {() => <p>The next request with this key gets 401. This cannot be undone.</p>}
      </RevokeKeyDialog>
    </section>
  )
}

export const TenantPage = () => {
  const { params } = useRoute()
  const { query } = useLocation()
  const id = params.id
  const tenant = useLoad(() => admin.value!.docs.getTenant(id), [id])
  useEffect(() => {
    if (tenant.data !== undefined) rememberTenant(tenant.data.tenant_id)
  }, [tenant.data?.tenant_id])
  return (
    <>
      <PageTitle lead={<>Its jobs: <a href={`/console/jobs?tenant=${encodeURIComponent(id)}`}>Jobs</a> · <a href={`/console/usage?tenant=${encodeURIComponent(id)}`}>Usage</a></>}>
        Tenant <code>{id}</code>
      </PageTitle>
      <ErrorNote error={tenant.error} />
      {tenant.data === undefined ? (tenant.error === undefined ? <Loading /> : null) : (
        <div class="grid">
          <KeysCard tenantId={id} justCreated={query.created} />
          <LimitsCard tenant={tenant.data} onChange={tenant.set} />
        </div>
      )}
    </>
  )
}
