// SPDX-License-Identifier: Apache-2.0
// The playground: each line of the text box checked by the package (./ftpuri/, the build copies
// it here), as ftpuri-check with the same options would report it. The input and the options
// live in the URL's fragment, which browsers never send, so that a link shares a finding. Text
// from the input is only ever set as textContent, never parsed as HTML.
import ftpuri from './ftpuri/index.mjs';

const $ = (id) => document.getElementById(id);
const fields = ['uris', 'profile', 'mode', 'deny', 'allow'];

function element(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

// A names field as a list: commas or blanks between names.
function names(text) {
  return text.split(/[\s,]+/).filter((name) => name !== '');
}

// The diagnostic's caret line under the input: '^' at its start, '~' along the rest.
function caret(d) {
  const width = Math.max(d.end - d.start, 1);
  return ' '.repeat(d.start) + '^' + '~'.repeat(width - 1);
}

// As a compiler shows one: what is wrong, the input with a caret under the bytes, the hint.
function diagnosticBlock(d, uri) {
  const block = element('div', `diagnostic ${d.severity}`);
  block.dataset.id = d.id;
  const what = element('div', 'what', `${d.severity}: ${d.message} `);
  what.append(element('code', 'id', `[${d.id}]`));
  block.append(what, element('pre', 'source', uri), element('pre', 'caret', caret(d)));
  block.append(element('div', 'hint', `hint: ${d.hint}`));
  return block;
}

function definitions(rows) {
  const list = element('dl');
  for (const [term, value, className] of rows) {
    list.append(element('dt', '', term));
    list.append(element('dd', className, value));
  }
  return list;
}

// What the parts are, as written and decoded: the password never shown.
function partRows(parsed) {
  const rows = [];
  for (const [name, part] of Object.entries(parsed.parts)) {
    if (part === null) continue;
    const shown = name === 'password' ? '****' : JSON.stringify(part.value);
    rows.push([name, `${shown}  (offset ${part.offset}, ${part.length} bytes)`, `part part-${name}`]);
  }
  return rows;
}

function resultCard(uri, options) {
  const { profile, mode, policy } = options;
  const checked = ftpuri.sanitize(uri, policy, { profile });
  const card = element('section', 'result');
  const title = element('h2');
  title.append(element('span', `verdict ${checked.valid ? 'valid' : 'invalid'}`, checked.valid ? 'valid' : 'invalid'));
  title.append(element('span', 'count', `${checked.diagnostics.length} finding${checked.diagnostics.length === 1 ? '' : 's'}`));
  // As typed, as each diagnostic's caret line shows it; the canonical form and plan mask it.
  card.append(title, element('pre', 'input', uri));
  for (const d of checked.diagnostics) card.append(diagnosticBlock(d, uri));

  const parsed = ftpuri.parse(uri, { profile });
  const rows = [];
  if (checked.canonical !== null) rows.push(['canonical', ftpuri.redactPassword(checked.canonical), 'canonical']);
  if (parsed.valid) {
    rows.push(['host class', parsed.hostClass, 'host-class'], ['host kind', parsed.hostKind, 'host-kind']);
    rows.push(...partRows(parsed));
  }
  if (rows.length) card.append(definitions(rows));
  if (parsed.valid) {
    try {
      const planned = ftpuri.plan(uri, { profile, mode });
      const list = element('ol', 'plan');
      for (const c of planned.commands) list.append(element('li', 'command', c.shown));
      card.append(element('div', 'plan-title', `command plan (${mode})${planned.askPassword ? ', then ask for the password' : ''}`), list);
    } catch (e) {
      if (!(e instanceof ftpuri.FtpUriError)) throw e;
      card.append(element('div', 'plan-title', `no command plan (${mode}):`), diagnosticBlock(e.diagnostic, uri));
    }
  }
  return card;
}

function currentState() {
  return Object.fromEntries(fields.map((f) => [f, $(f).value]));
}

function render() {
  const state = currentState();
  const options = { profile: state.profile, mode: state.mode, policy: { deny: names(state.deny), allowHost: names(state.allow) } };
  const results = $('results');
  const status = $('status');
  const lines = state.uris.split(/\r?\n/).filter((line) => line.trim() !== '');
  try {
    results.replaceChildren(...lines.map((line) => resultCard(line, options)));
    const invalid = results.querySelectorAll('.verdict.invalid').length;
    status.textContent = `${lines.length} URI${lines.length === 1 ? '' : 's'}, ${invalid} invalid (ftpuri ${ftpuri.version}, no IDNA in this build)`;
    status.className = '';
  } catch (e) {
    if (!(e instanceof RangeError || e instanceof TypeError)) throw e;
    results.replaceChildren();
    status.textContent = e.message; // a policy that is not one: say which option
    status.className = 'problem';
  }
  const link = `#${new URLSearchParams(state).toString()}`;
  $('share').href = link;
  history.replaceState(null, '', link);
}

function restore() {
  const saved = new URLSearchParams(location.hash.slice(1));
  for (const f of fields) if (saved.has(f)) $(f).value = saved.get(f);
}

restore();
for (const f of fields) $(f).addEventListener('input', render);
window.addEventListener('hashchange', () => {
  restore();
  render();
});
render();
document.body.dataset.ready = 'true';
