// The worker's entry point: the glue of github.com/syumai/workers
// (build/worker.mjs, written by npm run build), which starts a fresh Go
// instance for each request, behind a queue that lets at most
// maxInstances requests run at once in this isolate.
//
// The instances of an isolate share its memory (128 MB), and each holds
// about 9 MB of WebAssembly memory until the isolate's garbage collector
// frees it. With fifty requests at once, each in an instance of its own,
// wrangler dev now and then answered some of them 503 ("Your worker
// restarted mid-request"); a few at once serve as many requests a second,
// and a request that waits its turn holds no instance.
import worker from "./build/worker.mjs";

// maxInstances is the most requests that run at once in one isolate.
const maxInstances = 4;

// The requests running, the tickets given, and the ticket whose turn
// comes next: requests run in the order they came.
let running = 0;
let tickets = 0;
let next = 0;

// turn resolves when the request may run. The runtime takes a request
// that awaits a promise another request resolves for hung, and cancels
// it: a waiting request looks again after a timer of its own.
async function turn() {
  const ticket = tickets++;
  while (ticket !== next || running >= maxInstances) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  next++;
  running++;
}

export default {
  async fetch(req, env, ctx) {
    await turn();
    try {
      return await worker.fetch(req, env, ctx);
    } finally {
      running--;
    }
  },
};
