/** One workspace file (where search evidence links to): its detail, metadata, and its signed preview and download links. */
import { useRoute } from "preact-iso"
import { fileMetadata, getFile } from "../api/workspaces.js"
import { useDocsKey } from "../components/docs-key.js"
import { ErrorNote, Loading, PageTitle, useLoad } from "../components/ui.js"
import { WorkspaceNav } from "../components/workspace-nav.js"

export const WorkspaceFilePage = () => {
  const { params } = useRoute()
  const { key } = useDocsKey()
  const file = useLoad(async () => (key === undefined ? undefined : getFile(key.secret, params.id, params.file_id)), [params.file_id, key?.key_id])
  const metadata = useLoad(async () => (key === undefined ? undefined : fileMetadata(key.secret, params.id, params.file_id)), [params.file_id, key?.key_id])
  return (
    <>
      <PageTitle>{file.data?.path ?? <code>{params.file_id}</code>}</PageTitle>
      <WorkspaceNav id={params.id} keyId={key?.key_id} />
      <ErrorNote error={file.error ?? metadata.error} />
      {file.data === undefined ? (file.error === undefined ? <Loading /> : null) : (
        <section class="card">
          <dl class="facts">
            <dt>Ingestion</dt><dd data-testid="file-status">{file.data.ingestion_status}</dd>
            <dt>Type</dt><dd>{file.data.file_type}</dd>
            <dt>Category</dt><dd>{file.data.category ?? "—"}</dd>
            <dt>Access label</dt><dd>{file.data.access_label ?? "—"}</dd>
            <dt>Version</dt><dd>{file.data.version}</dd>
          </dl>
          <div class="actions">
            {file.data.preview_url === undefined ? null : <a href={file.data.preview_url} target="_blank" rel="noreferrer">Preview</a>}
            {file.data.download_url === undefined ? null : <a href={file.data.download_url}>Download</a>}
          </div>
        </section>
      )}
      {metadata.data === undefined ? null : (
        <section class="card">
          <h2>Metadata</h2>
          <pre tabIndex={0} aria-label="File metadata">{JSON.stringify(metadata.data, null, 2)}</pre>
        </section>
      )}
    </>
  )
}
