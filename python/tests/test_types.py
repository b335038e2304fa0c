# SPDX-License-Identifier: Apache-2.0
"""The type stubs' Literal types (python/ftpuri/__init__.pyi) are the module's names, and mypy
(Debian's mypy, for /usr/bin/python3) accepts code that uses the module as documented and
refuses a misspelt profile, plan mode or host class where the module would raise at run time."""

import ast
import os
import re
import subprocess
import sys
import textwrap

import pytest

import ftpuri


def stub_literals(source_dir):
    """Each alias of the stubs that is a Literal (or a union of them): its name and values."""
    stub = ast.parse((source_dir / "python/ftpuri/__init__.pyi").read_text())
    aliases = {}

    def values(node):
        if isinstance(node, ast.BinOp):  # A | B
            return values(node.left) | values(node.right)
        if isinstance(node, ast.Name):
            return aliases[node.id]
        assert isinstance(node, ast.Subscript) and node.value.id == "Literal", ast.dump(node)
        items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        return {item.value for item in items}

    for node in stub.body:
        if isinstance(node, ast.AnnAssign) and getattr(node.annotation, "id", None) == "TypeAlias":
            aliases[node.target.id] = values(node.value)
    return aliases


def names_in_source(source_dir, path, enum):
    """The names a to_string() of the library gives an enum's values (`case enum::x: return "y";`)."""
    text = (source_dir / path).read_text()
    return set(re.findall(rf'case {enum}::\w+: return "([^"]+)";', text))


def test_the_literal_types_are_the_module_s_names(source_dir):
    literals = stub_literals(source_dir)
    assert literals["Profile"] == names_in_source(source_dir, "src/diagnostic.cpp", "profile")
    assert literals["PlanMode"] == names_in_source(source_dir, "src/plan.cpp", "plan_mode")
    assert literals["Verb"] == names_in_source(source_dir, "src/plan.cpp", "ftp_verb")
    assert literals["HostKind"] == names_in_source(source_dir, "src/uri_view.cpp", "host_kind")
    assert literals["Severity"] == names_in_source(source_dir, "src/diagnostic.cpp", "severity")
    assert literals["Component"] == names_in_source(source_dir, "src/diagnostic.cpp", "component")
    assert literals["HostClass"] == set(ftpuri.Policy(deny="non-public").deny) | {"public"}
    assert literals["DeniedClass"] == literals["HostClass"] | {"non-public"}
    assert literals["Typecode"] == {"a", "i", "d"}
    # And the module takes exactly those.
    for profile in literals["Profile"]:
        assert ftpuri.validate("ftp://h/", profile)
    for mode in literals["PlanMode"]:
        assert ftpuri.plan("ftp://h/a", mode)
    for cls in literals["DeniedClass"]:
        assert ftpuri.Policy(deny=cls)
    for wrong, call in [("profile", lambda: ftpuri.validate("ftp://h/", "strcit")),
                        ("plan mode", lambda: ftpuri.plan("ftp://h/a", "multi")),
                        ("host class", lambda: ftpuri.Policy(deny="lokalhost"))]:
        with pytest.raises(ValueError, match=wrong):
            call()


USES = '''
    import ipaddress
    import ftpuri

    uri = ftpuri.parse("ftp://h/a;type=a", "lenient")
    profile: ftpuri.Profile = uri.profile
    kind: ftpuri.HostKind = uri.host_kind
    code: ftpuri.Typecode | None = uri.typecode
    assert ftpuri.validate(b"ftp://h/", profile="rfc3986")
    plan = ftpuri.plan("ftp://h/a", mode="nocwd", absolute=True)
    verbs: list[ftpuri.Verb] = [command.verb for command in plan]
    policy = ftpuri.Policy(deny=["loopback", "private"], allow_host=["*.example.org:21"])
    also = ftpuri.Policy(deny="non-public")
    denied: frozenset[ftpuri.HostClass] = policy.deny
    result = ftpuri.sanitize("ftp://h/", policy, error=["userinfo.password"])
    found: ftpuri.HostClass | None = result.host_class
    severities: list[ftpuri.Severity] = [d.severity for d in result.diagnostics]
    record: dict[str, object] = result.to_dict()
    resolved: ftpuri.HostClass = ftpuri.classify_address(ipaddress.ip_address("10.0.0.7"))
    many: list[str | None] = ftpuri.canonicalize_many(["ftp://h/"], "strict", drop_fragment=True)
'''

MISTAKES = {
    'ftpuri.validate("ftp://h/", profile="strcit")': 'Argument "profile" to "validate" has incompatible type',
    'ftpuri.parse("ftp://h/", "lenent")': 'Argument 2 to "parse" has incompatible type',
    'ftpuri.plan("ftp://h/", mode="multi")': 'Argument "mode" to "plan" has incompatible type',
    'ftpuri.Policy(deny=["lokalhost"])': 'List item 0 has incompatible type',
    'ftpuri.Policy(deny="non-publik")': 'Argument "deny" to "Policy" has incompatible type',
    'x: int = ftpuri.classify_address("::1")': 'Incompatible types in assignment',
    'y: ftpuri.HostKind = "dns_name"': 'Incompatible types in assignment',
}


def mypy(tmp_path, code):
    """mypy's exit status and report on `code`, finding the package's stubs where the tests import it."""
    path = tmp_path / "uses.py"
    path.write_text(textwrap.dedent(code))
    env = dict(os.environ, MYPYPATH=os.environ["FTPURI_PYTHON_PACKAGE_DIR"])
    done = subprocess.run(
        ["/usr/bin/python3", "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir", str(tmp_path / "cache"),
         "--python-version", f"{sys.version_info.major}.{sys.version_info.minor}", str(path)],
        capture_output=True, text=True, env=env, cwd=tmp_path, check=False)
    return done.returncode, done.stdout + done.stderr


def test_mypy_accepts_the_documented_uses(tmp_path):
    status, report = mypy(tmp_path, USES)
    assert status == 0, report


def test_mypy_refuses_each_misspelt_name(tmp_path):
    lines = [f"{mistake}  # {n}" for n, mistake in enumerate(MISTAKES)]
    status, report = mypy(tmp_path, "import ftpuri\n" + "\n".join(lines) + "\n")
    assert status == 1, report
    for n, (mistake, said) in enumerate(MISTAKES.items()):
        line = n + 2
        assert re.search(rf"uses\.py:{line}: error: {re.escape(said)}", report), f"{mistake}\n{report}"
