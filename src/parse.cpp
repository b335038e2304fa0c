// src/parse.cpp: the four instantiations of the scanner behind the public entry points.
#include "ftpuri/parse.hpp"

#include <string>

#include "scanner.hpp"

namespace ftpuri {

namespace {

// The error goes last, then the note that explains it, with the error's position.
void append_error(diagnostic_list& out, diagnostic const& error, std::optional<diag_id> note) noexcept
{
    out.push(error);
    if (note) out.push({*note, severity::note, error.where, error.offset, error.length});
}

} // namespace

parse_result parse(std::string_view input, parse_options const& options) noexcept
{
#ifdef FTPURI_ALLOC_CANARY // only in tests/alloc: proves the allocation test can fail
    std::string const canary(input);
    if (canary.empty()) return parse_result::failure({});
#endif
    scanner<discard_warnings, true> s(input, options, {});
    return s.run() ? parse_result::success(s.view()) : parse_result::failure(s.error());
}

parse_result parse(std::string_view input, parse_options const& options, diagnostic_list& out) noexcept
{
    scanner<collect_warnings, true> s(input, options, {&out});
    if (s.run()) return parse_result::success(s.view());
    append_error(out, s.error(), s.note());
    return parse_result::failure(s.error());
}

bool validate(std::string_view input, parse_options const& options) noexcept
{
    scanner<discard_warnings, false> s(input, options, {});
    return s.run();
}

bool validate(std::string_view input, parse_options const& options, diagnostic_list& out) noexcept
{
    scanner<collect_warnings, false> s(input, options, {&out});
    if (s.run()) return true;
    append_error(out, s.error(), s.note());
    return false;
}

} // namespace ftpuri
