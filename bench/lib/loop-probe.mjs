// Preloaded into a server the benchmark starts (`node --import <this> cli.js serve …`): a timer
// every 2 ms records the longest gap between two ticks (less the interval), the longest stretch
// the server's thread was held. On SIGUSR2 it prints `[loop-probe] longest <ms>` to stderr and
// starts over, so the benchmark can read the figure for each request. The timer is unref'd: it
// never keeps the server alive.
const INTERVAL_MS = 2;
let last = performance.now();
let longest = 0;
setInterval(() => {
  const now = performance.now();
  longest = Math.max(longest, now - last - INTERVAL_MS);
  last = now;
}, INTERVAL_MS).unref();
process.on('SIGUSR2', () => {
  const now = performance.now();
  process.stderr.write(`[loop-probe] longest ${Math.max(longest, now - last - INTERVAL_MS).toFixed(1)}\n`);
  longest = 0;
  last = now;
});
