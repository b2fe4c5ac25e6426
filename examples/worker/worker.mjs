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

export default {
  async fetch(req, env, ctx) {
    const inst = await take(env);
    const answer = serve(inst, req, env, ctx);
    ctx.waitUntil(answer.catch(() => {})); // the instance's turn outlasts a client that leaves
    const { status, headers, body } = await answer;
    return new Response(body, { status, headers: headersOf(headers) });
  },
};
