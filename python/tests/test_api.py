# SPDX-License-Identifier: Apache-2.0
"""Every call and class of the module: str and bytes, non-ASCII, offsets in bytes, InvalidURI,
the types refused, the options, the docstrings and the type stubs."""

import ast
import gc
import inspect
import ipaddress
import re

import pytest

import ftpuri

MIXED = [
    "ftp://ftp.example.org/pub/README;type=a",
    "FTP://u:p%41ss@Ftp.Example.ORG:021/%7Euser/pub/./a/../f.txt;TYPE=I",
    "ftp://0x7f.1/etc/passwd",
    "ftp://h/a b",
    "ftp://[::ffff:127.0.0.1]/",
    "ftp://h/ü",
    " ftp://bücher.example/My Documents/a.txt;typecode=i",
    "ftp://h/a?q#f",
    "",
    "http://h/",
]


def test_version_is_the_project_s(source_dir):
    version = re.search(r"project\(ftpuri VERSION (\S+)", (source_dir / "CMakeLists.txt").read_text()).group(1)
    assert ftpuri.__version__ == version


@pytest.mark.parametrize("profile", ["strict", "rfc3986", "lenient"])
def test_str_and_bytes_give_the_same_answers(profile):
    for text in MIXED:
        data = text.encode()
        assert ftpuri.validate(text, profile) == ftpuri.validate(data, profile)
        assert ftpuri.check_many([text], profile) == ftpuri.check_many([data], profile)
        assert ftpuri.canonicalize_many([text], profile) == ftpuri.canonicalize_many([data], profile)
        assert ftpuri.equivalent(text, data, profile) == ftpuri.validate(text, profile)
        if ftpuri.validate(text, profile):
            a, b = ftpuri.parse(text, profile), ftpuri.parse(data, profile)
            assert (a.input, b.input) == (text, data)
            assert str(a) == str(b) == text
            for part in ("user", "password", "host", "path", "segments", "raw_path", "raw_segments", "query",
                         "fragment", "canonical", "host_kind", "host_class", "diagnostics", "port", "typecode"):
                assert getattr(a, part) == getattr(b, part), part
            assert ftpuri.canonicalize(text, profile) == ftpuri.canonicalize(data, profile) == a.canonical
            assert ftpuri.plan(text, profile=profile) == ftpuri.plan(data, profile=profile)
        else:
            with pytest.raises(ftpuri.InvalidURI) as from_text:
                ftpuri.parse(text, profile)
            with pytest.raises(ftpuri.InvalidURI) as from_bytes:
                ftpuri.parse(data, profile)
            assert from_text.value.diagnostic == from_bytes.value.diagnostic


def test_offsets_count_the_bytes_of_the_utf8():
    # "é" is two bytes: the error after it is at byte 11, which is character 10 of the str.
    with pytest.raises(ftpuri.InvalidURI) as raised:
        ftpuri.parse("ftp://h/é/%0D", "lenient")
    assert (raised.value.diagnostic.id, raised.value.diagnostic.offset) == ("pct.forbidden-control", 11)
    assert "ftp://h/é/%0D".encode()[11:14] == b"%0D"
    uri = ftpuri.parse(" ftp://bücher.example/My Documents/a.txt;typecode=i", "lenient")
    assert [(d.id, d.offset, d.length) for d in uri.diagnostics] == [
        ("input.trimmed", 0, 1), ("host.unicode", 7, 15), ("char.space", 25, 1), ("typecode.misspelled", 41, 10)]


def test_non_ascii_and_bytes_that_are_not_utf8():
    assert not ftpuri.validate("ftp://h/ü") and ftpuri.validate("ftp://h/ü", "lenient")
    uri = ftpuri.parse("ftp://bücher.example/ü%20x/", "lenient")
    assert (uri.host, uri.raw_host, uri.segments) == ("bücher.example", "bücher.example", ["ü x", ""])
    assert uri.canonical == "ftp://xn--bcher-kva.example/%C3%BC%20x/"
    # Bytes that are not UTF-8 come back as lone surrogates, and encode back exactly.
    uri = ftpuri.parse(b"ftp://h/%FE", "strict")
    assert uri.path == "/\udcfe" and uri.raw_path == "/%FE"
    assert uri.path.encode("utf-8", "surrogateescape") == b"/\xfe"
    assert [d.id for d in uri.diagnostics] == ["pct.non-utf8"]
    uri = ftpuri.parse(b"ftp://h/\xff", "lenient")
    assert uri.raw_path.encode("utf-8", "surrogateescape") == b"/\xff"
    assert str(uri).encode("utf-8", "surrogateescape") == b"ftp://h/\xff"
    assert not ftpuri.validate(b"ftp://h/\xff")
    # A str that has no UTF-8 (a lone surrogate) is refused as Python refuses to encode it.
    with pytest.raises(UnicodeEncodeError):
        ftpuri.validate("ftp://h/\ud800")


def test_invalid_uri_is_a_value_error_carrying_the_diagnostic():
    with pytest.raises(ValueError) as raised:
        ftpuri.parse("ftp://0x7f.1/etc/passwd")
    e = raised.value
    assert type(e) is ftpuri.InvalidURI and isinstance(e, ValueError)
    d = e.diagnostic
    assert isinstance(d, ftpuri.Diagnostic)
    assert (d.id, d.severity, d.component, d.offset, d.length) == ("host.numeric-ambiguous", "error", "host", 6, 6)
    assert d.message == "numeric host that is not a dotted-decimal IPv4 address"
    assert d.hint.startswith("other parsers read it as a different address")
    assert str(e) == str(d) == "offset 6: error: numeric host that is not a dotted-decimal IPv4 address [host.numeric-ambiguous]"
    assert e.args == (d,)
    assert repr(d) == "Diagnostic(id='host.numeric-ambiguous', severity='error', offset=6, length=6)"
    for call in (lambda: ftpuri.canonicalize("ftp://0x7f.1/"), lambda: ftpuri.plan("ftp://0x7f.1/")):
        with pytest.raises(ftpuri.InvalidURI) as again:
            call()
        assert again.value.diagnostic.id == "host.numeric-ambiguous"
    with pytest.raises(ftpuri.InvalidURI) as empty:
        ftpuri.parse("")
    assert (empty.value.diagnostic.id, empty.value.diagnostic.offset, empty.value.diagnostic.length) == ("input.empty", 0, 0)


def test_diagnostics_compare_and_hash_by_value():
    [(_, first)] = ftpuri.check_many(["ftp://anonymous@h:21/"])
    [(_, second)] = ftpuri.check_many([b"ftp://anonymous@h:21/"])
    assert first == second and first[0] is not second[0]
    assert len({*first, *second}) == 2
    assert first[0] != first[1] and first[0] != "userinfo.anonymous"
    assert [(d.id, d.severity, d.component) for d in first] == [
        ("userinfo.anonymous", "warning", "user"), ("port.default", "warning", "port")]


def test_profiles():
    assert not ftpuri.validate("ftp://h/a?q") and ftpuri.validate("ftp://h/a?q", "rfc3986")
    assert ftpuri.validate(" ftp://h/", profile="lenient") and not ftpuri.validate(" ftp://h/", profile="rfc3986")
    for call in (lambda p: ftpuri.validate("ftp://h/", p), lambda p: ftpuri.parse("ftp://h/", p),
                 lambda p: ftpuri.canonicalize("ftp://h/", p), lambda p: ftpuri.equivalent("ftp://h/", "ftp://h/", p),
                 lambda p: ftpuri.plan("ftp://h/", profile=p), lambda p: ftpuri.sanitize("ftp://h/", ftpuri.Policy(), p),
                 lambda p: ftpuri.validate_many([], p), lambda p: ftpuri.canonicalize_many([], p),
                 lambda p: ftpuri.check_many([], p)):
        with pytest.raises(ValueError, match=r"unknown profile 'Strict' \(strict, rfc3986 or lenient\)"):
            call("Strict")
        with pytest.raises(TypeError):
            call(b"strict")
        with pytest.raises(TypeError):
            call(None)


@pytest.mark.parametrize("bad", [123, None, 1.5, bytearray(b"ftp://h/"), memoryview(b"ftp://h/"), ["ftp://h/"]])
def test_a_uri_that_is_not_str_or_bytes_is_a_type_error(bad):
    policy = ftpuri.Policy()
    for call in (ftpuri.validate, ftpuri.parse, ftpuri.canonicalize, ftpuri.plan, lambda u: ftpuri.sanitize(u, policy),
                 lambda u: ftpuri.equivalent(u, "ftp://h/"), lambda u: ftpuri.equivalent("ftp://h/", u),
                 lambda u: ftpuri.validate_many(["ftp://h/", u]), lambda u: ftpuri.check_many([u]),
                 lambda u: ftpuri.canonicalize_many([u])):
        with pytest.raises(TypeError):
            call(bad)


def test_other_type_errors():
    for uris in ("ftp://h/", b"ftp://h/", 3, None):
        with pytest.raises(TypeError):
            ftpuri.validate_many(uris)
    with pytest.raises(TypeError):
        ftpuri.plan("ftp://h/", absolute="yes")
    with pytest.raises(TypeError):
        ftpuri.plan("ftp://h/", mode=3)
    with pytest.raises(TypeError):
        ftpuri.canonicalize("ftp://h/", strip_password=1)
    with pytest.raises(TypeError):
        ftpuri.canonicalize("ftp://h/", "strict", True)  # the options are keywords only
    with pytest.raises(TypeError):
        ftpuri.sanitize("ftp://h/", "non-public")
    with pytest.raises(TypeError):
        ftpuri.sanitize("ftp://h/", ftpuri.Policy(), error=[3])
    with pytest.raises(TypeError):
        ftpuri.Policy(deny=3)
    with pytest.raises(TypeError):
        ftpuri.Policy(deny=[b"loopback"])
    with pytest.raises(TypeError):
        ftpuri.Policy(allow_host=b"h")
    with pytest.raises(TypeError):
        ftpuri.Policy("non-public")  # keywords only
    with pytest.raises(TypeError):
        ftpuri.classify_address(3)
    with pytest.raises(TypeError):
        ftpuri.URI()  # only parse() makes one


def test_uri_parts():
    uri = ftpuri.parse("ftp://J%6F:s%3Ac@[2001:DB8::7]:2121/%7Ex/a%2Fb/;type=D#frag%21", "strict")
    assert (uri.user, uri.password, uri.raw_user, uri.raw_password) == ("Jo", "s:c", "J%6F", "s%3Ac")
    assert (uri.host, uri.raw_host, uri.host_address, uri.host_kind) == ("[2001:DB8::7]", "[2001:DB8::7]",
                                                                         "2001:DB8::7", "ipv6")
    assert (uri.port, uri.raw_port, uri.effective_port) == (2121, "2121", 2121)
    assert (uri.path, uri.raw_path) == ("/~x/a/b/", "/%7Ex/a%2Fb/")
    assert (uri.segments, uri.raw_segments, uri.name) == (["~x", "a/b", ""], ["%7Ex", "a%2Fb", ""], "")
    assert (uri.typecode, uri.raw_typecode) == ("d", ";type=D")
    assert (uri.query, uri.raw_query, uri.fragment, uri.raw_fragment) == (None, None, "frag!", "frag%21")
    assert (uri.host_class, uri.profile) == ("documentation", "strict")
    assert uri.canonical == "ftp://Jo:s%3Ac@[2001:db8::7]:2121/~x/a%2Fb/;type=d#frag%21"
    assert repr(uri) == "URI('ftp://J%6F:****@[2001:DB8::7]:2121/%7Ex/a%2Fb/;type=D#frag%21', profile='strict')"
    assert "s%3Ac" not in repr(uri)

    bare = ftpuri.parse("ftp://h:", "rfc3986")
    assert (bare.user, bare.password, bare.raw_user, bare.raw_port, bare.port, bare.effective_port) == (
        None, None, None, "", None, 21)
    assert (bare.path, bare.segments, bare.name, bare.typecode, bare.raw_typecode) == ("", [], "", None, None)
    assert (bare.query, bare.fragment, bare.canonical) == (None, None, "ftp://h/")
    query = ftpuri.parse(b"ftp://h/?a=%62", "rfc3986")
    assert (query.query, query.raw_query, query.canonical) == ("a=b", "a=%62", "ftp://h/?a=b")
    assert repr(query) == "URI(b'ftp://h/?a=%62', profile='rfc3986')"
    assert ftpuri.parse("ftp://127.0.0.1/").host_class == "loopback"
    assert ftpuri.parse("ftp://0x7f.1/", "rfc3986").host_class == "loopback"


def test_canonicalize_options():
    uri = "ftp://anonymous@h/a#f"
    assert ftpuri.canonicalize(uri) == uri
    assert ftpuri.canonicalize(uri, drop_fragment=True, drop_anonymous=True) == "ftp://h/a"
    assert ftpuri.canonicalize("ftp://u:pw@h/", strip_password=True) == "ftp://u@h/"
    assert ftpuri.canonicalize_many(["ftp://H/", "ftp://h/a b", b"ftp://h/%7e"]) == ["ftp://h/", None, "ftp://h/~"]
    # The batch takes the same options, each alone and together, and means by them what one call does.
    inputs = [uri, "ftp://u:pw@h/", "ftp://anonymous:x@H/%7e#", "ftp://h/a b", *MIXED]
    for flags in ({}, {"strip_password": True}, {"drop_fragment": True}, {"drop_anonymous": True},
                  {"strip_password": True, "drop_fragment": True, "drop_anonymous": True}):
        singles = []
        for u in inputs:
            try:
                singles.append(ftpuri.canonicalize(u, "lenient", **flags))
            except ftpuri.InvalidURI:
                singles.append(None)
        assert ftpuri.canonicalize_many(inputs, "lenient", **flags) == singles
    assert ftpuri.canonicalize_many([uri, "ftp://u:pw@h/"], drop_fragment=True, strip_password=True) == [
        "ftp://anonymous@h/a", "ftp://u@h/"]
    with pytest.raises(TypeError):
        ftpuri.canonicalize_many([uri], "strict", True)  # the options are keywords only
    with pytest.raises(TypeError):
        ftpuri.canonicalize_many([uri], drop_fragment="yes")


def test_equivalent():
    assert ftpuri.equivalent("ftp://H:21/%7Eu/./f", b"ftp://h/~u/f")
    assert not ftpuri.equivalent("ftp://h/a", "ftp://h/A")
    assert not ftpuri.equivalent("ftp://h/a b", "ftp://h/a b")  # invalid: equivalent to nothing
    assert ftpuri.equivalent("ftp://h/a b", "ftp://h/a%20b", "lenient")


def test_plan():
    uri = "ftp://h/pub//x/f.txt;type=a"
    expected = {
        ("multicwd", False): ["USER anonymous", "PASS anonymous@", "CWD pub", "CWD x", "TYPE A", "RETR f.txt"],
        ("rfc1738", False): ["USER anonymous", "PASS anonymous@", "CWD pub", "CWD ", "CWD x", "TYPE A", "RETR f.txt"],
        ("singlecwd", True): ["USER anonymous", "PASS anonymous@", "CWD /", "CWD pub//x", "TYPE A", "RETR f.txt"],
        ("nocwd", False): ["USER anonymous", "PASS anonymous@", "TYPE A", "RETR pub//x/f.txt"],
    }
    for (mode, absolute), lines in expected.items():
        plan = ftpuri.plan(uri, mode, absolute)
        assert isinstance(plan, ftpuri.Plan) and isinstance(plan, list)
        assert [str(c) for c in plan] == lines and not plan.ask_password
        assert [bytes(c) for c in plan] == [line.encode() for line in lines]
    [user, password, cwd, listing] = ftpuri.plan("ftp://u:secret@h/d/", anonymous_password="x@y")
    assert (user.verb, user.argument, user.raw_argument) == ("USER", "u", "u")
    assert (str(password), bytes(password), password.argument) == ("PASS ****", b"PASS secret", "secret")
    assert str(ftpuri.plan("ftp://u:secret@h/d/", show_password=True)[1]) == "PASS secret"
    assert (cwd.verb, str(cwd)) == ("CWD", "CWD d")
    assert (listing.verb, listing.argument, listing.raw_argument, str(listing)) == ("LIST", None, None, "LIST")
    assert repr(cwd) == "Command('CWD d')"
    assert cwd == ftpuri.plan("ftp://h/d/")[2] and cwd != user and hash(cwd) == hash(ftpuri.plan("ftp://h/d/")[2])
    custom = ftpuri.plan("ftp://h/f", anonymous_password=b"me@example.org")
    assert [str(c) for c in custom][:2] == ["USER anonymous", "PASS me@example.org"]
    decoded = ftpuri.plan("ftp://h/a%20b/%FF", profile="rfc3986")  # strict refuses 0xFF: pct.telnet-iac
    assert (decoded[2].argument, decoded[2].raw_argument) == ("a b", "a%20b")
    assert bytes(decoded[3]) == b"RETR \xff\xff"  # the wire form: Telnet's IAC doubled
    with pytest.raises(ValueError, match=r"anonymous_password: .*\[plan.anonymous-password-control\]"):
        ftpuri.plan("ftp://h/", anonymous_password="a\r\nDELE x")
    with pytest.raises(ValueError, match=r"unknown plan mode 'cwd'"):
        ftpuri.plan("ftp://h/", mode="cwd")
    with pytest.raises(ftpuri.InvalidURI) as refused:
        ftpuri.plan("ftp://h/a%2Fb/c", mode="nocwd")
    assert (refused.value.diagnostic.id, refused.value.diagnostic.offset) == ("plan.nocwd-slash", 9)
    # Offsets and masks are the input's, also where lenient trimmed blanks off its front.
    with pytest.raises(ftpuri.InvalidURI) as trimmed:
        ftpuri.plan("  ftp://h/a%2Fb/c", mode="nocwd", profile="lenient")
    assert (trimmed.value.diagnostic.id, trimmed.value.diagnostic.offset) == ("plan.nocwd-slash", 11)
    assert str(ftpuri.plan("  ftp:///u:Cv3Dm9@h/x", profile="lenient")[2]) == "CWD u:****@h"
    assert repr(ftpuri.plan("ftp://u@h/")) == "Plan([Command('USER u'), Command('LIST')], ask_password=True)"


def test_policy(tmp_path):
    policy = ftpuri.Policy(deny="loopback,private", allow_host="*.example.org")
    assert policy.deny == frozenset({"loopback", "private"})
    assert policy.allow_host == ("*.example.org",) and policy.allow_hosts_file is None
    assert repr(policy) == "Policy(deny=['loopback', 'private'], allow_host=('*.example.org',))"
    assert ftpuri.Policy(deny=["non-public"]).deny == frozenset(
        {"loopback", "unspecified", "link-local", "private", "broadcast", "multicast", "reserved", "documentation",
         "special-use"})
    empty = ftpuri.Policy()
    assert empty.deny == frozenset() and empty.allow_host == ()
    with pytest.raises(ValueError, match=r"deny: unknown host class 'lokalhost'; the classes are loopback, "):
        ftpuri.Policy(deny="loopback,lokalhost")
    with pytest.raises(ValueError, match=r"allow_host: 'ftp\.\*\.org' is not a host pattern"):
        ftpuri.Policy(allow_host=["ftp.example.org", "ftp.*.org"])
    patterns = tmp_path / "allow"
    patterns.write_text("# mirrors\n ftp.example.org \n\n*.mirror.example.net:21\n")
    from_file = ftpuri.Policy(allow_host="h", allow_hosts_file=patterns)
    assert from_file.allow_host == ("h", "ftp.example.org", "*.mirror.example.net:21")
    assert from_file.allow_hosts_file == str(patterns)
    patterns.write_text("ftp.example.org\nnot a pattern\n")
    with pytest.raises(ValueError, match=rf"allow_hosts_file: {re.escape(str(patterns))}:2: 'not a pattern'"):
        ftpuri.Policy(allow_hosts_file=str(patterns))
    with pytest.raises(ValueError, match=r"allow_hosts_file: .*missing: No such file or directory"):
        ftpuri.Policy(allow_hosts_file=tmp_path / "missing")


def test_sanitize():
    policy = ftpuri.Policy(deny="non-public", allow_host=["*.example.org"])
    ok = ftpuri.sanitize("ftp://anonymous@FTP.example.org/a/../b#f", policy, drop_fragment=True, drop_anonymous=True)
    assert ok and ok.status == "ok" and ok.error is None and ok.host_class == "public"
    assert ok.canonical == "ftp://ftp.example.org/b"
    assert [d.id for d in ok.diagnostics] == ["userinfo.anonymous", "host.uppercase", "path.dot-segment",
                                              "fragment.present"]
    assert repr(ok) == "SanitizeResult(status='ok', canonical='ftp://ftp.example.org/b')"
    assert ftpuri.sanitize("ftp://u:pw@a.example.org/", policy, strip_password=True).canonical == "ftp://u@a.example.org/"

    denied = ftpuri.sanitize("ftp://127.0.0.1/", policy)
    assert not denied and denied.status == "invalid" and denied.canonical is None
    assert (denied.error.id, denied.error.offset, denied.error.length, denied.host_class) == (
        "host.denied", 6, 9, "loopback")
    assert denied.diagnostics == [denied.error]
    assert repr(denied) == ("SanitizeResult(status='invalid', error=Diagnostic(id='host.denied', severity='error',"
                            " offset=6, length=9))")
    elsewhere = ftpuri.sanitize("ftp://ftp.example.com/", policy)
    assert (elsewhere.error.id, elsewhere.host_class) == ("host.not-allowed", "public")
    invalid = ftpuri.sanitize("ftp://h/a b", policy)
    assert (invalid.error.id, invalid.host_class) == ("char.space", None)

    password = "ftp://u:pw@a.example.org/%2Fx"
    assert ftpuri.sanitize(password, policy)
    for error in ("userinfo.password", ["path.encoded-slash", "userinfo.password"], "path.encoded-slash,userinfo.password"):
        refused = ftpuri.sanitize(password, policy, error=error)
        # A warning made an error makes the parse fail, as with ftpuri-check --error: no host class.
        assert not refused and refused.error.id == "userinfo.password" and refused.host_class is None
    with pytest.raises(ValueError, match=r"error: unknown diagnostic id 'userinfo.pasword'"):
        ftpuri.sanitize(password, policy, error="userinfo.pasword")
    # The lenient profile trims the input: the policy's finding still points into the input as given.
    trimmed = ftpuri.sanitize("  ftp://127.0.0.1/", policy, "lenient")
    assert (trimmed.error.offset, trimmed.diagnostics[-1].offset) == (8, 8)


def test_classify_address():
    assert ftpuri.classify_address("10.0.0.7") == "private"
    assert ftpuri.classify_address("::1") == "loopback"
    assert ftpuri.classify_address("::ffff:169.254.169.254") == "link-local"
    assert ftpuri.classify_address(b"\x08\x08\x08\x08") == "public"
    assert ftpuri.classify_address(ipaddress.ip_address("2001:db8::1")) == "documentation"
    with pytest.raises(ValueError):
        ftpuri.classify_address("10.0.0.256")
    with pytest.raises(ValueError):
        ftpuri.classify_address(b"\x01\x02\x03")


def test_batches_answer_as_the_single_calls_do():
    for profile in ("strict", "rfc3986", "lenient"):
        inputs = MIXED + [m.encode() for m in MIXED]
        assert ftpuri.validate_many(iter(inputs), profile) == [ftpuri.validate(u, profile) for u in inputs]
        singles = []
        for u in inputs:
            try:
                singles.append(ftpuri.canonicalize(u, profile))
            except ftpuri.InvalidURI:
                singles.append(None)
        assert ftpuri.canonicalize_many((u for u in inputs), profile) == singles
        checked = ftpuri.check_many(tuple(inputs), profile)
        assert all(isinstance(c, tuple) and len(c) == 2 for c in checked)
        for u, (valid, found) in zip(inputs, checked):
            if valid:
                assert ftpuri.parse(u, profile).diagnostics == found
            else:
                with pytest.raises(ftpuri.InvalidURI) as raised:
                    ftpuri.parse(u, profile)
                assert raised.value.diagnostic in found and found[-1].severity in ("error", "note")
    assert ftpuri.validate_many([]) == [] and ftpuri.check_many([]) == [] and ftpuri.canonicalize_many([]) == []


def public_names():
    return [name for name in ftpuri.__all__ if name != "__version__"]


def test_everything_has_a_docstring():
    assert ftpuri.__doc__ and ftpuri._core.__doc__
    for name in public_names():
        obj = getattr(ftpuri, name)
        assert inspect.getdoc(obj), name
        if inspect.isclass(obj):
            for member, value in vars(obj).items():
                if not member.startswith("_") or member in ("__str__", "__repr__", "__bytes__", "__bool__", "__eq__"):
                    assert inspect.getdoc(value), f"{name}.{member}"


def test_the_stubs_declare_what_the_module_has(source_dir):
    stub = ast.parse((source_dir / "python/ftpuri/__init__.pyi").read_text())
    declared = {node.name: node for node in stub.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    assert set(public_names()) <= set(declared)
    assert (source_dir / "python/ftpuri/py.typed").exists()
    for name, node in declared.items():
        obj = getattr(ftpuri, name)
        if isinstance(node, ast.FunctionDef) and inspect.isfunction(obj):
            # A function of the package's own Python (fetch): its signature, as Python reads it.
            runtime = list(inspect.signature(obj).parameters)
            assert [a.arg for a in node.args.args + node.args.kwonlyargs] == runtime, name
        elif isinstance(node, ast.FunctionDef):
            # pybind11 writes the signature on the docstring's first line: the same parameters.
            signature = obj.__doc__.splitlines()[0]
            runtime = re.findall(r"(\w+): ", signature[signature.index("(") : signature.rindex(")")])
            assert [a.arg for a in node.args.args + node.args.kwonlyargs] == runtime, name
        else:
            stubbed = {n.name for n in node.body if isinstance(n, ast.FunctionDef)} | {
                n.target.id for n in node.body if isinstance(n, ast.AnnAssign)}
            assert {m for m in vars(obj) if not m.startswith("_")} <= stubbed, name


def test_check_many_builds_its_results_without_the_cyclic_collector():
    # 20,000 tuples and lists would start the collector ~57 times (one pass per 700 containers),
    # each pass over all made so far; none is part of a cycle, so check_many pauses it, and puts
    # it back as it found it.
    inputs = [f"ftp://anonymous@h{i}:21/a b".encode() for i in range(10_000)] * 2
    passes = []

    def count(phase, info):
        if phase == "start":
            passes.append(info["generation"])

    gc.callbacks.append(count)
    try:
        for running in (True, False):
            gc.enable() if running else gc.disable()
            passes.clear()
            checked = ftpuri.check_many(inputs)
            assert gc.isenabled() == running
            assert len(passes) <= (1 if running else 0)  # once resumed, one pass over them all
            assert len(checked) == 20_000 and all(found for _, found in checked)
        gc.enable()
        passes.clear()
        _ = [(True, [i]) for i in range(20_000)]  # the control: the same containers, made in Python
        assert len(passes) > 10
    finally:
        gc.callbacks.remove(count)
        gc.enable()
