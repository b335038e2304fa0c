#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""oracle/abnf_to_re2.py: translate a rule of an RFC 5234 ABNF grammar into an RE2 regex.

    abnf_to_re2.py GRAMMAR --rule ftp-URI [--capture NAME ...] --output FILE
    abnf_to_re2.py --self-test

The oracle of docs/assurance.md: the build runs this on docs/grammar.abnf and writes one regex
per profile into the build tree (never into the source tree, never edited by hand). The tests
compile it with RE2 in Latin-1 mode (RE2::Options::EncodingLatin1), so every byte is one
character and a regex byte \\xHH matches exactly the input byte HH.

The translation is mechanical, one ABNF construct at a time:
    a / b              (?:a|b)         alternatives that are single bytes merge into one [class]
    a b                ab
    n*m x, *x, 1*x     x{n,m}, x*, x+  (RE2 refuses counts above 1000: so does this)
    n x                x{n}
    [ x ]              x?
    ( x )              (?:x)
    "ftp"              [Ff][Tt][Pp]    string literals are case-insensitive (RFC 5234 2.3)
    %s"x", %i"x"       case-sensitive / -insensitive literals (RFC 7405)
    %x41, %x41.42      \\x41, \\x41\\x42
    %x30-39            [0-9]           also %d and %b values
    rule               its definition, inlined ("=/" alternatives included)
    <prose>            an error: prose cannot be translated
A regular expression has no recursion, so a rule that refers to itself, directly or through
others, is an error, reported with the cycle. So is an undefined rule, a value above 255 (the
regex is over bytes), and anything that is not RFC 5234.

--capture NAME wraps the one place where rule NAME is inlined in a named group (?P<NAME>...),
'-' spelled '_', so that the tests can take the matched text apart and check the grammar's
named semantic constraints on it. A captured rule must be inlined exactly once and not under a
repetition that can repeat it (the group would hold only the last repetition).
"""

import argparse
import os
import re
import sys
import tempfile


class GrammarError(Exception):
    """The grammar cannot be translated; the message says where and why."""


# ---------------------------------------------------------------------------------------------
# Reading: RFC 5234 section 4 (rulelist, rule, elements, ...)
# ---------------------------------------------------------------------------------------------

_ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_DIGIT = "0123456789"


def _strip_comment(line):
    """The line without its comment: a ';' outside a quoted string starts one."""
    quoted = False
    for i, c in enumerate(line):
        if c == '"':
            quoted = not quoted
        elif c == ";" and not quoted:
            return line[:i]
    return line


def read_rules(text):
    """Splits the text into definitions: [(name, incremental, body_text, line_no)].

    A definition starts with a rule name in column 1; lines that start with a space or a tab
    continue it (RFC 5234: c-wsp = WSP / (c-nl WSP)); a line in column 1 that is empty or only
    a comment ends it."""
    defs = []
    current = None
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r")
        code = _strip_comment(line)
        if not code.strip():
            if not line.startswith((" ", "\t")):
                current = None
            continue
        if line.startswith((" ", "\t")):
            if current is None:
                raise GrammarError("line %d: indented line outside a definition" % line_no)
            current[2].append((line_no, code))
            continue
        m = re.match(r"([A-Za-z][A-Za-z0-9-]*)[ \t]*(=/|=)", code)
        if not m:
            raise GrammarError("line %d: a definition must start with 'rulename =' in column 1" % line_no)
        current = [m.group(1), m.group(2) == "=/", [(line_no, code[m.end():])], line_no]
        defs.append(current)
    return [(d[0], d[1], d[2], d[3]) for d in defs]


class _Tokens:
    """The tokens of one definition's body, with the line each came from."""

    def __init__(self, pieces, rule):
        self.items = []  # (kind, value, line)
        self.rule = rule
        for line_no, text in pieces:
            self._scan(text, line_no)
        self.pos = 0

    def _err(self, line_no, what):
        raise GrammarError("line %d (rule %s): %s" % (line_no, self.rule, what))

    def _scan(self, text, line_no):
        i = 0
        n = len(text)
        while i < n:
            c = text[i]
            if c in " \t":
                i += 1
            elif c == '"':
                j = text.find('"', i + 1)
                if j < 0:
                    self._err(line_no, "unterminated string literal")
                self._literal(text[i + 1:j], True, line_no)
                i = j + 1
            elif c == "%":
                if i + 1 < n and text[i + 1] in "siSI" and i + 2 < n and text[i + 2] == '"':
                    j = text.find('"', i + 3)  # RFC 7405
                    if j < 0:
                        self._err(line_no, "unterminated string literal")
                    self._literal(text[i + 3:j], text[i + 1] in "iI", line_no)
                    i = j + 1
                    continue
                m = re.match(r"%([bdxBDX])", text[i:])
                if not m:
                    self._err(line_no, "bad numeric value at %r" % text[i:i + 8])
                base = {"b": 2, "d": 10, "x": 16}[m.group(1).lower()]
                digits = {2: "[01]", 10: "[0-9]", 16: "[0-9A-Fa-f]"}[base]
                m = re.match(r"%%[bdxBDX](%s+)(?:(-%s+)|((?:\.%s+)+))?" % (digits, digits, digits), text[i:])
                if not m:
                    self._err(line_no, "bad numeric value at %r" % text[i:i + 8])
                first = int(m.group(1), base)
                if m.group(2):
                    last = int(m.group(2)[1:], base)
                    if last < first:
                        self._err(line_no, "empty range %s" % m.group(0))
                    self.items.append(("range", (first, last), line_no))
                else:
                    values = [first] + [int(v, base) for v in (m.group(3) or "").split(".")[1:]]
                    self.items.append(("bytes", values, line_no))
                i += m.end()
            elif c in _DIGIT or c == "*":
                m = re.match(r"([0-9]*)(\*([0-9]*))?", text[i:])
                lo = int(m.group(1)) if m.group(1) else None
                if m.group(2):
                    hi = int(m.group(3)) if m.group(3) else None
                    lo = lo or 0
                else:
                    hi = lo
                self.items.append(("repeat", (lo, hi), line_no))
                i += m.end()
            elif c in _ALPHA:
                m = re.match(r"[A-Za-z][A-Za-z0-9-]*", text[i:])
                self.items.append(("name", m.group(0), line_no))
                i += m.end()
            elif c in "/()[]":
                self.items.append((c, c, line_no))
                i += 1
            elif c == "<":
                self._err(line_no, "prose value %r: prose cannot be translated to a regex" % text[i:])
            else:
                self._err(line_no, "unexpected character %r" % c)

    def _literal(self, text, insensitive, line_no):
        for ch in text:
            if not 0x20 <= ord(ch) <= 0x7E or ch == '"':
                self._err(line_no, "string literal with a character outside %x20-21 / %x23-7E")
        self.items.append(("literal", (text, insensitive), line_no))

    def peek(self):
        return self.items[self.pos] if self.pos < len(self.items) else (None, None, None)

    def take(self):
        t = self.peek()
        self.pos += 1
        return t

    def line(self):
        t = self.peek()
        return t[2] if t[2] is not None else (self.items[-1][2] if self.items else 0)


# The abstract syntax: tuples
#   ("alt", [nodes]) ("seq", [nodes]) ("rep", lo, hi_or_None, node) ("ref", name, line)
#   ("lit", text, insensitive) ("bytes", [values]) ("range", lo, hi)


def _parse_alternation(toks):
    alts = [_parse_concatenation(toks)]
    while toks.peek()[0] == "/":
        toks.take()
        alts.append(_parse_concatenation(toks))
    return alts[0] if len(alts) == 1 else ("alt", alts)


def _parse_concatenation(toks):
    items = []
    while toks.peek()[0] not in (None, "/", ")", "]"):
        items.append(_parse_repetition(toks))
    if not items:
        raise GrammarError("line %d (rule %s): empty alternative" % (toks.line(), toks.rule))
    return items[0] if len(items) == 1 else ("seq", items)


def _parse_repetition(toks):
    kind, value, line_no = toks.peek()
    if kind != "repeat":
        return _parse_element(toks)
    toks.take()
    lo, hi = value
    if hi is not None and hi < lo:
        raise GrammarError("line %d (rule %s): repetition %d*%d" % (line_no, toks.rule, lo, hi))
    return ("rep", lo, hi, _parse_element(toks))


def _parse_element(toks):
    kind, value, line_no = toks.take()
    if kind == "name":
        return ("ref", value, line_no)
    if kind == "literal":
        return ("lit", value[0], value[1])
    if kind == "bytes":
        return ("bytes", value)
    if kind == "range":
        return ("range", value[0], value[1])
    if kind in ("(", "["):
        inner = _parse_alternation(toks)
        close = ")" if kind == "(" else "]"
        if toks.take()[0] != close:
            raise GrammarError("line %d (rule %s): '%s' without '%s'" % (line_no, toks.rule, kind, close))
        return inner if kind == "(" else ("rep", 0, 1, inner)
    raise GrammarError("line %s (rule %s): element expected, found %r" % (line_no or toks.line(), toks.rule, value))


def parse_grammar(text):
    """{lowercased rule name: (name as written, node, line)}."""
    rules = {}
    for name, incremental, pieces, line_no in read_rules(text):
        toks = _Tokens(pieces, name)
        if not toks.items:
            raise GrammarError("line %d: rule %s has an empty definition" % (line_no, name))
        node = _parse_alternation(toks)
        if toks.pos != len(toks.items):
            raise GrammarError("line %d (rule %s): unexpected %r" % (toks.line(), name, toks.peek()[1]))
        key = name.lower()
        if key in rules:
            if not incremental:
                raise GrammarError("line %d: rule %s defined twice (first on line %d)" % (line_no, name, rules[key][2]))
            old = rules[key][1]
            alts = (old[1] if old[0] == "alt" else [old]) + (node[1] if node[0] == "alt" else [node])
            rules[key] = (rules[key][0], ("alt", alts), rules[key][2])
        else:
            if incremental:
                raise GrammarError("line %d: '=/' for rule %s before its '=' definition" % (line_no, name))
            rules[key] = (name, node, line_no)
    return rules


# ---------------------------------------------------------------------------------------------
# Translating
# ---------------------------------------------------------------------------------------------

# A translated fragment is ("set", frozenset of bytes) while it is one byte out of a set, so
# that alternatives of single bytes merge into one class; otherwise ("re", text, precedence)
# with precedence "atom" (can take a quantifier), "quant" (a quantified atom), "seq" or "alt".

_RE2_MAX_REPEAT = 1000


def _byte(b):
    c = chr(b)
    return c if (c in _ALPHA or c in _DIGIT) else "\\x%02X" % b


def _class(values):
    values = sorted(values)
    if len(values) == 1:
        return _byte(values[0])
    if len(values) == 256:
        return "[\\x00-\\xFF]"
    parts = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        if j == i:
            parts.append(_byte(values[i]))
        elif j == i + 1:
            parts.append(_byte(values[i]) + _byte(values[j]))
        else:
            parts.append(_byte(values[i]) + "-" + _byte(values[j]))
        i = j + 1
    return "[" + "".join(parts) + "]"


def _text(frag):
    return _class(frag[1]) if frag[0] == "set" else frag[1]


def _prec(frag):
    if frag[0] == "set":
        return "atom"
    return frag[2]


def _group(frag):
    """The fragment as something a quantifier can follow."""
    return _text(frag) if _prec(frag) == "atom" else "(?:" + _text(frag) + ")"


def _literal_sets(text, insensitive):
    out = []
    for ch in text:
        values = {ord(ch)}
        if insensitive and ch.isalpha():
            values |= {ord(ch.lower()), ord(ch.upper())}
        out.append(("set", frozenset(values)))
    return out


def _concat(frags):
    if not frags:
        return ("re", "(?:)", "atom")
    if len(frags) == 1:
        return frags[0]
    parts = []
    for f in frags:
        parts.append("(?:" + _text(f) + ")" if _prec(f) == "alt" else _text(f))
    return ("re", "".join(parts), "seq")


class Translator:
    """lenient_captures: for changed copies of a grammar (oracle/grammar_mutants.py), where a
    change may put a captured rule under a repetition, inline it twice or cut it out: the group
    is kept where it first appears (holding the last repetition) and a missing one is no error."""

    def __init__(self, rules, captures=(), lenient_captures=False):
        self.rules = rules
        self.captures = {c.lower(): c for c in captures}
        self.captured = {}
        self.lenient_captures = lenient_captures
        for c in captures:
            if c.lower() not in rules:
                raise GrammarError("--capture %s: no such rule" % c)

    def rule(self, name):
        return self._ref(name.lower(), 0, [], False)

    def _ref(self, key, line_no, stack, repeated):
        if key not in self.rules:
            where = self.rules[stack[-1]][0] if stack else "?"
            raise GrammarError("line %d (rule %s): undefined rule %s" % (line_no, where, key))
        if key in stack:
            cycle = [self.rules[k][0] for k in stack[stack.index(key):]] + [self.rules[key][0]]
            raise GrammarError("recursive rule: %s (a regular expression cannot recurse)" % " -> ".join(cycle))
        frag = self._node(self.rules[key][1], stack + [key], repeated)
        if key in self.captures and not (self.lenient_captures and key in self.captured):
            name = self.rules[key][0]
            if repeated and not self.lenient_captures:
                raise GrammarError("--capture %s: the rule is inside a repetition; the group would hold "
                                   "only its last match" % name)
            if key in self.captured:
                raise GrammarError("--capture %s: the rule is inlined more than once" % name)
            self.captured[key] = name
            return ("re", "(?P<%s>%s)" % (name.replace("-", "_"), _text(frag)), "atom")
        return frag

    def _node(self, node, stack, repeated):
        kind = node[0]
        if kind == "ref":
            return self._ref(node[1].lower(), node[2], stack, repeated)
        if kind == "lit":
            sets = _literal_sets(node[1], node[2])
            return _concat(sets) if sets else ("re", "(?:)", "atom")
        if kind == "bytes":
            for v in node[1]:
                if v > 0xFF:
                    raise GrammarError("value %d above 255: the oracle matches bytes" % v)
            return _concat([("set", frozenset([v])) for v in node[1]])
        if kind == "range":
            if node[2] > 0xFF:
                raise GrammarError("range %d-%d above 255: the oracle matches bytes" % (node[1], node[2]))
            return ("set", frozenset(range(node[1], node[2] + 1)))
        if kind == "seq":
            return _concat([self._node(k, stack, repeated) for k in node[1]])
        if kind == "alt":
            frags = [self._node(k, stack, repeated) for k in node[1]]
            merged = frozenset()
            others = []
            for f in frags:
                if f[0] == "set":
                    merged |= f[1]
                elif _text(f) not in [_text(o) for o in others]:
                    others.append(f)
            if not others:
                return ("set", merged)
            items = ([("set", merged)] if merged else []) + others
            if len(items) == 1:
                return items[0]
            return ("re", "|".join(_text(f) for f in items), "alt")
        if kind == "rep":
            lo, hi, inner = node[1], node[2], node[3]
            for n in (lo, hi):
                if n is not None and n > _RE2_MAX_REPEAT:
                    raise GrammarError("repetition count %d above RE2's limit of %d" % (n, _RE2_MAX_REPEAT))
            frag = self._node(inner, stack, repeated or hi is None or hi > 1)  # checked even for 0x
            if hi == 0:
                return ("re", "(?:)", "atom")
            if lo == 1 and hi == 1:
                return frag
            body = _group(frag)
            if (lo, hi) == (0, 1):
                q = "?"
            elif (lo, hi) == (0, None):
                q = "*"
            elif (lo, hi) == (1, None):
                q = "+"
            elif hi is None:
                q = "{%d,}" % lo
            elif lo == hi:
                q = "{%d}" % lo
            else:
                q = "{%d,%d}" % (lo, hi)
            # "quant": concatenates as it is, but takes another quantifier only in a group
            # ("x+?" would be a lazy "x+", "x+{2}" an error).
            return ("re", body + q, "quant")
        raise GrammarError("internal: unknown node %r" % (kind,))


def translate(text, rule, captures=()):
    """The regex (a str of ASCII characters) for `rule` of the ABNF `text`."""
    return translate_rules(parse_grammar(text), rule, captures)


def translate_rules(rules, rule, captures=(), lenient_captures=False):
    """translate() of a grammar already parsed (parse_grammar's dict), perhaps then changed."""
    if rule.lower() not in rules:
        raise GrammarError("no rule %s in the grammar" % rule)
    t = Translator(rules, captures, lenient_captures)
    regex = _text(t.rule(rule))
    missing = [c for c in captures if c.lower() not in t.captured]
    if missing and not lenient_captures:
        raise GrammarError("--capture %s: rule not reached from %s" % (", ".join(missing), rule))
    return regex


# ---------------------------------------------------------------------------------------------
# Self-test: small grammars, and the regexes checked with Python's re on bytes
# ---------------------------------------------------------------------------------------------

def _self_test():
    failures = []

    def expect_error(name, grammar, rule, fragment, captures=()):
        try:
            translate(grammar, rule, captures)
        except GrammarError as e:
            if fragment not in str(e):
                failures.append("%s: error %r lacks %r" % (name, str(e), fragment))
            return
        failures.append("%s: no error" % name)

    def expect_match(name, grammar, rule, yes, no, captures=()):
        try:
            regex = translate(grammar, rule, captures)
        except GrammarError as e:
            failures.append("%s: %s" % (name, e))
            return
        compiled = re.compile(regex.encode("ascii"))
        for s in yes:
            if not compiled.fullmatch(s):
                failures.append("%s: /%s/ should match %r" % (name, regex, s))
        for s in no:
            if compiled.fullmatch(s):
                failures.append("%s: /%s/ should not match %r" % (name, regex, s))

    expect_error("direct recursion", "a = \"x\" a / \"y\"\n", "a", "recursive rule: a -> a")
    expect_error("indirect recursion", "a = b\nb = \"(\" c \")\"\nc = a / \"x\"\n", "a", "a -> b -> c -> a")
    expect_error("undefined rule", "a = b\n", "a", "undefined rule b")
    expect_error("prose", "a = <anything>\n", "a", "prose value")
    expect_error("defined twice", "a = \"x\"\na = \"y\"\n", "a", "defined twice")
    expect_error("=/ first", "a =/ \"x\"\n", "a", "before its '=' definition")
    expect_error("unbalanced", "a = ( \"x\"\n", "a", "without ')'")
    expect_error("empty alternative", "a = \"x\" /\n", "a", "empty alternative")
    expect_error("too many", "a = 1001\"x\"\n", "a", "RE2's limit")
    expect_error("above a byte", "a = %x100\n", "a", "above 255")
    expect_error("bad repeat", "a = 3*2\"x\"\n", "a", "repetition 3*2")
    expect_error("indented outside", "  a = \"x\"\n", "a", "indented line outside")
    expect_error("capture twice", "a = b b\nb = \"x\"\n", "a", "inlined more than once", ["b"])
    expect_error("capture repeated", "a = *b\nb = \"x\"\n", "a", "inside a repetition", ["b"])
    expect_error("capture unknown", "a = \"x\"\n", "a", "no such rule", ["c"])

    expect_match("case-insensitive literal", 'a = "ftp:"\n', "a", [b"ftp:", b"FTP:", b"fTp:"], [b"ftp", b"ftp;"])
    expect_match("case-sensitive literal", 'a = %s"Ab"\n', "a", [b"Ab"], [b"ab", b"AB"])
    expect_match("numeric", "a = %x41.42 %d48 %b110001\n", "a", [b"AB01"], [b"ab01", b"AB0"])
    expect_match("range", "a = %x80-FF\n", "a", [b"\x80", b"\xff"], [b"\x7f", b""])
    expect_match("alternation and groups", 'a = ( "x" / "yz" ) [ "-" ] \n', "a",
                 [b"x", b"yz", b"x-", b"YZ-"], [b"", b"-", b"xyz"])
    expect_match("repetition", 'a = 2*3"x" *"y" 1*"z" 2"w"\n', "a",
                 [b"xxzww", b"xxxyyzzww"], [b"xzww", b"xxxxzww", b"xxww", b"xxzw"])
    expect_match("zero repetition", 'a = "x" 0"y"\n', "a", [b"x"], [b"xy"])
    expect_match("optional of a repetition", 'a = [ *"x" ] 2( *1"y" )\n', "a",
                 [b"", b"xx", b"y", b"yy", b"xy"], [b"yyy"])
    expect_match("incremental", 'a = "x"\na =/ "y"\n', "a", [b"x", b"y"], [b"xy"])
    expect_match("continuation and comments",
                 'a = "x" ; a comment "y"\n    ; an indented comment\n    / "z"\n; column 1 comment\nb = "q"\n',
                 "a", [b"x", b"z"], [b"y", b"q"])
    expect_match("captures", 'a = b ":" c\nb = *%x61-7A\nc = *%x30-39\n', "a", [b"ab:12", b":"], [b"a1:"],
                 captures=["b", "c"])
    # Lenient captures: b repeated and inlined twice (the first place keeps the group), d unreached.
    lenient = translate_rules(parse_grammar('a = *b c b\nb = "1"\nc = "2"\nd = "3"\n'), "a", ["b", "c", "d"], True)
    if lenient != "(?P<b>1)*(?P<c>2)1":
        failures.append("lenient captures: %r" % lenient)
    m = re.fullmatch(translate('a = b ":" c\nb = *%x61-7A\nc = *%x30-39\n', "a", ["b", "c"]).encode(), b"ab:12")
    if not m or m.group("b") != b"ab" or m.group("c") != b"12":
        failures.append("captures: groups b and c not as expected")
    expect_match("escapes", 'a = "." "*" "+" "?" "(" ")" "[" "]" "{" "}" "|" "^" "$" "\\"\n', "a",
                 [b".*+?()[]{}|^$\\"], [b"a*+?()[]{}|^$\\"])
    expect_match("core-like rules", 'a = 1*( ALPHA / DIGIT / "-" )\nALPHA = %x41-5A / %x61-7A\nDIGIT = %x30-39\n',
                 "a", [b"a-1", b"Z"], [b"", b"a.b", b"\x80"])

    for f in failures:
        print("FAIL " + f)
    print("%s: self-test %s" % (os.path.basename(__file__), "failed" if failures else "passed"))
    return 1 if failures else 0


def main(argv):
    parser = argparse.ArgumentParser(description="Translate a rule of an ABNF grammar into an RE2 regex.")
    parser.add_argument("grammar", nargs="?", help="the ABNF file (RFC 5234)")
    parser.add_argument("--rule", help="the rule to translate")
    parser.add_argument("--capture", action="append", default=[], metavar="RULE",
                        help="wrap rule RULE in a named group (repeatable)")
    parser.add_argument("--output", "-o", help="the file to write the regex to (default: stdout)")
    parser.add_argument("--self-test", action="store_true", help="run the generator's own tests")
    args = parser.parse_args(argv)
    if args.self_test:
        return _self_test()
    if not args.grammar or not args.rule:
        parser.error("GRAMMAR and --rule are required")
    try:
        with open(args.grammar, encoding="ascii") as f:
            text = f.read()
        regex = translate(text, args.rule, args.capture)
    except (GrammarError, OSError, UnicodeDecodeError) as e:
        print("%s: error: %s: %s" % (os.path.basename(__file__), args.grammar, e), file=sys.stderr)
        return 1
    if not args.output:
        sys.stdout.write(regex + "\n")
        return 0
    # Written whole or not at all, so that a failed run never leaves half a regex behind.
    directory = os.path.dirname(os.path.abspath(args.output))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".abnf_to_re2.")
    with os.fdopen(fd, "w", encoding="ascii", newline="") as f:
        f.write(regex)
    os.replace(tmp, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
