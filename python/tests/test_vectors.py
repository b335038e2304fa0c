# SPDX-License-Identifier: Apache-2.0
"""The held-in peer vectors (tests/data/*.jsonl) through the module, with the C++ tests' own
expectations, read from the same data files (table_rows.py) rather than copied:

- validity and parts: tests/data/table-vectors.jsonl's cases, as tests/peers/vectors_test.cpp reads
  them (WPT, curl, trurl, CPython, Go, rust-url), checked as tests/support/uri_expect.hpp's
  check_case() checks them;
- the canonical form: tests/data/table-normalize.jsonl's rows, as tests/canonical/canonical_vectors_test.cpp
  checks them, with the same 36 named disagreements with the peers;
- equivalence: tests/data/table-equivalence.jsonl's rows, as equivalent_test.cpp's boost_compare
  test checks them.
Each row is matched to its verbatim record, and every record of the canonical and equivalence
files must be used by a row, as in C++.
"""

import json

import pytest

import ftpuri
import table_rows

PEER_FILES = [
    "wpt-urltestdata-ftp.jsonl",
    "curl-lib1560-urlapi-ftp.jsonl",
    "trurl-tests-ftp.jsonl",
    "cpython-urllib-ftp.jsonl",
    "go-rusturl-ftp.jsonl",
]

# tests/support/peer_records.hpp's source_prefix(): the tables' short names for the peers.
SOURCE_PREFIX = {
    "wpt": "web-platform-tests/wpt/url/resources/urltestdata.json",
    "wpt-setters": "web-platform-tests/wpt/url/resources/setters_tests.json",
    "boost": "boostorg/url/",
    "curl": "curl/curl/",
    "trurl": "curl/trurl/",
    "cpython": "python/cpython/",
    "go": "golang/go/",
}


def load_records(source_dir, name):
    records = []
    for line in (source_dir / "tests/data" / name).read_text(encoding="utf-8").splitlines():
        if line:
            record = json.loads(line)
            assert "source" in record, f"{name}: a record without its source"
            records.append({"doc": record, "uses": 0})
    assert records
    return records


def holds_string(value, s):
    """Some string of `value`, at any depth, is `s` or has `s` as a line (peer_records.hpp)."""
    if isinstance(value, str):
        return value == s or s in value.split("\n")
    if isinstance(value, list):
        return any(holds_string(v, s) for v in value)
    if isinstance(value, dict):
        return any(holds_string(v, s) for v in value.values())
    return False


def find_record(records, tag, record_id, strings):
    for r in records:
        doc = r["doc"]
        if not doc["source"].startswith(SOURCE_PREFIX[tag]):
            continue
        if record_id != -1 and doc.get("line", doc.get("index")) != record_id:
            continue
        if all(not s or holds_string(doc, s) for s in strings):
            r["uses"] += 1
            return doc
    raise AssertionError(f"no {tag} record {record_id} holding {strings}")


def expect_all_used(records, name):
    unused = [r["doc"]["source"] for r in records if r["uses"] == 0]
    assert not unused, f"{name}: records no row uses: {unused}"


def raw(s):
    """A str of the module as the bytes it stands for."""
    return None if s is None else s.encode("utf-8", "surrogateescape")


# ---- tests/peers/vectors_test.cpp: validity and parts -------------------------------------------


def read_finding(row):
    """{"id", "offset", "length"} as (id, offset, length); -1 where not pinned down."""
    return row.text("id"), row.optional_integer("offset", -1), row.optional_integer("length", -1)


def read_findings(row, field):
    out = []
    for item in row.array(field):
        inner = row.nested(field, item)
        out.append(read_finding(inner))
        inner.finish()
    return out


def read_view(row):
    view = {"user": row.optional_bytes("user"), "password": row.optional_bytes("password"),
            "host": row.bytes("host"), "kind": row.text("kind"), "port": row.optional_bytes("port"),
            "path": row.bytes("path"), "typecode": row.optional_bytes("typecode"),
            "query": row.optional_bytes("query"), "fragment": row.optional_bytes("fragment"),
            "cwds": [], "name": row.bytes("name")}
    for cwd in row.array("cwds"):
        if table_rows.as_bytes(cwd) is None:
            row.fail("a cwd is no string")
        view["cwds"].append(table_rows.as_bytes(cwd))
    if view["typecode"] is not None:
        view["typecode"] = view["typecode"].decode()
    return view


def read_profile_expect(row):
    """A verdict of tests/data/table-vectors.jsonl, as tests/support/uri_case_table.hpp reads it."""
    e = {"error": None, "view": None}
    if row.value("error") is not None:
        inner = row.nested("error", row.value("error"))
        e["error"] = read_finding(inner)
        inner.finish()
    e["findings"] = read_findings(row, "findings")
    if row.value("view") is not None:
        inner = row.nested("view", row.value("view"))
        e["view"] = read_view(inner)
        inner.finish()
    e["exact"] = row.boolean("exact")
    if (e["error"] is None) == (e["view"] is None):
        row.fail("a verdict has either an error or a view")
    return e


def read_uri_case(row):
    case = {"uri": row.bytes("uri")}
    for profile in ("strict", "rfc3986"):
        obj = row.value(profile)
        if obj is None and profile == "rfc3986":
            case[profile] = None
            continue
        inner = row.nested(profile, obj)
        case[profile] = read_profile_expect(inner)
        inner.finish()
    case["why"] = row.text("why")
    return case


def holds(found, f):
    fid, offset, length = f
    return any(d.id == fid and offset in (-1, d.offset) and length in (-1, d.length) for d in found)


def check_view(uri, view):
    assert raw(uri.raw_user) == view["user"]
    assert raw(uri.raw_password) == view["password"]
    assert raw(uri.raw_host) == view["host"]
    assert uri.host_kind == view["kind"]
    assert raw(uri.raw_port) == view["port"]
    assert uri.effective_port == (int(view["port"]) if view["port"] else 21)
    assert raw(uri.raw_path) == view["path"]
    assert uri.typecode == view["typecode"]
    assert raw(uri.raw_query) == view["query"]
    assert raw(uri.raw_fragment) == view["fragment"]
    segments = [raw(s) for s in uri.segments]
    assert segments[:-1] == view["cwds"]
    assert (segments[-1] if segments else b"") == view["name"]
    assert raw(uri.name) == view["name"]


def check_profile(uri, profile, e):
    """uri_expect.hpp's check_profile(), through the module. Returns whether it accepted."""
    [(valid, found)] = ftpuri.check_many([uri], profile)
    assert ftpuri.validate(uri, profile) == valid, "validate() != check_many()"
    if e["error"]:
        fid, offset, length = e["error"]
        assert not valid, f"expected error {fid}, accepted"
        with pytest.raises(ftpuri.InvalidURI) as raised:
            ftpuri.parse(uri, profile)
        d = raised.value.diagnostic
        assert (d.id, d.severity) == (fid, "error")
        assert offset in (-1, d.offset) and length in (-1, d.length), d
        assert [x.severity for x in found].count("error") == 1, "parsing stops at the first error"
        assert d in found
        for f in e["findings"]:
            assert holds(found, f), f"missing {f} in {found}"
        return False
    assert valid, f"expected valid, got {found}"
    parsed = ftpuri.parse(uri, profile)
    got = {d.id for d in found}
    want = {f[0] for f in e["findings"]}
    assert got == want if e["exact"] else got >= want
    assert {d.id for d in parsed.diagnostics} == got
    for f in e["findings"]:
        if f[1] >= 0 or f[2] >= 0:
            assert holds(found, f), f"missing {f}"
    check_view(parsed, e["view"])
    return True


@pytest.fixture(scope="module")
def uri_cases(source_dir):
    return table_rows.read_table(source_dir / "tests/data/table-vectors.jsonl", read_uri_case)


def test_the_peer_validity_cases_are_read(uri_cases, source_dir):
    # A table that reads short would pass every check below vacuously: every line is a case.
    lines = (source_dir / "tests/data/table-vectors.jsonl").read_text(encoding="utf-8").splitlines()
    print(f"{len(uri_cases)} validity cases")
    assert len(uri_cases) == sum(1 for line in lines if line) >= 76
    assert sum(1 for c in uri_cases if c["why"]) >= 10, "the documented disagreements"


def test_every_peer_case_comes_from_a_record(uri_cases, source_dir):
    docs = [r["doc"] for name in PEER_FILES for r in load_records(source_dir, name)]
    for case in uri_cases:
        uri = case["uri"].decode("utf-8")
        assert any(holds_string(doc, uri) for doc in docs), f"<{uri}> is in no peer record"


def test_peer_vectors_validity_and_parts(uri_cases):
    accepted = 0
    for case in uri_cases:
        uri = case["uri"]
        try:
            accepted += check_profile(uri, "strict", case["strict"])
            if case["rfc3986"]:
                check_profile(uri, "rfc3986", case["rfc3986"])
            elif not case["strict"]["error"]:
                # strict is a subset of rfc3986, with the same parts (uri_expect.hpp's check_case)
                same = dict(case["strict"], exact=False, findings=[])
                check_profile(uri, "rfc3986", same)
        except AssertionError as e:
            raise AssertionError(f"<{uri!r}>: {e}") from e
    assert accepted > 20


# ---- tests/data/table-normalize.jsonl: the canonical form -----------------------------------


def to_ftp(s):
    """canonical_vectors_test.cpp's to_ftp(): http(s) spelled ftp, letter case kept; a path behind ftp://h."""
    colon = s.find(":")
    if colon >= 0 and s[:colon].lower() in ("http", "https"):
        return "".join(c.upper() if s[i].isupper() else c for i, c in enumerate("ftp")) + s[colon:]
    if s.startswith("/"):
        return "ftp://h" + s
    return s


def read_normalize_row(row):
    """A row of tests/data/table-normalize.jsonl, as tests/support/normalize_vectors.hpp reads it."""
    values = tuple(row.text(f) if f != "id" else row.integer(f) for f in
                   ("tag", "id", "peer_input", "peer_expect", "how", "profile", "input", "expected", "why"))
    if values[4] not in ("scheme", "ipv6", "fixpoint"):
        row.fail(f"no mode is named {values[4]}")
    if values[5] not in ("strict", "rfc3986", "lenient"):
        row.fail(f"no profile is named {values[5]}")
    return values


def test_normalization_vectors(source_dir):
    records = load_records(source_dir, "normalize-vectors.jsonl")
    rows = table_rows.read_table(source_dir / "tests/data/table-normalize.jsonl", read_normalize_row)
    print(f"{len(rows)} normalization rows")
    assert len(rows) >= 127
    agree = disagree = 0
    for tag, rid, peer_input, peer_expect, how, profile, uri, expected, why in rows:
        where = f"{tag} {rid} <{uri}>"
        failure = peer_expect == "<failure>"
        record = find_record(records, tag, rid, [peer_input, "" if failure else peer_expect])
        if how == "scheme":
            made, peer = to_ftp(peer_input), "<failure>" if failure else to_ftp(peer_expect)
        elif how == "ipv6":
            made, peer = f"ftp://[{peer_input}]/", f"ftp://[{peer_expect}]/"
        else:
            assert how == "fixpoint"
            made = peer = peer_expect
        if failure:
            assert record["expect"].get("failure") is True, f"{where}: the peer does not reject it"
        assert made == uri, f"{where}: the input is not the peer's, rewritten"

        rejects = expected.startswith("!")
        agrees = peer == "<failure>" if rejects else peer == expected
        assert agrees == (not why), f"{where}: a disagreement needs a reason, and only a disagreement has one"
        agree, disagree = agree + agrees, disagree + (not agrees)

        if rejects:
            with pytest.raises(ftpuri.InvalidURI) as raised:
                ftpuri.canonicalize(uri, profile)
            assert "!" + raised.value.diagnostic.id == expected, where
            assert ftpuri.canonicalize_many([uri], profile) == [None]
            continue
        # support/canonical_check.hpp's check_canonical(), as far as the module reaches.
        assert ftpuri.canonicalize(uri, profile) == expected, where
        assert ftpuri.parse(uri, profile).canonical == expected, where
        assert ftpuri.canonicalize_many([uri], profile) == [expected], where
        assert ftpuri.canonicalize(expected, profile) == expected, f"{where}: not idempotent"
        assert ftpuri.equivalent(uri, expected, profile), where
        if ftpuri.validate(uri, "strict") or ftpuri.validate(expected, "strict"):
            assert ftpuri.canonicalize(expected, "strict") == expected, f"{where}: not a strict fixpoint"
    expect_all_used(records, "normalize-vectors.jsonl")
    assert agree > 85
    assert disagree == 36, "the named disagreements (docs/canonical.md; canonical_vectors_test.cpp says 36)"


# ---- tests/data/table-equivalence.jsonl: equivalence -------------------------------------------


def rewrite(s):
    if s.startswith("http:"):
        return "ftp:" + s[5:]
    return "ftp://h" + s if s.startswith("/") else "ftp://h/" + s


def read_equivalence_row(row):
    """A row of tests/data/table-equivalence.jsonl, as equivalent_test.cpp reads it."""
    values = (row.integer("line"), *(row.text(f) for f in ("peer_a", "peer_b", "cmp", "a", "b", "profile")),
              row.boolean("equivalent"), row.text("why"))
    if values[6] not in ("strict", "rfc3986", "lenient"):
        row.fail(f"no profile is named {values[6]}")
    return values


def test_equivalence_vectors(source_dir):
    records = load_records(source_dir, "equivalence-vectors.jsonl")
    rows = table_rows.read_table(source_dir / "tests/data/table-equivalence.jsonl", read_equivalence_row)
    print(f"{len(rows)} equivalence rows")
    assert len(rows) == len(records) >= 24
    for line, peer_a, peer_b, cmp, a, b, profile, want, why in rows:
        find_record(records, "boost", line, [peer_a, peer_b, cmp])
        assert (rewrite(peer_a), rewrite(peer_b)) == (a, b)
        assert ((cmp.replace(" ", "") == "0") != want) == bool(why), f"line {line}: a disagreement needs a reason"
        # equivalent_test.cpp's check_pair()
        assert ftpuri.equivalent(a, b, profile) == want, f"line {line}"
        assert ftpuri.equivalent(b, a, profile) == want, f"line {line}: not symmetric"
        ca, cb = ftpuri.canonicalize(a, profile), ftpuri.canonicalize(b, profile)
        assert (ca == cb) == want, f"line {line}: canonical forms {ca} and {cb}"
        assert ftpuri.equivalent(a, a, profile) and ftpuri.equivalent(b, b, profile), "not reflexive"
        assert ftpuri.equivalent(a, ca, profile) and ftpuri.equivalent(b, cb, profile)
    expect_all_used(records, "equivalence-vectors.jsonl")


# ---- the table reader fails loudly ------------------------------------------------------------


@pytest.mark.parametrize("bad, what", [
    ('{"uri": "ftps://h", "strict": ', "Expecting value"),
    ('["ftps://h"]', "the row is no JSON object"),
    ('{"uri": "ftps://h", "rfc3986": null, "why": ""}', "no field strict"),
    ('{"uri": 7, "strict": null, "rfc3986": null, "why": ""}', "uri is neither a string"),
    ('{"uri": {"bytes": "\\u0100"}, "strict": null, "rfc3986": null, "why": ""}', "uri is neither a string"),
    ('{"uri": "ftps://h", "strict": {"error": null, "findings": [], "view": null, "exact": true}, '
     '"rfc3986": null, "why": ""}', "either an error or a view"),
    ('{"uri": "ftps://h", "strict": {"error": {"id": "scheme.not-ftp"}, "findings": [], "view": null, '
     '"exact": true}, "rfc3986": null, "why": "", "whyy": ""}', "unknown field whyy"),
])
def test_a_bad_row_is_an_error_at_its_line(tmp_path, bad, what):
    good = ('{"uri": "ftps://h", "strict": {"error": {"id": "scheme.not-ftp", "offset": 0, "length": 4}, '
            '"findings": [], "view": null, "exact": true}, "rfc3986": null, "why": ""}')
    path = tmp_path / "rows.jsonl"
    path.write_text(good + "\n" + bad + "\n" + good + "\n", encoding="utf-8")
    with pytest.raises(table_rows.TableError) as raised:
        table_rows.read_table(path, read_uri_case)
    assert str(raised.value).startswith(f"{path}:2"), raised.value
    assert what in str(raised.value)
    path.write_text(good + "\n\n" + '{"uri": {"bytes": "ftp://h/\\u00e9"}' + good[len('{"uri": "ftps://h"'):] + "\n",
                    encoding="utf-8")
    cases = table_rows.read_table(path, read_uri_case)
    assert [c["uri"] for c in cases] == [b"ftps://h", b"ftp://h/\xe9"]
