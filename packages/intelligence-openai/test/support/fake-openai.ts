/**
 * A fake OpenAI-compatible server for the tests: `POST /v1/chat/completions` and
 * `POST /v1/embeddings` on node:http (port 0). It records every request, answers chats with what
 * `chat` returns for the request body (by default: a deterministic reply chosen from the prompt),
 * embeddings with `embed`, and can be told to misbehave for the next requests (`failNext`): a
 * status, a body that is not JSON, or no answer at all (`hang`, ended only by `close`).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly headers: IncomingHttpHeaders
  readonly body: any
}

export interface TopLogprob {
  readonly token: string
  readonly logprob: number
}

export interface TokenLogprob extends TopLogprob {
  readonly top_logprobs: ReadonlyArray<TopLogprob>
}

export interface ChatReply {
  /** the message content; an object is sent as its JSON */
  readonly content: string | object
  readonly logprobs?: ReadonlyArray<TokenLogprob> | null
  readonly finish_reason?: string
  readonly refusal?: string
  /** function calls (arguments: an object is sent as its JSON text) */
  readonly tool_calls?: ReadonlyArray<{ readonly name: string; readonly arguments: string | object }>
}

export type Misbehaviour =
  | { readonly kind: "status"; readonly status: number; readonly body?: string }
  | { readonly kind: "malformed" }
  | { readonly kind: "hang" }

export interface FakeOpenAi {
  /** the base URL to configure: `http://127.0.0.1:<port>/v1` */
  readonly url: string
  readonly requests: Array<RecordedRequest>
  /** chat requests only */
  readonly chats: () => Array<RecordedRequest>
  chat: (body: any) => ChatReply
  embed: (input: ReadonlyArray<string>, body: any) => Array<Array<number>>
  readonly failNext: (...behaviours: Array<Misbehaviour>) => void
  /** forgets requests and misbehaviours, restores the default handlers */
  readonly reset: () => void
  readonly close: () => Promise<void>
}

/** The user message of a chat request. */
export const userPrompt = (body: any): string => body.messages.find((m: any) => m.role === "user")?.content ?? ""

/** A one-token answer with the given top logprobs (the first one is the token generated). */
export const oneToken = (top: ReadonlyArray<TopLogprob>): ChatReply => ({
  content: top[0]!.token,
  logprobs: [{ token: top[0]!.token, logprob: top[0]!.logprob, top_logprobs: top }]
})

/** Deterministic vectors: 8 numbers from the text's characters (not normalized). */
export const fakeVector = (text: string, dims = 8): Array<number> => {
  const v: Array<number> = new Array<number>(dims).fill(0)
  for (let i = 0; i < text.length; i++) v[(text.charCodeAt(i) * 31 + i) % dims]! += 1 + (text.charCodeAt(i) % 7)
  if (Math.max(...v) === 0) v[0] = 1
  return v
}

const defaultChat = (body: any): ChatReply => {
  const name = body.response_format?.json_schema?.name
  const user = userPrompt(body)
  if (name === "classification") {
    return { content: { categories: [], freeform: "fake document", freeform_confidence: 0.5, summary: "A document." } }
  }
  if (name === "segmentation") {
    const pages = Number(/The (\d+) pages below/.exec(user)?.[1] ?? "1")
    return { content: { segments: [{ page_start: 1, page_end: pages, categories: [], freeform: "fake", freeform_confidence: 0.5, summary: "S." }] } }
  }
  // a catalog read of an ingested file: nothing stated
  if (name === "catalog") return { content: { cells: [] } }
  if (body.logprobs === true) return oneToken([{ token: "yes", logprob: -0.105 }, { token: "no", logprob: -2.303 }])
  return { content: {} }
}

const defaultEmbed = (input: ReadonlyArray<string>) => input.map((t) => fakeVector(t))

export const startFakeOpenAi = async (): Promise<FakeOpenAi> => {
  const requests: Array<RecordedRequest> = []
  let queue: Array<Misbehaviour> = []
  const hanging = new Set<ServerResponse>()
  const send = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { "content-type": "application/json" })
    res.end(body)
  }
  const server = createServer((req, res) => {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8")
      let body: any
      try {
        body = raw === "" ? undefined : JSON.parse(raw)
      } catch {
        body = raw
      }
      const path = req.url ?? ""
      requests.push({ method: req.method ?? "", path, headers: req.headers, body })
      const misbehaviour = queue.shift()
      if (misbehaviour !== undefined) {
        switch (misbehaviour.kind) {
          case "hang":
            hanging.add(res)
            return
          case "malformed":
            return send(res, 200, "{\"choices\": [ this is not json")
          case "status":
            return send(res, misbehaviour.status, misbehaviour.body ?? JSON.stringify({ error: { message: `fake failure ${misbehaviour.status}`, type: "server_error" } }))
        }
      }
      try {
        if (req.method === "POST" && path === "/v1/chat/completions") {
          const reply = fake.chat(body)
          return send(res, 200, JSON.stringify({
            id: "chatcmpl-fake",
            object: "chat.completion",
            created: 0,
            model: body.model,
            choices: [{
              index: 0,
              message: {
                role: "assistant",
                content: typeof reply.content === "string" ? reply.content : JSON.stringify(reply.content),
                refusal: reply.refusal ?? null,
                ...(reply.tool_calls === undefined ? {} : {
                  tool_calls: reply.tool_calls.map((c, i) => ({
                    id: `call_fake_${i}`,
                    type: "function",
                    function: { name: c.name, arguments: typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments) }
                  }))
                })
              },
              logprobs: reply.logprobs === undefined || reply.logprobs === null ? null : { content: reply.logprobs },
              finish_reason: reply.finish_reason ?? "stop"
            }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 }
          }))
        }
        if (req.method === "POST" && path === "/v1/embeddings") {
          const input: Array<string> = Array.isArray(body.input) ? body.input : [body.input]
          const vectors = fake.embed(input, body)
          return send(res, 200, JSON.stringify({
            object: "list",
            model: body.model,
            data: vectors.map((embedding, index) => ({ object: "embedding", index, embedding })),
            usage: { prompt_tokens: 1, total_tokens: 1 }
          }))
        }
        send(res, 404, JSON.stringify({ error: { message: `no route ${req.method} ${path}` } }))
      } catch (e) {
        send(res, 500, JSON.stringify({ error: { message: `fake handler threw: ${String(e)}` } }))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  const fake: FakeOpenAi = {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    chats: () => requests.filter((r) => r.path === "/v1/chat/completions"),
    chat: defaultChat,
    embed: defaultEmbed,
    failNext: (...behaviours) => {
      queue.push(...behaviours)
    },
    reset: () => {
      requests.length = 0
      queue = []
      fake.chat = defaultChat
      fake.embed = defaultEmbed
    },
    close: async () => {
      for (const res of hanging) res.destroy()
      hanging.clear()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
  return fake
}
