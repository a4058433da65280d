import { PGlite } from "@electric-sql/pglite"
const m0 = process.memoryUsage().rss
const t0 = Date.now()
const db = await PGlite.create()
console.log("create ms", Date.now()-t0, "rss MB", (process.memoryUsage().rss-m0)/1e6)
const show = async (label, f) => { try { console.log(label, JSON.stringify(await f()).slice(0,300)) } catch (e) { console.log(label, "ERR", e.message, e.code) } }
await db.exec(`create schema a; create schema b; create table b.secret(x int); insert into b.secret values (42); create table a.t(x int); insert into a.t values (1),(2);
create role r nologin; grant usage on schema a to r; grant select on a.t to r;
revoke execute on function pg_catalog.set_config(text,text,boolean) from public;`)
await show("has set_config", () => db.query(`select has_function_privilege('r','pg_catalog.set_config(text,text,boolean)','EXECUTE') as h`))
const run = async (label, sql, timeout=200) => show(label, () => db.transaction(async tx => {
  await tx.query(`set transaction read only`)
  await tx.query(`set local role r`)
  await tx.query(`set local search_path = a, pg_catalog`)
  await tx.query(`set local statement_timeout = ${timeout}`)
  await tx.query(`declare c no scroll cursor for ${sql}`)
  const r = await tx.query(`fetch 3 from c`)
  return r
}))
await run("select", "select * from t")
await run("secret", "select * from b.secret")
await run("setconfig", "select set_config('role','postgres',true)")
await run("insert", "insert into t values (3)")
await run("multi", "select 1; select 2")
await run("sleep", "select pg_sleep(3)")
await run("series", "select * from generate_series(1,100000000000)")
await run("readfile", "select pg_read_file('PG_VERSION')")
const t1 = Date.now(); await run("sleep2", "select pg_sleep(2)", 200); console.log("sleep took", Date.now()-t1)
console.log("rss MB", (process.memoryUsage().rss-m0)/1e6)
const db2 = await PGlite.create(); console.log("rss MB two", (process.memoryUsage().rss-m0)/1e6)
