#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Validate and canonicalize large files of ftp URIs on a Dask cluster with the module ftpuri.

    validate_corpus.py [--profile P] [--output DIR] [--blocksize SIZE] [--no-skip]
                       [--scheduler ADDRESS | --workers N] FILE_OR_GLOB...

Each file is cut into byte ranges of about --blocksize bytes (default 4 MiB) that end at a
newline (Dask's read_bytes, the reader under dask.bag.read_text), one partition of a dask.bag of
lines each. A first pass counts each range's lines (integers back to the client, which numbers
the partitions' first lines); the second reads, splits and checks each range in one task, where
a worker checks the whole partition with one ftpuri.check_many call and canonicalizes its valid
lines with one ftpuri.canonicalize_many call (the GIL released for the whole batch, one crossing
of the Python/C++ boundary per partition, not per URI), and writes its part of the output. The
lines are those `ftpuri-check -f FILE` checks, numbered as it numbers them: a line ends at "\\n",
a "\\r" just before it is dropped (CRLF files), nothing else is trimmed, a last line without
"\\n" is a line; blank lines (spaces, tabs, CR, FF, VT only) and lines whose first non-blank is
'#' are skipped but counted in the line numbers (--no-skip checks them, as ftpuri-check's).

Lines are read and handed to the module as bytes, never decoded: a list of URLs scraped from
the world holds lines that are not UTF-8 (Latin-1 file names, truncated sequences), and a
decoding reader would either crash on them (UnicodeDecodeError) or change them (errors="replace"
would make an invalid byte look like a valid U+FFFD, and offsets would no longer count the
input's bytes). Bytes are what ftpuri-check reads, so verdicts, offsets and the lines written
back are the same. (dask.bag.read_text decodes; it is read_bytes plus a decode, and this script
does the split itself on the same byte ranges.)

The output directory (--output, default ftpuri-out) receives:

    counts.json          totals (lines, skipped, checked, valid, invalid), the count of every
                         diagnostic id (the sum over partitions, as ftpuri-check --stats counts
                         them), per file and per partition (which worker, which lines)
    invalid/part-NNNNN.jsonl
                         one JSON object per invalid line, in input order: "file", "line"
                         (1-based, as ftpuri-check numbers it), "input" (the line as UTF-8 text;
                         bytes that are not UTF-8 as U+FFFD), "input_base64" (only when the line
                         is not UTF-8: its exact bytes), "diagnostics" (id, severity, component,
                         offset, length, message, hint: what ftpuri-check reports for the line)
    canonical/part-NNNNN.txt
                         the canonical form of each valid line, one per line, in input order:
                         `cat canonical/part-*` is what `ftpuri-check --fix` prints

Partitions are numbered in input order (the files in the order given, each glob's matches in
sorted order, then the byte ranges of each file), so `cat invalid/part-*` and `cat canonical/
part-*` are in input order. The three are removed and written anew on each run. The invalid
lines are written as they are, passwords included (as `ftpuri-check --fix --in-place` keeps an
invalid line), and the canonical forms keep passwords (as --fix does): the output is as
sensitive as the input.

Exit status: 0 every line checked is valid, 1 some line is invalid, 2 could not run.

Without --scheduler, a distributed.LocalCluster of --workers processes (default 2), one thread
each, runs the job on this machine. Past one machine, start a scheduler and workers and pass
its address:

    dask-scheduler                                    # on one host; listens on tcp://HOST:8786
    dask-worker tcp://HOST:8786 --nthreads 1 --nworkers 4   # on each worker host
    validate_corpus.py --scheduler tcp://HOST:8786 --output /shared/out '/shared/urls/*.txt'

Every worker needs the client's Python and dask versions, distributed and the module ftpuri
installed (cmake --install of this project; `python3 -c "import ftpuri"` must work there: the
script checks it on every worker before it starts), not this script, whose functions are
shipped with the tasks.
The input files and --output must be paths every worker and this client can reach with the
same name (a shared file system), or fsspec URLs such as s3://bucket/urls/*.txt with the
matching fsspec back end installed everywhere. One thread per worker process: check_many
releases the GIL, but the rest of a partition's work (splitting lines, writing JSON) holds it.
"""
import argparse
import base64
import collections
import json
import os
import socket
import sys
import time

# The bytes is_skipped_line (src/cli/line_checker.hpp) takes as blank.
BLANKS = b" \t\r\f\v"


class Lines(list):
    """A partition of the bag: the lines of one byte range, and where they are (`meta`: the
    range's index, its file, the number of its first line in the file)."""

    def __init__(self, lines, meta):
        super().__init__(lines)
        self.meta = meta

    def __reduce__(self):
        return (Lines, (list(self), self.meta))


def split_lines(block, meta):
    """The lines of a byte range of whole lines, as ftpuri-check's block_reader reads them."""
    lines = block.split(b"\n")
    if lines[-1] == b"":
        lines.pop()  # the block ends with "\n" (or is empty): no line after it
        terminated = len(lines)
    else:
        terminated = len(lines) - 1  # the file's last line, without "\n": its "\r" is kept
    for i in range(terminated):
        if lines[i].endswith(b"\r"):
            lines[i] = lines[i][:-1]
    return Lines(lines, meta)


def is_skipped(line):
    """ftpuri-check's is_skipped_line: blanks only, or '#' as the first non-blank."""
    rest = line.lstrip(BLANKS)
    return not rest or rest[0] == 0x23  # '#'


def diagnostic_json(d, constant):
    """A diagnostic as a JSON object. Its message and hint are the same for every diagnostic of
    an id: encoded once per id and partition (`constant`), the rest of the record is numbers
    and the catalogue's names, which need no escaping."""
    text = constant.get(d.id)
    if text is None:
        text = constant[d.id] = f'"message": {json.dumps(d.message)}, "hint": {json.dumps(d.hint)}'
    return (f'{{"id": "{d.id}", "severity": "{d.severity}", "component": "{d.component}", '
            f'"offset": {d.offset}, "length": {d.length}, {text}}}')


def process_partition(lines, fs, root, profile, skip, width):
    """Checks one partition's lines (bytes) and writes its part of the output; returns its
    counts as a one-element list (a bag partition)."""
    import ftpuri  # on the worker

    index, path, first = lines.meta["index"], lines.meta["file"], lines.meta["first_line"]
    numbers = []
    inputs = []
    for number, line in enumerate(lines, first):
        if skip and is_skipped(line):
            continue
        numbers.append(number)
        inputs.append(line)

    # One crossing for the whole partition (check_many builds its results with the cyclic
    # collector paused: a tuple and a list per URI, none in a cycle).
    checked = ftpuri.check_many(inputs, profile)
    valid_inputs = [uri for uri, (valid, _) in zip(inputs, checked) if valid]
    canonical = ftpuri.canonicalize_many(valid_inputs, profile)  # and one more

    ids = collections.Counter([d.id for _, diagnostics in checked for d in diagnostics])
    invalid = []
    constant = {}
    file_json = json.dumps(path)
    for number, uri, (valid, diagnostics) in zip(numbers, inputs, checked):
        if valid:
            continue
        try:
            text = json.dumps(uri.decode("utf-8"), ensure_ascii=False)
            exact = ""
        except UnicodeDecodeError:
            text = json.dumps(uri.decode("utf-8", "replace"), ensure_ascii=False)
            exact = f', "input_base64": "{base64.b64encode(uri).decode("ascii")}"'
        found = ", ".join(diagnostic_json(d, constant) for d in diagnostics)
        invalid.append(f'{{"file": {file_json}, "line": {number}, "input": {text}{exact}, '
                       f'"diagnostics": [{found}]}}')

    name = f"part-{index:0{width}d}"
    with fs.open(f"{root}/invalid/{name}.jsonl", "wb") as out:
        out.write("".join(text + "\n" for text in invalid).encode("utf-8"))
    if None in canonical:  # a valid URI always has a canonical form
        raise RuntimeError(f"{path}: a valid line has no canonical form")
    with fs.open(f"{root}/canonical/{name}.txt", "wb") as out:
        out.write("".join(text + "\n" for text in canonical).encode("utf-8"))

    return [{
        "index": index,
        "file": path,
        "first_line": first,
        "lines": len(lines),
        "skipped": len(lines) - len(inputs),
        "checked": len(inputs),
        "valid": len(valid_inputs),
        "invalid": len(invalid),
        "ids": dict(ids),
        "worker": f"{socket.gethostname()}:{os.getpid()}",
    }]


def plural(n, word):
    return f"{n} {word}{'' if n == 1 else 's'}"


def module_on_worker():
    import ftpuri

    return ftpuri.__version__


def byte_ranges(urls, blocksize):
    """The files' byte ranges, in input order: (file number, path, delayed bytes) each (a file
    named twice is read twice, as ftpuri-check -f F -f F does), and the paths. Each range ends
    just after a "\n" (or at the file's end) and the next begins there: Dask's read_bytes, the
    reader dask.bag.read_text is built on, with the same delimiter."""
    from dask.bytes import read_bytes

    blocks = []
    paths = []
    for url in urls:
        _, per_file, found = read_bytes(url, delimiter=b"\n", blocksize=blocksize, sample=False,
                                        include_path=True, compression="infer")
        for path, file_blocks in sorted(zip(found, per_file), key=lambda pair: pair[0]):
            blocks.extend((len(paths), path, block) for block in file_blocks)
            paths.append(path)
    return blocks, paths


def count_lines(block):
    """How many lines split_lines finds in a block, without making them."""
    return block.count(b"\n") + (1 if block and not block.endswith(b"\n") else 0)


def first_lines(blocks, counts):
    """The meta bag's partitions: each byte range's index, file and first line number (1 plus
    the lines of the ranges before it in its file)."""
    metas = []
    first = 1
    for index, ((file_number, path, _), count) in enumerate(zip(blocks, counts)):
        if index > 0 and file_number != blocks[index - 1][0]:
            first = 1
        metas.append({"index": index, "file": path, "first_line": first})
        first += count
    return metas


def build(blocks, metas, fs, root, profile, skip):
    """The bag of the lines of every file, one partition per byte range, mapped partition by
    partition to process_partition: a bag of the partitions' counts. Reading a range, splitting
    it and checking it are a chain of one task each, which Dask fuses into one: a partition's
    lines (Python objects, slow to serialize) never travel between workers."""
    import dask
    import dask.bag as db

    split = dask.delayed(split_lines, pure=True)
    lines = db.from_delayed([split(block, meta) for (_, _, block), meta in zip(blocks, metas)])
    width = max(5, len(str(max(len(blocks) - 1, 0))))
    return lines.map_partitions(process_partition, fs, root, profile, skip, width)


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Validate and canonicalize files of ftp URIs on a Dask cluster (ftpuri).",
        epilog="Exit status: 0 every line checked is valid, 1 some line is invalid, 2 could not run.")
    parser.add_argument("files", nargs="+", metavar="FILE_OR_GLOB",
                        help="files of URIs, one per line; globs and fsspec URLs allowed")
    parser.add_argument("--profile", default="strict", choices=["strict", "rfc3986", "lenient"],
                        help="syntax profile (default strict)")
    parser.add_argument("--output", default="ftpuri-out", metavar="DIR",
                        help="output directory or fsspec URL, reachable by every worker (default ftpuri-out)")
    parser.add_argument("--blocksize", default="4MiB", metavar="SIZE",
                        help="bytes per partition, cut at a newline (default 4MiB; 0: one partition per "
                             "file, which compressed files need)")
    parser.add_argument("--no-skip", action="store_true",
                        help="check blank and '#' comment lines too, as ftpuri-check --no-skip")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="a running Dask scheduler, e.g. tcp://host:8786 (default: a LocalCluster)")
    parser.add_argument("--workers", type=int, default=2, metavar="N",
                        help="without --scheduler: worker processes of the LocalCluster, one thread each (default 2)")
    args = parser.parse_args(argv)
    if args.workers < 1:
        parser.error("--workers must be at least 1")

    try:
        import distributed
        import fsspec
        from dask.utils import parse_bytes
    except ImportError as e:
        print(f"validate_corpus: {e}: install dask and distributed (python3-dask python3-distributed)",
              file=sys.stderr)
        return 2
    try:
        blocksize = parse_bytes(args.blocksize) or None
    except ValueError as e:
        parser.error(f"--blocksize: {e}")

    try:
        blocks, paths = byte_ranges(args.files, blocksize)
    except (OSError, ValueError) as e:
        print(f"validate_corpus: {e}", file=sys.stderr)
        return 2

    fs, root = fsspec.core.url_to_fs(args.output)
    root = root.rstrip("/")
    for sub in ("invalid", "canonical"):
        if fs.exists(f"{root}/{sub}"):
            fs.rm(f"{root}/{sub}", recursive=True)
        fs.makedirs(f"{root}/{sub}", exist_ok=True)
    counts_path = f"{root}/counts.json"
    if fs.exists(counts_path):
        fs.rm(counts_path)

    cluster = None
    started = time.perf_counter()
    if args.scheduler:
        client = distributed.Client(args.scheduler)
        where = args.scheduler
    else:
        cluster = distributed.LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                                           dashboard_address=None)
        client = distributed.Client(cluster)
        where = f"a LocalCluster of {args.workers} worker process{'es' if args.workers != 1 else ''}"
    try:
        try:
            versions = client.run(module_on_worker)
        except ImportError as e:
            print(f"validate_corpus: a worker cannot import ftpuri ({e}): install the module on every worker",
                  file=sys.stderr)
            return 2
        if not versions:
            print(f"validate_corpus: no worker at {where}", file=sys.stderr)
            return 2
        checking = time.perf_counter()
        try:
            # Two passes over the bytes. The first counts each range's lines, to number them: a
            # memchr-speed count whose results are integers. The second is the bag: read, split
            # and check, one fused task per range.
            import dask

            counts = dask.compute(*[dask.delayed(count_lines, pure=True)(block) for _, _, block in blocks])
            metas = first_lines(blocks, counts)
            partitions = build(blocks, metas, fs, root, args.profile, not args.no_skip).compute() if blocks else []
        except Exception as e:  # a task's error, raised again here: say it and stop
            print(f"validate_corpus: {type(e).__name__}: {e}", file=sys.stderr)
            return 2
        elapsed = time.perf_counter() - checking
    finally:
        client.close()
        if cluster is not None:
            cluster.close()

    ids = collections.Counter()
    files = {path: {"lines": 0, "skipped": 0, "checked": 0, "valid": 0, "invalid": 0} for path in paths}
    for p in partitions:
        ids.update(p["ids"])
        for key in files[p["file"]]:
            files[p["file"]][key] += p[key]
    totals = {key: sum(f[key] for f in files.values()) for key in ("lines", "skipped", "checked", "valid", "invalid")}
    report = {
        "profile": args.profile,
        **totals,
        "ids": dict(sorted(ids.items(), key=lambda kv: (-kv[1], kv[0]))),
        "files": files,
        "partitions": partitions,
        "module_versions": sorted(set(versions.values())),
    }
    with fs.open(counts_path, "w") as out:
        json.dump(report, out, indent=1)
        out.write("\n")

    print(f"validate_corpus: {plural(len(paths), 'file')}, {plural(len(blocks), 'partition')} "
          f"on {where} ({plural(len(versions), 'worker')}): "
          f"{totals['checked']} checked, {totals['valid']} valid, {totals['invalid']} invalid, "
          f"{totals['skipped']} skipped (blank or comment) in {elapsed:.2f} s "
          f"({time.perf_counter() - started:.2f} s with the cluster's start or connection)")
    for name, n in list(report["ids"].items())[:10]:
        print(f"  {name} {n}")
    if len(ids) > 10:
        print(f"  ... {len(ids) - 10} more ids in {counts_path}")
    print(f"validate_corpus: wrote {counts_path}, {root}/invalid/, {root}/canonical/")
    return 1 if totals["invalid"] else 0


if __name__ == "__main__":
    sys.exit(main())
