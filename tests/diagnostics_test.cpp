// diagnostics_test: every diagnostic id is documented, triggered, and points where it says.
//
// docs/diagnostics.md holds one table row per id of diag_catalogue, with an input that
// triggers it and the offset and length the diagnostic must have. This test reads that table
// at run time and checks every row against the scanner, so the documentation cannot drift
// from the code, and an id added to the catalogue without a row fails here. Each row has a
// severity per profile (strict, rfc3986, lenient), and each is checked: by the row's example
// where it reports the id in that profile, else by a hand-written input for that profile; a
// "—" is checked too (the example does not report the id there). The hand-written table below
// adds at least one more input per id (another component, another profile, an edge of the
// rule). Last, diagnostic_list's capacity rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"

namespace {

using ftpuri::diag_id;
using ftpuri::diagnostic;
using ftpuri::diagnostic_list;
using ftpuri::parse_options;
using ftpuri::profile;
using ftpuri::severity;

constexpr std::string_view table_header =
    "| id | severity (strict) | severity (rfc3986) | severity (lenient) | example | "
    "offset | length | why it matters |";

constexpr profile all_profiles[] = {profile::strict, profile::rfc3986, profile::lenient};

// ---------------------------------------------------------------------------------------
// The example notation of docs/diagnostics.md
// ---------------------------------------------------------------------------------------

int hex_value(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Turns the notation (\t \r \n \xHH \\ \| {empty} {repeat:N:c}) into the bytes it stands
// for; nullopt when the notation itself is malformed.
std::optional<std::string> unescape(std::string_view text)
{
    if (text == "{empty}") return std::string();
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        char const c = text[i];
        if (c == '\\') {
            if (i + 1 >= text.size()) return std::nullopt;
            char const n = text[i + 1];
            switch (n) {
            case 't':
                out += '\t';
                i += 2;
                break;
            case 'r':
                out += '\r';
                i += 2;
                break;
            case 'n':
                out += '\n';
                i += 2;
                break;
            case '\\':
                out += '\\';
                i += 2;
                break;
            case '|':
                out += '|';
                i += 2;
                break;
            case 'x': {
                if (i + 3 >= text.size()) return std::nullopt;
                int const hi = hex_value(text[i + 2]);
                int const lo = hex_value(text[i + 3]);
                if (hi < 0 || lo < 0) return std::nullopt;
                out += static_cast<char>(static_cast<unsigned char>(hi * 16 + lo));
                i += 4;
                break;
            }
            default: return std::nullopt;
            }
        } else if (text.substr(i).starts_with("{repeat:")) {
            // {repeat:N:c}
            std::size_t j = i + 8;
            std::size_t n = 0;
            std::size_t digits = 0;
            while (j < text.size() && text[j] >= '0' && text[j] <= '9') {
                n = n * 10 + static_cast<std::size_t>(text[j] - '0');
                ++j;
                ++digits;
            }
            if (digits == 0 || j + 2 >= text.size() || text[j] != ':' || text[j + 2] != '}') return std::nullopt;
            out.append(n, text[j + 1]);
            i = j + 3;
        } else {
            out += c;
            ++i;
        }
    }
    return out;
}

// Shows bytes in the notation, for failure messages.
std::string escape(std::string_view bytes)
{
    static constexpr char digits[] = "0123456789ABCDEF";
    std::string out;
    std::size_t i = 0;
    while (i < bytes.size()) {
        std::size_t run = 1;
        while (i + run < bytes.size() && bytes[i + run] == bytes[i])
            ++run;
        if (run > 8) {
            out += "{repeat:" + std::to_string(run) + ":" + bytes[i] + "}";
            i += run;
            continue;
        }
        auto const u = static_cast<unsigned char>(bytes[i]);
        if (u == '\t')
            out += "\\t";
        else if (u == '\r')
            out += "\\r";
        else if (u == '\n')
            out += "\\n";
        else if (u == '\\')
            out += "\\\\";
        else if (u < 0x20 || u >= 0x7F) {
            out += "\\x";
            out += digits[u >> 4];
            out += digits[u & 0xF];
        } else
            out += static_cast<char>(u);
        ++i;
    }
    return out.empty() ? "{empty}" : out;
}

std::string_view severity_name(severity s)
{
    switch (s) {
    case severity::error: return "error";
    case severity::warning: return "warning";
    case severity::note: return "note";
    }
    return "?";
}

std::optional<severity> severity_from(std::string_view s)
{
    if (s == "error") return severity::error;
    if (s == "warning") return severity::warning;
    if (s == "note") return severity::note;
    return std::nullopt;
}

std::string_view profile_name(profile p)
{
    switch (p) {
    case profile::strict: return "strict";
    case profile::rfc3986: return "rfc3986";
    case profile::lenient: return "lenient";
    }
    return "?";
}

std::string describe(diagnostic_list const& list)
{
    std::ostringstream os;
    os << "[";
    for (std::size_t i = 0; i < list.size(); ++i) {
        diagnostic const& d = list[i];
        os << (i ? ", " : "") << d.info().name << ' ' << severity_name(d.level) << " @" << d.offset << '+' << d.length;
    }
    os << "] dropped=" << list.dropped();
    return os.str();
}

std::string trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return std::string(s);
}

// Splits a markdown table row at the '|' that are not escaped as "\|".
std::vector<std::string> split_row(std::string_view line)
{
    std::vector<std::string> cells;
    std::string cell;
    bool started = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        char const c = line[i];
        if (c == '\\' && i + 1 < line.size()) {
            cell += c;
            cell += line[++i];
        } else if (c == '|') {
            if (started) cells.push_back(trim(cell));
            cell.clear();
            started = true;
        } else {
            cell += c;
        }
    }
    // Text after the last '|' is not a cell (a well-formed row ends with '|').
    return cells;
}

std::optional<std::uint32_t> number_from(std::string_view s)
{
    if (s.empty() || s.size() > 9) return std::nullopt;
    std::uint32_t n = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + static_cast<std::uint32_t>(c - '0');
    }
    return n;
}

// ---------------------------------------------------------------------------------------
// The table of docs/diagnostics.md
// ---------------------------------------------------------------------------------------

struct doc_row {
    std::size_t line = 0; // 1-based line in docs/diagnostics.md
    std::string name;
    std::optional<severity> strict_level;  // nullopt: cannot occur in strict ("—")
    std::optional<severity> rfc3986_level; // nullopt: cannot occur in rfc3986
    std::optional<severity> lenient_level; // nullopt: cannot occur in lenient
    std::string example;                   // as written, between the backticks
    std::string input;                     // the bytes it stands for
    std::uint32_t offset = 0;
    std::uint32_t length = 0;
    std::string why;
    std::string problem; // non-empty when the row is malformed

    [[nodiscard]] std::optional<severity> level_in(profile p) const
    {
        switch (p) {
        case profile::strict: return strict_level;
        case profile::rfc3986: return rfc3986_level;
        case profile::lenient: return lenient_level;
        }
        return std::nullopt;
    }
    // The profile the offset and length are documented for: strict if the id occurs there,
    // else rfc3986, else lenient (docs/diagnostics.md, "Notation for the examples").
    [[nodiscard]] profile example_profile() const
    {
        return strict_level ? profile::strict : rfc3986_level ? profile::rfc3986 : profile::lenient;
    }
    [[nodiscard]] severity expected_level() const { return level_in(example_profile()).value_or(severity::error); }
};

struct doc_table {
    bool file_found = false;
    bool header_found = false;
    std::vector<doc_row> rows;
};

std::string const& doc_path()
{
    static std::string const path = std::string(FTPURI_SOURCE_DIR) + "/docs/diagnostics.md";
    return path;
}

doc_table read_doc_table()
{
    doc_table table;
    std::ifstream in(doc_path(), std::ios::binary);
    if (!in) return table;
    table.file_found = true;
    std::string line;
    std::size_t number = 0;
    bool in_table = false;
    bool separator_seen = false;
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!in_table) {
            if (line == table_header) {
                in_table = true;
                table.header_found = true;
            }
            continue;
        }
        if (line.empty() || line.front() != '|') break; // the table ends at the first non-row
        if (!separator_seen) {
            separator_seen = true; // |---|---|...
            continue;
        }
        doc_row row;
        row.line = number;
        std::vector<std::string> const cells = split_row(line);
        if (cells.size() != 8) {
            row.problem = "expected 8 cells, found " + std::to_string(cells.size());
            row.name = cells.empty() ? std::string("?") : cells[0];
            table.rows.push_back(std::move(row));
            continue;
        }
        row.name = cells[0];
        auto level = [&](std::string const& cell, std::optional<severity>& out) {
            if (cell == "—") return;
            out = severity_from(cell);
            if (!out) row.problem += "bad severity '" + cell + "'; ";
        };
        level(cells[1], row.strict_level);
        level(cells[2], row.rfc3986_level);
        level(cells[3], row.lenient_level);
        if (!row.strict_level && !row.rfc3986_level && !row.lenient_level) row.problem += "no profile has a severity; ";
        std::string const& ex = cells[4];
        if (ex.size() < 2 || ex.front() != '`' || ex.back() != '`') {
            row.problem += "example not in backticks; ";
        } else {
            row.example = ex.substr(1, ex.size() - 2);
            if (auto bytes = unescape(row.example))
                row.input = std::move(*bytes);
            else
                row.problem += "bad escape in example; ";
        }
        auto const off = number_from(cells[5]);
        auto const len = number_from(cells[6]);
        if (!off || !len) row.problem += "offset or length is not a number; ";
        row.offset = off.value_or(0);
        row.length = len.value_or(0);
        row.why = cells[7];
        if (row.why.empty()) row.problem += "empty 'why it matters'; ";
        table.rows.push_back(std::move(row));
    }
    return table;
}

doc_table const& doc()
{
    static doc_table const table = read_doc_table();
    return table;
}

std::vector<doc_row> doc_rows()
{
    return doc().rows;
}

// ---------------------------------------------------------------------------------------
// One check for both tables
// ---------------------------------------------------------------------------------------

struct expectation {
    std::string_view name;
    profile syntax;
    std::string input;
    std::uint32_t offset;
    std::uint32_t length;
    severity level;
    std::uint32_t max_length = ftpuri::default_max_length;
};

void check(expectation const& e)
{
    SCOPED_TRACE(::testing::Message() << e.name << " on `" << escape(e.input) << "` (" << profile_name(e.syntax)
                                      << ")");
    std::optional<diag_id> const id = ftpuri::find_diag(e.name);
    ASSERT_TRUE(id.has_value()) << "no such id in diag_catalogue";

    // Opt-in rules on, so that their rows are checked like the others; the test "opt_in" below
    // checks that they stay silent unless asked for.
    parse_options options{e.syntax, e.max_length};
    options.opt_in = ftpuri::diag_set::opt_in_rules();
    diagnostic_list list;
    ftpuri::parse_result const r = ftpuri::parse(std::string_view(e.input), options, list);
    std::string const got = describe(list);

    diagnostic const* found = nullptr;
    for (diagnostic const& d : list)
        if (d.id == *id && d.offset == e.offset && d.length == e.length) found = &d;
    ASSERT_NE(found, nullptr) << "expected " << e.name << " @" << e.offset << '+' << e.length << "; got " << got;
    EXPECT_EQ(severity_name(found->level), severity_name(e.level)) << got;
    EXPECT_LE(std::size_t{found->offset} + found->length, e.input.size()) << "range past the end of the input";

    bool const ok = ftpuri::validate(std::string_view(e.input), options);
    EXPECT_EQ(ok, r.has_value()) << "validate() disagrees with parse()";
    switch (e.level) {
    case severity::error:
        ASSERT_FALSE(r.has_value()) << "an error must make the URI invalid; got " << got;
        EXPECT_EQ(r.error().id, *id) << "parse() stopped at another error: " << r.error().info().name << "; got "
                                     << got;
        EXPECT_EQ(r.error().offset, e.offset) << got;
        EXPECT_EQ(r.error().length, e.length) << got;
        EXPECT_EQ(list.count(severity::error), 1U) << got;
        break;
    case severity::note:
        EXPECT_FALSE(r.has_value()) << "a note explains an error; got " << got;
        EXPECT_EQ(list.count(severity::error), 1U) << got;
        break;
    case severity::warning:
        EXPECT_TRUE(r.has_value()) << "a warning leaves the URI valid; got " << got;
        EXPECT_EQ(list.count(severity::error), 0U) << got;
        break;
    }
    EXPECT_EQ(list.dropped(), 0U) << got;
}

// ---------------------------------------------------------------------------------------
// The documented table, row by row
// ---------------------------------------------------------------------------------------

void PrintTo(doc_row const& row, std::ostream* os)
{
    *os << row.name << " `" << row.example << "` (docs/diagnostics.md:" << row.line << ")";
}

class documented : public ::testing::TestWithParam<doc_row> {};

TEST_P(documented, example_triggers_the_id_where_documented)
{
    doc_row const& row = GetParam();
    SCOPED_TRACE(::testing::Message() << "docs/diagnostics.md:" << row.line);
    ASSERT_TRUE(row.problem.empty()) << row.problem;
    check({row.name, row.example_profile(), row.input, row.offset, row.length, row.expected_level()});
}

std::string row_test_name(::testing::TestParamInfo<doc_row> const& info)
{
    std::string name;
    for (char c : info.param.name)
        name += (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ? c : '_';
    // One row per id (checked below); a duplicate still needs a distinct test name.
    for (std::size_t i = 0; i < info.index; ++i)
        if (doc().rows[i].name == info.param.name) return name + "_dup" + std::to_string(info.index);
    return name;
}

INSTANTIATE_TEST_SUITE_P(diagnostics_md, documented, ::testing::ValuesIn(doc_rows()), row_test_name);

TEST(diagnostics_md, table_is_found)
{
    ASSERT_TRUE(doc().file_found) << "cannot read " << doc_path();
    ASSERT_TRUE(doc().header_found) << "no table with the header " << table_header << " in " << doc_path();
}

TEST(diagnostics_md, every_id_has_exactly_one_row_in_catalogue_order)
{
    ASSERT_TRUE(doc().header_found);
    std::map<std::string, std::size_t> rows_per_name;
    for (doc_row const& row : doc().rows)
        ++rows_per_name[row.name];
    for (auto const& entry : ftpuri::diag_catalogue) {
        std::string const name(entry.name);
        EXPECT_EQ(rows_per_name[name], 1U) << name << " needs exactly one row in docs/diagnostics.md";
    }
    for (auto const& [name, count] : rows_per_name)
        EXPECT_TRUE(ftpuri::find_diag(name).has_value()) << "docs/diagnostics.md documents unknown id " << name;

    std::vector<std::string> doc_order;
    for (doc_row const& row : doc().rows)
        doc_order.push_back(row.name);
    std::vector<std::string> catalogue_order;
    for (auto const& entry : ftpuri::diag_catalogue)
        catalogue_order.emplace_back(entry.name);
    EXPECT_EQ(doc_order, catalogue_order) << "rows must follow diag_catalogue's order";
}

// A "—" in a severity column is a promise too: the example, parsed in that profile, does not
// report the id (rfc3986 accepts a raw ";", strict reports every IPvFuture as host.ipvfuture,
// lenient trims the edge whitespace that interop.edge-whitespace is about).
TEST(diagnostics_md, a_dash_means_the_id_does_not_occur_in_that_profile)
{
    std::size_t dashes = 0;
    for (doc_row const& row : doc().rows) {
        auto const id = ftpuri::find_diag(row.name);
        if (!id || !row.problem.empty()) continue;
        for (profile p : all_profiles) {
            if (row.level_in(p)) continue;
            ++dashes;
            diagnostic_list list;
            (void)ftpuri::parse(std::string_view(row.input), parse_options{p}, list);
            EXPECT_FALSE(list.contains(*id))
                << row.name << " on `" << row.example << "` in " << profile_name(p) << ": " << describe(list);
        }
    }
    EXPECT_GT(dashes, 0U);
}

// An opt-in rule is a policy, not a fault: its row says so, the example reports it only when it
// is enabled, and enabling one rule reports no other.
TEST(opt_in, reported_only_when_enabled_and_documented_as_opt_in)
{
    std::size_t opt_in_rows = 0;
    for (doc_row const& row : doc().rows) {
        auto const id = ftpuri::find_diag(row.name);
        if (!id || !row.problem.empty()) continue;
        bool const opt_in = ftpuri::info(*id).opt_in;
        EXPECT_EQ(row.why.rfind("Opt-in", 0) == 0, opt_in)
            << row.name << ": the why column of an opt-in rule, and only of one, begins with \"Opt-in\"";
        if (!opt_in) continue;
        ++opt_in_rows;
        for (profile p : all_profiles) {
            diagnostic_list off;
            (void)ftpuri::parse(std::string_view(row.input), parse_options{p}, off);
            EXPECT_FALSE(off.contains(*id)) << row.name << " reported without being enabled: " << describe(off);
            parse_options options{p};
            options.opt_in.insert(*id);
            diagnostic_list on;
            ASSERT_TRUE(ftpuri::parse(std::string_view(row.input), options, on).has_value()) << describe(on);
            EXPECT_TRUE(on.contains(*id)) << row.name << " in " << profile_name(p) << ": " << describe(on);
            for (auto const& other : ftpuri::diag_catalogue) {
                if (other.opt_in && other.id != *id) {
                    EXPECT_FALSE(on.contains(other.id)) << describe(on);
                }
            }
        }
    }
    EXPECT_EQ(opt_in_rows, 3U);
}

TEST(opt_in, diag_set_holds_exactly_the_catalogue_rows_marked_opt_in)
{
    ftpuri::diag_set const set = ftpuri::diag_set::opt_in_rules();
    for (auto const& row : ftpuri::diag_catalogue)
        EXPECT_EQ(set.contains(row.id), row.opt_in) << row.name;
    ftpuri::diag_set some{diag_id::host_empty, diag_id::port_non_default};
    EXPECT_TRUE(some.contains(diag_id::port_non_default));
    some.erase(diag_id::port_non_default);
    EXPECT_FALSE(some.contains(diag_id::port_non_default));
    EXPECT_TRUE(some.contains(diag_id::host_empty));
    EXPECT_FALSE(some.empty());
    EXPECT_TRUE(ftpuri::diag_set{}.empty());
}

// WHATWG strips "C0 control or space" at the edges; DEL is not one, so it gets no such note.
TEST(edge_whitespace, del_at_an_edge_is_a_control_without_the_note)
{
    for (std::string_view const input : {std::string_view("\x7F"
                                                          "ftp://h/"),
                                         std::string_view("ftp://h/a\x7F")}) {
        for (profile p : all_profiles) {
            diagnostic_list list;
            EXPECT_FALSE(ftpuri::parse(input, parse_options{p}, list).has_value());
            EXPECT_TRUE(list.contains(diag_id::char_control)) << describe(list);
            EXPECT_FALSE(list.contains(diag_id::interop_edge_whitespace)) << describe(list);
        }
    }
}

TEST(diagnostics_md, strict_column_matches_catalogue_severity)
{
    for (doc_row const& row : doc().rows) {
        auto const id = ftpuri::find_diag(row.name);
        if (!id || !row.strict_level) continue;
        EXPECT_EQ(severity_name(*row.strict_level), severity_name(ftpuri::info(*id).level))
            << row.name << ": the catalogue holds the strict severity";
    }
}

TEST(diagnostics_md, notation)
{
    EXPECT_EQ(unescape("{empty}"), std::string());
    EXPECT_EQ(unescape(R"(a\tb\r\n\\\|)"), std::string("a\tb\r\n\\|"));
    EXPECT_EQ(unescape(R"(\x00\xC3\x7f)"), std::string("\x00\xC3\x7F", 3));
    EXPECT_EQ(unescape("x{repeat:3:a}y{repeat:2:.}"), std::string("xaaay.."));
    EXPECT_EQ(unescape("{a}"), std::string("{a}"));
    EXPECT_EQ(unescape("{repeat:70000:a}")->size(), 70000U);
    EXPECT_FALSE(unescape(R"(\q)").has_value());
    EXPECT_FALSE(unescape(R"(\x4)").has_value());
    EXPECT_FALSE(unescape("{repeat:x:a}").has_value());
    EXPECT_EQ(split_row(R"(| a | `x\|y` | b |)"), (std::vector<std::string>{"a", R"(`x\|y`)", "b"}));
}

// ---------------------------------------------------------------------------------------
// The catalogue itself
// ---------------------------------------------------------------------------------------

bool is_kebab_word(std::string_view w, bool allow_digits_and_hyphens)
{
    if (w.empty() || w.front() == '-' || w.back() == '-') return false;
    char prev = 0;
    for (char c : w) {
        bool const lower = c >= 'a' && c <= 'z';
        bool const digit = c >= '0' && c <= '9';
        if (!lower && !(allow_digits_and_hyphens && (digit || c == '-'))) return false;
        if (c == '-' && prev == '-') return false;
        prev = c;
    }
    return true;
}

bool is_one_line(std::string_view s)
{
    return s.find_first_of("\r\n") == std::string_view::npos;
}

TEST(catalogue, names_are_dotted_kebab_case_and_unique)
{
    std::map<std::string_view, int> seen;
    for (auto const& entry : ftpuri::diag_catalogue) {
        std::string_view const name = entry.name;
        std::size_t const dot = name.find('.');
        ASSERT_NE(dot, std::string_view::npos) << name << " has no namespace";
        EXPECT_EQ(name.find('.', dot + 1), std::string_view::npos) << name << " has more than one '.'";
        EXPECT_TRUE(is_kebab_word(name.substr(0, dot), false)) << name << ": namespace is not lowercase letters";
        EXPECT_TRUE(is_kebab_word(name.substr(dot + 1), true)) << name << ": not kebab-case after the '.'";
        EXPECT_EQ(++seen[name], 1) << name << " appears twice";
    }
}

TEST(catalogue, messages_and_hints_are_one_line)
{
    for (auto const& entry : ftpuri::diag_catalogue) {
        SCOPED_TRACE(entry.name);
        EXPECT_FALSE(entry.message.empty());
        EXPECT_FALSE(entry.hint.empty());
        EXPECT_TRUE(is_one_line(entry.message)) << entry.message;
        EXPECT_TRUE(is_one_line(entry.hint)) << entry.hint;
        if (!entry.message.empty()) {
            EXPECT_NE(entry.message.back(), '.') << "messages do not end with '.': " << entry.message;
            EXPECT_NE(entry.message.front(), ' ');
            EXPECT_NE(entry.message.back(), ' ');
        }
        if (!entry.hint.empty()) {
            EXPECT_NE(entry.hint.front(), ' ');
            EXPECT_NE(entry.hint.back(), ' ');
        }
    }
}

TEST(catalogue, find_diag_round_trips)
{
    for (std::size_t i = 0; i < ftpuri::diag_catalogue.size(); ++i) {
        auto const& entry = ftpuri::diag_catalogue[i];
        EXPECT_EQ(static_cast<std::size_t>(entry.id), i);
        std::optional<diag_id> const id = ftpuri::find_diag(entry.name);
        ASSERT_TRUE(id.has_value()) << entry.name;
        EXPECT_EQ(*id, entry.id);
        EXPECT_EQ(ftpuri::info(*id).name, entry.name);
    }
    EXPECT_FALSE(ftpuri::find_diag("").has_value());
    EXPECT_FALSE(ftpuri::find_diag("host").has_value());
    EXPECT_FALSE(ftpuri::find_diag("host.Empty").has_value());
    EXPECT_FALSE(ftpuri::find_diag("host.empty ").has_value());
    EXPECT_FALSE(ftpuri::find_diag("host_empty").has_value());
}

TEST(catalogue, notes_are_interop)
{
    for (auto const& entry : ftpuri::diag_catalogue)
        if (entry.level == severity::note) {
            EXPECT_TRUE(entry.name.starts_with("interop.")) << entry.name << ": a note explains how others read it";
        }
}

// ---------------------------------------------------------------------------------------
// More inputs per id, beyond the documented one
// ---------------------------------------------------------------------------------------

struct extra_case {
    profile syntax;
    std::string_view name;
    std::string_view example; // in the notation of docs/diagnostics.md
    std::uint32_t offset;
    std::uint32_t length;
    severity level;
    std::uint32_t max_length = ftpuri::default_max_length;
};

constexpr profile S = profile::strict;
constexpr profile R = profile::rfc3986;
constexpr profile L = profile::lenient;
constexpr severity E = severity::error;
constexpr severity W = severity::warning;
constexpr severity N = severity::note;

// clang-format off
extra_case const extra_cases[] = {
    {R, "input.empty", "{empty}", 0, 0, E},
    {S, "input.too-long", "ftp://example.org/pub", 16, 5, E, 16},
    {R, "input.too-long", "{repeat:65537:a}", 65536, 1, E},

    {S, "char.control", R"(ftp://u\x7F@h/)", 7, 1, E},
    {R, "char.control", R"(ftp://h/f#\x00)", 10, 1, E},
    {R, "char.space", "ftp://h/a#b c", 11, 1, E},
    {S, "char.space", "ftp://u p@h/", 7, 1, E},
    {S, "char.non-ascii", R"(ftp://h\xC3\xA9/)", 7, 1, E},
    {R, "char.non-ascii", R"(ftp://h/f#\xFF)", 10, 1, E},
    {S, "char.unsafe", R"(ftp://u"@h/)", 7, 1, E},
    {R, "char.unsafe", "ftp://h/f#a{", 11, 1, E},
    {S, "char.not-allowed", "ftp://h/f#a#b", 11, 1, E},
    {R, "char.not-allowed", "ftp://h/a[b", 9, 1, E},

    {S, "pct.malformed", "ftp://u%zz@h/", 7, 1, E},
    {R, "pct.malformed", "ftp://h/%", 8, 1, E},
    {S, "pct.malformed", "ftp://h/f#%4g", 10, 2, E},
    {S, "pct.malformed", "ftp://a%4/", 7, 2, E},  // in a host: malformed first, not host.percent-encoded
    {R, "pct.forbidden-control", "ftp://u%00@h/", 7, 3, E},
    {S, "pct.forbidden-control", "ftp://u:p%0a@h/", 9, 3, E},
    {R, "pct.forbidden-control", "ftp://h/a%0D", 9, 3, E},
    {R, "pct.control", "ftp://h/a%01", 9, 3, W},
    {S, "pct.control", "ftp://u%1B@h/", 7, 3, E},
    {S, "pct.control", "ftp://h/%7F", 8, 3, E},
    {S, "pct.lowercase", "ftp://a%3a@h/", 7, 3, W},
    {R, "pct.lowercase", "ftp://h/%c3%a9", 8, 3, W},
    {R, "pct.needless", "ftp://%7Euser@h/", 6, 3, W},
    {S, "pct.needless", "ftp://h/a/b%2Dc", 11, 3, W},
    {R, "pct.non-utf8", "ftp://h/a/%C3", 10, 3, W},
    {S, "pct.non-utf8", "ftp://h/%C3%28", 8, 6, W},
    {S, "pct.non-utf8", "ftp://u%FF@h/", 6, 4, W},  // over the user
    {S, "pct.overlong-utf8", "ftp://h/%E0%80%AE", 8, 9, E},
    {R, "pct.overlong-utf8", "ftp://u:%ED%A0%80@h/", 8, 9, W},
    {S, "pct.line-separator", "ftp://h/#%C2%85", 9, 6, E},
    {L, "pct.line-separator", "ftp://h/a\xE2\x80\xA9", 9, 3, W},

    {S, "scheme.missing", "//h/p", 0, 0, E},
    {S, "scheme.missing", "ftp", 0, 0, E},
    {R, "scheme.missing", "1ftp://h/", 0, 0, E},
    {S, "scheme.not-ftp", "sftp://h/", 0, 4, E},
    {R, "scheme.not-ftp", "ftps://h/", 0, 4, E},
    {R, "scheme.uppercase", "fTp://h/", 0, 3, W},

    {R, "authority.missing", "ftp:h", 4, 0, E},
    {S, "authority.missing", "ftp:", 4, 0, E},

    {R, "userinfo.multiple-at", "ftp://u:p@x@h/", 9, 1, E},
    {S, "userinfo.raw-colon", "ftp://:p:q@h/", 8, 1, E},
    {S, "userinfo.password", "ftp://u:@h/", 8, 0, W},
    {R, "userinfo.password", "ftp://u:p:q@h/", 8, 3, W},
    {R, "userinfo.anonymous", "ftp://ANONYMOUS@h/", 6, 9, W},
    {S, "userinfo.anonymous", "ftp://%61nonymous:x@h/", 6, 11, W},
    {S, "userinfo.empty-user", "ftp://:p@h/", 8, 1, W},

    {S, "host.empty", "ftp://@/", 7, 0, E},
    {S, "host.empty", "ftp://:21/", 6, 0, E},
    {S, "host.empty", "ftp://", 6, 0, E},
    {R, "host.empty", "ftp:///p", 6, 0, W},
    {R, "host.invalid-char", "ftp://[::1]x/", 11, 1, E},
    {S, "host.invalid-char", "ftp://h~x/", 7, 1, E},
    {S, "host.invalid-char", "ftp://a!b/", 7, 1, E},
    {S, "host.percent-encoded", "ftp://a%2Eb/", 7, 3, E},
    {S, "host.percent-encoded", "ftp://%41b/", 6, 3, E},
    {S, "host.percent-encoded", "ftp://a.b%2e/", 9, 3, E},
    {S, "host.empty-label", "ftp://a..b/", 8, 1, E},
    {S, "host.empty-label", "ftp://a.b../", 10, 1, E},
    {S, "host.label-too-long", "ftp://a.{repeat:64:b}/", 8, 64, E},
    {S, "host.too-long", "ftp://{repeat:63:a}.{repeat:63:b}.{repeat:63:c}.{repeat:62:d}/", 6, 254, E},
    {S, "host.label-hyphen", "ftp://a-.com/", 7, 1, E},
    {S, "host.label-hyphen", "ftp://a.-b/", 8, 1, E},
    {R, "host.numeric-ambiguous", "ftp://0x7f.1/", 6, 6, W},
    {S, "host.numeric-ambiguous", "ftp://2130706433/", 6, 10, E},
    {S, "host.numeric-ambiguous", "ftp://010.0.0.1/", 6, 9, E},
    {S, "host.numeric-ambiguous", "ftp://1.2.3.4./", 6, 8, E},
    {S, "host.numeric-ambiguous", "ftp://example.123/", 6, 11, E},
    {S, "host.punycode-invalid", "ftp://a.XN--ZZ.example/", 8, 6, E},
    {R, "host.punycode-invalid", "ftp://xn--b/", 6, 5, W},
    {R, "host.ip-literal-unclosed", "ftp://[::1", 6, 4, E},
    {S, "host.ip-literal-unclosed", "ftp://[::1?x", 6, 4, E},
    {R, "host.ipv6-invalid", "ftp://[1:2:3:4:5:6:7:8:9]/", 6, 19, E},
    {S, "host.ipv6-invalid", "ftp://[::1.2.3]/", 6, 9, E},
    {S, "host.ipv6-invalid", "ftp://[]/", 6, 2, E},
    {R, "host.ipv6-zone-id", "ftp://[fe80::1%eth0]/", 14, 5, E},
    {S, "host.ipvfuture", "ftp://[v7.fe80::1]/", 6, 12, E},
    {R, "host.ipvfuture-invalid", "ftp://[v.x]/", 6, 5, E},
    {R, "host.uppercase", "ftp://h.EXAMPLE/", 8, 1, W},
    {S, "host.uppercase", "ftp://[::ABCD]/", 9, 1, W},
    {R, "host.not-dns", "ftp://a..b/", 6, 4, W},
    {R, "host.not-dns", "ftp://x!y:2121/", 6, 3, W},

    {R, "port.invalid", "ftp://h:x/", 8, 1, E},
    {S, "port.invalid", "ftp://h:-1/", 8, 1, E},
    {S, "port.out-of-range", "ftp://h:0/", 8, 1, E},
    {R, "port.out-of-range", "ftp://h:99999999999999999999/", 8, 20, E},
    {R, "port.empty", "ftp://u@h:", 9, 1, W},
    {R, "port.default", "ftp://u@h:21", 10, 2, W},
    {S, "port.default", "ftp://h:021/", 8, 3, W},
    {R, "port.default", "ftp://[::1]:21/", 12, 2, W},
    {S, "port.leading-zeros", "ftp://h:021/", 8, 3, W},

    {S, "path.raw-semicolon", "ftp://h/a;type=a/b", 9, 1, E},
    {S, "path.raw-semicolon", "ftp://h/;", 8, 1, E},
    {S, "typecode.invalid", "ftp://h/f;type=a;type=i", 15, 8, E},  // the typecode must end the segment
    {R, "path.encoded-traversal", "ftp://h/a/x%2F..", 10, 6, W},
    {S, "path.encoded-traversal", "ftp://h/a%2F.%2Fb", 8, 9, E},
    {R, "path.encoded-backslash", "ftp://h/%5c", 8, 3, W},
    {S, "path.encoded-backslash", "ftp://h/d/%5C..", 10, 3, E},
    {S, "path.above-root", "ftp://h/a/../../b", 13, 2, E},
    {S, "path.above-root", "ftp://h/%2E%2E/", 8, 6, E},
    {R, "path.above-root", "ftp://h/..", 8, 2, W},
    {R, "path.dot-segment", "ftp://h/a/..", 10, 2, W},
    {S, "path.dot-segment", "ftp://h/.", 8, 1, W},
    {S, "path.empty-segment", "ftp://h//f", 7, 1, W},
    {R, "path.empty-segment", "ftp://h/a//", 9, 1, W},
    {R, "path.encoded-slash", "ftp://h/a/b%2fc", 11, 3, W},
    {S, "path.dot-after-empty", "ftp://h/a//b/%2e%2E/..;type=d", 20, 2, E},
    {R, "path.dot-after-empty", "ftp://h/a//../b", 11, 2, W},
    {S, "path.tilde-inside", "ftp://h/a/%7E", 10, 3, E},
    {L, "path.tilde-inside", "ftp://h/a/~b", 10, 2, W},
    {S, "path.tilde-user", "ftp://h/~x;type=d", 8, 2, W},
    {S, "path.dot-lookalike", "ftp://h/a/.%20%2e", 10, 7, E},
    {R, "path.dot-lookalike", "ftp://h/....", 8, 4, W},
    {S, "path.drive-letter", "ftp://h/z%7C/", 8, 4, W},

    {S, "typecode.invalid", "ftp://h/;type=z#x", 14, 1, E},
    {S, "typecode.invalid", "ftp://h/f;TYPE=X", 15, 1, E},
    {S, "typecode.invalid", "ftp://h/f;type=", 15, 0, E},  // missing, at the end
    {R, "typecode.misspelled", "ftp://h/f;typecode=i", 9, 10, W},
    {S, "typecode.uppercase", "ftp://h/;type=D", 8, 7, W},
    {R, "typecode.uppercase", "ftp://h/f;Type=a", 9, 7, W},

    {S, "query.present", "ftp://h/f?a#b", 9, 2, E},
    {S, "query.present", "ftp://h?x", 7, 2, E},
    {R, "query.present", "ftp://h/?q=1", 8, 4, W},
    {R, "fragment.present", "ftp://h#", 7, 1, W},
    {S, "fragment.present", "ftp://h/f#a/b?c", 9, 6, W},

    {R, "interop.scheme-slashes", "ftp:h", 4, 0, N},
    {S, "interop.scheme-slashes", "ftp:", 4, 0, N},
    {R, "interop.multiple-at", "ftp://u:p@x@h/", 9, 1, N},
    {S, "interop.backslash", R"(ftp://h\\evil/)", 7, 1, N},
    {R, "interop.backslash", R"(ftp://h/f#\\)", 10, 1, N},
    {S, "interop.tab-newline", R"(ftp://h/f\nx)", 9, 1, N},
    {R, "interop.tab-newline", R"(ftp://u\r@h/)", 7, 1, N},
    {S, "interop.edge-whitespace", R"(\tftp://h/)", 0, 1, N},
    {R, "interop.edge-whitespace", R"(\x00ftp://h/)", 0, 1, N},
    // At the end too: WHATWG strips trailing C0 controls and spaces (this note wins over
    // interop.tab-newline for a trailing CR or LF).
    {S, "interop.edge-whitespace", R"(ftp://h/f\n)", 9, 1, N},
    {S, "interop.edge-whitespace", R"(ftp://h/f\x20\r\n)", 9, 1, N},
    {S, "interop.encoded-dot-segment", "ftp://h/a/%2e%2E", 10, 6, W},
    {R, "interop.encoded-dot-segment", "ftp://h/%2e/", 8, 3, W},
    {R, "interop.host-percent-encoded", "ftp://a%2Db/", 7, 3, W},
    {S, "interop.host-percent-encoded", "ftp://a%2Eb/", 7, 3, N},
    {L, "interop.edge-whitespace", R"(ftp://h/\x01)", 8, 1, N}, // lenient trims only whitespace
    {L, "host.ip-address", "ftp://[2001:DB8::1]:2121/", 6, 13, W},
    {R, "userinfo.present", "ftp://anonymous@h/", 6, 9, W},
    {S, "port.non-default", "ftp://h:0990/", 8, 4, W},

    // The lenient profile: strict's grammar, its repairs reported as warnings, the safety
    // rules that rfc3986 relaxes relaxed too; what it cannot repair stays an error.
    {L, "input.trimmed", R"(ftp://h/\r\n)", 8, 2, W},         // the trailing run
    {L, "input.trimmed", R"(\t\x20ftp://h/\x20)", 0, 2, W},   // the leading run, when there is one
    {L, "input.trimmed", R"(ftp://h/a\x20\x20)", 9, 2, W},
    {L, "host.unicode", R"(ftp://u@\xC3\xA9.example:2121/)", 8, 10, W},
    {L, "host.unicode", "ftp://%C3%A9t%C3%A9.example/", 6, 21, W},  // escaped UTF-8
    {L, "host.percent-encoded", "ftp://%41b%42/", 6, 3, W},  // decoded, and ASCII: no IDNA needed
    {L, "host.unicode", "ftp://h%C3%A9/", 6, 7, W},      // decodes to non-ASCII: IDNA
    // A decoded host must not smuggle a "@": its canonical form would name evil.1 (fuzzer finding).
    {L, "host.invalid-char", "ftp://good.example%40evil.1/", 6, 21, E},
    {L, "host.invalid-char", "ftp://%23.1/", 6, 5, E},
    {L, "host.idna-invalid", "ftp://a%FF/", 6, 4, E},               // not UTF-8
    {L, "host.idna-invalid", "ftp://u:p@a%FF/", 10, 4, E},
    {L, "host.idna-invalid", R"(ftp://xn--a\xC3\xA9/)", 6, 7, E},   // an A-label prefix on a Unicode label
    {L, "host.idna-invalid", R"(ftp://\xE2\x98\x83.com/)", 6, 7, E},  // a symbol: IDNA2008 disallows it
    {L, "char.space", "ftp://u p@h/", 7, 1, W},
    {L, "char.space", "ftp://h/f#a b", 11, 1, W},
    {L, "char.space", "ftp://a b/", 7, 1, E},  // in a host or a port there is no repair
    {L, "char.space", "ftp://h:2 1/", 9, 1, E},
    {L, "char.non-ascii", R"(ftp://u\xC3\xA9@h/)", 7, 1, W},
    {L, "char.non-ascii", R"(ftp://h/f#\xC3\xA9)", 10, 1, W},
    {L, "char.non-ascii", R"(ftp://h:2\xC3\xA9/)", 9, 1, E},
    {L, "char.non-ascii", R"(ftp://[::1\xC3\xA9]/)", 10, 1, E},
    {L, "char.control", R"(ftp://h/a\tb)", 9, 1, E},  // inside the input: not trimmed
    {L, "interop.tab-newline", R"(ftp://h/a\tb)", 9, 1, N},
    {L, "userinfo.raw-colon", "ftp://u::@h/", 8, 1, W},
    {L, "typecode.misspelled", "ftp://h/;typecode=d", 8, 10, W},
    {L, "typecode.uppercase", "ftp://h/f;TYPECODE=I", 9, 11, W},  // over the misspelled typecode
    {L, "typecode.invalid", "ftp://h/f;typecode=x", 19, 1, E},
    {L, "host.numeric-ambiguous", "ftp://0x7f.1/", 6, 6, W},
    {L, "host.invalid-char", "ftp://my_host/", 8, 1, E},
    {L, "host.empty", "ftp://@/", 7, 0, W},
    {L, "pct.control", "ftp://u%01@h/", 7, 3, W},
    {L, "path.encoded-traversal", "ftp://h/a/x%2F..", 10, 6, W},
    {L, "path.encoded-backslash", "ftp://h/%5c", 8, 3, W},
    {L, "path.above-root", "ftp://h/a/../../b", 13, 2, W},
    {L, "path.raw-semicolon", "ftp://h/a;b/c", 9, 1, E},
    {L, "query.present", "ftp://h?x", 7, 2, E},
};
// clang-format on

void PrintTo(extra_case const& c, std::ostream* os)
{
    *os << c.name << " `" << c.example << "` (" << profile_name(c.syntax) << ")";
}

class extra : public ::testing::TestWithParam<extra_case> {};

TEST_P(extra, input_triggers_the_id)
{
    extra_case const& c = GetParam();
    std::optional<std::string> const input = unescape(c.example);
    ASSERT_TRUE(input.has_value()) << "bad notation: " << c.example;
    check({c.name, c.syntax, *input, c.offset, c.length, c.level, c.max_length});
}

std::string extra_test_name(::testing::TestParamInfo<extra_case> const& info)
{
    std::string name;
    for (char c : info.param.name)
        name += (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ? c : '_';
    return name + "_" + std::string(profile_name(info.param.syntax)) + "_" + std::to_string(info.index);
}

INSTANTIATE_TEST_SUITE_P(more_inputs, extra, ::testing::ValuesIn(extra_cases), extra_test_name);

// Every severity column of docs/diagnostics.md holds. The row's example is documented for one
// profile (strict, else rfc3986, else lenient); in each other profile with a severity, the same
// example must report the id at the same offset and length with that severity, or, where it
// does not report the id at all (strict's `ftp://host;type=a` is a valid reg-name in rfc3986,
// lenient trims the trailing control of a strict example), a hand-written input above must
// show the id in that profile with that severity.
TEST(diagnostics_md, every_severity_column_holds)
{
    std::size_t by_example = 0;
    for (doc_row const& row : doc().rows) {
        auto const id = ftpuri::find_diag(row.name);
        if (!id || !row.problem.empty()) continue;
        for (profile p : all_profiles) {
            std::optional<severity> const level = row.level_in(p);
            if (!level || p == row.example_profile()) continue; // "—", or checked row by row above
            SCOPED_TRACE(::testing::Message() << "docs/diagnostics.md:" << row.line << ", " << profile_name(p));
            parse_options options{p};
            options.opt_in = ftpuri::diag_set::opt_in_rules();
            diagnostic_list list;
            (void)ftpuri::parse(std::string_view(row.input), options, list);
            if (list.contains(*id)) {
                ++by_example;
                check({row.name, p, row.input, row.offset, row.length, *level});
                continue;
            }
            bool const shown = std::any_of(std::begin(extra_cases), std::end(extra_cases), [&](extra_case const& c) {
                return c.name == row.name && c.syntax == p && c.level == *level;
            });
            EXPECT_TRUE(shown) << row.name << ": the example does not report it in " << profile_name(p) << " ("
                               << describe(list) << "), and no input in extra_cases shows it as "
                               << severity_name(*level) << " there";
        }
    }
    EXPECT_GT(by_example, 100U); // most rows show every column with their own example
}

TEST(more_inputs, every_id_has_another_input_than_the_documented_one)
{
    for (auto const& entry : ftpuri::diag_catalogue) {
        bool another = false;
        for (extra_case const& c : extra_cases) {
            if (c.name != entry.name) continue;
            bool same_as_doc = false;
            for (doc_row const& row : doc().rows)
                if (row.name == entry.name && row.example == c.example && row.example_profile() == c.syntax)
                    same_as_doc = true;
            another = another || !same_as_doc;
        }
        EXPECT_TRUE(another) << entry.name << " needs an extra input in tests/diagnostics_test.cpp";
    }
}

// ---------------------------------------------------------------------------------------
// Warnings are reported once per URI (docs/scanner.md, "Warnings are reported once")
// ---------------------------------------------------------------------------------------

std::size_t count_id(diagnostic_list const& list, diag_id id)
{
    return static_cast<std::size_t>(
        std::count_if(list.begin(), list.end(), [id](diagnostic const& d) { return d.id == id; }));
}

TEST(warnings, reported_once_in_one_component_at_the_first_occurrence)
{
    std::string const input = "ftp://h/a%3b/b%3c//c//d";
    diagnostic_list list;
    ASSERT_TRUE(ftpuri::parse(std::string_view(input), {}, list)) << describe(list);
    EXPECT_EQ(count_id(list, diag_id::pct_lowercase), 1U) << describe(list);
    EXPECT_EQ(count_id(list, diag_id::path_empty_segment), 1U) << describe(list);
    for (diagnostic const& d : list) {
        if (d.id == diag_id::pct_lowercase) {
            EXPECT_EQ(d.offset, 9U);
        }
        if (d.id == diag_id::path_empty_segment) {
            EXPECT_EQ(d.offset, 17U);
        }
    }
}

TEST(warnings, reported_once_per_uri_across_components)
{
    std::string const input = "ftp://u%3a:p%3b@h/a%3c#%3d";
    diagnostic_list list;
    ASSERT_TRUE(ftpuri::parse(std::string_view(input), {}, list)) << describe(list);
    EXPECT_EQ(count_id(list, diag_id::pct_lowercase), 1U) << describe(list);
    for (diagnostic const& d : list) {
        if (d.id == diag_id::pct_lowercase) {
            EXPECT_EQ(d.offset, 7U);
        }
    }
}

TEST(warnings, a_valid_canonical_uri_has_none)
{
    for (std::string const input : {"ftp://ftp.example.org/pub/README;type=a", "ftp://u@h/", "ftp://h",
                                    "ftp://192.0.2.1:2121/", "ftp://[2001:db8::1]/a/b/"}) {
        diagnostic_list list;
        EXPECT_TRUE(ftpuri::parse(std::string_view(input), {}, list)) << input << ' ' << describe(list);
        EXPECT_TRUE(list.empty()) << input << ' ' << describe(list);
    }
}

// ---------------------------------------------------------------------------------------
// diagnostic_list
// ---------------------------------------------------------------------------------------

diagnostic make(diag_id id, severity level, std::uint32_t offset = 0)
{
    return diagnostic{id, level, ftpuri::component::path, offset, 1};
}

TEST(diagnostic_list, starts_empty)
{
    diagnostic_list const list;
    EXPECT_TRUE(list.empty());
    EXPECT_EQ(list.size(), 0U);
    EXPECT_EQ(list.dropped(), 0U);
    EXPECT_FALSE(list.has_error());
    EXPECT_EQ(list.begin(), list.end());
    EXPECT_EQ(diagnostic_list::capacity, 32U);
    EXPECT_EQ(diagnostic_list::reserved_for_error, 2U);
}

TEST(diagnostic_list, warnings_stop_short_of_the_reserved_slots_and_are_counted)
{
    diagnostic_list list;
    std::size_t const room = diagnostic_list::capacity - diagnostic_list::reserved_for_error;
    for (std::size_t i = 0; i < room; ++i)
        EXPECT_TRUE(list.push(make(diag_id::pct_lowercase, severity::warning, static_cast<std::uint32_t>(i))));
    EXPECT_EQ(list.size(), room);
    EXPECT_FALSE(list.push(make(diag_id::path_dot_segment, severity::warning)));
    EXPECT_FALSE(list.push(make(diag_id::path_dot_segment, severity::warning)));
    EXPECT_EQ(list.dropped(), 2U);
    // A note with no error before it explains nothing; it gets no reserved slot.
    EXPECT_FALSE(list.push(make(diag_id::interop_backslash, severity::note)));
    EXPECT_EQ(list.dropped(), 3U);
    EXPECT_EQ(list.size(), room);
    EXPECT_FALSE(list.has_error());
    EXPECT_FALSE(list.contains(diag_id::path_dot_segment));
    // Kept in the order pushed.
    for (std::size_t i = 0; i < list.size(); ++i)
        EXPECT_EQ(list[i].offset, i);
}

TEST(diagnostic_list, the_error_and_its_note_always_fit)
{
    diagnostic_list list;
    for (std::size_t i = 0; i < diagnostic_list::capacity + 5; ++i)
        (void)list.push(make(diag_id::pct_lowercase, severity::warning));
    std::size_t const dropped = list.dropped();
    EXPECT_EQ(dropped, diagnostic_list::reserved_for_error + 5);

    diagnostic const error = make(diag_id::char_unsafe, severity::error, 9);
    diagnostic const note = make(diag_id::interop_backslash, severity::note, 9);
    EXPECT_TRUE(list.push(error));
    EXPECT_TRUE(list.push(note));
    EXPECT_EQ(list.size(), diagnostic_list::capacity);
    EXPECT_EQ(list.dropped(), dropped);
    EXPECT_TRUE(list.has_error());
    EXPECT_TRUE(list.contains(diag_id::char_unsafe));
    EXPECT_TRUE(list.contains(diag_id::interop_backslash));
    EXPECT_EQ(list[diagnostic_list::capacity - 2], error);
    EXPECT_EQ(list[diagnostic_list::capacity - 1], note);
    EXPECT_EQ(list.count(severity::error), 1U);
    EXPECT_EQ(list.count(severity::note), 1U);
    EXPECT_EQ(list.count(severity::warning), diagnostic_list::capacity - 2);

    // Full now: anything further is counted, not stored.
    EXPECT_FALSE(list.push(make(diag_id::interop_multiple_at, severity::note)));
    EXPECT_EQ(list.dropped(), dropped + 1);
    EXPECT_EQ(list.size(), diagnostic_list::capacity);
}

TEST(diagnostic_list, clear_resets_everything)
{
    diagnostic_list list;
    for (std::size_t i = 0; i < diagnostic_list::capacity + 3; ++i)
        (void)list.push(make(diag_id::pct_lowercase, severity::warning));
    (void)list.push(make(diag_id::char_space, severity::error));
    ASSERT_TRUE(list.has_error());
    ASSERT_GT(list.dropped(), 0U);
    list.clear();
    EXPECT_TRUE(list.empty());
    EXPECT_EQ(list.size(), 0U);
    EXPECT_EQ(list.dropped(), 0U);
    EXPECT_FALSE(list.has_error());
    EXPECT_FALSE(list.contains(diag_id::char_space));
    // A note after clear() no longer counts as explaining the old error.
    EXPECT_TRUE(list.push(make(diag_id::interop_backslash, severity::note)));
    EXPECT_EQ(list.size(), 1U);
}

TEST(diagnostic_list, reused_across_parses_with_clear)
{
    diagnostic_list list;
    std::string const bad = "ftp://a@b@h/";
    std::string const good = "ftp://h/";
    EXPECT_FALSE(ftpuri::parse(std::string_view(bad), {}, list));
    EXPECT_TRUE(list.has_error()) << describe(list);
    EXPECT_TRUE(list.contains(diag_id::interop_multiple_at)) << describe(list);
    list.clear();
    EXPECT_TRUE(ftpuri::parse(std::string_view(good), {}, list));
    EXPECT_TRUE(list.empty()) << describe(list);
}

} // namespace
