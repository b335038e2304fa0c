// SPDX-License-Identifier: Apache-2.0
// What the package's tests share: where the package, the sources and ftpuri-check are, the
// notation of docs/diagnostics.md's examples, and the reader of the tests' own tables
// (tests/data/table-*.jsonl).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

export const sourceDir = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
// The assembled package (js/build.sh's BUILD_DIR/package); ctest sets it.
export const packageDir = process.env.FTPURI_JS_PACKAGE ?? path.join(sourceDir, 'build/wasm/package');
export const ftpuriCheck = process.env.FTPURI_CHECK ?? path.join(sourceDir, 'build/dev/src/cli/ftpuri-check');

export const ftpuri = (await import(pathToFileURL(path.join(packageDir, 'index.mjs')).href)).default;

// CI=true (as .ci/run sets it): a tool the tests need must be there.
export const isCI = !/^(|0|false|no)$/i.test(process.env.CI ?? '');

export const PROFILES = ['strict', 'rfc3986', 'lenient'];

// ftpuri-check --format=json on `file` with `args`: its records.
export function cliRecords(args, file) {
  const out = execFileSync(ftpuriCheck, ['--format=json', ...args, '-f', file], {
    maxBuffer: 1 << 28,
    // exit 1: some input is invalid, which the records say
  }).toString('utf8');
  return out.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line));
}

export function cliRecordsAnyExit(args, file) {
  try {
    return cliRecords(args, file);
  } catch (e) {
    if (e.status !== 1 || e.stdout === undefined) throw e;
    return e.stdout.toString('utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line));
  }
}

// The bytes an example of docs/diagnostics.md stands for ("Notation for the examples"):
// \t \r \n \xHH \\ \|, {empty}, {repeat:N:c}; null for a malformed one.
export function unescape(text) {
  if (text === '{empty}') return new Uint8Array();
  const out = [];
  const utf8 = new TextEncoder();
  for (let i = 0; i < text.length; ) {
    if (text[i] === '\\') {
      const n = text[i + 1];
      const simple = { t: 9, r: 13, n: 10, '\\': 92, '|': 124 }[n];
      if (simple !== undefined) {
        out.push(simple);
        i += 2;
      } else if (n === 'x' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 2, i + 4))) {
        out.push(parseInt(text.slice(i + 2, i + 4), 16));
        i += 4;
      } else {
        return null;
      }
      continue;
    }
    const repeat = /^\{repeat:(\d+):(.)\}/u.exec(text.slice(i));
    if (repeat) {
      const bytes = utf8.encode(repeat[2]);
      for (let k = 0; k < Number(repeat[1]); k++) out.push(...bytes);
      i += repeat[0].length;
      continue;
    }
    const ch = String.fromCodePoint(text.codePointAt(i));
    out.push(...utf8.encode(ch));
    i += ch.length;
  }
  return Uint8Array.from(out);
}

// `bytes` as the string it is, when it is UTF-8; else the bytes themselves.
export function asInput(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes;
  }
}

// The diagnostics as ftpuri-check's JSON has them.
export function asJson(diagnostics) {
  return diagnostics.map(({ id, severity, offset, length, message, hint }) => ({ id, severity, offset, length, message, hint }));
}

// A field of the tests' own tables (tests/data/table-*.jsonl, tests/data/README.md): a string is
// UTF-8 text; {"bytes": "..."} holds bytes that are not UTF-8, each code point up to U+00FF one
// byte. The bytes as asInput() gives them, or null when the value is neither.
export function tableBytes(value) {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object' || Object.keys(value).join() !== 'bytes') return null;
  if (typeof value.bytes !== 'string' || /[^\u0000-\u00ff]/.test(value.bytes)) return null;
  return asInput(Uint8Array.from(value.bytes, (c) => c.charCodeAt(0)));
}

// The rows of the table file `file`, each read by readRow(row), where row.text(field),
// row.boolean(field) and row.value(field) read a field of its type. A row that cannot be read
// (bad JSON, a field missing, unknown or of the wrong type) throws an Error naming the file and
// the line: it is never skipped.
export function readTable(file, readRow) {
  const rows = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (line === '') return;
      const where = `${file}:${index + 1}`;
      const fail = (what) => {
        throw new Error(`${where}: ${what}`);
      };
      let object;
      try {
        object = JSON.parse(line);
      } catch (e) {
        fail(e.message);
      }
      if (object === null || typeof object !== 'object' || Array.isArray(object)) fail('the row is no JSON object');
      const read = new Set();
      const value = (field) => {
        if (!(field in object)) fail(`no field ${field}`);
        read.add(field);
        return object[field];
      };
      const row = {
        value,
        fail,
        text: (field) => tableBytes(value(field)) ?? fail(`${field} is neither a string nor {"bytes": ...}`),
        boolean: (field) => (typeof value(field) === 'boolean' ? object[field] : fail(`${field} is no boolean`)),
      };
      rows.push(readRow(row));
      const unknown = Object.keys(object).filter((k) => !read.has(k));
      if (unknown.length) fail(`unknown field ${unknown[0]}`);
    });
  if (rows.length === 0) throw new Error(`${file}: no rows`);
  return rows;
}
