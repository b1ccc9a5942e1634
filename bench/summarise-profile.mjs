/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): the share of the samples each function takes by itself (self)
 * and with what it calls (inclusive), by name, file and line, largest first.
 *
 *   node bench/summarise-profile.mjs <file.cpuprofile> [top=40] [filter]
 *
 * Line numbers are the transformed code's: under tsx (which minifies whitespace) every function of a file is on
 * line 1, so profile with a loader that keeps lines when they matter.
 */
import { readFileSync } from 'node:fs';

const [file, top = '40', filter = ''] = process.argv.slice(2);
const prof = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const dt = new Map();
const { samples, timeDeltas } = prof;
for (let i = 0; i < samples.length; i++) dt.set(samples[i], (dt.get(samples[i]) ?? 0) + (timeDeltas[i] ?? 0));
const key = (n) => {
  const f = n.callFrame;
  const url = f.url.replace(/^.*\/(src|node_modules)\//, '$1/').replace(/^file:\/\//, '');
  return `${f.functionName || '(anon)'} ${url}:${f.lineNumber + 1}`;
};
const self = new Map(),
  incl = new Map();
let total = 0;
for (const [id, t] of dt) {
  total += t;
  const n = nodes.get(id);
  self.set(key(n), (self.get(key(n)) ?? 0) + t);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const k = key(nodes.get(cur));
    if (seen.has(k)) continue;
    seen.add(k);
    incl.set(k, (incl.get(k) ?? 0) + t);
  }
}
const pct = (t) => ((100 * t) / total).toFixed(1).padStart(5);
const show = (title, m) => {
  console.log(`\n== ${title} (total ${(total / 1000).toFixed(0)} ms)`);
  [...m]
    .filter(([k]) => k.includes(filter))
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(top))
    .forEach(([k, t]) => {
      console.log(`${pct(t)}%  ${k}`);
    });
};
show('self', self);
show('inclusive', incl);
