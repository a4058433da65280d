/**
 * An access label of a tenant's catalog (spec 3, "Access label"): a name a workspace declares and
 * a key is granted, and a description that is the access-label classifier's prompt.
 */
export const ACCESS_LABEL_NAME_PATTERN = /^[a-z0-9]+(?:_[a-z0-9]+)*$/
export const ACCESS_LABEL_NAME_MAX = 64
export const ACCESS_LABEL_DESCRIPTION_MAX = 2000

export interface AccessLabel {
  readonly access_label_id: string
  readonly tenant_id: string
  readonly name: string
  readonly description: string
  readonly created_at: number
  readonly updated_at: number
}

/** The label as the API shows it. */
export const accessLabelView = (l: AccessLabel) => ({
  access_label_id: l.access_label_id,
  name: l.name,
  description: l.description,
  created_at: new Date(l.created_at).toISOString(),
  updated_at: new Date(l.updated_at).toISOString()
})
