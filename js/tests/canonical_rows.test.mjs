// SPDX-License-Identifier: Apache-2.0
// The canonical form's tables of tests/canonical/canonical_rows.cpp, the rows canonical_test.cpp and the
// Python module's tests hold the library to, read from that file here too: every row's input has
// the row's canonical form through the package, in the row's profile and with the row's options;
// the form is strict-valid where the row says so, and its own canonical form. A row that needs
// IDNA is refused with host.idna-unavailable (this build has no libidn2), and counted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ftpuri, sourceDir, asInput } from './support.mjs';

const source = readFileSync(path.join(sourceDir, 'tests/canonical/canonical_rows.cpp'), 'latin1');

// The bytes of a C++ string literal's body: \xHH (as many hex digits as follow, as C++ reads
// them), \n \r \t \\ \" and any other byte as itself; another escape is an error, not a guess.
function literal(body) {
  const out = [];
  for (let i = 0; i < body.length; ) {
    if (body[i] !== '\\') {
      out.push(body.charCodeAt(i++));
      continue;
    }
    const e = body[i + 1];
    if (e === 'x') {
      const hex = /^[0-9A-Fa-f]+/.exec(body.slice(i + 2))[0];
      out.push(parseInt(hex, 16));
      i += 2 + hex.length;
    } else {
      const simple = { n: 10, r: 13, t: 9, '\\': 92, '"': 34 }[e];
      assert.notEqual(simple, undefined, `escape \\${e} is not read here`);
      out.push(simple);
      i += 2;
    }
  }
  return asInput(Uint8Array.from(out));
}

const STRING = String.raw`"((?:[^"\\]|\\.)*)"`;

// The rows of `name`'s braced initializer; every line of it a row, a comment or a blank.
function table(name, row) {
  const start = source.indexOf(`${name} = {\n`);
  assert.notEqual(start, -1, `tests/canonical/canonical_rows.cpp has ${name}`);
  const body = source.slice(start, source.indexOf('\n};', start)).split('\n').slice(1);
  const rows = [];
  for (const line of body) {
    if (/^\s*(\/\/.*)?$/.test(line)) continue;
    const m = row.exec(line);
    assert.ok(m, `a row of ${name} this test cannot read: ${line}`);
    rows.push(m);
  }
  return rows;
}

const PROFILES = { S: 'strict', R: 'rfc3986', L: 'lenient' };
const canonicalRows = table(
  'canonical_rows',
  new RegExp(String.raw`^\s*\{${STRING}, ${STRING}, ([SRL]), ${STRING}(?:, (true|false))?\},\s*(?://.*)?$`),
).map((m) => ({
  rule: literal(m[1]),
  input: literal(m[2]),
  profile: PROFILES[m[3]],
  expected: literal(m[4]),
  strictOut: m[5] !== 'false',
}));

const OPTIONS = {
  drop_password: { stripPassword: true },
  drop_fragment: { dropFragment: true },
  drop_anonymous: { dropAnonymous: true },
  drop_anonymous_password: { stripPassword: true, dropAnonymous: true },
  drop_all: { stripPassword: true, dropFragment: true, dropAnonymous: true },
};
const optionRows = table(
  'option_rows',
  new RegExp(String.raw`^\s*\{([a-z_]+), ${STRING}, ${STRING}\},\s*(?://.*)?$`),
).map((m) => {
  assert.ok(m[1] in OPTIONS, `options ${m[1]}`);
  return { options: OPTIONS[m[1]], name: m[1], input: literal(m[2]), expected: literal(m[3]) };
});

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
  assert.ok(canonicalRows.length > 100, `${canonicalRows.length} rows`);
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
  assert.ok(optionRows.length > 10, `${optionRows.length} rows`);
  for (const row of optionRows)
    assert.equal(ftpuri.canonicalize(row.input, row.options), row.expected, `${row.name}: ${row.input}`);
});
