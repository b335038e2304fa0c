// SPDX-License-Identifier: Apache-2.0
// The package against ftpuri-check --format=json on the corpus (corpus/realworld.txt,
// corpus/handmade.txt), line by line (--whole-line: each line one URI), in every profile: parse()
// reports what the CLI reports (validity, each diagnostic's id, severity, offset, length, message
// and hint; the canonical form and host class; --components' parts), plan() gives --plan's lines
// in every mode, and sanitize() with a policy decides as --deny, --allow-host and --error do.
// The CLI is built with libidn2 and the package without: an input whose verdict needs IDNA is
// compared with what a build without it answers (host.idna-unavailable), and counted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ftpuri, sourceDir, cliRecordsAnyExit, asInput, asJson, PROFILES } from './support.mjs';

const CORPORA = ['corpus/realworld.txt', 'corpus/handmade.txt'];

// The lines of a file as ftpuri-check reads them, blank and comment lines skipped.
function inputs(file) {
  const bytes = readFileSync(file);
  const lines = [];
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 10) {
      let line = bytes.subarray(start, i);
      if (line.length && line[line.length - 1] === 13) line = line.subarray(0, line.length - 1);
      if (i < bytes.length || line.length) lines.push(line);
      start = i + 1;
    }
  }
  return lines.map((line, n) => ({ line: n + 1, input: asInput(line) })).filter(({ input }) => !isSkipped(input));
}

function isSkipped(input) {
  const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
  return /^[ \t\r\f\v]*(#|$)/.test(text);
}

// ftpuri-check with libidn2 and the package without it: the package's refusal, where IDNA decides.
function needsIdna(found) {
  return found.some((d) => d.id === 'host.idna-unavailable');
}

for (const corpus of CORPORA) {
  for (const profile of PROFILES) {
    test(`parse() reports what ftpuri-check reports: ${corpus}, ${profile}`, () => {
      const file = path.join(sourceDir, corpus);
      const records = cliRecordsAnyExit([`--profile=${profile}`, '--whole-line', '--components'], file);
      const lines = inputs(file);
      assert.deepEqual(records.map((r) => r.line), lines.map((l) => l.line));
      let idna = 0;
      for (const [i, record] of records.entries()) {
        const { input } = lines[i];
        const r = ftpuri.parse(input, { profile });
        const where = `line ${record.line}`;
        if (needsIdna(r.diagnostics) && !needsIdna(record.diagnostics)) {
          idna++;
          assert.equal(r.valid, false, where);
          continue;
        }
        assert.equal(r.valid, record.valid, where);
        assert.deepEqual(asJson(r.diagnostics), record.diagnostics, where);
        if (!r.valid) continue;
        assert.equal(ftpuri.redactPassword(r.canonical), record.canonical, where);
        assert.equal(r.hostClass, record.host_class, where);
        const c = record.components;
        assert.equal(r.parts.host.value, c.host, where);
        assert.equal(r.hostKind, c.host_kind, where);
        assert.equal(r.effectivePort, c.port, where);
        assert.deepEqual(r.segments, c.segments, where);
        assert.equal(r.name, c.name, where);
        assert.equal(r.typecode, c.typecode, where);
        assert.equal(r.parts.user?.value ?? null, c.user, where);
        assert.equal(r.parts.password ? '****' : null, c.password, where);
        assert.equal(r.parts.query?.value ?? null, c.query, where);
        assert.equal(r.parts.fragment?.value ?? null, c.fragment, where);
        assert.equal(ftpuri.validate(input, { profile }), record.valid, where);
      }
      assert.ok(records.length > 50, `${records.length} records`);
      assert.ok(idna < records.length / 10, `${idna} inputs need IDNA`);
    });
  }
}

for (const mode of ['multicwd', 'rfc1738', 'singlecwd', 'nocwd']) {
  test(`plan() gives ftpuri-check --plan's lines: ${mode}`, () => {
    let planned = 0;
    for (const corpus of CORPORA) {
      const file = path.join(sourceDir, corpus);
      const records = cliRecordsAnyExit(['--whole-line', '--plan', `--plan-mode=${mode}`], file);
      const lines = inputs(file);
      for (const [i, record] of records.entries()) {
        const where = `${corpus} line ${record.line}`;
        let got = null;
        try {
          const p = ftpuri.plan(lines[i].input, { mode });
          got = { plan: p.commands.map((c) => c.shown), ask_password: p.askPassword };
          planned++;
        } catch (e) {
          if (!(e instanceof ftpuri.FtpUriError)) throw e;
          if (e.diagnostic.id === 'host.idna-unavailable') continue;
          assert.ok(record.diagnostics.some((d) => d.id === e.diagnostic.id && d.severity === 'error'), where);
        }
        if (got) assert.deepEqual(got, { plan: record.plan, ask_password: record.ask_password }, where);
        else assert.equal(record.plan, null, where);
      }
    }
    assert.ok(planned > 50, `${planned} plans`);
  });
}

const POLICIES = [
  { args: ['--deny', 'loopback,private'], policy: { deny: ['loopback', 'private'] }, options: {} },
  { args: ['--deny', 'non-public'], policy: { deny: ['non-public'] }, options: {} },
  { args: ['--allow-host', '*.example.org', '--allow-host', 'h:*'], policy: { allowHost: ['*.example.org', 'h:*'] }, options: {} },
  { args: ['--error', 'userinfo.password'], policy: {}, options: { error: ['userinfo.password'] } },
];

for (const { args, policy, options } of POLICIES) {
  test(`sanitize() decides as ftpuri-check ${args.join(' ')}`, () => {
    for (const corpus of CORPORA) {
      const file = path.join(sourceDir, corpus);
      const records = cliRecordsAnyExit(['--whole-line', ...args], file);
      const lines = inputs(file);
      for (const [i, record] of records.entries()) {
        const where = `${corpus} line ${record.line}`;
        const r = ftpuri.sanitize(lines[i].input, policy, options);
        if (needsIdna(r.diagnostics) && !needsIdna(record.diagnostics)) continue;
        assert.equal(r.valid, record.valid, where);
        assert.deepEqual(asJson(r.diagnostics), record.diagnostics, where);
        assert.equal(r.canonical === null ? null : ftpuri.redactPassword(r.canonical), record.canonical, where);
        assert.equal(r.hostClass, record.host_class, where);
      }
    }
  });
}
