// ajv's verdict on every labelled instance of schemastore-train, each case's ORIGINAL schema compiled in its own
// dialect (one Ajv class per dialect, strict off, ajv-formats, the case's other documents added by addSchema).
// Usage: node ajv-verdicts.mjs <schemastore-train folder>
// Prints {ajv, ajvFormats, cases: [{name, compiled, error?, valid: {path: bool|null}, invalid: {...}, errors?}]}.
// SchemaStoreConformanceTest (docs/jsonschema-dialects.md "Format: assertion or annotation") reads the result.
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const classes = {
  'draft-04': require('ajv-draft-04'),
  'draft-06': require('ajv'),
  'draft-07': require('ajv'),
  '2019-09': require('ajv/dist/2019.js'),
  '2020-12': require('ajv/dist/2020.js'),
}
const addFormats = require('ajv-formats')
const unwrap = (m) => m.default ?? m

function ajvFor(dialect, options = {}) {
  const Ajv = unwrap(classes[dialect] ?? classes['draft-07'])
  // strict off: SchemaStore's schemas carry editor keywords (markdownDescription, ...) that strict mode refuses
  const ajv = new Ajv({ strict: false, logger: false, ...options })
  unwrap(addFormats)(ajv)
  if (dialect === 'draft-06') {
    ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'))
  }
  return ajv
}

// One instance per dialect checks every document against its meta-schema, as addSchema and compile would in a
// fresh instance, with the same message; the fresh instance per case then skips that check. Compiling the
// meta-schemas again for each case was most of this script's time (docs/testing.md "CI").
const metaCheckers = {}
function checkMeta(dialect, schema) {
  const key = dialect in classes ? dialect : 'draft-07'
  const meta = metaCheckers[key] ?? (metaCheckers[key] = ajvFor(key))
  if (!meta.validateSchema(schema)) {
    throw new Error('schema is invalid: ' + meta.errorsText(meta.errors))
  }
}

const [root] = process.argv.slice(2)
const read = (p) => JSON.parse(fs.readFileSync(path.join(root, p), 'utf8'))
const cases = []
for (const c of read('cases.json')) {
  const r = { name: c.name, compiled: false, valid: {}, invalid: {} }
  let check
  try {
    const ajv = ajvFor(c.dialect, { validateSchema: false })
    for (const ref of c.refs ?? []) {
      const doc = read(ref)
      checkMeta(c.dialect, doc)
      ajv.addSchema(doc)
    }
    const schema = read(c.schema)
    checkMeta(c.dialect, schema)
    check = ajv.compile(schema)
    r.compiled = true
  } catch (e) {
    r.error = String(e.message).split('\n')[0].slice(0, 300)
  }
  for (const label of ['valid', 'invalid']) {
    for (const p of c[label] ?? []) {
      if (!check) { r[label][p] = null; continue }
      try {
        const ok = check(read(p))
        r[label][p] = ok
        if (!ok) {
          r.errors = r.errors ?? {}
          r.errors[p] = (check.errors ?? []).slice(0, 2)
            .map((e) => `${e.instancePath || '/'} ${e.message} (${e.schemaPath})`).join('; ')
        }
      } catch (e) {
        r[label][p] = null
      }
    }
  }
  cases.push(r)
}
const version = (name) => require(`${name}/package.json`).version
process.stdout.write(JSON.stringify({ ajv: version('ajv'), ajvFormats: version('ajv-formats'), cases }))
