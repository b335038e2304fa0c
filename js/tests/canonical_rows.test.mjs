// SPDX-License-Identifier: Apache-2.0
// The canonical form's tables, the rows canonical_test.cpp holds the library to, read from the same
// data files here (tests/data/table-canonical.jsonl and table-canonical-options.jsonl): every
// row's input has the row's canonical form through the package, in the row's profile and with
// the row's options; the form is strict-valid where the row says so, and its own canonical form.
// A row that needs IDNA is refused with host.idna-unavailable (this build has no libidn2), and
// counted. The reader refuses a row it cannot read, at its line (shown on a temporary file).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ftpuri, sourceDir, readTable } from './support.mjs';

const PROFILES = ['strict', 'rfc3986', 'lenient'];

function readCanonicalRow(row) {
  const out = {
    rule: row.text('rule'),
    input: row.text('input'),
    profile: row.text('profile'),
    expected: row.text('expected'),
    strictOut: row.boolean('strict_out'),
  };
  if (!PROFILES.includes(out.profile)) row.fail(`no profile is named ${out.profile}`);
  return out;
}

function readOptionRow(row) {
  const o = row.value('options');
  const names = ['drop_password', 'drop_fragment', 'drop_anonymous'];
  if (o === null || typeof o !== 'object' || Object.keys(o).sort().join() !== [...names].sort().join())
    row.fail('options is not {"drop_password", "drop_fragment", "drop_anonymous"}');
  if (!names.every((n) => typeof o[n] === 'boolean')) row.fail('an option is no boolean');
  return {
    options: { stripPassword: o.drop_password, dropFragment: o.drop_fragment, dropAnonymous: o.drop_anonymous },
    input: row.text('input'),
    expected: row.text('expected'),
  };
}

const table = (name) => path.join(sourceDir, 'tests/data', name);
const canonicalRows = readTable(table('table-canonical.jsonl'), readCanonicalRow);
const optionRows = readTable(table('table-canonical-options.jsonl'), readOptionRow);

function refusedForIdna(call) {
  try {
    call();
  } catch (e) {
    if (e instanceof ftpuri.FtpUriError && e.diagnostic.id === 'host.idna-unavailable') return true;
    throw e;
  }
  return false;
}

test('the rule-by-rule table', () => {
  console.log(`${canonicalRows.length} canonical rows, ${optionRows.length} option rows`);
  assert.ok(canonicalRows.length >= 122, `${canonicalRows.length} rows`);
  let idna = 0;
  for (const row of canonicalRows) {
    const where = `${row.rule}: ${JSON.stringify(row.input)} (${row.profile})`;
    let got;
    if (refusedForIdna(() => (got = ftpuri.canonicalize(row.input, { profile: row.profile })))) {
      idna++;
      continue;
    }
    assert.equal(got, row.expected, where);
    assert.equal(ftpuri.validate(row.expected, { profile: 'strict' }), row.strictOut, where);
    if (row.strictOut) assert.equal(ftpuri.canonicalize(row.expected), row.expected, `${where}: idempotent`);
    assert.equal(ftpuri.equivalent(row.input, row.expected, { profile: row.profile }), true, where);
  }
  assert.ok(idna < canonicalRows.length / 10, `${idna} rows need IDNA`);
});

test('the options table', () => {
  assert.ok(optionRows.length >= 24, `${optionRows.length} rows`);
  for (const row of optionRows)
    assert.equal(ftpuri.canonicalize(row.input, row.options), row.expected, `${JSON.stringify(row.options)}: ${row.input}`);
});

test('a row the reader cannot read is an error at its line', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ftpuri-table-'));
  try {
    const file = path.join(dir, 'rows.jsonl');
    const good = '{"rule": "scheme", "input": "FTP://h/", "profile": "strict", "expected": "ftp://h/", "strict_out": true}';
    for (const [bad, what] of [
      ['{"rule": "scheme", "input": ', 'JSON'],
      ['["scheme"]', 'the row is no JSON object'],
      ['{"rule": "scheme", "input": "FTP://h/", "profile": "strict", "expected": "ftp://h/"}', 'no field strict_out'],
      ['{"rule": "scheme", "input": 7, "profile": "strict", "expected": "ftp://h/", "strict_out": true}', 'input is neither'],
      ['{"rule": "scheme", "input": {"bytes": "\\u0100"}, "profile": "strict", "expected": "x", "strict_out": true}', 'input is neither'],
      ['{"rule": "scheme", "input": "FTP://h/", "profile": "strcit", "expected": "ftp://h/", "strict_out": true}', 'no profile is named strcit'],
      ['{"rule": "scheme", "input": "FTP://h/", "profile": "strict", "expected": "ftp://h/", "strict_out": true, "x": 1}', 'unknown field x'],
    ]) {
      writeFileSync(file, `${good}\n${bad}\n${good}\n`);
      assert.throws(() => readTable(file, readCanonicalRow), (e) => e.message.startsWith(`${file}:2: `) && e.message.includes(what), bad);
    }
    writeFileSync(file, `${good}\n\n{"rule": "r", "input": {"bytes": "ftp://h/\\u00e9"}, "profile": "lenient", "expected": "e", "strict_out": false}\n`);
    const rows = readTable(file, readCanonicalRow);
    assert.equal(rows.length, 2);
    assert.deepEqual(rows[1].input, Uint8Array.from([...'ftp://h/'].map((c) => c.charCodeAt(0)).concat([0xe9])));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
