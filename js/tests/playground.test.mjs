// SPDX-License-Identifier: Apache-2.0
// The playground in headless Chromium (Debian's chromium, driven by puppeteer-core): inputs and
// options typed and chosen as a user would, the rendered results read back and compared with
// ftpuri-check --format=json given the same inputs and options, the share link reopened, and
// every request the page makes checked to be one of its own static files; the package in the page
// is the one npm pack's tarball holds. With
// FTPURI_PLAYGROUND_SCREENSHOT set, the session is saved there as a PNG (docs/playground.png).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile, writeFile, mkdtemp, rm, mkdir, copyFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { packageDir, sourceDir, cliRecordsAnyExit, isCI } from './support.mjs';

const playgroundDir = process.env.FTPURI_PLAYGROUND ?? path.join(packageDir, '../playground');
const chromium = process.env.FTPURI_CHROMIUM ?? '/usr/bin/chromium';
const puppeteerPath = path.join(sourceDir, 'js/node_modules/puppeteer-core/lib/esm/puppeteer/puppeteer-core.js');
const missing = [chromium, puppeteerPath].filter((p) => !existsSync(p));
const skip = missing.length && !isCI ? `missing ${missing.join(', ')} (scripts/install-deps.sh)` : false;

const TYPES = { '.html': 'text/html', '.mjs': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };

// The playground's files over HTTP on 127.0.0.1, each request noted.
async function serve(root, requests) {
  const server = createServer(async (req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const file = path.join(root, decodeURIComponent(new URL(req.url, 'http://x').pathname.replace(/\/$/, '/index.html')));
    if (!file.startsWith(root) || req.method !== 'GET') return res.writeHead(405).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

// The site to serve: the playground's own files, with the package as npm pack's tarball has it
// (FTPURI_JS_TARBALL, as ctest sets it), so that the tarball is what runs in the page; else the
// build's assembled playground.
async function siteRoot(scratch) {
  const tarball = process.env.FTPURI_JS_TARBALL;
  if (!tarball) return path.resolve(playgroundDir);
  const site = path.join(scratch, 'site');
  await mkdir(path.join(site, 'ftpuri'), { recursive: true });
  for (const file of ['index.html', 'app.mjs', 'style.css'])
    await copyFile(path.join(sourceDir, 'playground', file), path.join(site, file));
  execFileSync('tar', ['-xzf', tarball, '-C', path.join(site, 'ftpuri'), '--strip-components=1']);
  return site;
}

// A session: a mirror list with a few of the things a reviewer looks for.
const SESSION = [
  'ftp://anonymous:guest@127.1/etc/passwd',
  'ftp://files.example.net/pub/%2e%2e/%2e%2e/etc/shadow',
  'FTP://Mirror.Example.ORG:21/pub/./linux/../README;type=A',
  'ftp://u:s3cret@[fd00::5]:2121/a%2Fb/report.pdf',
  'ftp://ftp.example.org/pub/~/x',
  'ftp://ftp.debian.org/debian/dists/bookworm/Release',
];
const OPTIONS = { profile: 'strict', mode: 'multicwd', deny: 'non-public', allow: '' };

// What the page shows for each URI.
function readResults() {
  return [...document.querySelectorAll('.result')].map((card) => ({
    verdict: card.querySelector('.verdict').textContent,
    input: card.querySelector('pre.input').textContent,
    diagnostics: [...card.querySelectorAll(':scope > .diagnostic')].map((d) => ({
      id: d.dataset.id,
      source: d.querySelector('.source').textContent,
      caret: d.querySelector('.caret').textContent,
      what: d.querySelector('.what').textContent,
      hint: d.querySelector('.hint').textContent,
    })),
    canonical: card.querySelector('dd.canonical')?.textContent ?? null,
    hostClass: card.querySelector('dd.host-class')?.textContent ?? null,
    plan: card.querySelector('ol.plan') ? [...card.querySelectorAll('ol.plan li')].map((li) => li.textContent) : null,
  }));
}

test('the playground shows what ftpuri-check reports, and sends nothing', { skip, timeout: 120_000 }, async () => {
  const { default: puppeteer } = await import(puppeteerPath);
  const requests = [];
  const scratch = await mkdtemp(path.join(tmpdir(), 'ftpuri-playground-'));
  const server = await serve(await siteRoot(scratch), requests);
  const origin = `http://127.0.0.1:${server.address().port}`;
  let browser;
  try {
    browser = await puppeteer.launch({
      executablePath: chromium,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    const page = await browser.newPage();
    await page.setViewport({ width: 1000, height: 1200 });
    const pageRequests = [];
    const errors = [];
    page.on('request', (r) => pageRequests.push(r.url()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${origin}/`);
    await page.waitForSelector('body[data-ready="true"]');

    await page.click('#uris', { clickCount: 3 });
    await page.keyboard.press('Backspace');
    await page.type('#uris', SESSION.join('\n'));
    await page.select('#profile', OPTIONS.profile);
    await page.select('#mode', OPTIONS.mode);
    await page.type('#deny', OPTIONS.deny);
    const shown = await page.evaluate(readResults);

    const file = path.join(scratch, 'session.txt');
    await writeFile(file, `${SESSION.join('\n')}\n`);
    const args = ['--whole-line', `--profile=${OPTIONS.profile}`, '--deny', OPTIONS.deny];
    const records = cliRecordsAnyExit(args, file);
    const plans = cliRecordsAnyExit([...args.slice(0, 2), '--plan', `--plan-mode=${OPTIONS.mode}`], file);
    assert.equal(shown.length, records.length);
    for (const [i, record] of records.entries()) {
      const card = shown[i];
      const where = SESSION[i];
      assert.equal(card.verdict, record.valid ? 'valid' : 'invalid', where);
      assert.equal(card.input, SESSION[i], where);
      assert.deepEqual(
        card.diagnostics.map((d) => d.id),
        record.diagnostics.map((d) => d.id),
        where,
      );
      for (const [k, d] of record.diagnostics.entries()) {
        const c = card.diagnostics[k];
        // Every input here is ASCII: a string index is the byte offset.
        assert.equal(c.caret.indexOf('^'), d.offset, `${where}: ${d.id}`);
        assert.equal(c.caret.trimStart().length, Math.max(d.length, 1), `${where}: ${d.id}`);
        assert.equal(c.source, SESSION[i]);
        assert.equal(c.what, `${d.severity}: ${d.message} [${d.id}]`);
        assert.equal(c.hint, `hint: ${d.hint}`);
      }
      assert.equal(card.canonical, record.canonical, where);
      if (record.valid) assert.equal(card.hostClass, record.host_class, where);
      if (plans[i].plan !== null) assert.deepEqual(card.plan, plans[i].plan, where);
    }
    assert.ok(shown.some((c) => c.verdict === 'valid') && shown.some((c) => c.verdict === 'invalid'));

    // The share link reopens the same session in a fresh page.
    const link = await page.$eval('#share', (a) => a.href);
    assert.ok(link.startsWith(`${origin}/#`), link);
    if (process.env.FTPURI_PLAYGROUND_SCREENSHOT)
      await page.screenshot({ path: process.env.FTPURI_PLAYGROUND_SCREENSHOT, type: 'png' });
    const again = await browser.newPage();
    again.on('request', (r) => pageRequests.push(r.url()));
    await again.goto(link);
    await again.waitForSelector('body[data-ready="true"]');
    assert.equal(await again.$eval('#uris', (t) => t.value), SESSION.join('\n'));
    assert.equal(await again.$eval('#deny', (t) => t.value), OPTIONS.deny);
    assert.deepEqual(await again.evaluate(readResults), shown);

    // Nothing but the page's own files was asked for, by the page or of the server.
    assert.deepEqual(errors, []);
    for (const url of pageRequests) assert.ok(url.startsWith(`${origin}/`), url);
    const files = new Set(requests.map((r) => r.replace(/#.*/, '')));
    for (const r of files) assert.match(r, /^GET \/(|app\.mjs|style\.css|ftpuri\/(index\.mjs|ftpuri-wasm\.mjs|ftpuri-wasm\.wasm)|favicon\.ico)$/);
  } finally {
    await browser?.close();
    server.close();
    await rm(scratch, { recursive: true, force: true });
  }
});
