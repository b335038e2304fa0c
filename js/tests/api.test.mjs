// SPDX-License-Identifier: Apache-2.0
// The package's own conversions: offsets in bytes and string indices, strings that are not
// well-formed UTF-16, URIs given as bytes, the options and the errors thrown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ftpuri } from './support.mjs';
import * as named from './support.mjs';

test('importing the package is all it takes: every function is ready', () => {
  assert.equal(ftpuri.validate('ftp://ftp.example.org/pub/'), true);
  assert.equal(ftpuri.validate('http://ftp.example.org/'), false);
  assert.match(ftpuri.version, /^\d+\.\d+\.\d+/);
  assert.ok(named.ftpuri.FtpUriError.prototype instanceof Error);
});

test('offsets count UTF-8 bytes, start and end the string', () => {
  // '€' is 3 bytes and 1 index; '😀' 4 bytes and 2 indices (a surrogate pair).
  const uri = 'ftp://h/€😀/a b';
  const [d] = ftpuri.parse(uri, { profile: 'strict' }).diagnostics;
  assert.equal(d.id, 'char.non-ascii');
  assert.deepEqual([d.offset, d.length, d.start, d.end], [8, 1, 8, 9]);
  const space = ftpuri.parse('ftp://h/€😀/a b', { profile: 'rfc3986' }).diagnostics.find((x) => x.id === 'char.space');
  if (space) assert.equal(uri.slice(space.start, space.end), ' ');
  const r = ftpuri.parse('ftp://h/€😀x/%41#f', { profile: 'lenient' });
  assert.ok(r.valid);
  const path = r.parts.path;
  assert.equal(path.raw, '/€😀x/%41');
  assert.deepEqual([path.offset, path.length, path.start, path.end], [7, 13, 7, 16]);
  assert.equal('ftp://h/€😀x/%41#f'.slice(path.start, path.end), path.raw);
  const fragment = r.parts.fragment;
  assert.deepEqual([fragment.raw, fragment.offset, fragment.start], ['f', 21, 17]);
  assert.deepEqual(r.segments, ['€😀x', 'A']);
});

test('a lone surrogate is judged where it is, and the next character is kept', () => {
  for (const lone of ['\uD800', '\uDC00']) {
    const uri = `ftp://h/a${lone}b/`;
    for (const profile of ['strict', 'rfc3986']) {
      const r = ftpuri.parse(uri, { profile });
      assert.equal(r.valid, false, profile);
      const error = r.diagnostics.find((d) => d.severity === 'error');
      assert.deepEqual([error.id, error.start, error.end], ['char.non-ascii', 9, 10], profile);
      assert.equal(ftpuri.validate(uri, { profile }), false);
    }
    // The lenient profile encodes the bytes it was given, and warns that they are no character.
    const r = ftpuri.parse(uri, { profile: 'lenient' });
    assert.ok(r.valid);
    const warning = r.diagnostics.find((d) => d.id === 'pct.overlong-utf8');
    assert.deepEqual([warning.start, warning.end], [9, 10]);
    assert.match(r.canonical, /^ftp:\/\/h\/a%E[DB]%[0-9A-F]{2}%[0-9A-F]{2}b\/$/);
  }
  // A pair is one character, accepted where the profile takes Unicode.
  assert.equal(ftpuri.parse('ftp://h/a\uD83D\uDE00b/', { profile: 'lenient' }).valid, true);
});

test('a URI given as bytes is read as those bytes, and indexed by them', () => {
  const bytes = Uint8Array.from([...new TextEncoder().encode('ftp://h/a'), 0xff, ...new TextEncoder().encode('/b')]);
  const r = ftpuri.parse(bytes, { profile: 'strict' });
  assert.equal(r.valid, false);
  const [d] = r.diagnostics;
  assert.deepEqual([d.offset, d.length, d.start, d.end], [9, 1, 9, 10]);
  const lenient = ftpuri.parse(bytes, { profile: 'lenient' });
  assert.ok(lenient.valid);
  assert.equal(lenient.canonical, 'ftp://h/a%FF/b');
  assert.deepEqual(lenient.segments, ['a\uFFFD', 'b'], 'a byte that is not UTF-8 reads as U+FFFD');
  assert.equal(ftpuri.canonicalize(new TextEncoder().encode('FTP://H/')), 'ftp://h/');
});

test('a NUL in the string crosses the boundary as a byte, not an end', () => {
  const r = ftpuri.parse('ftp://h/a\u0000b');
  assert.equal(r.valid, false);
  assert.deepEqual([r.diagnostics[0].id, r.diagnostics[0].offset], ['char.control', 9]);
});

test('canonicalize, equivalent and classifyHost', () => {
  assert.equal(ftpuri.canonicalize('FTP://Ftp.Example.ORG:21/pub/a%2ddir/'), 'ftp://ftp.example.org/pub/a-dir/');
  assert.equal(ftpuri.canonicalize('ftp://u:pw@h/#f', { stripPassword: true, dropFragment: true }), 'ftp://u@h/');
  assert.equal(ftpuri.canonicalize('ftp://anonymous@h/', { dropAnonymous: true }), 'ftp://h/');
  assert.equal(ftpuri.equivalent('ftp://H:21/a', 'ftp://h/%61'), true);
  assert.equal(ftpuri.equivalent('ftp://h/a', 'ftp://h/b'), false);
  assert.equal(ftpuri.equivalent('ftp://h:0/', 'ftp://h:0/'), false, 'an invalid URI is equivalent to nothing');
  assert.equal(ftpuri.classifyHost('ftp://127.0.0.1/'), 'loopback');
  assert.equal(ftpuri.classifyHost('ftp://[::ffff:10.0.0.1]/'), 'private');
  assert.equal(ftpuri.classifyHost('ftp://ftp.example.org/'), 'public');
});

test('a refused URI throws FtpUriError with the diagnostic', () => {
  for (const call of [
    () => ftpuri.canonicalize('ftp://h:99999/'),
    () => ftpuri.classifyHost('ftp://h:99999/'),
    () => ftpuri.plan('ftp://h:99999/'),
  ]) {
    assert.throws(call, (e) => {
      assert.ok(e instanceof ftpuri.FtpUriError);
      assert.equal(e.name, 'FtpUriError');
      assert.deepEqual([e.diagnostic.id, e.diagnostic.offset, e.diagnostic.length], ['port.out-of-range', 8, 5]);
      assert.match(e.message, /port\.out-of-range.*offset 8/);
      assert.ok(e.diagnostic.hint.length > 0);
      return true;
    });
  }
});

test('plan: the commands, masked as --plan shows them, in each mode', () => {
  const p = ftpuri.plan('ftp://u:pw@h/a/b.txt;type=i');
  assert.deepEqual(p.commands.map((c) => c.shown), ['USER u', 'PASS ****', 'CWD a', 'TYPE I', 'RETR b.txt']);
  assert.equal(p.commands[1].line, 'PASS pw');
  assert.equal(p.askPassword, false);
  assert.deepEqual(ftpuri.plan('ftp://h/a/b', { mode: 'nocwd', absolute: false }).commands.map((c) => c.line), [
    'USER anonymous',
    'PASS anonymous@',
    'RETR a/b',
  ]);
  assert.deepEqual(
    ftpuri.plan('ftp://h/f', { credentials: { user: 'me', password: 'pw' }, showPassword: true }).commands.map((c) => c.shown).slice(0, 2),
    ['USER me', 'PASS pw'],
  );
  assert.throws(() => ftpuri.plan('ftp://h/f', { refuseAnonymous: true }), /plan\.anonymous-refused/);
  assert.throws(() => ftpuri.plan('ftp://h/f', { anonymousPassword: 'a\r\nDELE f' }), /plan\.anonymous-password-control/);
});

test('sanitize with a policy', () => {
  const denied = ftpuri.sanitize('ftp://127.0.0.1/etc/passwd', { deny: ['non-public'] });
  assert.equal(denied.valid, false);
  assert.equal(denied.canonical, null);
  assert.deepEqual([denied.error.id, denied.error.start, denied.error.end], ['host.denied', 6, 15]);
  assert.equal(denied.hostClass, 'loopback');
  const allowed = ftpuri.sanitize('FTP://Mirror.Example.org/pub/', { allowHost: ['*.example.org'] });
  assert.deepEqual([allowed.valid, allowed.canonical, allowed.error], [true, 'ftp://mirror.example.org/pub/', null]);
  const other = ftpuri.sanitize('ftp://evil.example/', { allowHost: ['*.example.org'] });
  assert.equal(other.error.id, 'host.not-allowed');
  assert.equal(ftpuri.sanitize('ftp://u:pw@h/', {}, { error: ['userinfo.password'] }).valid, false);
  assert.equal(ftpuri.sanitize('ftp://h:2121/', {}, { enable: ['port.non-default'], error: ['port.non-default'] }).valid, false);
});

test('redactPassword masks what any reader takes for a password', () => {
  assert.equal(ftpuri.redactPassword('ftp://u:secret@h/'), 'ftp://u:****@h/');
  assert.equal(ftpuri.redactPassword('not a uri'), 'not a uri');
});

test('bad arguments are a TypeError or RangeError that says which', () => {
  assert.throws(() => ftpuri.validate(42), { name: 'TypeError', message: /uri must be a string or a Uint8Array, not number/ });
  assert.throws(() => ftpuri.validate(null), TypeError);
  assert.throws(() => ftpuri.equivalent('ftp://h/', {}), { name: 'TypeError', message: /^b must be/ });
  assert.throws(() => ftpuri.validate('ftp://h/', { profile: 'loose' }), { name: 'RangeError', message: /unknown profile 'loose'/ });
  assert.throws(() => ftpuri.validate('ftp://h/', { profle: 'strict' }), { name: 'TypeError', message: /unknown option 'profle'/ });
  assert.throws(() => ftpuri.validate('ftp://h/', 'strict'), { name: 'TypeError', message: /options must be an object/ });
  assert.throws(() => ftpuri.canonicalize('ftp://h/', { stripPassword: 1 }), { name: 'TypeError', message: /must be a boolean/ });
  assert.throws(() => ftpuri.plan('ftp://h/', { mode: 'cwd' }), { name: 'RangeError', message: /unknown plan mode 'cwd'/ });
  assert.throws(() => ftpuri.plan('ftp://h/', { credentials: { user: 'u' } }), TypeError);
  assert.throws(() => ftpuri.sanitize('ftp://h/', { deny: ['localhost'] }), { name: 'RangeError', message: /^deny: / });
  assert.throws(() => ftpuri.sanitize('ftp://h/', { deny: 'loopback' }), { name: 'TypeError', message: /must be an array, not string/ });
  assert.throws(() => ftpuri.sanitize('ftp://h/', { allowHost: ['*'] }), { name: 'RangeError', message: /^allowHost: / });
  assert.throws(() => ftpuri.sanitize('ftp://h/', {}, { error: ['no.such-id'] }), { name: 'RangeError', message: /unknown diagnostic id/ });
  assert.throws(() => ftpuri.parse('ftp://h/', { enable: ['host.empty'] }), { name: 'RangeError', message: /not an opt-in rule/ });
  assert.throws(() => ftpuri.parse('ftp://h/', { enable: [1] }), { name: 'TypeError', message: /strings only/ });
});

test('an input past the length limit is refused, not read', () => {
  const long = `ftp://h/${'a'.repeat(1 << 20)}`;
  const r = ftpuri.parse(long);
  assert.equal(r.valid, false);
  assert.deepEqual([r.diagnostics[0].id, r.diagnostics[0].offset], ['input.too-long', 65536]);
});

test('bytes past what the memory holds are a RangeError, before any copy', () => {
  const huge = new Uint8Array(2 ** 30 + 1); // untouched pages: no memory is used
  assert.throws(() => ftpuri.validate(huge), { name: 'RangeError', message: /1073741825 bytes/ });
  assert.equal(ftpuri.validate(huge.subarray(0, 9)), false);
});
