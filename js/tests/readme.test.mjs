// SPDX-License-Identifier: Apache-2.0
// The JavaScript blocks of the README and of the package's README run, as written, where
// 'ftpuri' is the built package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, mkdtempSync, mkdirSync, symlinkSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sourceDir, packageDir } from './support.mjs';

// The block of `file` that begins with `marker`, run as written where 'ftpuri' is the package.
function runs(file, marker) {
  const text = readFileSync(file, 'utf8');
  const block = new RegExp(`\`\`\`js\n(// ${marker}:[^]*?)\`\`\``).exec(text);
  assert.ok(block, `${file} has the \`\`\`js block beginning with // ${marker}:`);
  const scratch = mkdtempSync(path.join(tmpdir(), 'ftpuri-readme-'));
  try {
    mkdirSync(path.join(scratch, 'node_modules'));
    symlinkSync(path.resolve(packageDir), path.join(scratch, 'node_modules/ftpuri'), 'dir');
    writeFileSync(path.join(scratch, 'example.mjs'), block[1]);
    execFileSync('node', ['example.mjs'], { cwd: scratch, stdio: 'inherit' });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

test("the README's JavaScript example runs", () => {
  runs(path.join(sourceDir, 'README.md'), 'README JavaScript example');
});

test("the package's own README example runs", () => {
  runs(path.join(sourceDir, 'js/package/README.md'), 'Package README example');
});
