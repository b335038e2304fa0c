// SPDX-License-Identifier: Apache-2.0
// node js/bench.mjs [PACKAGE_DIR]: what a call costs through the WebAssembly boundary, beside
// WHATWG's new URL() on the same inputs (docs/javascript.md has a run). Each line is the median
// of 7 runs of N calls over a mirror list's URIs.
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = process.argv[2] ?? path.join(here, '../build/wasm/package');
const { default: ftpuri } = await import(pathToFileURL(path.join(dir, 'index.mjs')).href);

const URIS = [
  'ftp://ftp.debian.org/debian/dists/bookworm/main/binary-amd64/Packages.gz',
  'ftp://mirror.example.org/pub/linux/kernel/v6.x/linux-6.1.tar.xz;type=i',
  'ftp://anonymous@ftp.example.net:2121/pub/',
  'ftp://ftp.gnu.org/gnu/emacs/',
];
const N = 200_000;

function measure(name, call) {
  const times = [];
  for (let run = 0; run < 7; run++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < N; i++) call(URIS[i & 3]);
    times.push(Number(process.hrtime.bigint() - start) / N);
  }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(34)} ${times[3].toFixed(0).padStart(6)} ns/call`);
}

measure('new URL(uri)', (u) => new URL(u));
measure('URL.canParse(uri)', (u) => URL.canParse(u));
measure('ftpuri.validate(uri)', (u) => ftpuri.validate(u));
measure('ftpuri.canonicalize(uri)', (u) => ftpuri.canonicalize(u));
measure('ftpuri.sanitize(uri, policy)', (u) => ftpuri.sanitize(u, { deny: ['non-public'] }));
measure('ftpuri.parse(uri)', (u) => ftpuri.parse(u));
