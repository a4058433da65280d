/**
 * A TCP proxy that can freeze: while frozen it still accepts connections and keeps the open ones,
 * but forwards nothing either way — the database as seen through a network partition (no reset,
 * no answer), the case where only timeouts keep requests from hanging.
 */
import { createServer, type Server, type Socket, connect } from "node:net"

export interface FreezableProxy {
  readonly port: number
  readonly freeze: () => void
  readonly thaw: () => void
  readonly close: () => Promise<void>
}

export const createProxy = async (targetPort: number): Promise<FreezableProxy> => {
  let frozen = false
  const sockets = new Set<Socket>()
  const paused: Array<() => void> = []
  const pipe = (from: Socket, to: Socket) => {
    from.on("data", (chunk) => {
      if (!frozen) to.write(chunk)
      else paused.push(() => to.write(chunk))
    })
    from.on("close", () => to.destroy())
    from.on("error", () => to.destroy())
  }
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, "127.0.0.1")
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on("close", () => sockets.delete(s))
    }
    pipe(client, upstream)
    pipe(upstream, client)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    port: (server.address() as { port: number }).port,
    freeze: () => {
      frozen = true
    },
    thaw: () => {
      frozen = false
      for (const write of paused.splice(0)) write()
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      })
  }
}
