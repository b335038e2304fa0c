#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""oracle/grammar_mutants.py: every small change of docs/grammar.abnf, as oracle regexes.

    grammar_mutants.py GRAMMAR --output FILE     the mutants file grammar_mutants_test reads
    grammar_mutants.py GRAMMAR --list            one line per mutant: id, what changed
    grammar_mutants.py GRAMMAR --show ID         the mutated rule, in ABNF, and its regexes
    grammar_mutants.py --self-test

Grammar mutants (docs/assurance.md, "Grammar mutants"): the exhaustive comparison of the
scanner with the oracle must notice when the oracle is wrong. So this script changes the
grammar in every small way, one change per mutant, and translates each changed grammar with
abnf_to_re2.py's own parser and translator into the regexes the build makes of the real one
(REGEXES below: oracle/oracle.cmake's, which grammar_mutants_test checks against the build);
grammar_mutants_test judges the scanner against each mutant's regexes over the exhaustive
enumerations and the edits of its seeds and expects a disagreement. The operators, for every rule:

    drop     an alternation of n >= 2 alternatives loses one: n mutants
    min-1    a repetition's minimum lowered (widen): 1*x -> *x, 2DIGIT -> 1*2DIGIT
    min+1    its minimum raised (narrow; the maximum follows when they meet): *x -> 1*x, 2x -> 3x
    max-1    its maximum lowered (narrow; the minimum follows): [ x ] -> 0*0 x, 1*4x -> 1*3x
    max+1    its maximum raised (widen): [ x ] -> *2 x, 6( ... ) -> 6*7( ... )
             ([ x ] is 0*1 x; an unbounded maximum has neither max-1 nor max+1)
    add      a character set gains one byte
    remove   a character set loses one byte (not a set of one byte: the empty set is no ABNF)

A character set is a char-val of one character ("@"; a letter is two bytes: "a" is a and A),
a %x value or range, an alternation of such sets and of rules that are sets (unreserved, the
label's ALPHA / DIGIT / "-"), or the set-valued alternatives of a wider alternation (the
single characters of ftp-segment-char, beside pct-encoded). A char-val of several characters
("ftp", ";type=") is a sequence of such sets, one per character; each is mutated. A use of a
rule that is a set (DIGIT in dec-octet) is not a set of its own: the rule's definition is.

Which byte: the first, in PIVOTAL's order and then 0x00-0xFF, whose addition (removal) changes
the regexes; a byte that the rest of a wider alternation already matches alone is skipped
(adding "/" to query's "/" / "?" beside pchar is no change). PIVOTAL is the bytes of the
exhaustive enumerations' alphabets (grammar_mutants_test checks that), letters and digits
first, then unreserved marks, sub-delims, gen-delims, "%", space and 0x80, so that the change
is one the enumerations can write.

Each mutant has an id, RULE:OPERATOR:K (K counts that operator's mutants in that rule, in the
order of the rule's text), stable while the rule's text is. A mutant whose regexes are all the
real ones is "identical" (the translation merged the change away); one whose regexes are an
earlier mutant's says "same-as" it.
"""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import abnf_to_re2 as a2r  # noqa: E402  (the oracle's own ABNF parser and translator)

# The regexes of oracle/oracle.cmake: (name, rule, captured rules).
REGEXES = [
    ("strict", "ftp-URI", ["user", "password", "host", "port", "ftp-path", "fragment"]),
    ("rfc3986", "ftp-URI-rfc3986", ["userinfo", "host-3986", "port", "path-abempty", "query", "fragment"]),
    ("ipv4address", "IPv4address", []),
]

# The bytes of oracle/enumerations.cpp's alphabets, in the order the set operators try them.
PIVOTAL = b"xa1-.~=;:@/?#[]% \x80" + b"v023459bcdeEfFhIopPstTy"

OPERATORS = ["drop", "min-1", "min+1", "max-1", "max+1", "add", "remove"]


# ---------------------------------------------------------------------------------------------
# Nodes (abnf_to_re2's tuples): printing, walking, replacing
# ---------------------------------------------------------------------------------------------

def _byte_abnf(b):
    c = chr(b)
    shown = ' "%s"' % c if 0x21 <= b <= 0x7E and c != '"' else ""
    return "%%x%02X%s" % (b, shown)


def abnf(node, where="top"):
    """The node in ABNF; `where` says whether an alternation or a sequence needs parentheses."""
    kind = node[0]
    if kind == "alt":
        text = " / ".join(abnf(a, "alt") for a in node[1])
        return text if where in ("top", "alt") else "( " + text + " )"
    if kind == "seq":
        text = " ".join(abnf(a, "seq") for a in node[1])
        return text if where in ("top", "alt") else "( " + text + " )"
    if kind == "rep":
        lo, hi, inner = node[1], node[2], node[3]
        if (lo, hi) == (0, 1):
            return "[ " + abnf(inner) + " ]"
        prefix = str(lo) if lo == hi else (str(lo) if lo else "") + "*" + ("" if hi is None else str(hi))
        body = abnf(inner, "rep")
        return prefix + ("( " + body + " )" if inner[0] == "rep" else body)
    if kind == "ref":
        return node[1]
    if kind == "lit":
        return ('"%s"' if node[2] else '%%s"%s"') % node[1]
    if kind == "bytes":
        return "%x" + ".".join("%02X" % v for v in node[1])
    if kind == "range":
        return "%%x%02X-%02X" % (node[1], node[2])
    raise ValueError(kind)


def children(node):
    if node[0] in ("alt", "seq"):
        return list(node[1])
    if node[0] == "rep":
        return [node[3]]
    return []


def replace(node, path, new):
    if not path:
        return new
    i, rest = path[0], path[1:]
    if node[0] in ("alt", "seq"):
        items = list(node[1])
        items[i] = replace(items[i], rest, new)
        return (node[0], items)
    if node[0] == "rep":
        return ("rep", node[1], node[2], replace(node[3], rest, new))
    raise ValueError("no child %d in %s" % (i, node[0]))


def walk(node, path=()):
    """Every node with its path, in the order of the rule's text."""
    yield path, node
    for i, c in enumerate(children(node)):
        yield from walk(c, path + (i,))


def set_node(values):
    """An ABNF node for a set of bytes: %x values and ranges, a letter's pair as a char-val."""
    values = sorted(values)
    if len(values) == 2 and chr(values[0]).isalpha() and chr(values[0]).lower() == chr(values[1]).lower():
        return ("lit", chr(values[1]), True)
    runs = []
    for v in values:
        if runs and runs[-1][1] == v - 1:
            runs[-1][1] = v
        else:
            runs.append([v, v])
    nodes = [("bytes", [a]) if a == b else ("range", a, b) for a, b in runs]
    return nodes[0] if len(nodes) == 1 else ("alt", nodes)


def _char_set(ch, insensitive):
    values = {ord(ch)}
    if insensitive and ch.isalpha():
        values |= {ord(ch.lower()), ord(ch.upper())}
    return frozenset(values)


# ---------------------------------------------------------------------------------------------
# The grammar and its regexes
# ---------------------------------------------------------------------------------------------

class Grammar:
    def __init__(self, text, regexes=REGEXES):
        self.rules = a2r.parse_grammar(text)
        self.regexes = regexes
        self.order = sorted(self.rules, key=lambda k: self.rules[k][2])  # the file's order
        self.original = self.translate(self.rules, lenient=False)

    def translate(self, rules, lenient=True):
        return tuple(a2r.translate_rules(rules, rule, captures, lenient) for _, rule, captures in self.regexes)

    def with_rule(self, key, body):
        rules = dict(self.rules)
        rules[key] = (rules[key][0], body, rules[key][2])
        return rules

    def fragment(self, key, node):
        return a2r.Translator(self.rules)._node(node, [key], False)

    def set_of(self, key, node):
        """The bytes of a node that matches exactly one byte out of a set; else None."""
        frag = self.fragment(key, node)
        return frag[1] if frag[0] == "set" else None

    def single_bytes(self, key, nodes):
        """The bytes b such that one of the nodes matches the one-byte string b."""
        out = set()
        for node in nodes:
            regex = re.compile(a2r._text(self.fragment(key, node)).encode("ascii"))
            out |= {b for b in range(256) if regex.fullmatch(bytes([b]))}
        return out


# ---------------------------------------------------------------------------------------------
# The operators
# ---------------------------------------------------------------------------------------------

class Mutant:
    def __init__(self, rule, op, about, rules, byte=None):
        self.rule, self.op, self.about, self.rules = rule, op, about, rules
        self.byte = byte  # the byte whose class the change moves, for grammar_mutants_test's extra pass
        self.id = None
        self.regexes = None
        self.same_as = None


def _drop(g, key, name):
    for path, node in walk(g.rules[key][1]):
        if node[0] != "alt":
            continue
        alts = node[1]
        for i, a in enumerate(alts):
            rest = alts[:i] + alts[i + 1:]
            new = rest[0] if len(rest) == 1 else ("alt", rest)
            about = "%s: drop alternative %d of %d, %s" % (name, i + 1, len(alts), abnf(a, "alt"))
            # A set dropped: the first of its bytes that the other alternatives do not match.
            dropped = g.set_of(key, a)
            lost = _candidates(set(dropped) - g.single_bytes(key, rest)) if dropped else []
            yield Mutant(name, "drop", about, g.with_rule(key, replace(g.rules[key][1], path, new)),
                         lost[0] if lost else None)


def _bounds(g, key, name):
    for path, node in walk(g.rules[key][1]):
        if node[0] != "rep":
            continue
        lo, hi, inner = node[1], node[2], node[3]
        changes = []
        if lo > 0:
            changes.append(("min-1", lo - 1, hi))
        if hi is None or lo + 1 <= hi:
            changes.append(("min+1", lo + 1, hi))
        else:
            changes.append(("min+1", lo + 1, lo + 1))
        if hi is not None and hi > 0:
            changes.append(("max-1", min(lo, hi - 1), hi - 1))
        if hi is not None:
            changes.append(("max+1", lo, hi + 1))
        for op, new_lo, new_hi in changes:
            new = ("rep", new_lo, new_hi, inner)
            about = "%s: %s becomes %s" % (name, abnf(node), abnf(new))
            yield Mutant(name, op, about, g.with_rule(key, replace(g.rules[key][1], path, new)))


def _set_sites(g, key, node, path=()):
    """(path, kind, detail, the set, bytes excluded) for each character set of a rule body.

    kind "whole": the node is a set; "part": the set-valued alternatives (detail: their
    indices) of an alternation that has others; "char": character `detail` of a char-val of
    several characters (or of a %x value of several bytes)."""
    s = g.set_of(key, node)
    if s is not None:
        if node[0] != "ref":  # a use of a set rule: the rule's definition is the set
            yield path, "whole", None, s, frozenset()
        return
    if node[0] == "lit":
        for i, ch in enumerate(node[1]):
            yield path, "char", i, _char_set(ch, node[2]), frozenset()
        return
    if node[0] == "bytes":
        for i, v in enumerate(node[1]):
            yield path, "char", i, frozenset([v]), frozenset()
        return
    if node[0] == "alt":
        sets = [i for i, a in enumerate(node[1]) if g.set_of(key, a) is not None]
        if len(sets) >= 2:
            union = frozenset().union(*(g.set_of(key, node[1][i]) for i in sets))
            others = [a for i, a in enumerate(node[1]) if i not in sets]
            yield path, "part", sets, union, frozenset(g.single_bytes(key, others))
            for i, a in enumerate(node[1]):
                if i not in sets:
                    yield from _set_sites(g, key, a, path + (i,))
            return
    for i, c in enumerate(children(node)):
        yield from _set_sites(g, key, c, path + (i,))


def _changed_set(g, key, node, kind, detail, byte, add):
    """The node with `byte` added to (removed from) the set the site names."""
    if kind == "char":
        if node[0] == "lit":
            text, insensitive = node[1], node[2]
            ch = ("lit", text[detail], insensitive)
            middle = ("alt", [ch, ("bytes", [byte])]) if add else set_node(_char_set(text[detail], insensitive) - {byte})
            parts = ([("lit", text[:detail], insensitive)] if detail else []) + [middle] + (
                [("lit", text[detail + 1:], insensitive)] if detail + 1 < len(text) else [])
        else:
            values = node[1]
            middle = ("alt", [("bytes", [values[detail]]), ("bytes", [byte])])
            parts = ([("bytes", values[:detail])] if detail else []) + [middle] + (
                [("bytes", values[detail + 1:])] if detail + 1 < len(values) else [])
        return parts[0] if len(parts) == 1 else ("seq", parts)
    if add:
        return ("alt", list(node[1]) + [("bytes", [byte])]) if node[0] == "alt" else ("alt", [node, ("bytes", [byte])])
    if node[0] != "alt":
        return set_node(g.set_of(key, node) - {byte})
    alts = []
    for i, a in enumerate(node[1]):
        s = g.set_of(key, a)
        if s is not None and byte in s and (kind == "whole" or i in detail):
            if len(s) > 1:
                alts.append(set_node(s - {byte}))
        else:
            alts.append(a)
    return alts[0] if len(alts) == 1 else ("alt", alts)


def _context(body, path):
    """The repetition or sequence around a node, shortened: which of a rule's ":" it is."""
    for end in range(len(path) - 1, -1, -1):
        node = body
        for i in path[:end]:
            node = children(node)[i]
        if node[0] in ("rep", "seq"):
            text = abnf(node)
            return text if len(text) <= 40 else text[:37] + "..."
    return abnf(body)


def _candidates(members):
    order = list(PIVOTAL) + [b for b in range(256) if b not in PIVOTAL]
    return [b for b in order if b in members]


def _sets(g, key, name):
    body = g.rules[key][1]
    for path, kind, detail, s, excluded in _set_sites(g, key, body):
        node = body
        for i in path:
            node = children(node)[i]
        if kind == "char":
            shown = 'character %d of %s' % (detail + 1, abnf(node))
        elif kind == "part":
            shown = "the single characters of %s" % abnf(("alt", [node[1][i] for i in detail]))
        else:
            shown = abnf(node)
        if path and kind != "part":
            shown += " in " + _context(body, path)
        for add in (True, False):
            pool = set(range(256)) - s - excluded if add else set(s) - excluded
            if not add and len(s) < 2:
                continue  # the empty set is not ABNF: drop, max-1 and the rest cover the element
            chosen = None
            for b in _candidates(pool):
                rules = g.with_rule(key, replace(body, path, _changed_set(g, key, node, kind, detail, b, add)))
                if g.translate(rules) != g.original:
                    chosen = (b, rules)
                    break
                if chosen is None:
                    chosen = (b, rules)  # identical whatever the byte: the first one stands
            if chosen is None:
                continue
            b, rules = chosen
            about = "%s: %s %s %s %s" % (name, "add" if add else "remove", _byte_abnf(b), "to" if add else "from",
                                         shown)
            yield Mutant(name, "add" if add else "remove", about, rules, b)


def mutants(g):
    """Every mutant of the grammar, rule by rule in the file's order, with ids and regexes."""
    out = []
    seen = {}
    for key in g.order:
        name = g.rules[key][0]
        count = {}
        for gen in (_drop, _bounds, _sets):
            for m in gen(g, key, name):
                count[m.op] = count.get(m.op, 0) + 1
                m.id = "%s:%s:%d" % (name, m.op, count[m.op])
                m.regexes = g.translate(m.rules)
                if m.regexes != g.original:
                    m.same_as = seen.setdefault(m.regexes, m.id)
                    if m.same_as == m.id:
                        m.same_as = None
                out.append(m)
    return out


# ---------------------------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------------------------

def mutants_file(g, ms):
    """The file grammar_mutants_test reads: a header, the real regexes, then one block a mutant.
    A regex line is NAME REGEX, or NAME = when the mutant leaves that regex as it is."""
    lines = ["# Generated by oracle/grammar_mutants.py from docs/grammar.abnf; never edited, never committed.",
             "pivotal " + PIVOTAL.hex().upper(), "", "mutant original", "op none", "about the grammar as it is"]
    lines += ["%s %s" % (name, regex) for (name, _, _), regex in zip(g.regexes, g.original)]
    for m in ms:
        lines += ["", "mutant " + m.id, "op " + m.op, "about " + m.about]
        if m.byte is not None:
            lines.append("byte %02X" % m.byte)
        if m.same_as:
            lines.append("same-as " + m.same_as)
        for (name, _, _), regex, real in zip(g.regexes, m.regexes, g.original):
            lines.append("%s %s" % (name, "=" if regex == real else regex))
    return "\n".join(lines) + "\n"


def counts(g, ms):
    rows = []
    for op in OPERATORS:
        of_op = [m for m in ms if m.op == op]
        identical = sum(1 for m in of_op if m.regexes == g.original)
        same = sum(1 for m in of_op if m.same_as)
        rows.append("%-7s %4d mutants, %3d identical regexes, %3d the same as an earlier one" %
                    (op, len(of_op), identical, same))
    rows.append("total   %4d mutants of %d rules" % (len(ms), len(g.rules)))
    return "\n".join(rows)


# ---------------------------------------------------------------------------------------------
# Self-test
# ---------------------------------------------------------------------------------------------

def _self_test():
    failures = []

    def check(name, got, want):
        if got != want:
            failures.append("%s: got %r, want %r" % (name, got, want))

    one = [("r", "a", [])]
    g = Grammar('a = "x" / "y" / b\nb = 1*2"z"\n', one)
    ms = mutants(g)
    by_id = {m.id: m for m in ms}
    check("drop ids", [m.id for m in ms if m.op == "drop"], ["a:drop:1", "a:drop:2", "a:drop:3"])
    check("drop 3", by_id["a:drop:3"].regexes, ("[XYxy]",))
    check("drop 1", by_id["a:drop:1"].regexes, ("[Yy]|[Zz]{1,2}",))
    check("bounds", [(m.id, m.regexes[0]) for m in ms if m.rule == "b" and m.op != "add" and m.op != "remove"],
          [("b:min-1:1", "[XYxy]|[Zz]{0,2}"), ("b:min+1:1", "[XYxy]|[Zz]{2}"), ("b:max-1:1", "[X-Zx-z]"),
           ("b:max+1:1", "[XYxy]|[Zz]{1,3}")])
    # a's set is the part "x" / "y" (b is not a set): x and y added first? No: x and y are in it;
    # the first other pivotal byte is "a".
    check("add to a part", by_id["a:add:1"].about, 'a: add %x61 "a" to the single characters of "x" / "y"')
    check("add to a part, regex", by_id["a:add:1"].regexes, ("[XYaxy]|[Zz]{1,2}",))
    check("remove from a part", by_id["a:remove:1"].regexes, ("[XYy]|[Zz]{1,2}",))
    # A letter is two bytes: each of b's "z" loses one (the pivotal order has no z: the lower).
    check("remove a case", by_id["b:remove:1"].regexes, ("[XYxy]|z{1,2}",))
    check("add to a char", by_id["b:add:1"].regexes, ("[XYxy]|[Zxz]{1,2}",))

    # Sets: a rule that is a set, a use of it (no site), a range, a char-val of several characters.
    g = Grammar('a = d "ab" %x30-32\nd = %x78 / %x79\n', one)
    ms = mutants(g)
    sites = sorted((m.rule, m.op, m.about) for m in ms if m.op in ("add", "remove"))
    check("site count", len(sites), 2 + 2 + 2 + 2)  # "a" "b" %x30-32 d, each add and remove
    by_id = {m.id: m for m in ms}
    check("char of a char-val", by_id["a:add:1"].about, 'a: add %x78 "x" to character 1 of "ab" in d "ab" %x30-32')
    check("char of a char-val, regex", by_id["a:add:1"].regexes, ("[xy][Aax][Bb][0-2]",))
    check("remove from a range", by_id["a:remove:3"].regexes, ("[xy][Aa][Bb][02]",))
    check("rule that is a set", by_id["d:remove:1"].regexes, ("y[Aa][Bb][0-2]",))
    check("no byte that changes nothing", "a:add:4" in by_id, False)

    # A byte the rest of the alternation matches alone is no change: "q" beside b's "a"-"z".
    g = Grammar('a = *( b / "/" / "?" )\nb = %x61-7A / "%" %x30-39\n', one)
    added = [m for m in mutants(g) if m.id == "a:add:1"][0]
    check("part skips what the rest matches", added.about, 'a: add %x31 "1" to the single characters of "/" / "?"')

    # Identical: a change that the translation merges away.
    g = Grammar('a = "x" / "X"\n', one)
    ms = mutants(g)
    check("identical drop", [m.regexes == g.original for m in ms if m.op == "drop"], [True, True])

    # Duplicates: dropping the only other alternative of a two-alternative rule, twice.
    g = Grammar('a = b / "1"\nb = "x" / "1"\n', one)
    check("same-as", [(m.id, m.same_as) for m in mutants(g) if m.same_as],
          [("b:drop:1", "a:drop:1"), ("b:add:1", "a:add:1"), ("b:remove:1", "a:remove:1")])

    # Lenient captures: a max+1 that repeats a captured rule still translates.
    g = Grammar('a = [ b "@" ] "h"\nb = "u"\n', [("r", "a", ["b"])])
    widened = [m for m in mutants(g) if m.id == "a:max+1:1"][0]
    check("repeated capture", widened.regexes, ("(?:(?P<b>[Uu])\\x40){0,2}[Hh]",))
    narrowed = [m for m in mutants(g) if m.id == "a:max-1:1"][0]
    check("capture cut out", narrowed.regexes, ("(?:)[Hh]",))

    # The real grammar: unique ids, every operator present, the original as the build makes it.
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "grammar.abnf")
    if os.path.exists(path):
        with open(path, encoding="ascii") as f:
            g = Grammar(f.read())
        ms = mutants(g)
        ids = [m.id for m in ms]
        check("unique ids", len(ids), len(set(ids)))
        check("every operator", sorted({m.op for m in ms}), sorted(OPERATORS))
        with open(path, encoding="ascii") as f:
            check("original", g.original[0], a2r.translate(f.read(), "ftp-URI", REGEXES[0][2]))
        check("printer round trip", all(
            abnf(a2r.parse_grammar("r = " + abnf(g.rules[k][1]) + "\n")["r"][1]) == abnf(g.rules[k][1])
            for k in g.rules), True)

    for f in failures:
        print("FAIL " + f)
    print("%s: self-test %s" % (os.path.basename(__file__), "failed" if failures else "passed"))
    return 1 if failures else 0


def main(argv):
    parser = argparse.ArgumentParser(description="Mutate an ABNF grammar, rule by rule, into oracle regexes.")
    parser.add_argument("grammar", nargs="?", help="the ABNF file (docs/grammar.abnf)")
    parser.add_argument("--output", "-o", help="write the mutants file here")
    parser.add_argument("--list", action="store_true", help="list the mutants and the counts per operator")
    parser.add_argument("--show", metavar="ID", help="the mutated rule and the regexes of mutant ID")
    parser.add_argument("--self-test", action="store_true", help="run the generator's own tests")
    args = parser.parse_args(argv)
    if args.self_test:
        return _self_test()
    if not args.grammar or not (args.output or args.list or args.show):
        parser.error("GRAMMAR and one of --output, --list, --show are required")
    try:
        with open(args.grammar, encoding="ascii") as f:
            g = Grammar(f.read())
        ms = mutants(g)
    except (a2r.GrammarError, OSError, UnicodeDecodeError) as e:
        print("%s: error: %s: %s" % (os.path.basename(__file__), args.grammar, e), file=sys.stderr)
        return 1
    if args.list:
        for m in ms:
            tag = " [identical]" if m.regexes == g.original else " [same as %s]" % m.same_as if m.same_as else ""
            print("%s  %s%s" % (m.id, m.about, tag))
        print(counts(g, ms))
    if args.show:
        found = [m for m in ms if m.id == args.show]
        if not found:
            print("%s: no mutant %s" % (os.path.basename(__file__), args.show), file=sys.stderr)
            return 1
        m = found[0]
        key = m.rule.lower()
        print("%s\n%-16s = %s" % (m.about, m.rule, abnf(m.rules[key][1])))
        for (name, _, _), regex, real in zip(g.regexes, m.regexes, g.original):
            print("%s: %s" % (name, "unchanged" if regex == real else regex))
    if args.output:
        text = mutants_file(g, ms)
        directory = os.path.dirname(os.path.abspath(args.output))
        tmp = os.path.join(directory, ".grammar_mutants.%d" % os.getpid())
        with open(tmp, "w", encoding="ascii", newline="") as f:
            f.write(text)
        os.replace(tmp, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
