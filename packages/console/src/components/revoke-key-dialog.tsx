/**
 * The confirmation before a key is revoked (an account's and a tenant's): on confirm the key is
 * revoked through the control plane, dropped from the keys held in this tab, and `onRevoked`
 * runs; a failure shows where `action` shows its errors.
 */
import type { ComponentChildren } from "preact"
import { dropKey } from "../api/session.js"
import { ConfirmDialog, type useAction } from "./ui.js"

export const RevokeKeyDialog = <K extends { readonly key_id: string }>(props: {
  /** the key asked about; null when the dialog is closed */
  readonly revoking: K | null
  readonly title: (key: K) => string
  /** what revoking it means, for this kind of key */
  readonly children: (key: K) => ComponentChildren
  readonly revoke: (keyId: string) => Promise<unknown>
  readonly onClose: () => void
  readonly onRevoked?: () => void
  readonly action: ReturnType<typeof useAction>
}) => {
  const key = props.revoking
  return (
    <ConfirmDialog
      open={key !== null}
      title={key === null ? "" : props.title(key)}
      confirmLabel="Revoke key"
      onCancel={props.onClose}
      onConfirm={() => {
        if (key === null) return
        props.onClose()
        void props.action.run(async () => {
          await props.revoke(key.key_id)
          dropKey(key.key_id)
          props.onRevoked?.()
        })
      }}
    >
      {key === null ? null : props.children(key)}
    </ConfirmDialog>
  )
}
