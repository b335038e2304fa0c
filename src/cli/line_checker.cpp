// SPDX-License-Identifier: Apache-2.0
#include "line_checker.hpp"

#include <optional>
#include <span>

#include "directive.hpp"
#include "ftpuri/canonical.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/redact.hpp"
#include "plan_lines.hpp"
#include "terminal_safe.hpp"

namespace ftpuri::cli {

namespace {

// a == b, at once when both are views of the same bytes (a canonical form that is its input).
bool same_text(std::string_view a, std::string_view b) noexcept
{
    return a.size() == b.size() && (a.data() == b.data() || a == b);
}

} // namespace

bool has_scheme_in(std::string_view uri, std::vector<std::string> const& schemes) noexcept
{
    std::size_t const colon = uri.find(':');
    if (colon == std::string_view::npos || colon == 0) return false;
    std::string_view const scheme = uri.substr(0, colon);
    for (std::string const& wanted : schemes) {
        if (wanted.size() != scheme.size()) continue;
        bool same = true;
        for (std::size_t i = 0; i < scheme.size() && same; ++i) {
            char c = scheme[i];
            if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
            same = c == wanted[i];
        }
        if (same) return true;
    }
    return false;
}

void tally::add(tally const& other) noexcept
{
    inputs += other.inputs;
    invalid += other.invalid;
    bytes += other.bytes;
    changed += other.changed;
    skipped += other.skipped;
    skipped_scheme += other.skipped_scheme;
    reported_ids += other.reported_ids;
    for (std::size_t i = 0; i < by_severity.size(); ++i) {
        by_severity[i] += other.by_severity[i];
        reported[i] += other.reported[i];
    }
    for (std::size_t i = 0; i < by_id.size(); ++i)
        by_id[i] += other.by_id[i];
}

line_checker::line_checker(check_settings const& settings)
    : settings_(settings),
      // --fix prints canonical forms and reports the invalid inputs in the text format.
      writer_(make_report_writer(settings.fix != fix_mode::none ? output_format::text : settings.format, settings.color,
                                 settings.parse,
                                 {settings.plan.enabled, settings.plan.show_password, settings.components})),
      needs_(writer_->needs()), line_hidden_(settings.hidden)
{
    settings_.canonical.drop_password = settings.password == password_policy::strip;
    plan_options_.mode = settings_.plan.mode;
    plan_options_.absolute = settings_.plan.absolute;
    plan_options_.refuse_anonymous = settings_.plan.refuse_anonymous;
    plan_options_.anonymous_password = settings_.plan.anonymous_password;        // a view of our own copy
    allow_.assign(settings_.policy.allow.begin(), settings_.policy.allow.end()); // views of our own copy
    sort_host_patterns(allow_); // an --allow-hosts-file of thousands: a binary search per host
    policy_ = policy{.deny = settings_.policy.deny, .allow = allow_, .allow_sorted = true};
}

bool line_checker::check(input_origin const& origin, input_line const& input, list_line const& parts)
{
    diagnostics_.clear();
    canonical_text_ = {};
    plan_.reset();
    host_class_.reset();
    line_length_ = input.length;
    parts_ = parts;
    bool const reports = !settings_.quiet;
    // list.fields: what the URI is cannot be told, so nothing is checked as one.
    bool const undivided = parts.finding && parts.finding->level == severity::error;
    if (verdicts_only()) {
        // Only the verdict is wanted: the scanner with storing and warnings off, the fastest path.
        bool const valid = !undivided && validate(parts.uri, settings_.parse);
        count(valid, input);
        return valid;
    }
    if (undivided) {
        diagnostics_.push(*parts.finding);
        count(false, input);
        if (reports || settings_.fix == fix_mode::in_place) {
            if (settings_.fix != fix_mode::none)
                write_fix(origin, input, false);
            else
                report(origin, input, false, prints_plans() ? err_ : out_);
        }
        return false;
    }

    parse_result const result = parse(parts.uri, settings_.parse, diagnostics_);
    bool valid = result.has_value();
    // parse() puts its error into the list; should it ever not, report the error anyway rather
    // than print an invalid input with no reason.
    if (!valid && !diagnostics_.has_error()) diagnostics_.push(result.error());
    if (valid && needs_.host_class && reports) host_class_ = classify_host(*result);
    // A host the policy refuses, and a plan the library refuses, make the input invalid: before
    // the canonical form, which an invalid input does not get. A refused host is not planned.
    if (valid && !settings_.parse.as_error.empty()) [[unlikely]]
        valid = judge_canonical_form(*result, parts.uri);
    if (valid && settings_.policy.active()) valid = apply_policy(*result, parts.uri);
    if (valid && settings_.plan.enabled) valid = plan_input(*result, parts.uri);
    if (parts.finding || !parts.before.empty()) add_line_findings(parts);

    // The canonical form is built only where it is printed: --fix, and the reports whose writer
    // asks for it (JSON's "canonical", SARIF's fixes).
    bool const wants_canonical =
        settings_.fix != fix_mode::none ||
        (reports && (needs_.canonical == canonical_need::always ||
                     (needs_.canonical == canonical_need::with_diagnostics && !diagnostics_.empty())));
    bool canonical_failed = false;
    if (valid && wants_canonical && !canonicalize(*result)) {
        // canonicalize_into() promises this never happens for a parsed view; should it, the
        // input is not reported valid with no canonical form to show for it.
        canonical_failed = true;
        valid = false;
    }
    count(valid, input);

    if (canonical_failed) write_canonical_failure(origin); // on stderr, even with --quiet
    if (settings_.fix != fix_mode::none) {
        if (!canonical_failed) write_fix(origin, input, valid);
        return valid;
    }
    if (prints_plans()) {
        write_plan(origin, input, valid);
        return valid;
    }
    parsed_ = valid && settings_.components ? &*result : nullptr;
    if (reports) report(origin, input, valid, out_);
    parsed_ = nullptr;
    return valid;
}

bool line_checker::plan_input(uri_view const& uri, std::string_view input)
{
    plan_result const planned = plan(uri, plan_options_);
    if (!planned) {
        // Offsets into uri.buffer(), which the lenient profile may have trimmed from the input.
        diagnostic error = planned.error();
        error.offset += static_cast<std::uint32_t>(uri.buffer().data() - input.data());
        diagnostics_.push(error); // an error: the list keeps room for it
        return false;
    }
    plan_ = *planned;
    return true;
}

void line_checker::add_line_findings(list_line const& parts)
{
    auto const shift = static_cast<std::uint32_t>(parts.before.size());
    if (shift != 0) {
        moved_.clear();
        for (diagnostic d : diagnostics_) {
            d.offset += shift;
            static_cast<void>(moved_.push(d));
        }
        std::swap(diagnostics_, moved_);
    }
    if (parts.finding) static_cast<void>(diagnostics_.push(*parts.finding)); // dropped() counts a lost one
}

// --error applies to what the URI means, as sanitize_into() judges it: on the canonical form too
// ("./C:/x" is the "C:/x" it stands for, "x%6E--a" the "xn--a"), reported over the input's own
// spelling of the component.
bool line_checker::judge_canonical_form(uri_view const& uri, std::string_view input)
{
    if (!canonicalize(uri)) return true; // the canonical step reports it
    std::optional<diagnostic> finding = canonical_form_error(uri, canonical_text_, settings_.parse);
    if (!finding) return true;
    finding->offset += static_cast<std::uint32_t>(uri.buffer().data() - input.data());
    diagnostics_.push(*finding); // an error: the list keeps room for it
    return false;
}

bool line_checker::apply_policy(uri_view const& uri, std::string_view input)
{
    std::optional<diagnostic> finding = check_policy(uri, policy_);
    if (!finding) return true;
    // Offsets into uri.buffer(), which the lenient profile may have trimmed from the input.
    finding->offset += static_cast<std::uint32_t>(uri.buffer().data() - input.data());
    diagnostics_.push(*finding); // an error: the list keeps room for it
    return false;
}

void line_checker::report(input_origin const& origin, input_line const& input, bool valid, std::string& to)
{
    // The password is found only where an echo must mask it: the text format echoes the input
    // under a diagnostic, JSON in every record.
    std::optional<byte_range> password;
    // Every reading's password ends at an '@' (a cut line's may lie past the cut), and the
    // canonical form has one only if the input has: most inputs need no look for either. Most
    // canonical forms are their input: masked the same way.
    bool const may_hold_password = line_length_ > input.bytes.size() || input.bytes.find('@') != std::string_view::npos;
    if (may_hold_password && (needs_.redacted || (needs_.password && !diagnostics_.empty())))
        password = echoed_password(input.bytes);
    bool const redact = needs_.redacted;
    std::string_view const canonical = canonical_text_;
    std::string_view const redacted = redact ? redacted_input(input.bytes, password) : std::string_view();
    checked_input const checked{
        .origin = origin,
        .bytes = input.bytes,
        .length = input.length,
        .valid = valid,
        .diagnostics = diagnostics_,
        .hidden = line_hidden_,
        .minimum = settings_.minimum,
        .password = password,
        .redacted = redacted,
        .canonical = canonical,
        .redacted_canonical = !redact || !valid                   ? std::string_view()
                              : !may_hold_password                ? canonical
                              : same_text(canonical, input.bytes) ? redacted
                                                                  : redacted_canonical(),
        .plan = valid && plan_ ? &*plan_ : nullptr,
        .host = host_class_,
        .uri = parsed_,
        .plain_ascii = valid && settings_.parse.syntax != profile::lenient && parts_.uri.size() == input.bytes.size(),
        .fix_begin = parts_.before.size(),
        .fix_end =
            parts_.before.size() + parts_.uri.size() + (parts_.dropped == parts_.rest.size() ? parts_.dropped : 0),
    };
    writer_->write(checked, to);
}

void line_checker::check_lines(input_origin first, line_block const& lines, line_directives carried)
{
    bool const skipping = settings_.skip_comments;
    if (!verdicts_only()) {
        // Directives hide warnings and notes: a run that reports only verdicts needs none.
        line_directives state = carried;
        bool at_top = first.line == 1; // among the file's leading comment lines, where disable-file belongs
        lines.for_each_line([&](std::string_view kept, line_info const& info) {
            diag_set const next_line = state.next_line;
            state.next_line = {};
            if (skipping && is_skipped_line(kept)) {
                skip(kept, info, tally_.skipped);
                if (std::optional<directive> const d = find_directive(kept)) {
                    if (!d->unknown.empty()) report_unknown_id(first, d->unknown);
                    if (!d->whole_file) state.next_line = d->ids; // disable-file: read before the blocks
                    if (d->whole_file && !at_top) report_misplaced(first);
                }
            } else {
                at_top = false;
                list_line const parts = split_list_line(kept, settings_.list);
                if (!settings_.skip_schemes.empty() && has_scheme_in(parts.uri, settings_.skip_schemes)) {
                    skip(kept, info, tally_.skipped_scheme);
                } else {
                    line_hidden_ = settings_.hidden | state.file | next_line;
                    if (std::optional<directive> const d = find_directive(parts.rest)) {
                        if (!d->unknown.empty()) report_unknown_id(first, d->unknown);
                        line_hidden_ = line_hidden_ | d->ids;
                    }
                    static_cast<void>(check(first, {kept, info.length, info.end}, parts));
                    line_hidden_ = settings_.hidden;
                }
            }
            ++first.line;
        });
        return;
    }
    // The loop of a quiet run over a mirror list, kept to the scanner's fastest path: no
    // diagnostics to clear or tally per line, one sum per block.
    std::uint64_t inputs = 0;
    std::uint64_t invalid = 0;
    std::uint64_t skipped = 0;
    std::uint64_t skipped_scheme = 0;
    std::uint64_t bytes = 0;
    lines.for_each_line([&](std::string_view kept, line_info const& info) {
        bytes += info.length + ending_size(info.end);
        if (skipping && is_skipped_line(kept)) {
            ++skipped;
            return;
        }
        list_line const parts = split_list_line(kept, settings_.list);
        if (!settings_.skip_schemes.empty() && has_scheme_in(parts.uri, settings_.skip_schemes)) {
            ++skipped_scheme;
            return;
        }
        ++inputs;
        bool const undivided = parts.finding && parts.finding->level == severity::error;
        invalid += !undivided && validate(parts.uri, settings_.parse) ? 0U : 1U;
    });
    tally_.inputs += inputs;
    tally_.invalid += invalid;
    tally_.skipped += skipped;
    tally_.skipped_scheme += skipped_scheme;
    tally_.bytes += bytes;
}

// A skipped line is part of a file that --in-place (and --diff) writes anew: written back byte
// for byte, as an invalid line is. --fix alone prints only canonical forms, which a terminal
// can show safely; a comment may hold any bytes, and is not printed.
void line_checker::skip(std::string_view kept, line_info const& info, std::uint64_t& count)
{
    ++count;
    tally_.bytes += info.length + ending_size(info.end);
    if (settings_.fix != fix_mode::in_place) return;
    out_.append(kept);
    if (info.end == line_end::lf)
        out_.push_back('\n');
    else if (info.end == line_end::crlf)
        out_.append("\r\n");
}

// Where the password is in an input to echo. A line the reader cut (block_reader's cap) may have
// lost the '@' that ends its password, so a cut line is read as a prefix.
std::optional<byte_range> line_checker::echoed_password(std::string_view input) const noexcept
{
    return line_length_ > input.size() ? find_password_in_prefix(input) : find_password(input);
}

bool line_checker::shown(diagnostic const& d) const noexcept
{
    return is_reported(d, line_hidden_, settings_.minimum);
}

void line_checker::count(bool valid, input_line const& input)
{
    ++tally_.inputs;
    if (!valid) ++tally_.invalid;
    tally_.bytes += input.length + ending_size(input.end);
    // --fix and --plan (text) report only the invalid inputs; --quiet nothing.
    bool const displayed = !settings_.quiet && (!valid || (settings_.fix == fix_mode::none && !prints_plans()));
    for (diagnostic const& d : diagnostics_) {
        if (!shown(d)) continue;
        ++tally_.by_severity[static_cast<std::size_t>(d.level)];
        ++tally_.by_id[static_cast<std::size_t>(d.id)];
        if (!displayed) continue;
        ++tally_.reported[static_cast<std::size_t>(d.level)];
        ++tally_.reported_ids;
    }
}

bool line_checker::canonicalize(uri_view const& uri)
{
    // Most inputs are their own canonical form: no copy, a view of the input.
    if (std::optional<std::string_view> const as_written = canonical_as_written(uri, settings_.canonical)) {
        canonical_text_ = *as_written;
        return true;
    }
    // Grown, never shrunk: a resize within the size it already has neither allocates nor fills.
    std::size_t const bound = canonicalize_size_bound(uri.size());
    if (canonical_.size() < bound) canonical_.resize(bound);
    write_result const r = canonicalize_into(uri, std::span<char>(canonical_.data(), bound), settings_.canonical);
    if (!r) return false;
    canonical_text_ = std::string_view(canonical_.data(), r.size);
    return true;
}

// The input with its password (at `password`) masked, in redacted_.
std::string_view line_checker::redacted_input(std::string_view input, std::optional<byte_range> password)
{
    if (!password) return input; // nearly every input: no copy
    redacted_.clear();
    redacted_.append(input.substr(0, password->offset));
    redacted_.append("****");
    redacted_.append(input.substr(std::size_t{password->offset} + password->length));
    return redacted_;
}

// The canonical form with its password masked, in canonical_redacted_.
std::string_view line_checker::redacted_canonical()
{
    std::string_view const canonical = canonical_text_;
    if (!find_password(canonical)) return canonical; // nearly every input: no copy
    canonical_redacted_.resize(redact_password_size_bound(canonical));
    std::size_t const size =
        redact_password_into(canonical, std::span<char>(canonical_redacted_.data(), canonical_redacted_.size())).size;
    canonical_redacted_.resize(size); // always ok: the buffer has the bound's size
    return canonical_redacted_;
}

// --fix: the canonical form of a valid input, the report of an invalid one on stderr. The
// canonical form keeps the password unless --strip-password or --redact-password says
// otherwise: it is the output the user asked for, not a diagnostic (docs/behaviour.md, "Diagnostics").
// --strip-password masks as well: what the canonical form drops is RFC 3986's password, but a
// lenient "ftp:///u:pw@h/" (an empty host, then a path) still holds WHATWG's.
// --in-place writes the file anew: each line with the ending it had, an invalid line as it was.
void line_checker::write_fix(input_origin const& origin, input_line const& input, bool valid)
{
    bool const in_place = settings_.fix == fix_mode::in_place;
    if (valid) {
        std::string_view const fixed =
            settings_.password != password_policy::keep ? redacted_canonical() : canonical_text_;
        // On a list line the fields around the URI and its comment stay as they were; its
        // trailing blanks go.
        if (in_place) out_.append(parts_.before);
        out_.append(fixed);
        if (in_place) out_.append(parts_.rest.substr(0, parts_.rest.size() - parts_.dropped));
        if (!same_text(fixed, parts_.uri) || parts_.dropped != 0) ++tally_.changed;
    } else {
        if (!settings_.quiet) report(origin, input, valid, err_);
        if (!in_place) return;
        out_.append(input.bytes);
    }
    if (!in_place || input.end == line_end::lf)
        out_.push_back('\n');
    else if (input.end == line_end::crlf)
        out_.append("\r\n");
}

// --plan in the text format, as --fix: the plan of a valid input on the output, the report of
// an invalid one (a refused plan included) on the error output. A plan without PASS (the URI
// names a user but no password) gets a note there too: the output holds nothing but commands
// and the empty lines between plans, so that a script can send them as they are.
void line_checker::write_plan(input_origin const& origin, input_line const& input, bool valid)
{
    if (!valid) {
        if (!settings_.quiet) report(origin, input, valid, err_);
        return;
    }
    if (!plan_) return; // cannot happen: a valid input has been planned
    command_mask mask{.show_password = settings_.plan.show_password, .password = std::nullopt};
    if (!mask.show_password) mask.password = password_in_uri(echoed_password(parts_.uri), parts_.uri, plan_->uri());
    append_plan_text(out_, *plan_, mask, command_line_);
    if (plan_->ask_password() && !settings_.quiet) {
        append_terminal_safe(err_, origin.name);
        err_.push_back(':');
        append_number(err_, origin.line);
        err_.append(
            ": note: no password in the URI: ask the user for one when the server wants it (no PASS in the plan)\n");
        ++tally_.reported[static_cast<std::size_t>(severity::note)];
    }
}

void line_checker::report_misplaced(input_origin const& origin)
{
    append_terminal_safe(err_, origin.name);
    err_.push_back(':');
    append_number(err_, origin.line);
    err_.append(": warning: disable-file after the first URI hides nothing; put it among the comment lines at the "
                "top of the file\n");
}

void line_checker::report_unknown_id(input_origin const& origin, std::string_view name)
{
    append_terminal_safe(err_, origin.name);
    err_.push_back(':');
    append_number(err_, origin.line);
    err_.append(": warning: '");
    append_terminal_safe(err_, name);
    err_.append("' in an ftpuri-check directive is no diagnostic id; it hides nothing (--rules lists them)\n");
}

void line_checker::write_canonical_failure(input_origin const& origin)
{
    append_terminal_safe(err_, origin.name);
    err_.push_back(':');
    append_number(err_, origin.line);
    err_.append(": error: internal error: the canonical form could not be built\n");
}

} // namespace ftpuri::cli
