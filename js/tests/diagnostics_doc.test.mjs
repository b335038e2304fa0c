// SPDX-License-Identifier: Apache-2.0
// docs/diagnostics.md's table, the one tests/docs/diagnostics_doc_test.cpp holds the library to: every
// row's example reports its id, at the documented offset and length and with the documented
// severity, through the package, in the profile and the setting (a plan mode, a policy) the row
// names. Two kinds of row say something this build or this API does not do, and each is checked
// for what it does instead: a row that needs IDNA reports host.idna-unavailable (this build has
// no libidn2), a list.* row is a line of a file, which only ftpuri-check reads, and a fetch.* row
// is what happened fetching (ftpuri-fetch, over libcurl), which the package does not do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ftpuri, sourceDir, unescape, asInput } from './support.mjs';

const HEADER = '| id | severity (strict) | severity (rfc3986) | severity (lenient) | example | offset | length | why it matters |';

// The row's cells, split at the bars that are not escaped.
function cells(line) {
  return line
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

function rows() {
  const lines = readFileSync(path.join(sourceDir, 'docs/diagnostics.md'), 'utf8').split('\n');
  const start = lines.indexOf(HEADER);
  assert.notEqual(start, -1, 'docs/diagnostics.md has the table');
  const out = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [idCell, strict, rfc3986, lenient, example, offset, length, why] = cells(line);
    const id = idCell.replace(/^<a id="[^"]*"><\/a>/, '');
    const levels = { strict, rfc3986, lenient };
    const profile = ['strict', 'rfc3986', 'lenient'].find((p) => levels[p] !== '—');
    out.push({ id, levels, profile, example: example.slice(1, -1), offset: Number(offset), length: Number(length), why });
  }
  return out;
}

// What the row's example reports through the package, in the setting its "why" names.
function reported(row, input) {
  const profile = row.profile;
  const planMode = /^Plan \((rfc1738|multicwd|singlecwd|nocwd)\)/.exec(row.why);
  if (planMode) return refusal(() => ftpuri.plan(input, { profile, mode: planMode[1] }));
  const anonymous = /^Plan \(anonymous password `([^`]*)`\)/.exec(row.why);
  if (anonymous)
    return refusal(() => ftpuri.plan(input, { profile, anonymousPassword: asInput(unescape(anonymous[1])) }));
  if (row.why.startsWith('Plan (anonymous refused)')) return refusal(() => ftpuri.plan(input, { profile, refuseAnonymous: true }));
  const credentials = /^Plan \(credentials `([^`]*)` `([^`]*)`\)/.exec(row.why);
  if (credentials) {
    const [user, password] = [credentials[1], credentials[2]].map((t) => asInput(unescape(t)));
    return refusal(() => ftpuri.plan(input, { profile, credentials: { user, password } }));
  }
  const deny = /^Policy \(deny ([a-z-]+)\)/.exec(row.why);
  if (deny) return ftpuri.sanitize(input, { deny: [deny[1]] }, { profile }).diagnostics;
  const allow = /^Policy \(allow `([^`]*)`\)/.exec(row.why);
  if (allow) return ftpuri.sanitize(input, { allowHost: [allow[1]] }, { profile }).diagnostics;
  if (row.why.startsWith('Opt-in:')) return ftpuri.parse(input, { profile, enable: [row.id] }).diagnostics;
  return ftpuri.parse(input, { profile }).diagnostics;
}

function refusal(call) {
  try {
    call();
  } catch (e) {
    if (e instanceof ftpuri.FtpUriError) return [e.diagnostic];
    throw e;
  }
  return [];
}

const all = rows();

test('the table has a row per id, as the C++ test reads it', () => {
  assert.ok(all.length > 80, `${all.length} rows`);
  assert.equal(new Set(all.map((r) => r.id)).size, all.length);
});

for (const row of all) {
  test(`${row.id}: \`${row.example}\``, () => {
    const bytes = unescape(row.example);
    assert.notEqual(bytes, null, 'the example is in the documented notation');
    const input = asInput(bytes);
    if (row.id.startsWith('list.')) {
      // A line's finding: the package parses a URI, never a line of a file.
      assert.ok(row.why.startsWith('List (a line of a file)'));
      assert.ok(!reported(row, input).some((d) => d.id === row.id));
      return;
    }
    if (row.id.startsWith('fetch.')) {
      // A fetch's finding: the package parses, plans and sanitizes, and fetches nothing.
      assert.ok(row.why.startsWith('Fetch ('));
      assert.ok(!ftpuri.parse(input).diagnostics.some((d) => d.id === row.id));
      return;
    }
    const found = reported(row, input);
    const hit = found.find((d) => d.id === row.id);
    if (hit === undefined && found.some((d) => d.id === 'host.idna-unavailable')) {
      // Needs IDNA, which this build has not: refused where the host is.
      const refused = found.find((d) => d.id === 'host.idna-unavailable');
      assert.equal(refused.severity, 'error');
      assert.equal(refused.component, 'host');
      return;
    }
    assert.ok(hit, `${row.id} in ${JSON.stringify(found.map((d) => d.id))}`);
    assert.deepEqual([hit.offset, hit.length], [row.offset, row.length]);
    assert.equal(hit.severity, row.levels[row.profile]);
  });
}
