// The worker's entry point: a pool of long-lived Go instances of
// build/app.wasm (npm run build), each serving one request at a time
// through the binding of binding_js.go, and a queue of the requests that
// wait for one, in order.
//
// Starting Go, and every package's init, costs more CPU than a request
// itself: an instance serves request after request. It serves one at a
// time, with the tasks the request spawned, for the runtime refuses I/O
// that one request started on behalf of another, and an instance's
// goroutines go on wherever the event that woke them came from. An
// instance keeps its WebAssembly memory, which never shrinks, while it
// lives, and the isolate's 128 MB are shared by every instance: a few
// instances, each under a memory limit (main_js.go), and one that outgrew
// maxMemory is dropped after its request, as is one that exited.
import { DurableObject } from "cloudflare:workers";
import "./build/wasm_exec.js"; // Go's own loader: globalThis.Go
import app from "./build/app.wasm";

// maxInstances is the most Go instances an isolate keeps, and so the most
// requests it serves at once.
const maxInstances = 3;

// maxMemory is the most WebAssembly memory, in bytes, of an instance that
// goes back to the pool: main_js.go's soft limit of 16 MiB, and room (13
// MiB seen under load, bots included). The instances of an isolate hold
// at most maxInstances × maxMemory (72 MiB), and what one request grows
// beyond it, which leaves the rest of the 128 MB to JavaScript and the
// compiled code.
const maxMemory = 24 << 20;

// maxTurn is the longest, in milliseconds, that an instance serves a
// request and its tasks; one busy for longer is taken for lost (its
// request was cancelled under it) and forgotten.
const maxTurn = 120_000;

// The instances waiting for a request, and those serving one, with the
// time their turn began.
const free = [];
const busy = new Map();

// start starts a Go instance and returns it once main has set its binding.
// syumai's D1 driver reads the global `context` once, as its package
// starts, and the env in it when it connects: each instance has a context
// of its own, the global only while Go starts. main reads its settings in
// the env (LIMITS).
function start(env) {
  const go = new Go();
  const wasm = new WebAssembly.Instance(app, go.importObject);
  const inst = { go, memory: wasm.exports.mem, context: { binding: {}, env }, abort: null };
  // The handler tells of each commit (server.Config.Published): the
  // game's hub passes the news to its followers.
  inst.context.notify = (game) => notify(inst.context.env, inst.context.ctx, game);
  globalThis.context = inst.context;
  try {
    // run runs the inits and main until main waits for calls, then
    // returns a promise that resolves when the instance exits.
    go.run(wasm).then(() => inst.abort?.(new Error("the Go instance exited")));
  } finally {
    delete globalThis.context;
  }
  if (go.exited) {
    throw new Error("the Go instance exited as it started");
  }
  return inst;
}

// call calls a function of the instance's binding and returns a promise
// of what its promise resolves to, rejected if the instance exits first
// (or has exited: the call throws).
function call(inst, name, ...args) {
  return new Promise((resolve, reject) => {
    inst.abort = reject;
    inst.context.binding[name](...args).then(resolve, reject);
  });
}

// The tickets given to requests, and the ticket whose turn comes next:
// requests take an instance in the order they came. turn is about how
// long, in milliseconds, an instance's turn lasts (a moving average).
let tickets = 0;
let next = 0;
let turn = 20;

// take returns an instance for a request when the request's turn comes:
// a free one, or a new one. The runtime takes a request that awaits a
// promise another request resolves for hung, and cancels it: a waiting
// request looks again after a timer of its own, which the further back
// it is in the queue, the longer it waits, for every timer costs CPU.
async function take(env) {
  const ticket = tickets++;
  while (ticket !== next || (free.length === 0 && busy.size >= maxInstances)) {
    for (const [inst, since] of busy) {
      if (Date.now() - since > maxTurn) {
        console.error("a Go instance was lost: its turn began", (Date.now() - since) / 1000, "s ago");
        busy.delete(inst);
      }
    }
    const ahead = ticket - next; // the requests that take an instance first
    await new Promise((resolve) => setTimeout(resolve, Math.min(1 + (ahead * turn) / maxInstances, 100)));
  }
  next++;
  let inst = free.pop();
  while (inst?.go.exited) {
    inst = free.pop();
  }
  inst ??= start(env); // if it throws, the next request starts another
  busy.set(inst, Date.now());
  return inst;
}

// give puts back an instance whose turn is over, or drops it if it
// failed, exited or outgrew maxMemory.
function give(inst, failed) {
  inst.abort = null;
  const since = busy.get(inst);
  if (!busy.delete(inst)) {
    return; // lost already
  }
  turn += (Date.now() - since - turn) / 8;
  if (failed) {
    console.error("a Go instance failed:", failed);
  } else if (inst.memory.buffer.byteLength > maxMemory) {
    console.warn("a Go instance grew to", inst.memory.buffer.byteLength >> 20, "MiB, and is dropped");
  } else if (!inst.go.exited) {
    free.push(inst);
  }
}

// readBody returns the request's body, null if it has none, cut at limit
// bytes: the handler refuses a body as long.
async function readBody(req, limit) {
  if (req.body === null) {
    return null;
  }
  const length = req.headers.get("Content-Length");
  if (length !== null && Number(length) < limit) {
    return new Uint8Array(await req.arrayBuffer()); // the runtime holds the body to its length
  }
  const reader = req.body.getReader();
  const chunks = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  if (size >= limit) {
    await reader.cancel();
  }
  const body = new Uint8Array(size);
  chunks.reduce((at, chunk) => (body.set(chunk, at), at + chunk.byteLength), 0);
  return body.subarray(0, limit);
}

// headerLines returns headers as HTTP/1.1 writes them, a line each, and
// headersOf reads them back.
function headerLines(headers) {
  let lines = "";
  for (const [name, value] of headers) {
    lines += `${name}: ${value}\r\n`;
  }
  return lines;
}

function headersOf(lines) {
  const headers = new Headers();
  for (const line of lines.split("\r\n")) {
    const colon = line.indexOf(": ");
    if (colon > 0) {
      headers.append(line.slice(0, colon), line.slice(colon + 2));
    }
  }
  return headers;
}

// serve serves the request in the instance and returns the answer,
// {status, headers, body}; then waits for the tasks the request spawned
// (idle), and puts the instance back. The request lasts until then
// (waitUntil), even if its client goes away, so that the instance's I/O
// ends in the request that began it.
async function serve(inst, req, env, ctx) {
  let body;
  try {
    body = await readBody(req, inst.context.binding.maxBody);
  } catch (err) {
    give(inst);
    throw err;
  }
  inst.context.env = env;
  inst.context.ctx = ctx;
  let answer;
  try {
    answer = await call(inst, "handle", req.method, req.url, headerLines(req.headers), body);
  } catch (err) {
    give(inst, err);
    return { status: 500, headers: "Content-Type: application/json\r\n", body: '{"code":"internal","error":"the server failed"}' };
  }
  ctx.waitUntil(call(inst, "idle").then(() => give(inst), (err) => give(inst, err)));
  return answer;
}

// answer serves a request in an instance and returns its Response.
async function answer(req, env, ctx) {
  const inst = await take(env);
  const served = serve(inst, req, env, ctx);
  ctx.waitUntil(served.catch(() => {})); // the instance's turn outlasts a client that leaves
  const { status, headers, body } = await served;
  return new Response(body, { status, headers: headersOf(headers) });
}

// streamPath matches the path of a game's stream of live updates.
const streamPath = /^\/api\/games\/([^/]+)\/stream$/;

// hubOf returns the Durable Object that holds the streams of a game, or
// null without the binding (the streams then send the news they have and
// end, and their clients open them again).
function hubOf(env, game) {
  return env.HUB ? env.HUB.get(env.HUB.idFromName(game)) : null;
}

// notify tells the hub of a game that it changed.
function notify(env, ctx, game) {
  const hub = hubOf(env, game);
  if (hub && ctx) {
    ctx.waitUntil(hub.fetch("https://hub/notify", { method: "POST" }).catch((err) => console.error("notifying the hub:", err)));
  }
}

export default {
  async fetch(req, env, ctx) {
    const url = new URL(req.url);
    if (url.pathname.startsWith("/internal/")) {
      return new Response("not found", { status: 404 });
    }
    const stream = req.method === "GET" && streamPath.exec(url.pathname);
    const hub = stream && hubOf(env, decodeURIComponent(stream[1]));
    if (hub) {
      return hub.fetch(req);
    }
    return answer(req, env, ctx);
  },

  // scheduled runs the cron trigger's sweep (wrangler.toml): the bots of
  // games left waiting play, and expired games are deleted.
  async scheduled(event, env, ctx) {
    const resp = await answer(new Request("https://worker/internal/sweep", { method: "POST" }), env, ctx);
    if (!resp.ok) {
      console.error("the sweep failed:", resp.status, await resp.text());
    }
  },
};

// The most followers a game's hub serves, and the longest a stream lasts
// (its client then opens it again from its Last-Event-ID).
const maxFollowers = 256;
// The most streams of one client (CF-Connecting-IP) a game's hub serves,
// unless LIMITS's streamsPerClient says otherwise (-1: no limit).
const streamsPerClient = 16;
const maxStreamTime = 15 * 60_000;
const heartbeat = 15_000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// GameHub is the Durable Object of a game's live updates: it holds the
// streams of its followers, and when the worker tells it of a commit
// (notify), it asks the handler, in a Go instance of its own isolate, for
// the versions each follower has not read (GET …/stream?once=1 from its
// Last-Event-ID: as a follower reads them natively, every version once
// with its events) and writes them on. The handler checks each
// follower's token as it checks a read's.
export class GameHub extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    this.followers = new Set();
  }

  async fetch(req) {
    const url = new URL(req.url);
    if (url.pathname === "/notify") {
      for (const f of this.followers) {
        this.pump(f);
      }
      return new Response(null, { status: 204 });
    }
    if (this.followers.size >= maxFollowers) {
      return refusal(503, "server_is_busy", "the game has as many followers as the server allows; poll, or try again later");
    }
    const client = req.headers.get("CF-Connecting-IP") ?? "";
    const most = limitOf(this.env, "streamsPerClient", streamsPerClient);
    if (most >= 0 && [...this.followers].filter((f) => f.client === client).length >= most) {
      return refusal(429, "too_many_requests", `this client follows the game on as many streams as the server allows (${most})`);
    }
    const f = { url, client, auth: req.headers.get("Authorization"), last: req.headers.get("Last-Event-ID"), busy: false, again: false };
    const first = await this.read(f, "/api");
    if (first.status !== 200 || url.searchParams.get("once")) {
      // A refusal; or ?once=1, which answers a batch and ends, as natively.
      return new Response(first.body, { status: first.status, headers: headersOf(first.headers) });
    }
    const { readable, writable } = new TransformStream();
    f.writer = writable.getWriter();
    this.followers.add(f);
    this.send(f, first.body);
    if (first.body?.byteLength > 0) {
      this.pump(f); // an answer holds a batch: the rest follows
    }
    f.ping = setInterval(() => this.send(f, encoder.encode(": ping\n\n")), heartbeat);
    f.end = setTimeout(() => this.drop(f), maxStreamTime);
    return new Response(readable, {
      headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache, private", "X-Content-Type-Options": "nosniff" },
    });
  }

  // read asks the handler for the versions after the follower's last one,
  // and notes the last it answers.
  // The first read, through /api, counts as the client's request; the
  // others are the news of its stream, read through /internal/relay,
  // which counts them against no client's rate (main_js.go).
  async read(f, prefix = "/internal/relay") {
    const url = new URL(f.url);
    url.pathname = prefix + url.pathname.replace(/^\/api/, "");
    url.searchParams.set("once", "1");
    if (f.last !== null && f.read) {
      // The handler finds where to go on from the last version read
      // (Last-Event-ID), not from the opening request's.
      url.searchParams.delete("since");
      url.searchParams.delete("version");
    }
    const headers = new Headers();
    if (f.auth) {
      headers.set("Authorization", f.auth);
    }
    if (f.client) {
      headers.set("CF-Connecting-IP", f.client);
    }
    if (f.last !== null) {
      headers.set("Last-Event-ID", f.last);
    }
    const answer = await serve(await take(this.env), new Request(url, { headers }), this.env, this.ctx);
    if (answer.status === 200 && answer.body) {
      const ids = [...decoder.decode(answer.body).matchAll(/^id: (\d+)$/gm)];
      if (ids.length > 0) {
        f.last = ids.at(-1)[1];
      }
    }
    f.read = true;
    return answer;
  }

  // pump writes on the versions the follower has not read, once at a time:
  // an answer holds a batch (at most the server's events an answer), so it
  // reads until an answer brings nothing. A refusal (the follower's key
  // no longer reads the game: its seat went to another) ends the stream.
  async pump(f) {
    if (f.busy) {
      f.again = true;
      return;
    }
    f.busy = true;
    try {
      do {
        f.again = false;
        const answer = await this.read(f);
        if (answer.status !== 200) {
          this.drop(f);
          return;
        }
        if (answer.body?.byteLength > 0) {
          f.again = true;
        }
        await this.send(f, answer.body);
      } while (f.again && this.followers.has(f));
    } finally {
      f.busy = false;
    }
  }

  send(f, body) {
    if (!body || body.byteLength === 0 || !this.followers.has(f)) {
      return;
    }
    return f.writer.write(body).catch(() => this.drop(f));
  }

  drop(f) {
    if (this.followers.delete(f)) {
      clearInterval(f.ping);
      clearTimeout(f.end);
      f.writer.close().catch(() => {});
    }
  }
}

// refusal is an answer of the API's refusals: its status, code and why.
function refusal(status, code, error) {
  const headers = { "Content-Type": "application/json", "Retry-After": "10" };
  return new Response(JSON.stringify({ code, error }), { status, headers });
}

// limitOf returns the limit of that name in the LIMITS variable, or def.
function limitOf(env, name, def) {
  try {
    const v = JSON.parse(env.LIMITS ?? "{}")[name];
    return typeof v === "number" ? v : def;
  } catch {
    return def; // main_js.go refuses to start on a bad LIMITS
  }
}
