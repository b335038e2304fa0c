#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Runs one golden case of ftpuri-check and compares its outputs exactly.

Usage: run_case.py FTPURI_CHECK CASEFILE

The case file format is described in README.md (next to this script). In short: sections
introduced by lines `### NAME [FLAGS]` (args, stdin, env, file NAME, dir NAME, normalize, exit,
stdout, stderr, after file NAME); flags `escaped` (the section uses \\xHH and \\\\ escapes),
`noeol` (the content does not end with a newline) and, on `file`, `mode=OOOO`.

The binary runs in a fresh temporary directory as its working directory, so that file names in
its outputs are relative and stable, with a minimal environment (PATH=/usr/bin:/bin, LC_ALL=C,
NO_COLOR unset, plus the case's `### env` and any sanitizer options of the caller).

With FTPURI_UPDATE_GOLDEN=1 in the environment the expected sections (exit, stdout, stderr and
every `after file`) are rewritten from the actual run instead of compared, and the script
exits 0. Review the diff (git diff tests/cli_golden) before keeping it.

Stdlib only; run with /usr/bin/python3.
"""

import difflib
import os
import re
import subprocess
import sys
import tempfile

HEADER = b"### "
# Sections whose content the runner writes in update mode.
EXPECTED = ("exit", "stdout", "stderr")
KNOWN = {"args", "stdin", "env", "file", "dir", "normalize", "exit", "stdout", "stderr", "after"}
NORMALIZERS = {"stats", "progress", "sarif-rules", "sarif-times"}
# Passed through to the binary when set, so that a sanitizer build can be configured.
PASS_THROUGH = ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "MSAN_OPTIONS",
                "LLVM_PROFILE_FILE")
TIMEOUT_SECONDS = 120


class CaseError(Exception):
    """The case file is malformed."""


class Section:
    def __init__(self, header, kind, name, flags, content):
        self.header = header      # the header line's words after "### "
        self.kind = kind          # "args", "file", "after", ...
        self.name = name          # the file name of file/dir/after sections, else None
        self.flags = flags        # {"escaped": True, "noeol": True, "mode": "0444"}
        self.content = content    # bytes, decoded
        self.raw = b""            # the header and content lines as the case file has them

    def key(self):
        return (self.kind, self.name)


# ---- the notation ---------------------------------------------------------------------------

def decode_escapes(text, where):
    """\\xHH is the byte HH, \\\\ one backslash; any other backslash is an error."""
    out = bytearray()
    i = 0
    raw = text.encode("utf-8")
    while i < len(raw):
        c = raw[i]
        if c != 0x5C:
            out.append(c)
            i += 1
            continue
        nxt = raw[i + 1:i + 2]
        if nxt == b"\\":
            out.append(0x5C)
            i += 2
        elif nxt == b"x" and re.fullmatch(rb"[0-9A-Fa-f]{2}", raw[i + 2:i + 4] or b""):
            out.append(int(raw[i + 2:i + 4], 16))
            i += 4
        else:
            raise CaseError(f"{where}: a backslash must start \\\\ or \\xHH in an escaped section")
    return bytes(out)


def needs_escaping(data):
    """True when `data` cannot be written literally: not UTF-8, a control byte other than LF
    (TAB, CR and ESC included), DEL, a line that would read as a section header, or a line that
    ends with a space (which editors strip)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return True
    if any(is_control(ch) for ch in text):
        return True
    return any(line.startswith("###") or line.endswith(" ") for line in text.split("\n"))


def is_control(ch):
    """A character that cannot be written literally: C0 but LF, DEL, C1."""
    code = ord(ch)
    return (code < 0x20 and ch != "\n") or 0x7F <= code <= 0x9F


def encode_escapes(data):
    """The escaped spelling of `data`: LF stays a line break, printable UTF-8 stays itself,
    a backslash is \\\\, every other byte \\xHH, a '#' that starts a line \\x23, and a space
    that only spaces follow to the end of its line \\x20."""
    out = []
    i = 0
    at_line_start = True
    while i < len(data):
        b = data[i]
        if b == 0x0A:
            out.append("\n")
            i += 1
            at_line_start = True
            continue
        if b == 0x5C:
            out.append("\\\\")
        elif b == 0x23 and at_line_start:
            out.append("\\x23")
        elif b == 0x20 and trailing_spaces(data, i):
            out.append("\\x20")
        elif 0x20 <= b < 0x7F:
            out.append(chr(b))
        elif b >= 0x80:
            n = utf8_sequence_length(data, i)
            if n and not is_control(data[i:i + n].decode("utf-8")):
                out.append(data[i:i + n].decode("utf-8"))
                i += n
                at_line_start = False
                continue
            out.append(f"\\x{b:02X}")
        else:
            out.append(f"\\x{b:02X}")
        i += 1
        at_line_start = False
    return "".join(out)


def trailing_spaces(data, i):
    """True when data[i:] holds only spaces up to the end of its line."""
    end = data.find(b"\n", i)
    rest = data[i:] if end == -1 else data[i:end]
    return rest.strip(b" ") == b""


def utf8_sequence_length(data, i):
    """The length of the well-formed UTF-8 sequence at data[i], or 0."""
    for n in (2, 3, 4):
        try:
            data[i:i + n].decode("utf-8")
            return n
        except UnicodeDecodeError:
            continue
    return 0


# ---- reading and writing case files ---------------------------------------------------------

def parse_case(path):
    """(preamble lines, sections) of a case file."""
    with open(path, "rb") as f:
        raw = f.read()
    lines = raw.split(b"\n")
    # A file that ends with "\n" splits into a last empty element that is no line.
    if lines and lines[-1] == b"":
        lines.pop()
    preamble = []
    sections = []
    body = []
    for line in lines:
        if line.startswith(HEADER):
            if sections:
                finish(sections[-1], body, path)
            words = line[len(HEADER):].decode("utf-8").split()
            if not words:
                raise CaseError(f"{path}: empty section header")
            sections.append(make_section(words, path))
            sections[-1].raw = line + b"\n"
            body = []
        elif not sections:
            preamble.append(line.decode("utf-8"))
        else:
            body.append(line)
            sections[-1].raw += line + b"\n"
    if sections:
        finish(sections[-1], body, path)
    return preamble, sections


def finish(section, body, path):
    where = f"{os.path.basename(path)}: ### {' '.join(section.header)}"
    parts = []
    for j, line in enumerate(body):
        try:
            parts.append(line.decode("utf-8"))
        except UnicodeDecodeError as e:
            raise CaseError(f"{where}: line {j + 1} is not UTF-8; use an escaped section") from e
    # Every line of a section ends with a newline, even the case file's last line when an
    # editor left its newline out: only the 'noeol' flag drops the last one.
    text = "".join(part + "\n" for part in parts)
    if section.flags.get("noeol"):
        if not text.endswith("\n"):
            raise CaseError(f"{where}: 'noeol' on a section that does not end with a line")
        text = text[:-1]
    if section.flags.get("escaped"):
        section.content = decode_escapes(text, where)
    else:
        if any(is_control(ch) for ch in text):
            raise CaseError(f"{where}: a control character in a section without 'escaped'")
        section.content = text.encode("utf-8")


def make_section(words, path):
    kind = words[0]
    if kind not in KNOWN:
        raise CaseError(f"{path}: unknown section '### {' '.join(words)}'")
    rest = words[1:]
    name = None
    if kind in ("file", "dir"):
        if not rest:
            raise CaseError(f"{path}: '### {kind}' needs a NAME")
        name, rest = rest[0], rest[1:]
    elif kind == "after":
        if len(rest) < 2 or rest[0] != "file":
            raise CaseError(f"{path}: write '### after file NAME'")
        name, rest = rest[1], rest[2:]
    flags = {}
    for word in rest:
        if word in ("escaped", "noeol"):
            flags[word] = True
        elif word.startswith("mode=") and kind == "file" and re.fullmatch(r"mode=0?[0-7]{3,4}", word):
            flags["mode"] = word[5:]
        else:
            raise CaseError(f"{path}: unknown flag '{word}' in '### {' '.join(words)}'")
    return Section(words, kind, name, flags, b"")


def render_section(section):
    """The text of a section, header and content, as written by the update mode."""
    data = section.content
    flags = dict(section.flags)
    flags.pop("escaped", None)
    flags.pop("noeol", None)
    words = [section.kind]
    if section.kind in ("file", "dir"):
        words.append(section.name)
    elif section.kind == "after":
        words += ["file", section.name]
    if "mode" in flags:
        words.append("mode=" + flags["mode"])
    escaped = needs_escaping(data)
    if escaped:
        words.append("escaped")
        text = encode_escapes(data)
    else:
        text = data.decode("utf-8")
    if text and not text.endswith("\n"):
        words.append("noeol")
        text += "\n"
    return "### " + " ".join(words) + "\n" + text


def write_case(path, preamble, sections):
    """Writes the case back: the inputs as their author wrote them, the expected outputs anew."""
    out = "".join(line + "\n" for line in preamble).encode("utf-8")
    for s in sections:
        if s.kind in ("exit", "stdout", "stderr", "after"):
            out += render_section(s).encode("utf-8")
        else:
            out += s.raw
    with open(path, "wb") as f:
        f.write(out)


# ---- normalizing time-dependent output ------------------------------------------------------

STATS_LINE = re.compile(
    rb"^(ftpuri-check: stats: \d+ inputs?, \d+ valid, \d+ invalid, \d+ skipped \(blank or comment\)(?:, \d+ skipped \(another scheme\))?, \d+ bytes? in )"
    rb"\d+\.\d+ s: \d+ inputs/s, \d+\.\d+ MB/s$", re.M)
PROGRESS_TIME = re.compile(rb"(\r(?:\x1b\[K)?[^\r\n]*: [^\r\n]*\d+ inputs, )\d+ inputs/s, \d+\.\d s(, \d+\.\d s left)?")


SARIF_RULES = re.compile(rb'("rules":\[)(\{"id":.*?)(\]\}\},"columnKind")')
SARIF_TIME = re.compile(rb'("(?:start|end)TimeUtc":")\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"')


def shorten_rules(match):
    count = match.group(2).count(b'{"id":')
    return match.group(1) + f"<{count} rules>".encode() + match.group(3)


def normalize(data, names):
    if "sarif-rules" in names:
        data = SARIF_RULES.sub(shorten_rules, data, count=1)
    if "sarif-times" in names:
        data = SARIF_TIME.sub(rb'\1<time>"', data)
    if "stats" in names:
        data = STATS_LINE.sub(rb"\1<seconds> s: <rate> inputs/s, <rate> MB/s", data)
    if "progress" in names:
        data = PROGRESS_TIME.sub(lambda m: m.group(1) + b"<rate> inputs/s, <seconds> s" +
                                 (b", <seconds> s left" if m.group(2) else b""), data)
    return data


# ---- running a case -------------------------------------------------------------------------

def run(binary, sections, workdir):
    by_kind = {}
    for s in sections:
        if s.kind in ("args", "stdin", "env", "normalize", "exit", "stdout", "stderr"):
            if s.kind in by_kind:
                raise CaseError(f"two '### {s.kind}' sections")
            by_kind[s.kind] = s
    args = []
    if "args" in by_kind and by_kind["args"].content:
        text = by_kind["args"].content
        if not text.endswith(b"\n"):
            raise CaseError("'### args' must end with a line (one argument per line)")
        args = [os.fsdecode(a) for a in text[:-1].split(b"\n")]
    env = {"PATH": "/usr/bin:/bin", "LC_ALL": "C"}
    for name in PASS_THROUGH:
        if name in os.environ:
            env[name] = os.environ[name]
    if "env" in by_kind:
        for line in by_kind["env"].content.decode("utf-8").splitlines():
            if not line:
                continue
            name, eq, value = line.partition("=")
            if not eq:
                raise CaseError(f"'### env' line '{line}' is not NAME=VALUE")
            env[name] = value
    names = set()
    if "normalize" in by_kind:
        names = set(by_kind["normalize"].content.decode("utf-8").split())
        unknown = names - NORMALIZERS
        if unknown:
            raise CaseError(f"unknown normalizer(s) {sorted(unknown)}; known: {sorted(NORMALIZERS)}")

    for s in sections:
        if s.kind == "file":
            path = os.path.join(workdir, s.name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(s.content)
            if "mode" in s.flags:
                os.chmod(path, int(s.flags["mode"], 8))
        elif s.kind == "dir":
            if s.content:
                raise CaseError(f"'### dir {s.name}' must be empty")
            os.makedirs(os.path.join(workdir, s.name), exist_ok=True)

    stdin = by_kind["stdin"].content if "stdin" in by_kind else b""
    proc = subprocess.run([binary, *args], input=stdin, capture_output=True, cwd=workdir, env=env,
                          timeout=TIMEOUT_SECONDS, check=False)
    actual = {
        ("exit", None): f"{proc.returncode}\n".encode(),
        ("stdout", None): normalize(proc.stdout, names),
        ("stderr", None): normalize(proc.stderr, names),
    }
    for s in sections:
        if s.kind == "after":
            path = os.path.join(workdir, s.name)
            try:
                with open(path, "rb") as f:
                    actual[("after", s.name)] = f.read()
            except OSError as e:
                actual[("after", s.name)] = f"<cannot read {s.name}: {e.strerror}>\n".encode()
    return actual


def show(data):
    """Lines for a diff: every section in the escaped notation, so that no byte hides."""
    text = encode_escapes(data)
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    else:
        lines[-1] += "  <no newline at end>"
    return [line + "\n" for line in lines]


def main(argv):
    if len(argv) != 3:
        print(f"usage: {argv[0]} FTPURI_CHECK CASEFILE", file=sys.stderr)
        return 2
    binary = os.path.abspath(argv[1])
    case_path = os.path.abspath(argv[2])
    case_name = os.path.splitext(os.path.basename(case_path))[0]
    try:
        preamble, sections = parse_case(case_path)
        with tempfile.TemporaryDirectory(prefix="ftpuri-golden-") as workdir:
            try:
                actual = run(binary, sections, workdir)
            finally:
                # A case may leave a read-only file or directory behind: make it removable.
                for root, dirs, _ in os.walk(workdir):
                    for d in dirs:
                        os.chmod(os.path.join(root, d), 0o755)
    except CaseError as e:
        print(f"{case_name}: malformed case: {e}", file=sys.stderr)
        return 2
    except subprocess.TimeoutExpired:
        print(f"{case_name}: ftpuri-check did not finish in {TIMEOUT_SECONDS} s", file=sys.stderr)
        return 1

    present = {s.key() for s in sections}
    if os.environ.get("FTPURI_UPDATE_GOLDEN") == "1":
        for kind in EXPECTED:
            if (kind, None) not in present:
                sections.append(Section([kind], kind, None, {}, b""))
        for s in sections:
            if s.key() in actual:
                s.content = actual[s.key()]
        write_case(case_path, preamble, sections)
        print(f"{case_name}: expected outputs rewritten from the actual run")
        return 0

    failed = False
    for kind in EXPECTED:
        if (kind, None) not in present:
            print(f"{case_name}: the case has no '### {kind}' section (expected outputs are "
                  f"required; FTPURI_UPDATE_GOLDEN=1 writes them)", file=sys.stderr)
            failed = True
    for s in sections:
        if s.key() not in actual:
            continue
        want, got = s.content, actual[s.key()]
        if want == got:
            continue
        failed = True
        label = " ".join(s.header[:3] if s.kind == "after" else s.header[:1])
        sys.stdout.writelines(difflib.unified_diff(
            show(want), show(got), fromfile=f"{case_name}: expected {label}",
            tofile=f"{case_name}: actual {label}"))
    if failed:
        print(f"{case_name}: FAILED (the diff is in the escaped notation of README.md; "
              f"FTPURI_UPDATE_GOLDEN=1 rewrites the expected sections)")
        return 1
    print(f"{case_name}: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
