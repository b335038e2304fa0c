// SPDX-License-Identifier: Apache-2.0
// The README's JavaScript block runs, as written, where 'ftpuri' is the built package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, mkdtempSync, mkdirSync, symlinkSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sourceDir, packageDir } from './support.mjs';

test("the README's JavaScript example runs", () => {
  const readme = readFileSync(path.join(sourceDir, 'README.md'), 'utf8');
  const block = /```js\n(\/\/ README JavaScript example:[^]*?)```/.exec(readme);
  assert.ok(block, 'README.md has the ```js block');
  const scratch = mkdtempSync(path.join(tmpdir(), 'ftpuri-readme-'));
  try {
    mkdirSync(path.join(scratch, 'node_modules'));
    symlinkSync(path.resolve(packageDir), path.join(scratch, 'node_modules/ftpuri'), 'dir');
    writeFileSync(path.join(scratch, 'example.mjs'), block[1]);
    execFileSync('node', ['example.mjs'], { cwd: scratch, stdio: 'inherit' });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
