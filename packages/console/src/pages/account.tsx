/**
 * One decision account: its API keys (create with the full key shown once, list with prefix and
 * status, revoke with a confirmation; creation unavailable at 3 active keys) and its billing
 * (tier, credit, top-up, unpaid invoice, custom limits).
 */
import { useRoute } from "preact-iso"
import { useEffect, useState } from "preact/hooks"
import type { Account, CreatedKey, KeyView } from "../api/admin.js"
import { admin, heldKeys, holdKey, rememberAccount } from "../api/session.js"
import { RevokeKeyDialog } from "../components/revoke-key-dialog.js"
import { CopyButton, ErrorNote, Loading, PageTitle, useAction, useLoad } from "../components/ui.js"

/** Spec 1, Authentication 4: an account holds at most 3 active keys. */
export const MAX_ACTIVE_KEYS = 3

const KeysCard = ({ accountId }: { readonly accountId: string }) => {
  const keys = useLoad(() => admin.value!.decision.listKeys(accountId), [accountId])
  const [name, setName] = useState("")
  const [created, setCreated] = useState<CreatedKey | null>(null)
  const [revoking, setRevoking] = useState<KeyView | null>(null)
  const action = useAction()
  const active = keys.data?.keys.filter((k) => k.status === "active").length ?? 0
  const atLimit = active >= MAX_ACTIVE_KEYS
  return (
    <section class="card" aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      {created === null ? null : (
        <div class="reveal" role="status" aria-live="polite">
          <p><strong>Key “{created.name}” created.</strong> Copy it now: it is shown in full only this once.</p>
          <p><code class="secret" data-testid="new-key">{created.key}</code></p>
          <div class="actions">
            <CopyButton text={created.key} label="Copy key" />
            <button type="button" onClick={() => setCreated(null)}>I have copied it</button>
          </div>
        </div>
      )}
      {keys.data === undefined ? <Loading /> : (
        <div class="table-wrap">
          <table>
            <caption class="sr-only">API keys of {accountId}</caption>
            <thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Status</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
            <tbody>
              {keys.data.keys.length === 0 ? <tr><td colSpan={4} class="muted">No keys yet.</td></tr> : null}
              {keys.data.keys.map((k) => (
                <tr key={k.key_id}>
                  <td>{k.name}</td>
                  <td><code>{k.prefix}…</code></td>
                  <td><span class={`badge ${k.status}`}>{k.status === "active" ? "Active" : "Revoked"}</span></td>
                  <td>
                    {k.status === "active"
                      ? <button type="button" class="danger" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>Revoke…</button>
                      : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form class="inline" onSubmit={(e) => {
        e.preventDefault()
        void action.run(async () => {
          const key = await admin.value!.decision.createKey(accountId, name.trim())
          holdKey({ service: "decision", key_id: key.key_id, owner: accountId, name: key.name, secret: key.key })
          setCreated(key)
          setName("")
          keys.reload()
        })
      }}>
        <label for="key-name">New key name</label>
        <input id="key-name" required maxLength={200} value={name} disabled={atLimit} onInput={(e) => setName(e.currentTarget.value)}
          aria-describedby="key-limit" />
        <button type="submit" disabled={atLimit || action.busy || name.trim() === ""}>Create key</button>
      </form>
      <p id="key-limit" class="muted">
        {atLimit
          ? `This account has ${MAX_ACTIVE_KEYS} active keys, the most it can hold: revoke one to create another.`
          : `${active} of ${MAX_ACTIVE_KEYS} active keys.`}
      </p>
      <ErrorNote error={action.error ?? keys.error} />
      <RevokeKeyDialog revoking={revoking} title={(key) => `Revoke “${key.name}”?`} revoke={(keyId) => admin.value!.decision.revokeKey(keyId)}
        onClose={() => setRevoking(null)} onRevoked={keys.reload} action={action}>
        {(key) => <p>Requests with <code>{key.prefix}…</code> will fail with 401 within 5 seconds. This cannot be undone; the key stays listed as revoked.</p>}
      </RevokeKeyDialog>
    </section>
  )
}

const BillingCard = ({ account, onChange }: { readonly account: Account; readonly onChange: (a: Account) => void }) => {
  const [amount, setAmount] = useState("100000")
  const [rpm, setRpm] = useState(account.custom_limits.rpm?.toString() ?? "")
  const [inFlight, setInFlight] = useState(account.custom_limits.in_flight?.toString() ?? "")
  const [unlimited, setUnlimited] = useState(account.custom_limits.unlimited)
  const action = useAction()
  const update = (run: () => Promise<Account>) => action.run(async () => onChange(await run()))
  const cp = admin.value!.decision
  return (
    <section class="card" aria-labelledby="billing-title">
      <h2 id="billing-title">Billing</h2>
      <dl class="facts">
        <dt>Tier</dt>
        <dd data-testid="tier">{account.tier}</dd>
        <dt>Credit</dt>
        <dd data-testid="credit">{account.credit.toLocaleString("en-US")} tokens</dd>
        <dt>Invoice</dt>
        <dd data-testid="invoice">{account.unpaid_invoice ? "unpaid: evaluations answer 402 payment_required" : "paid"}</dd>
        <dt>Rate limits</dt>
        <dd>
          {account.custom_limits.unlimited
            ? "unlimited (shared pools still apply)"
            : `${account.custom_limits.rpm ?? (account.tier === "paid" ? 600 : 120)} requests/min, ${account.custom_limits.in_flight ?? (account.tier === "paid" ? 16 : 8)} in flight`}
        </dd>
      </dl>
      <form class="inline" onSubmit={(e) => {
        e.preventDefault()
        void update(() => cp.topUp(account.account_id, Number(amount)))
      }}>
        <label for="top-up">Top up (tokens)</label>
        <input id="top-up" type="number" min="1" step="1" required value={amount} onInput={(e) => setAmount(e.currentTarget.value)} />
        <button type="submit" disabled={action.busy}>Top up</button>
      </form>
      <p class="muted">A completed top-up makes a free account paid, for good.</p>
      <div class="actions">
        <button type="button" disabled={action.busy}
          onClick={() => update(() => cp.updateAccount(account.account_id, { unpaid_invoice: !account.unpaid_invoice }))}>
          {account.unpaid_invoice ? "Mark the invoice paid" : "Raise an unpaid invoice"}
        </button>
      </div>
      <form onSubmit={(e) => {
        e.preventDefault()
        void update(() =>
          cp.updateAccount(account.account_id, {
            custom_limits: { unlimited, rpm: rpm === "" ? null : Number(rpm), in_flight: inFlight === "" ? null : Number(inFlight) }
          })
        )
      }}>
        <fieldset>
          <legend>Custom limits (empty keeps the tier's)</legend>
          <label class="check">
            <input type="checkbox" checked={unlimited} onChange={(e) => setUnlimited(e.currentTarget.checked)} /> Unlimited
          </label>
          <label for="custom-rpm">Requests per minute</label>
          <input id="custom-rpm" type="number" min="0" step="1" value={rpm} onInput={(e) => setRpm(e.currentTarget.value)} />
          <label for="custom-inflight">In flight</label>
          <input id="custom-inflight" type="number" min="0" step="1" value={inFlight} onInput={(e) => setInFlight(e.currentTarget.value)} />
          <button type="submit" disabled={action.busy}>Save limits</button>
        </fieldset>
      </form>
      <ErrorNote error={action.error} />
    </section>
  )
}

export const AccountPage = () => {
  const { params } = useRoute()
  const id = params.id
  const account = useLoad(() => admin.value!.decision.getAccount(id), [id])
  useEffect(() => {
    if (account.data !== undefined) rememberAccount(account.data.account_id)
  }, [account.data?.account_id])
  const held = heldKeys.value.filter((k) => k.service === "decision" && k.owner === id)
  return (
    <>
      <PageTitle lead={<>All keys of an account and the <a href={`/console/playground?account=${encodeURIComponent(id)}`}>Playground</a> share its credit and counters.</>}>
        Account <code>{id}</code>
      </PageTitle>
      <ErrorNote error={account.error} />
      {account.data === undefined ? (account.error === undefined ? <Loading /> : null) : (
        <div class="grid">
          <KeysCard accountId={id} />
          <BillingCard account={account.data} onChange={account.set} />
        </div>
      )}
      {held.length === 0 ? null : <p class="muted">{held.length} of this account's keys are held in full in this tab for the Playground.</p>}
    </>
  )
}
