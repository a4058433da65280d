/** The admin token, typed once per tab: checked against `/_admin`, then kept in sessionStorage. */
import { useState } from "preact/hooks"
import { checkToken } from "../api/admin.js"
import { signIn } from "../api/session.js"
import { useAction } from "../components/ui.js"

export const SignInPage = () => {
  const [value, setValue] = useState("")
  const [problem, setProblem] = useState<string | null>(null)
  const action = useAction()
  const submit = (e: Event) => {
    e.preventDefault()
    setProblem(null)
    void action.run(async () => {
      const answer = await checkToken(value.trim())
      if (answer === "ok") signIn(value.trim())
      else {
        setProblem(
          answer === "disabled"
            ? "The control plane is disabled on this server: start it with DOCKET_ADMIN_TOKEN set."
            : "That is not this server's admin token (DOCKET_ADMIN_TOKEN)."
        )
      }
    })
  }
  return (
    <form class="card sign-in-form" onSubmit={submit}>
      <h1>Docket console</h1>
      <p class="muted">Sign in with the server's admin token (the value of <code>DOCKET_ADMIN_TOKEN</code>). It is kept in this tab only.</p>
      <label for="admin-token">Admin token</label>
      <input
        id="admin-token"
        type="password"
        autocomplete="current-password"
        required
        value={value}
        onInput={(e) => setValue(e.currentTarget.value)}
      />
      <button type="submit" disabled={action.busy || value.trim() === ""}>Sign in</button>
      {problem === null ? null : <p class="error" role="alert">{problem}</p>}
      {action.error === undefined ? null : <p class="error" role="alert">The server did not answer: {String(action.error)}</p>}
    </form>
  )
}
