import { PageTitle } from "../components/ui.js"

export const NotFoundPage = () => (
  <>
    <PageTitle>Not found</PageTitle>
    <p>No console page has this address. <a href="/console/">Back to the overview</a>.</p>
  </>
)
