/**
 * A downstream app's own code: it calls the decision service over fetch. In production `fetch`
 * is the global one and `baseUrl` the real service; in tests it is Docket's in-process handler.
 */
export interface RiskClientOptions {
  readonly baseUrl: string
  readonly apiKey: string
  readonly fetch?: (request: Request) => Promise<Response>
}

export class RateLimitedError extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`rate limited, retry after ${retryAfterMs} ms`)
  }
}

export const makeRiskClient = (options: RiskClientOptions) => {
  const doFetch = options.fetch ?? ((r: Request) => fetch(r))
  return {
    /** probability that the message needs a human */
    needsHuman: async (message: string): Promise<number> => {
      const response = await doFetch(
        new Request(`${options.baseUrl}/v1/systemone`, {
          method: "POST",
          headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({
            state: { message },
            questions: { human: { type: "noul", criteria: { true: "angry customer, complaint, refund, lawyer" } } }
          })
        })
      )
      if (response.status === 429) throw new RateLimitedError(Number(response.headers.get("retry-after-ms")))
      if (!response.ok) throw new Error(`decision service answered ${response.status}`)
      const body = (await response.json()) as { answers: { human: { noul: number } } }
      return body.answers.human.noul
    }
  }
}
