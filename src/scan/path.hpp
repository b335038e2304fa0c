// SPDX-License-Identifier: Apache-2.0
// src/scan/path.hpp: the path, segment by segment. Internal.
//
// The run of plain segment bytes is skipped by the first stage (byte_runs.hpp); the second
// stage stops only at a "/", an escape, a ";", the end of the path, or a byte to repair or
// refuse. An escape is decoded where it stands and fed to the segment's UTF-8 state, so that
// no byte sends the scan elsewhere. Each segment is judged whole when its "/" comes: its dots,
// its "~", a drive letter, and the directory walk of the default command plan.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string_view>

#include "../rules/directory_walk.hpp"
#include "../rules/dot_segments.hpp"
#include "../rules/segment.hpp"
#include "../text.hpp"
#include "../utf8.hpp"
#include "byte_runs.hpp"
#include "cursor.hpp"
#include "escape.hpp"
#include "ftpuri/charset.hpp"
#include "plain_segments.hpp"
#include "typecode.hpp"

namespace ftpuri::detail {

// ftp-segment-char's bytes but "%" (strict, lenient); segment's, pchar, in rfc3986.
inline constexpr plain_set ftp_segment_run = make_plain_set(chars::ftp_segment_char);
inline constexpr plain_set segment_run = make_plain_set(chars::pchar);
// A run of empty segments.
inline constexpr plain_set slash_run = make_plain_set(charset("/"));

template <class Sink>
class path_scanner {
public:
    explicit path_scanner(cursor<Sink>& c) noexcept : c_(c) {}

    // ftp-path    = [ 1*( "/" ftp-segment ) [ typecode-part ] ]
    // ftp-segment = *ftp-segment-char
    // (rfc3986: path-abempty = *( "/" segment ) [ "?" query ])
    // Returns where the path ends (its query or fragment, or the input's end), or npos.
    std::uint32_t scan() noexcept
    {
        unsigned char const* const s = c_.s;
        std::uint32_t const n = c_.n;
        std::uint32_t q = c_.authority_end;
        c_.parts.at.path_begin = q;
        c_.parts.at.path_end = q;
        if (q == n || s[q] != '/') return q;
        // rfc3986's raw ";" is respelled "%3B" but scanned as plain: the canonical form looks
        // at the whole path.
        if (!c_.ftp_grammar) c_.parts.path_respelled_from = q;
        // A typecode most often ends the input (";type=i"): the block stage is then asked about
        // the segments before it, so that their last need not be judged byte by byte.
        if (c_.ftp_grammar && n - q > typecode_length && s[n - typecode_length] == ';' &&
            ends_path_with_typecode(c_, n - typecode_length))
            names_end_ = n - typecode_length;
        // The first segment goes with the plain ones: the block stages stop at a drive letter
        // ("C:", "C%3A", "%43:") where warnings are wanted, as at every segment.
        if (q + 2 < names_end_ && plain_segments_after(q)) return end_after_names();
        segment_ = {q + 1};
        ++q;
        for (;;) {
            q = c_.ftp_grammar ? run_end<ftp_segment_run>(s, q, n) : run_end<segment_run>(s, q, n);
            if (q == n) break;
            unsigned char const ch = s[q];
            if (ch == '/') {
                if (!end_segment(q, false)) return npos;
                if (q + 1 < n && s[q + 1] == '/' && !empty_segments_after(q)) return npos;
                if (plain_segments_after(q)) return end_after_names();
                segment_ = {++q};
            } else if (ch == '%') {
                do { // escapes come in runs: a UTF-8 character is two to four
                    if (!path_escape(q)) return npos;
                    q += 3;
                } while (q < n && s[q] == '%');
            } else if (ch == ';') { // the ftp grammar only: ";" is a pchar
                // lenient: one that begins no typecode is a pchar, as rfc3986 reads it.
                if (c_.lenient && !ends_path_with_typecode(c_, q)) {
                    c_.warn(diag_id::path_raw_semicolon, component::path, q, 1);
                    warn_typecode_cut(c_, q, std::min(q + 6, n)); // here, for the plain segments after it
                    respelled_at(q);                              // written %3B
                    ++q;
                    continue;
                }
                if (!scan_typecode(c_, q)) return npos;
                q = c_.parts.typecode_end;
                break;
            } else if (ch == '?' || ch == '#') {
                break;
            } else if (c_.tolerated(q, component::path)) {
                respelled_at(q);
                if (!path_decoded_byte(ch, q, q + 1)) return npos;
                ++q;
            } else {
                c_.bad_byte(q, component::path);
                return npos;
            }
        }
        std::uint32_t name_end = c_.parts.at.typecode_begin != npos ? c_.parts.at.typecode_begin : q;
        if (!c_.ftp_grammar) {
            name_end = find_rfc3986_typecode(c_, segment_.begin, name_end);
            warn_raw_semicolon(c_, c_.parts.at.path_begin, name_end);
        }
        if (!end_segment(name_end, true)) return npos;
        c_.parts.at.path_end = name_end;
        return q;
    }

    static constexpr std::uint32_t npos = cursor<Sink>::npos;

private:
    // The segments after the "/" at q that need nothing but a level down the walk, escapes that
    // could not matter (nor warn, where warnings are wanted) included. Moves q to the "/" that ends the
    // last of them, and returns true when the path's last segment was one (the path's names end
    // at names_end_, the input's end or its typecode's ";"). Where a segment needed judging at
    // once twice in a row, the next three segment ends do not ask: a path whose every segment
    // holds a "%2F" would pay for the question at each. Once is common ("~/pub/...") and
    // cheap: the question stops in the first segment.
    bool plain_segments_after(std::uint32_t& q) noexcept
    {
        if (skip_asking_ != 0) {
            --skip_asking_;
            return false;
        }
        unsigned char const* const s = c_.s;
        std::uint32_t const n = names_end_;
        escape_warnings const warnings = escape_warnings_to_report();
        plain_segments const plain = c_.ftp_grammar ? find_plain_segments<ftp_segment_run>(s, q, n, warnings)
                                                    : find_plain_segments<segment_run>(s, q, n, warnings);
        walk_.down(plain.count, plain.last_slashed);
        if (plain.first_escape != npos) respelled_at(plain.first_escape);
        bool const missed = plain.count == 0 && !plain.to_end;
        skip_asking_ = missed && missed_before_ ? 3 : 0;
        missed_before_ = missed;
        // The ftp grammar's last segment ends the path where nothing stops it (a ";" would):
        // one that needs no judgement is the path's end.
        if (plain.to_end && c_.ftp_grammar) {
            c_.parts.at.path_end = n;
            return true;
        }
        q = plain.end;
        return false;
    }

    // The block stage took the names to names_end_: the path ends there, with the typecode, if
    // any, that follows. Returns where the path ends, or npos.
    std::uint32_t end_after_names() noexcept
    {
        return names_end_ == c_.n || scan_typecode(c_, names_end_) ? c_.n : npos;
    }

    // The warnings an escape in a segment may give, less those reported already (once per URI).
    [[nodiscard]] escape_warnings escape_warnings_to_report() const noexcept
    {
        if constexpr (!Sink::collecting) {
            return {};
        } else {
            return {true,
                    !c_.reported(diag_id::pct_lowercase),
                    !c_.reported(diag_id::pct_needless),
                    !c_.reported(diag_id::path_encoded_slash),
                    !c_.reported(diag_id::path_drive_letter),
                    !c_.reported(diag_id::pct_non_utf8)};
        }
    }

    // The empty segments that a run of "/" after the one at q ends; moves q to the run's last
    // "/". The first two are judged in full: what came before decides whether one is read from
    // the root (check_leading_empty). After them the walk keeps two segments or more, so each
    // further one is the same: a path.empty-segment, which the reporter already holds (once
    // per id), and an empty level the walk keeps. A run of a thousand "/" then costs a read.
    // The portable scan, the reference of the fast forms, judges every one.
    bool empty_segments_after(std::uint32_t& q) noexcept
    {
        std::uint32_t const last = run_end<slash_run>(c_.s, q + 1, c_.n) - 1;
        std::uint32_t const judged = active_simd_level == simd_level::scalar ? last : std::min(last, q + 2);
        for (std::uint32_t p = q + 1; p <= judged; ++p) {
            segment_ = {p};
            if (!end_segment(p, false)) return false;
        }
        walk_.empties(last - judged);
        q = last;
        return true;
    }

    // A byte of the segment that decodes from [begin, end): an escape, or a lenient repair.
    bool path_decoded_byte(unsigned char b, std::uint32_t begin, std::uint32_t end) noexcept
    {
        // The path loop skips plain bytes without a look: one came in between if there is a gap.
        if (segment_.utf8.expects_continuation() && begin != segment_.escape_end &&
            !report_utf8(c_, segment_.utf8, segment_.utf8.raw_byte(), component::path))
            return false;
        segment_.escape_end = end;
        return report_utf8(c_, segment_.utf8, segment_.utf8.escaped_byte(b, begin, end), component::path);
    }

    // The canonical form spells the path as written up to its first escape or repair.
    void respelled_at(std::uint32_t q) noexcept
    {
        c_.parts.path_respelled_from = std::min(c_.parts.path_respelled_from, q);
    }

    bool path_escape(std::uint32_t q) noexcept
    {
        respelled_at(q);
        int const byte = scan_escape(c_, q, c_.n, component::path);
        if (byte < 0) return false;
        auto const b = static_cast<unsigned char>(byte);
        if (!path_decoded_byte(b, q, q + 3)) return false;
        if (b == '/') {
            segment_.encoded_slash = true;
            c_.warn(diag_id::path_encoded_slash, component::path, q, 3);
        } else if (b == '\\') {
            return c_.fail_if_strict(diag_id::path_encoded_backslash, component::path, q, 3);
        }
        return true;
    }

    // A segment ends at `end`; judge it as a whole.
    bool end_segment(std::uint32_t end, bool last) noexcept
    {
        unsigned char const* const s = c_.s;
        std::uint32_t const begin = segment_.begin;
        std::uint32_t const length = end - begin;
        bool const first = begin == c_.parts.at.path_begin + 1;
        if (length == 0 && !last) {
            c_.warn(diag_id::path_empty_segment, component::path, begin - 1, 1);
            if (!check_leading_empty(begin, first)) return false;
        }
        if (!report_utf8(c_, segment_.utf8, segment_.utf8.finish(), component::path)) return false;

        std::string_view const segment = c_.input.substr(begin, length);
        int const dots = rules::dot_segment_length(segment);
        bool home = false;
        // "/.//x", "/~/.//x": the "." that keeps the path relative before a directory that would
        // begin at the root is no needless dot-segment; the canonical form writes it too
        // (docs/canonical.md, "dot"), outside strict (path.dot-before-empty).
        if (first && rules::is_login_directory(segment)) login_first_end_ = end;
        bool const after_login = login_first_end_ != 0 && begin == login_first_end_ + 1;
        bool const keeps_relative = (first || after_login) && dots == 1 && end + 1 < c_.n && s[end + 1] == '/';
        if (dots > 0) {
            c_.parts.facts |= path_dot_segment;
            if (!keeps_relative) c_.warn(diag_id::path_dot_segment, component::path, begin, length);
            if (segment.find('%') != std::string_view::npos)
                c_.warn(diag_id::interop_encoded_dot_segment, component::path, begin, length);
        } else if (length > 0 && (s[begin] == '.' || s[begin] == '%')) {
            // @constraint dot-lookalike: Windows walks "..." and "..%20" as "..".
            if (rules::is_dot_lookalike(segment) &&
                !c_.fail_if_strict(diag_id::path_dot_lookalike, component::path, begin, length))
                return false;
        }
        if (length > 0 && (s[begin] == '~' || s[begin] == '%')) {
            home = rules::is_home_segment(segment);
            // @constraint tilde-inside: only the first segment may name a home directory.
            if (home && !first && !c_.fail_if_strict(diag_id::path_tilde_inside, component::path, begin, length))
                return false;
            if (home && first && !rules::is_login_directory(segment))
                c_.warn(diag_id::path_tilde_user, component::path, begin, length);
        }
        // "%2Fetc", first or later: every plan mode and curl go to the root for it.
        if (length >= 3 && escape_at(c_.input, begin) == '/')
            c_.warn(diag_id::path_absolute, component::path, begin, 3);
        // Any segment: "CWD C:" switches drives on a Windows server wherever it is sent.
        if (length >= 2 && length <= 6 && rules::is_drive_letter(segment))
            c_.warn(diag_id::path_drive_letter, component::path, begin, length);

        // @constraint dot-segment-depth, dot-after-empty: the walk of the default command plan
        // must not climb above the starting directory, nor part from RFC 3986's reading.
        rules::directory_walk::step const walked = walk_.next(dots, length == 0, segment_.encoded_slash, home && first);
        if (walked.above_root) {
            // Outside strict both are warnings; in strict the one error is enough.
            if (walked.cancels_empty && !c_.strict())
                c_.warn(diag_id::path_dot_after_empty, component::path, begin, length);
            if (!c_.fail_if_strict(diag_id::path_above_root, component::path, begin, length)) return false;
        } else if (walked.cancels_empty &&
                   !c_.fail_if_strict(diag_id::path_dot_after_empty, component::path, begin, length)) {
            return false;
        }

        // @constraint decoded-traversal: "..%2F..%2Fetc" is one segment to a URL normalizer and
        // three directories to the FTP server; "x%2Fy/.." cancels one segment for the one and
        // climbs one of two levels for the other.
        if ((segment_.encoded_slash && rules::hides_dot_segment(segment)) || walked.cancels_slashed) {
            if (!c_.fail_if_strict(diag_id::path_encoded_traversal, component::path, begin, length)) return false;
        }
        if (!segment_.utf8.ok()) c_.warn(diag_id::pct_non_utf8, component::path, begin, length);
        return true;
    }

    // An empty directory segment that begins at `begin`: the path's first once dot-segments are
    // removed, or the second after a first "~" (the login directory), it is read from the root:
    // curl sends "CWD /" for the first, the singlecwd plan joins either to "/..." (path.absolute).
    // Where only that removal put it there ("/.//etc", "/a/..//etc", "/~/.//etc"), ftpuri's
    // multicwd plan walks below the start and curl and WHATWG parsers, which remove dot-segments
    // first, from the root; no spelling of the path keeps both readings (docs/canonical.md,
    // "dot"): path.dot-before-empty.
    bool check_leading_empty(std::uint32_t begin, bool first) noexcept
    {
        std::size_t const kept = walk_.kept();
        bool const login = login_first_end_ != 0;
        if (kept != 0 && !(kept == 1 && login)) return true;
        c_.warn(diag_id::path_absolute, component::path, begin - 1, 2);
        bool const as_written = kept == 0 ? first : begin == login_first_end_ + 1;
        return as_written || c_.fail_if_strict(diag_id::path_dot_before_empty, component::path, begin - 1, 2);
    }

    // The segment being scanned.
    struct segment_state {
        std::uint32_t begin = 0;
        std::uint32_t escape_end = npos; // where the last escape ended (UTF-8 sequences)
        bool encoded_slash = false;
        utf8_checker utf8{};
    };

    // ";type=" and its letter.
    static constexpr std::uint32_t typecode_length = 7;

    cursor<Sink>& c_;
    std::uint32_t names_end_ = c_.n; // where the block stage is told the segments end
    rules::directory_walk walk_{};
    segment_state segment_{};
    std::uint32_t login_first_end_ = 0; // the '/' after a first segment "~", or 0
    unsigned skip_asking_ = 0;          // segment ends before find_plain_segments is asked again
    bool missed_before_ = false;        // the last question found no segment
};

} // namespace ftpuri::detail
