// SPDX-License-Identifier: Apache-2.0
// A million calls leave the WebAssembly heap where it was: every string, vector and object the
// binding makes for a call is freed by the end of it. The heap's top (sbrk) stays put while freed
// memory is reused below it, and rises with what is leaked; the memory itself never grows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ftpuri } from './support.mjs';

const INPUTS = [
  'ftp://u:pw@ftp.example.org:2121/pub/a%2Fb/file.txt;type=i#frag',
  'ftp://h/😀/\uD800/x',
  'ftp://127.1/',
  'ftp://h:99999/',
  Uint8Array.from([...new TextEncoder().encode('ftp://h/a'), 0xff]),
];

// Every entry point, the ones that throw included, on input i.
function call(i) {
  const uri = INPUTS[i % INPUTS.length];
  switch (i % 7) {
    case 0: return ftpuri.validate(uri, { profile: 'lenient' });
    case 1: return ftpuri.parse(uri, { profile: 'lenient', enable: ['port.non-default'] });
    case 2: return ftpuri.sanitize(uri, { deny: ['non-public'], allowHost: ['*.example.org:*'] }, { stripPassword: true });
    case 3: return ftpuri.equivalent(uri, 'ftp://h/');
    case 4: return ftpuri.redactPassword(uri);
    default:
      try {
        return i % 7 === 5 ? ftpuri.plan(uri, { mode: 'singlecwd' }) : ftpuri.canonicalize(uri, { profile: 'rfc3986' });
      } catch (e) {
        if (!(e instanceof ftpuri.FtpUriError)) throw e;
        return e;
      }
  }
}

test('a million calls, and the heap has not grown', () => {
  for (let i = 0; i < 10_000; i++) call(i); // warm up: what the allocator keeps for itself
  const before = ftpuri.memoryUsage();
  for (let i = 0; i < 1_000_000; i++) call(i);
  const after = ftpuri.memoryUsage();
  assert.deepEqual(after, before);
});

test('the measure sees memory that is held', () => {
  // A 40 MiB input is copied in for the call: the heap's top and the memory rise past it.
  const before = ftpuri.memoryUsage();
  assert.equal(ftpuri.validate(`ftp://h/${'a'.repeat(40 << 20)}`), false);
  const after = ftpuri.memoryUsage();
  assert.ok(after.heapTop > before.heapTop + (40 << 20), JSON.stringify({ before, after }));
  assert.ok(after.memoryBytes > before.memoryBytes);
});

test('a long input costs its own copy, not three times it', () => {
  const before = ftpuri.memoryUsage();
  const long = `ftp://h/${'a'.repeat(64 << 20)}`;
  const r = ftpuri.sanitize(long, { deny: ['non-public'] });
  assert.deepEqual([r.valid, r.error.id], [false, 'input.too-long']);
  const after = ftpuri.memoryUsage();
  assert.ok(after.memoryBytes < before.memoryBytes + (100 << 20), JSON.stringify({ before, after }));
});
