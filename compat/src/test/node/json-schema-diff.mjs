// Runs Atlassian's json-schema-diff over version pairs: argv[2] is a JSON file holding
// [{"id", "source", "destination"}], the answer on stdout is [{"id", "removed", "added"}] or [{"id", "error"}],
// where "removed" means the destination accepts less than the source (a breaking change for readers of the
// source). Each pair runs in a worker stopped after argv[3] seconds (default 20): the tool's set arithmetic can
// take minutes on one pair, and a pair it cannot finish is an error, not a verdict.
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

const pairs = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const seconds = Number(process.argv[3] || 20);
const code = `
  const { parentPort, workerData } = require('node:worker_threads');
  const jsonSchemaDiff = require(workerData.module);
  jsonSchemaDiff.diffSchemas({ sourceSchema: workerData.source, destinationSchema: workerData.destination })
    .then(r => parentPort.postMessage({ removed: r.removalsFound, added: r.additionsFound }))
    .catch(e => parentPort.postMessage({ error: String(e && e.message ? e.message : e).slice(0, 300) }));
`;
const module = new URL('./node_modules/json-schema-diff/dist/api.js', import.meta.url).pathname;

function diff(p) {
  return new Promise(resolve => {
    const w = new Worker(code, { eval: true, workerData: { module, source: p.source, destination: p.destination } });
    const timer = setTimeout(() => {
      w.terminate();
      resolve({ error: `no answer in ${seconds} s` });
    }, seconds * 1000);
    w.once('message', m => { clearTimeout(timer); w.terminate(); resolve(m); });
    w.once('error', e => { clearTimeout(timer); resolve({ error: String(e).slice(0, 300) }); });
  });
}

const out = [];
for (const p of pairs) {
  out.push({ id: p.id, ...(await diff(p)) });
}
process.stdout.write(JSON.stringify(out));
