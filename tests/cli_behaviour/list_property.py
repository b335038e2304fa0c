#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""cli_behaviour.list_property: --fix --in-place on generated list files loses and merges nothing.

Seeded random list files, written as people write them (docs/lists.md): URIs alone, URIs with
trailing blanks, with a comment after blanks, with a second field, two URIs on a line, comment
lines and blank lines, LF and CRLF endings, and a last line with or without its newline, in the
strict and lenient profiles, and with --field 2 on lines of the form "deb URI suite". After
ftpuri-check --fix --in-place:

- the file has as many lines as before, each with the ending it had;
- every comment line, blank line, line that may hold two fields, and invalid line is byte for
  byte what it was (never merged into one URI);
- every comment after a URI, and every other field around the chosen one, is kept byte for byte;
- the URI of every rewritten line is the canonical form of the URI that was there, as --fix
  gives it for that URI alone, and is planned (--plan, JSON) as that canonical form is: the
  line holds its own URI, not a neighbour's or a merge.

Usage: list_property.py FTPURI_CHECK SOURCE_DIR
"""

import json
import random
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import common  # noqa: E402

SEED = 1738
FILES = 60
LINES_PER_FILE = 24

# Valid URIs, most of them not canonical, and invalid ones (kept as they are).
URIS = [
    b"ftp://ftp.example.org/pub/README",
    b"FTP://Ftp.Example.ORG/pub/./a/../f.txt",
    b"ftp://h.example:21/x",
    b"ftp://h.example/%7euser/notes;type=A",
    b"ftp://anonymous@h.example/f;type=I",
    b"ftp://alice:s3cret@h.example/d/",
    b"ftp://h.example/My%20Documents/a.txt",
    b"ftp://h.example/a%2fb/c",
    b"ftp://h.example/x#frag",
    b"ftp://h.example//pub/",
    b"ftp://[2001:DB8::1]/pub/",
    b"ftp://h/a%0a",
    b"http://h.example/x",
    b"ftp://010.0.0.1/x",
]
BLANKS = [b" ", b"  ", b"\t", b" \t", b"\t\t "]
COMMENTS = [b"# primary", b"#", b"# mirror: eu", b"#x y z"]
FIELDS = [b"bookworm main", b"stable", b"contrib non-free"]
KINDS = ["uri", "trailing", "comment", "field", "two_uris", "blank", "comment_line"]


def make_line(rng):
    """(bytes of the line without its ending, kind, the URI or None, what follows the URI)."""
    kind = rng.choice(KINDS)
    uri = rng.choice(URIS)
    if kind == "uri":
        return uri, kind, uri, b""
    if kind == "trailing":
        return uri + rng.choice(BLANKS), kind, uri, b""
    if kind == "comment":
        rest = rng.choice(BLANKS) + rng.choice(COMMENTS)
        return uri + rest, kind, uri, rest
    if kind == "field":
        return uri + rng.choice(BLANKS) + rng.choice(FIELDS), kind, None, None
    if kind == "two_uris":
        return uri + rng.choice(BLANKS) + rng.choice(URIS), kind, None, None
    if kind == "blank":
        return rng.choice([b"", b" ", b"\t"]), kind, None, None
    return rng.choice([b"", b"  "]) + rng.choice(COMMENTS), kind, None, None


def split_lines(data):
    """[(line, ending)] as ftpuri-check reads them: LF ends a line, a CR before it is the ending's."""
    lines = []
    while data:
        lf = data.find(b"\n")
        if lf < 0:
            lines.append((data, b""))
            break
        line = data[:lf]
        ending = b"\r\n" if line.endswith(b"\r") else b"\n"
        lines.append((line[:-1] if ending == b"\r\n" else line, ending))
        data = data[lf + 1:]
    return lines


class ListProperty(common.TempDirTest):
    def plans(self, uris, profile):
        """The JSON plan of each URI, one URI a line (--whole-line: the URI as it is)."""
        self.write("plans.txt", b"".join(u + b"\n" for u in uris))
        proc = common.run(["--plan", "--format=json", f"--profile={profile}", "--whole-line", "--no-skip",
                           "-f", "plans.txt"], cwd=self.dir)
        self.assertIn(proc.returncode, (0, 1), proc.stderr[-500:])
        return [json.loads(line)["plan"] for line in proc.stdout.splitlines()]

    def records(self, uris, profile):
        """The JSON record of each URI, one URI a line."""
        self.write("records.txt", b"".join(u + b"\n" for u in uris))
        proc = common.run(["--format=json", f"--profile={profile}", "--whole-line", "--no-skip",
                           "-f", "records.txt"], cwd=self.dir)
        return [json.loads(line) for line in proc.stdout.splitlines()]

    def fixed(self, uris, profile):
        """What --fix prints for each URI alone, one URI a line."""
        self.write("alone.txt", b"".join(u + b"\n" for u in uris))
        proc = common.run(["--fix", f"--profile={profile}", "--whole-line", "-f", "alone.txt"], cwd=self.dir)
        self.assertEqual(0, proc.returncode, proc.stderr[-500:])
        return proc.stdout.splitlines()

    def same_uris(self, old_uris, new_uris, profile):
        canonical = self.fixed(old_uris, profile)
        self.assertEqual(canonical, new_uris, "a line does not hold its own URI's canonical form")
        self.assertEqual(self.plans(canonical, profile), self.plans(new_uris, profile))

    def test_fix_in_place_loses_and_merges_nothing(self):
        rng = random.Random(SEED)
        for n in range(FILES):
            profile = rng.choice(["strict", "lenient"])
            lines = [make_line(rng) for _ in range(LINES_PER_FILE)]
            endings = [rng.choice([b"\n", b"\r\n"]) for _ in lines]
            if rng.random() < 0.5:
                endings[-1] = b""  # no final newline
            data = b"".join(line + end for (line, _, _, _), end in zip(lines, endings))
            name = f"list{n}.txt"
            self.write(name, data)
            with self.subTest(file=n, profile=profile):
                proc = common.run(["--fix", "--in-place", f"--profile={profile}", name], cwd=self.dir)
                self.assertIn(proc.returncode, (0, 1), proc.stderr[-500:])
                with open(self.path(name), "rb") as f:
                    after = split_lines(f.read())
                before = split_lines(data)
                self.assertEqual(len(before), len(after), "the number of lines changed")
                old_uris, new_uris, kept = [], [], []
                for (line, kind, uri, rest), (old, old_end), (new, new_end) in zip(lines, before, after):
                    self.assertEqual((line, old_end), (old, new_end), "the split of the written file")
                    self.assertEqual(old_end, new_end, f"the ending of {old!r}")
                    if uri is None:
                        self.assertEqual(old, new, f"a {kind} line was changed")
                        continue
                    self.assertTrue(new.endswith(rest), f"the comment of {old!r} is lost: {new!r}")
                    if new == old:  # already canonical, or invalid (kept as it was)
                        kept.append(uri)
                        continue
                    rewritten = new[:len(new) - len(rest)]
                    self.assertFalse(rewritten.endswith((b" ", b"\t")), f"trailing blanks kept: {new!r}")
                    if rewritten != uri:
                        old_uris.append(uri)
                        new_uris.append(rewritten)
                self.same_uris(old_uris, new_uris, profile)
                # A line left as it was needed no change: its URI is invalid or canonical, and
                # nothing followed it but a comment.
                valid = [uri for uri, record in zip(kept, self.records(kept, profile)) if record["valid"]]
                self.assertEqual(valid, self.fixed(valid, profile), "a line kept as it was needed a change")

    def test_field_chosen_keeps_the_other_fields(self):
        rng = random.Random(SEED + 1)
        lines = []
        for _ in range(200):
            first = rng.choice([b"deb", b"deb-src", b"mirror"])
            uri = rng.choice(URIS)
            rest = rng.choice([b"", b" " + rng.choice(FIELDS), b" " + rng.choice(FIELDS) + b"  # c"])
            lines.append((first, uri, rest))
        self.write("sources.txt", b"".join(a + b" " + u + r + b"\n" for a, u, r in lines))
        proc = common.run(["--fix", "--in-place", "--field", "2", "sources.txt"], cwd=self.dir)
        self.assertIn(proc.returncode, (0, 1), proc.stderr[-500:])
        with open(self.path("sources.txt"), "rb") as f:
            after = f.read().split(b"\n")[:-1]
        self.assertEqual(len(lines), len(after))
        old_uris, new_uris = [], []
        for (first, uri, rest), new in zip(lines, after):
            self.assertTrue(new.startswith(first + b" ") and new.endswith(rest), f"{new!r}: fields lost")
            rewritten = new[len(first) + 1:len(new) - len(rest)]
            if rewritten != uri:
                old_uris.append(uri)
                new_uris.append(rewritten)
        self.assertTrue(new_uris, "some URIs are rewritten")
        self.same_uris(old_uris, new_uris, "strict")


if __name__ == "__main__":
    common.main()
