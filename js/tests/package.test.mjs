// SPDX-License-Identifier: Apache-2.0
// The tarball npm pack makes (the build's ftpuri_npm_pack target, or made here from the package)
// installs into an empty folder with npm install --offline, and works there with node: the
// default import, the named ones, and the TypeScript declarations checked by tsc against a
// program that uses every function.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { packageDir, isCI } from './support.mjs';

function tarball(scratch) {
  if (process.env.FTPURI_JS_TARBALL) return process.env.FTPURI_JS_TARBALL;
  execFileSync('npm', ['pack', '--silent', '--pack-destination', scratch, packageDir]);
  return path.join(scratch, readdirSync(scratch).find((f) => f.endsWith('.tgz')));
}

const scratch = mkdtempSync(path.join(tmpdir(), 'ftpuri-npm-'));
const project = path.join(scratch, 'project');
after(() => rmSync(scratch, { recursive: true, force: true }));

test('the tarball installs offline into an empty folder', () => {
  const file = tarball(scratch);
  execFileSync('mkdir', [project]);
  writeFileSync(path.join(project, 'package.json'), '{"name": "consumer", "private": true, "type": "module"}\n');
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', file], { cwd: project });
  const installed = readdirSync(path.join(project, 'node_modules/ftpuri')).sort();
  assert.deepEqual(installed, ['README.md', 'ftpuri-wasm.mjs', 'ftpuri-wasm.wasm', 'index.d.ts', 'index.mjs', 'package.json']);
});

test('node runs it: import ftpuri from "ftpuri" just works', () => {
  writeFileSync(
    path.join(project, 'use.mjs'),
    `import ftpuri, { sanitize, FtpUriError } from 'ftpuri';
console.log(JSON.stringify([
  ftpuri.validate('ftp://h/'),
  ftpuri.canonicalize('FTP://H:21/a'),
  sanitize('ftp://10.0.0.1/', { deny: ['private'] }).error.id,
  new FtpUriError({ message: 'm', id: 'i', offset: 0, hint: 'h' }) instanceof Error,
]));
`,
  );
  const out = execFileSync('node', ['use.mjs'], { cwd: project }).toString();
  assert.deepEqual(JSON.parse(out), [true, 'ftp://h/a', 'host.denied', true]);
});

const tsc = ['/usr/bin/tsc', ...(process.env.PATH ?? '').split(':').map((d) => path.join(d, 'tsc'))].find(existsSync);

test('the declarations type a program that uses every function (tsc --strict)', { skip: tsc || isCI ? false : 'no tsc (node-typescript)' }, () => {
  assert.ok(tsc, 'tsc (node-typescript) is installed');
  writeFileSync(
    path.join(project, 'use.ts'),
    `import ftpuri, { parse, plan, sanitize, FtpUriError, type Diagnostic, type HostClass } from 'ftpuri';
const ok: boolean = ftpuri.validate('ftp://h/', { profile: 'lenient' });
const r = parse(new Uint8Array([102]), { enable: ['port.non-default'], error: [] });
const first: Diagnostic | undefined = r.diagnostics[0];
const start: number | undefined = first?.start;
const host: string | undefined = r.parts?.host.value;
const c: string = ftpuri.canonicalize('ftp://h/', { stripPassword: true });
const same: boolean = ftpuri.equivalent('ftp://h/', 'ftp://H/');
const cls: HostClass = ftpuri.classifyHost('ftp://h/');
const lines: string[] = plan('ftp://h/', { mode: 'nocwd', credentials: { user: 'u', password: 'p' } }).commands.map((x) => x.shown);
const s = sanitize('ftp://h/', { deny: ['non-public'], allowHost: ['h'] }, { error: ['userinfo.password'] });
const canonical: string | null = s.canonical;
const e: Diagnostic = new FtpUriError(s.error!).diagnostic;
const top: number = ftpuri.memoryUsage().heapTop;
const masked: string = ftpuri.redactPassword('ftp://u:p@h/');
export { ok, start, host, c, same, cls, lines, canonical, e, top, masked };
`,
  );
  writeFileSync(
    path.join(project, 'bad.ts'),
    `import ftpuri from 'ftpuri';
ftpuri.validate('ftp://h/', { profile: 'loose' });
`,
  );
  const flags = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022'];
  execFileSync(tsc, [...flags, 'use.ts'], { cwd: project });
  // The declarations do refuse: a profile that does not exist is a type error.
  assert.throws(() => execFileSync(tsc, [...flags, 'bad.ts'], { cwd: project, stdio: 'pipe' }), (err) =>
    /TS2322/.test(err.stdout.toString()),
  );
});
