// Checks every output file of one encode format with that format's own reference tools, in one process per
// batch (docs/fidelity.md, "Reference tools"). Usage: node check-outputs.mjs <target> <folder> <corpus>
// Prints one JSON array on stdout: {file, tool, ok, message} per file and tool. A file is accepted when every
// tool of its target accepts it.
import { readFileSync, readdirSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { join, basename } from 'node:path';
import { spawnSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const here = fileURLToPath(new URL('.', import.meta.url));
const [target, folder, corpus] = process.argv.slice(2);
const files = readdirSync(folder).filter((f) => !f.startsWith('.')).sort();
const verdicts = [];

function verdict(file, tool, fn) {
  try {
    const problem = fn();
    verdicts.push({ file, tool, ok: !problem, message: problem || '' });
  } catch (e) {
    verdicts.push({ file, tool, ok: false, message: String(e && e.message ? e.message : e).slice(0, 600) });
  }
}

async function verdictAsync(file, tool, fn) {
  try {
    const problem = await fn();
    verdicts.push({ file, tool, ok: !problem, message: problem || '' });
  } catch (e) {
    verdicts.push({ file, tool, ok: false, message: String(e && e.message ? e.message : e).slice(0, 600) });
  }
}

const text = (f) => readFileSync(join(folder, f), 'utf8');
const json = (p) => JSON.parse(readFileSync(p, 'utf8'));

function ajvErrors(errors) {
  return (errors || []).slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message}`
    + (e.params && e.params.additionalProperty ? ` (${e.params.additionalProperty})` : '')).join('; ');
}

/** A validator of documents against one JSON Schema, by the schema's own draft. */
function documentValidator(schemaPath, draft) {
  const Ajv = draft === '2019' ? require('ajv/dist/2019').default : require('ajv/dist/2020').default;
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  require('ajv-formats').default(ajv);
  const schema = json(schemaPath);
  delete schema.$schema; // the class above is the draft; a $schema the class does not bundle would not resolve
  return ajv.compile(schema);
}

function yamlDocument(t) {
  const YAML = require('yaml');
  // YAML 1.2 core schema, as the formats' documents are written; a duplicate key or bad syntax throws
  const doc = YAML.parseDocument(t, { version: '1.2', schema: 'core', uniqueKeys: true });
  if (doc.errors.length) {
    throw new Error(doc.errors[0].message);
  }
  return doc.toJS({ maxAliasCount: 0 });
}

function validateWith(validate, doc) {
  return validate(doc) ? '' : ajvErrors(validate.errors);
}

async function main() {
  switch (target) {
    case 'jsonschema': {
      const Ajv2020 = require('ajv/dist/2020').default;
      const addFormats = require('ajv-formats').default;
      // the meta-schema check keeps nothing of the output, so one instance serves every output; compiling the
      // 2020-12 meta-schemas in a fresh instance per output was most of this target's time
      const meta = new Ajv2020({ strict: false, validateFormats: true });
      addFormats(meta);
      for (const f of files) {
        verdict(f, 'ajv 2020-12 meta-schema', () => {
          const schema = JSON.parse(text(f));
          return meta.validateSchema(schema) ? '' : ajvErrors(meta.errors);
        });
        // a fresh instance per output for the compile: each output's $id and $anchor stand alone. The
        // meta-schema check is the one above, not repeated here.
        const ajv = new Ajv2020({ strict: false, validateFormats: true, validateSchema: false });
        addFormats(ajv);
        verdict(f, 'ajv compile ($ref resolved)', () => {
          const schema = JSON.parse(text(f));
          // an output that is itself one of the meta-schemas ajv holds (a 2020-12 vocabulary meta-schema) takes
          // the place of ajv's copy, so it is compiled as written rather than refused as a duplicate $id
          if (schema && typeof schema.$id === 'string' && ajv.getSchema(schema.$id)) {
            ajv.removeSchema(schema.$id);
          }
          ajv.compile(schema);
          return '';
        });
      }
      break;
    }
    case 'linkml': {
      const validate = documentValidator(join(corpus, 'linkml/linkml-model/linkml_model/jsonschema/meta.schema.json'),
        '2020');
      for (const f of files) {
        verdict(f, 'ajv LinkML meta.schema.json', () => validateWith(validate, yamlDocument(text(f))));
      }
      break;
    }
    case 'odcs': {
      const validate = documentValidator(join(corpus, 'odcs/schema/odcs-json-schema-v3.1.0.json'), '2019');
      for (const f of files) {
        verdict(f, 'ajv ODCS v3.1.0 JSON Schema', () => validateWith(validate, yamlDocument(text(f))));
      }
      break;
    }
    case 'osi':
    case 'osi-json': {
      const v011 = documentValidator(join(corpus, 'osi/osi-0.1.1/core-spec/osi-schema.json'), '2020');
      const v02 = documentValidator(join(corpus, 'osi/ossie-0.2.0.dev0/core-spec/osi-schema.json'), '2020');
      for (const f of files) {
        verdict(f, 'ajv OSI osi-schema.json', () => {
          const doc = target === 'osi' ? yamlDocument(text(f)) : JSON.parse(text(f));
          return validateWith(String(doc.version) === '0.1.1' ? v011 : v02, doc);
        });
      }
      break;
    }
    case 'synapse': {
      // Synapse registers draft-07 JSON Schemas; each output is one schema or a list of them
      const Ajv = require('ajv').default;
      const ajv = new Ajv({ strict: false, validateFormats: true });
      require('ajv-formats').default(ajv);
      for (const f of files) {
        verdict(f, 'ajv draft-07 meta-schema', () => {
          const doc = JSON.parse(text(f));
          const schemas = Array.isArray(doc) ? doc : doc.schemas && Array.isArray(doc.schemas) ? doc.schemas : [doc];
          for (const s of schemas) {
            const body = s && s.schema && typeof s.schema === 'object' ? s.schema : s;
            if (!ajv.validateSchema(body)) {
              return ajvErrors(ajv.errors);
            }
          }
          return '';
        });
      }
      break;
    }
    case 'jtd': {
      await checkJtd();
      break;
    }
    case 'shex': {
      const parser = require('@shexjs/parser');
      for (const f of files) {
        verdict(f, '@shexjs/parser', () => {
          parser.construct('http://example.org/base/', {}, {}).parse(text(f));
          return '';
        });
      }
      break;
    }
    case 'protobuf': {
      const protobuf = require('protobufjs');
      for (const f of files) {
        verdict(f, 'protobufjs', () => {
          protobuf.parse(text(f), { keepCase: true });
          return '';
        });
      }
      bufBuild();
      break;
    }
    case 'jsonld': {
      const jsonld = (await import('jsonld')).default;
      // an output must stand alone: a remote context would be a network fetch, refused here
      const documentLoader = async (url) => {
        throw new Error(`remote context ${url} not loaded`);
      };
      for (const f of files) {
        await verdictAsync(f, 'jsonld.js expand + toRDF', async () => {
          const doc = JSON.parse(text(f));
          await jsonld.expand(doc, { documentLoader, safe: false });
          await jsonld.toRDF(doc, { documentLoader, format: 'application/n-quads' });
          return '';
        });
      }
      break;
    }
    case 'owl': {
      const N3 = await import('n3');
      for (const f of files) {
        verdict(f, 'n3 Turtle parser', () => {
          new N3.Parser({ format: 'text/turtle', baseIRI: 'http://example.org/base/' }).parse(text(f));
          return '';
        });
      }
      break;
    }
    default:
      throw new Error(`no reference tool for ${target}`);
  }
}

/**
 * JTD outputs (RFC 8927), three tools: json-typedef-js (the `jtd` package of the RFC's authors) checks every
 * constraint of the RFC's section 2 (one of the eight forms, every `ref` defined, definitions only at the root,
 * properties and optionalProperties disjoint, enums non-empty and unique, discriminator mappings); ajv checks the
 * output against its JTD meta-schema, with one instance for all outputs (the meta-schema compiled once); and ajv
 * compiles it. ajv's compile generates a function per `ref` site and compiles a referenced definition again at every
 * path that reaches it (it reuses only the definitions being compiled, to stop at cycles), so its time grows with
 * the number of ref paths from the root, exponential in a dense vocabulary; the compile runs in a worker that is
 * stopped after JTD_COMPILE_SECONDS, and an output whose compile did not finish is reported as such (a verdict
 * with `unfinished`), never as accepted by the compile.
 */
async function checkJtd() {
  const jtd = require('jtd');
  const AjvJtd = require('ajv/dist/jtd').default;
  const meta = new AjvJtd({ strict: false });
  for (const f of files) {
    verdict(f, 'json-typedef-js isSchema + isValidSchema (RFC 8927)', () => {
      const schema = JSON.parse(text(f));
      if (!jtd.isSchema(schema)) {
        return 'not a JTD schema: ' + firstNonSchema(jtd, schema, '');
      }
      return jtd.isValidSchema(schema) ? '' : 'not a correct JTD schema: ' + firstInvalid(jtd, schema);
    });
    verdict(f, 'ajv JTD meta-schema', () => meta.validateSchema(JSON.parse(text(f))) ? '' : ajvErrors(meta.errors));
  }
  const seconds = Number(process.env.JTD_COMPILE_SECONDS || 20);
  const compiled = await inWorkers(AJV_JTD_COMPILE, files, seconds * 1000);
  for (const f of files) {
    const r = compiled.get(f);
    verdicts.push(r.finished ? { file: f, tool: 'ajv JTD compile', ok: !r.error, message: r.error || '' }
      : { file: f, tool: 'ajv JTD compile', ok: true, unfinished: true,
        message: `did not finish in ${seconds} s or 1 GB (a compile per ref path; not a verdict)` });
  }
}

/** Where a schema first leaves the eight forms: the JSON pointer of the first part isSchema refuses. */
function firstNonSchema(jtd, schema, at) {
  if (schema && typeof schema === 'object' && !Array.isArray(schema)) {
    const children = [];
    for (const k of ['definitions', 'properties', 'optionalProperties', 'mapping']) {
      for (const [n, s] of Object.entries(schema[k] || {})) {
        children.push([`${at}/${k}/${n}`, s]);
      }
    }
    for (const k of ['elements', 'values']) {
      if (schema[k] !== undefined) {
        children.push([`${at}/${k}`, schema[k]]);
      }
    }
    for (const [p, s] of children) {
      if (!jtd.isSchema(s)) {
        return firstNonSchema(jtd, s, p);
      }
    }
  }
  return at || '/';
}

/** The first definition (or the root) that isValidSchema refuses, each checked against the whole document. */
function firstInvalid(jtd, schema) {
  for (const [n, s] of Object.entries(schema.definitions || {})) {
    if (!jtd.isValidSchema(s, schema)) {
      return `/definitions/${n}`;
    }
  }
  return 'the root schema';
}

/** The worker's job: ajv's JTD compile of each file it is given, one message per file. */
const AJV_JTD_COMPILE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const AjvJtd = require(workerData.ajv).default;
for (const file of workerData.files) {
  let error = '';
  try {
    // the meta-schema check ran in the main process; a fresh instance keeps each output's definitions apart
    new AjvJtd({ strict: false, validateSchema: false }).compile(JSON.parse(readFileSync(join(workerData.folder, file),
      'utf8')));
  } catch (e) {
    error = String(e && e.message ? e.message : e).slice(0, 600);
  }
  parentPort.postMessage({ file, error });
}
`;

/**
 * Runs `source` in a worker over the files, one file at a time; a file that takes longer than `ms` stops the worker
 * (its verdict: not finished) and a new worker takes the files after it.
 */
async function inWorkers(source, all, ms) {
  const results = new Map();
  let next = 0;
  while (next < all.length) {
    const batch = all.slice(next);
    await new Promise((resolve) => {
      const worker = new Worker(source, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 1024 },
        workerData: { files: batch, folder, ajv: require.resolve('ajv/dist/jtd') } });
      let timer;
      let done = false;
      const finish = () => {
        if (!done) {
          done = true;
          clearTimeout(timer);
          worker.terminate().then(resolve, resolve);
        }
      };
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          results.set(all[next], { finished: false });
          next++;
          finish();
        }, ms);
      };
      worker.on('message', (m) => {
        results.set(m.file, { finished: true, error: m.error });
        next++;
        if (next >= all.length) {
          finish();
        } else {
          arm();
        }
      });
      worker.on('error', (e) => {
        // a worker over its heap is the tool's limit, like its time; any other failure is the tool's verdict
        results.set(all[next], e && e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { finished: false }
          : { finished: true, error: `the compile failed: ${e && e.message ? e.message : e}` });
        next++;
        finish();
      });
      worker.on('exit', (code) => {
        if (!done && next < all.length) {
          results.set(all[next], { finished: true, error: `the compile's worker exited (${code})` });
          next++;
        }
        finish();
      });
      arm();
    });
  }
  return results;
}

/**
 * The symbols an output without a package declares at the root (its top-level messages, enums with their
 * values, services), or null when it cannot be told (protobufjs refuses it, or it extends a message, whose
 * field numbers could meet another output's): such an output is built alone.
 */
function rootSymbols(t) {
  if (/^\s*extend\s/m.test(t)) {
    return null;
  }
  try {
    const root = require('protobufjs').parse(t, { keepCase: true }).root;
    const names = [];
    for (const n of root.nestedArray) {
      names.push(n.name);
      if (n.values) {
        names.push(...Object.keys(n.values)); // enum values are the enum's siblings in proto scoping
      }
    }
    return names;
  } catch (e) {
    return null;
  }
}

/**
 * buf compiles a folder as one image, so outputs are built in batches where no two outputs can define one
 * symbol: outputs with a package in batches whose packages differ, outputs without one in batches whose root
 * symbols differ (one buf run per output without a package was most of this target's time). Each error line
 * is charged to the file it names.
 */
function bufBuild() {
  const buf = join(here, 'node_modules/.bin/buf');
  const batches = [];
  for (const f of files) {
    const m = /^\s*package\s+([\w.]+)\s*;/m.exec(text(f));
    const pkg = m ? m[1] : '';
    const kind = pkg ? 'package' : 'root';
    const keys = pkg ? [pkg] : rootSymbols(text(f));
    let batch = keys ? batches.find((b) => b.kind === kind && keys.every((k) => !b.packages.has(k)))
      : undefined;
    if (!batch) {
      batch = { kind: keys ? kind : 'alone', packages: new Set(), files: [] };
      batches.push(batch);
    }
    (keys || [`\0${f}`]).forEach((k) => batch.packages.add(k));
    batch.files.push(f);
  }
  batches.forEach((b, i) => {
    const dir = join(folder, `.buf-${i}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'buf.yaml'), 'version: v2\n');
    for (const f of b.files) {
      writeFileSync(join(dir, basename(f, '.proto').replace(/[^A-Za-z0-9_]/g, '_') + '.proto'), text(f));
    }
    const run = spawnSync(buf, ['build', dir, '-o', '/dev/null', '--error-format', 'text'], { encoding: 'utf8' });
    if (run.error) {
      throw new Error(`buf could not run: ${run.error.message}`);
    }
    const lines = (run.stderr + run.stdout).split('\n').filter((l) => l.trim());
    for (const f of b.files) {
      const name = basename(f, '.proto').replace(/[^A-Za-z0-9_]/g, '_') + '.proto';
      const mine = lines.filter((l) => l.startsWith(name + ':') || l.includes('/' + name + ':'));
      let message = mine.slice(0, 3).join('; ');
      if (!message && run.status !== 0 && lines.every((l) => !/\.proto:\d+/.test(l))) {
        message = `buf build failed for the batch: ${lines.slice(0, 3).join('; ')}`;
      }
      verdicts.push({ file: f, tool: 'buf build', ok: !message, message });
    }
    rmSync(dir, { recursive: true, force: true });
  });
}

main().then(() => process.stdout.write(JSON.stringify(verdicts))).catch((e) => {
  process.stderr.write(String(e && e.stack ? e.stack : e));
  process.exit(2);
});
