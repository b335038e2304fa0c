// SPDX-License-Identifier: Apache-2.0
// in_place.hpp: --fix --in-place, rewriting a file of URIs with their canonical forms.
//
// The new content goes to a temporary file beside the old one, which is renamed over it only
// once every line has been read and written: a reader of the file sees the old content or the
// new, never a mix, and a crash leaves the old file whole. A file is never touched when it
// could not be read whole, is read-only, is not a regular file, or would not change. A symbolic
// link is followed: the file it names is rewritten and the link stays a link.
//
// The rename replaces whatever the name holds then, so two things are refused. A file that
// changed between the read and the rename (another writer's update would be lost): its size,
// mtime and ctime to the nanosecond, link count and inode are compared with the open file's at
// read time, right before the rename. And a file with several hard links: the rename would
// leave its other names with the old content, so it takes in_place_options::break_links.
#pragma once

#include <sys/stat.h>

#include <cstdio>
#include <functional>
#include <string>

#include "pipeline.hpp"

namespace ftpuri::cli {

struct in_place_result {
    bool rewritten = false;
    std::string problem; // why the file was not rewritten, when that is an error; else empty
    tally counts;
};

// The system calls rewrite_in_place makes where a failure must leave the file as it was and
// no temporary file behind: the real ones, or in a test one that fails on cue
// (tests/cli_unit/in_place_test.cpp), as most of these failures cannot be provoked from outside.
struct in_place_system {
    int (*stat)(char const* path, struct stat* st) = ::stat;
    int (*access)(char const* path, int mode) = ::access;
    std::FILE* (*fopen)(char const* path, char const* mode) = std::fopen;
    int (*fstat)(int fd, struct stat* st) = ::fstat;
    int (*mkstemp)(char* pattern) = ::mkstemp;
    std::FILE* (*fdopen)(int fd, char const* mode) = ::fdopen;
    int (*fsync)(int fd) = ::fsync;
    int (*rename)(char const* from, char const* to) = std::rename;
    int (*open_directory)(char const* path) = nullptr; // nullptr: open(path, O_RDONLY | O_DIRECTORY)
};

struct in_place_options {
    // Rewrite a file that has other hard links too: this name gets the new content as a new
    // file, the other names keep the old one (--break-links).
    bool break_links = false;
    // Called once the file has been read and the new content written, right before the rename
    // over it: a seam for tests, which change the file there. The CLI leaves it empty.
    std::function<void()> before_replace;
    // The system calls to make; nullptr: the real ones.
    in_place_system const* system = nullptr;
};

// Rewrites `path` through `run`, whose settings have fix == fix_mode::in_place. Reports of
// invalid lines go to stderr.
[[nodiscard]] in_place_result rewrite_in_place(std::string const& path, pipeline& run,
                                               in_place_options const& options = {});

} // namespace ftpuri::cli
