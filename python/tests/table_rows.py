# SPDX-License-Identifier: Apache-2.0
"""Reads the C++ tests' own tables, tests/data/table-*.jsonl, so that the Python tests hold the
module to the very rows the C++ tests hold the library to (tests/support/table_file.hpp reads the
same files; tests/data/README.md gives their shapes).

One JSON object per line. A string field is UTF-8 text; {"bytes": "..."} holds bytes that are not
UTF-8, each code point up to U+00FF one byte. A row that cannot be read (bad JSON, a field missing,
unknown or of the wrong type) raises TableError naming the file and the line: it is never skipped.
"""

import json


class TableError(ValueError):
    pass


def as_bytes(value):
    """A field's bytes, or None when it is neither a string nor {"bytes": ...}."""
    if isinstance(value, str):
        return value.encode("utf-8")
    if isinstance(value, dict) and list(value) == ["bytes"] and isinstance(value["bytes"], str):
        try:
            return value["bytes"].encode("latin-1")
        except UnicodeEncodeError:
            return None
    return None


class Row:
    """One row being read: each accessor reads a field of its type; finish() refuses a field
    no one read (a misspelt field is not silently ignored)."""

    def __init__(self, obj, where):
        if not isinstance(obj, dict):
            raise TableError(f"{where}: the row is no JSON object")
        self.obj, self.where, self.read = obj, where, set()

    def fail(self, what):
        raise TableError(f"{self.where}: {what}")

    def value(self, field):
        if field not in self.obj:
            self.fail(f"no field {field}")
        self.read.add(field)
        return self.obj[field]

    def bytes(self, field):
        b = as_bytes(self.value(field))
        if b is None:
            self.fail(f"{field} is neither a string nor {{\"bytes\": ...}} of code points up to U+00FF")
        return b

    def text(self, field):
        return self.bytes(field).decode("utf-8", "surrogateescape")

    def optional_bytes(self, field):
        return None if self.value(field) is None else self.bytes(field)

    def integer(self, field):
        v = self.value(field)
        if not isinstance(v, int) or isinstance(v, bool):
            self.fail(f"{field} is no integer")
        return v

    def optional_integer(self, field, absent):
        return self.integer(field) if field in self.obj else absent

    def boolean(self, field):
        v = self.value(field)
        if not isinstance(v, bool):
            self.fail(f"{field} is no boolean")
        return v

    def array(self, field):
        v = self.value(field)
        if not isinstance(v, list):
            self.fail(f"{field} is no array")
        return v

    def nested(self, field, obj):
        return Row(obj, f"{self.where} {field}")

    def finish(self):
        unknown = set(self.obj) - self.read
        if unknown:
            self.fail(f"unknown field {sorted(unknown)[0]}")


def read_table(path, read_row):
    """read_row(Row) of every non-empty line of the file at `path`, in order."""
    out = []
    lines = path.read_text(encoding="utf-8").split("\n")
    for number, line in enumerate(lines, 1):
        if not line:
            continue
        where = f"{path}:{number}"
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise TableError(f"{where}: {e}") from e
        row = Row(obj, where)
        out.append(read_row(row))
        row.finish()
    if not out:
        raise TableError(f"{path}: no rows")
    return out
