# SPDX-License-Identifier: Apache-2.0
"""The mutants of one file: libclang's exact source ranges of its operators, literals,
conditions, returns, statements and character-set strings, each turned into small changes."""

import dataclasses
import json
import os
import re
import shlex

RELATIONAL = ["<", "<=", ">", ">=", "==", "!="]


@dataclasses.dataclass
class Mutant:
    file: str
    offset: int  # byte offset of the replaced text in the file
    length: int
    replacement: str
    kind: str
    line: int
    original: str

    column: int = 0  # of the replaced text's first byte, from 1

    def describe(self):
        return f"{self.file}:{self.line}:{self.column}: {self.kind}: `{self.original}` -> `{self.replacement}`"


def compile_args(build, tu, source, built_from=None):
    """The flags `build` compiles `tu` of `source` with. With `built_from`, the build is of that
    copy of the tree, and its paths in the flags are made those of `source`."""
    built_from = built_from or source
    with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
        for entry in json.load(f):
            if os.path.realpath(entry["file"]) == os.path.realpath(os.path.join(built_from, tu)):
                args = shlex.split(entry["command"].replace(built_from, source))[1:]
                keep = []
                skip = False
                for a in args:
                    if skip:
                        skip = False
                        continue
                    if a in ("-o", "-c", "-MF", "-MT"):
                        skip = True
                        continue
                    # GCC's tuning switch (the AVX2 files), which libclang does not know.
                    if a.endswith(".cpp") or a.startswith(("-W", "-mtune-ctrl=")) or a == "-MD":
                        continue
                    keep.append(a)
                return keep
    raise SystemExit(f"mutate: {tu} is not in {build}/compile_commands.json")


def mutants_of(path, tu, build, source, built_from=None):
    import clang.cindex as ci

    text = open(os.path.join(source, path), "rb").read()
    index = ci.Index.create()
    unit = index.parse(os.path.join(source, tu), args=compile_args(build, tu, source, built_from))
    target = os.path.realpath(os.path.join(source, path))
    found = {}

    def add(start, end, replacement, kind, line):
        original = text[start:end].decode("utf-8", "replace")
        if original == replacement:
            return
        key = (start, end, replacement)
        if key not in found:
            column = start - (text.rfind(b"\n", 0, start) + 1) + 1
            found[key] = Mutant(path, start, end - start, replacement, kind, line, original, column)

    def in_target(cursor):
        loc = cursor.location
        return loc.file is not None and os.path.realpath(loc.file.name) == target

    def tokens(cursor):
        return list(cursor.get_tokens())

    def visit(cursor, in_charset=False):
        for child in cursor.get_children():
            try:
                kind = child.kind
            except ValueError:  # a cursor kind newer than these bindings know: look inside
                visit(child, in_charset)
                continue
            here = in_target(child)
            # Declarations of other files (the standard library, other headers) hold nothing to
            # mutate; a namespace may span files, so it is always entered.
            if not here and kind not in (ci.CursorKind.NAMESPACE, ci.CursorKind.TRANSLATION_UNIT):
                continue
            charset = in_charset or (kind == ci.CursorKind.CALL_EXPR and child.spelling in ("charset", "chars_of"))
            if here:
                if kind == ci.CursorKind.BINARY_OPERATOR:
                    kids = list(child.get_children())
                    if len(kids) == 2:
                        lhs_end = kids[0].extent.end.offset
                        rhs_start = kids[1].extent.start.offset
                        op = [t for t in tokens(child) if lhs_end <= t.extent.start.offset < rhs_start]
                        if len(op) == 1:
                            t = op[0]
                            s, e, line = t.extent.start.offset, t.extent.end.offset, t.location.line
                            if t.spelling in RELATIONAL:
                                for r in RELATIONAL:
                                    add(s, e, r, "relational", line)
                            elif t.spelling in ("+", "-"):
                                add(s, e, "-" if t.spelling == "+" else "+", "arithmetic", line)
                            elif t.spelling in ("&&", "||"):
                                add(s, e, "||" if t.spelling == "&&" else "&&", "logical", line)
                elif kind == ci.CursorKind.INTEGER_LITERAL:
                    t = tokens(child)
                    if len(t) == 1:
                        m = re.fullmatch(r"(0x[0-9a-fA-F']+|[0-9']+)([uUlL]*)", t[0].spelling)
                        if m:
                            value = int(m.group(1).replace("'", ""), 0)
                            s, e = t[0].extent.start.offset, t[0].extent.end.offset
                            add(s, e, str(value + 1) + m.group(2), "literal", t[0].location.line)
                            if value > 0:
                                add(s, e, str(value - 1) + m.group(2), "literal", t[0].location.line)
                elif kind == ci.CursorKind.CXX_BOOL_LITERAL_EXPR:
                    t = tokens(child)
                    if len(t) == 1 and t[0].spelling in ("true", "false"):
                        add(t[0].extent.start.offset, t[0].extent.end.offset,
                            "false" if t[0].spelling == "true" else "true", "literal", t[0].location.line)
                elif kind in (ci.CursorKind.IF_STMT, ci.CursorKind.WHILE_STMT):
                    kids = list(child.get_children())
                    cond = next((k for k in kids if k.kind != ci.CursorKind.DECL_STMT), None)
                    # Not a declaration in the condition (if (auto x = f())), which !() cannot wrap.
                    if cond is not None and cond.kind not in (ci.CursorKind.COMPOUND_STMT, ci.CursorKind.VAR_DECL):
                        s, e = cond.extent.start.offset, cond.extent.end.offset
                        inner = text[s:e].decode("utf-8", "replace")
                        if "\n" not in inner or len(inner) < 200:
                            add(s, e, f"!({inner})", "negation", cond.location.line)
                elif kind == ci.CursorKind.RETURN_STMT:
                    kids = list(child.get_children())
                    if kids:
                        s, e = kids[0].extent.start.offset, kids[0].extent.end.offset
                        # {} is already the value of these: the mutant would be equivalent.
                        if text[s:e] not in (b"false", b"0", b"0U", b"nullptr", b"{}", b"std::nullopt"):
                            add(s, e, "{}", "return", child.location.line)
                elif kind == ci.CursorKind.COMPOUND_STMT:
                    for stmt in child.get_children():
                        if stmt.kind in (ci.CursorKind.CALL_EXPR, ci.CursorKind.BINARY_OPERATOR,
                                         ci.CursorKind.COMPOUND_ASSIGNMENT_OPERATOR, ci.CursorKind.UNARY_OPERATOR) \
                                and in_target(stmt):
                            s, e = stmt.extent.start.offset, stmt.extent.end.offset
                            if e < len(text) and text[e:e + 1] == b";":
                                add(s, e + 1, ";", "statement", stmt.location.line)
                elif kind == ci.CursorKind.STRING_LITERAL and charset:
                    t = tokens(child)
                    if len(t) == 1 and t[0].spelling.startswith('"') and len(t[0].spelling) > 3:
                        body = t[0].spelling[1:-1]
                        s, e = t[0].extent.start.offset, t[0].extent.end.offset
                        i = 0
                        while i < len(body):
                            j = i + 2 if body[i] == "\\" else i + 1
                            add(s, e, '"' + body[:i] + body[j:] + '"', "charset", t[0].location.line)
                            i = j
            visit(child, charset)

    visit(unit.cursor)
    return sorted(found.values(), key=lambda m: (m.offset, m.replacement))
