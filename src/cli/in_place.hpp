// in_place.hpp: --fix --in-place, rewriting a file of URIs with their canonical forms.
//
// The new content goes to a temporary file beside the old one, which is renamed over it only
// once every line has been read and written: a reader of the file sees the old content or the
// new, never a mix, and a crash leaves the old file whole. A file is never touched when it
// could not be read whole, is read-only, is not a regular file, or would not change. A symbolic
// link is followed: the file it names is rewritten and the link stays a link.
#pragma once

#include <string>

#include "pipeline.hpp"

namespace ftpuri::cli {

struct in_place_result {
    bool rewritten = false;
    std::string problem; // why the file was not rewritten, when that is an error; else empty
    tally counts;
};

// Rewrites `path` through `run`, whose settings have fix == fix_mode::in_place. Reports of
// invalid lines go to stderr.
[[nodiscard]] in_place_result rewrite_in_place(std::string const& path, pipeline& run);

} // namespace ftpuri::cli
