// SPDX-License-Identifier: Apache-2.0
// tests/support/uri_case_table.hpp: uri_cases (support/uri_expect.hpp) read from a table file,
// one per row: tests/data/table-vectors.jsonl, what ftpuri says about every URI the peers' ftp
// vectors carry (vectors_test.cpp). tests/data/README.md gives the row's shape.
#pragma once

#include <gtest/gtest.h>

#include <deque>
#include <optional>
#include <string>
#include <string_view>

#include "table_file.hpp"
#include "uri_expect.hpp"

namespace ftpuri_test {

// {"id": "port.default", "offset": 10, "length": 2}; offset and length may be left out.
inline finding read_finding(table_row& row)
{
    std::string const name = row.text("id");
    std::optional<D> const id = ftpuri::diag_id_from_string(name);
    if (!id) row.fail("no diagnostic is named " + name);
    return finding{id.value_or(D{}), row.optional_integer("offset", -1), row.optional_integer("length", -1)};
}

inline void read_findings(table_row& row, char const* field, std::vector<finding>& out)
{
    json const* list = row.array(field);
    if (list == nullptr) return;
    for (json const& f : list->GetArray())
        row.nested(field, f, [&](table_row& r) { out.push_back(read_finding(r)); });
}

template <class Row>
std::optional<std::string_view> kept(table<Row>& t, std::optional<std::string> s)
{
    if (!s) return std::nullopt;
    return t.keep(std::move(*s));
}

template <class Row>
view_expect read_view(table_row& row, table<Row>& t)
{
    view_expect v;
    v.user = kept(t, row.optional_text("user"));
    v.password = kept(t, row.optional_text("password"));
    v.host = t.keep(row.text("host"));
    std::string const kind = row.text("kind");
    std::optional<host_kind> const k = ftpuri::host_kind_from_string(kind);
    if (!k) row.fail("no host kind is named " + kind);
    v.kind = k.value_or(host_kind::dns_name);
    v.port = kept(t, row.optional_text("port"));
    v.path = t.keep(row.text("path"));
    std::optional<std::string> const typecode = row.optional_text("typecode");
    if (typecode && typecode->size() != 1) row.fail("typecode is not one letter");
    v.typecode = typecode && typecode->size() == 1 ? (*typecode)[0] : '\0';
    v.query = kept(t, row.optional_text("query"));
    v.fragment = kept(t, row.optional_text("fragment"));
    if (json const* cwds = row.array("cwds"))
        for (json const& c : cwds->GetArray()) {
            std::optional<std::string> cwd = table_bytes(c);
            if (!cwd) row.fail("a cwd is no string");
            v.cwds.push_back(cwd.value_or(""));
        }
    v.name = row.text("name");
    return v;
}

// {"error": FINDING or null, "findings": [FINDING...], "view": VIEW or null, "exact": BOOL}
template <class Row>
profile_expect read_profile_expect(table_row& row, table<Row>& t)
{
    profile_expect e;
    json const* error = row.value("error");
    if (error != nullptr && !error->IsNull())
        row.nested("error", *error, [&](table_row& r) { e.error = read_finding(r); });
    read_findings(row, "findings", e.findings);
    json const* view = row.value("view");
    if (view != nullptr && !view->IsNull()) row.nested("view", *view, [&](table_row& r) { e.view = read_view(r, t); });
    e.exact = row.boolean("exact");
    if (e.error.has_value() == e.view.has_value()) row.fail("a verdict has either an error or a view");
    return e;
}

// {"uri": ..., "strict": VERDICT, "rfc3986": VERDICT or null, "why": ...}
inline void read_uri_case(table_row& row, table<uri_case>& t)
{
    uri_case c;
    c.uri = t.keep(row.text("uri"));
    if (json const* strict = row.value("strict"))
        row.nested("strict", *strict, [&](table_row& r) { c.strict = read_profile_expect(r, t); });
    json const* rfc3986 = row.value("rfc3986");
    if (rfc3986 != nullptr && !rfc3986->IsNull())
        row.nested("rfc3986", *rfc3986, [&](table_row& r) { c.rfc3986 = read_profile_expect(r, t); });
    c.why = t.keep(row.text("why"));
    t.rows.push_back(std::move(c));
}

// The rows of tests/data/table-vectors.jsonl; a row that does not read fails the test that asks.
inline std::deque<uri_case> const& peer_uri_cases()
{
    static table<uri_case> const t = read_table_file<uri_case>(table_path("table-vectors.jsonl"), read_uri_case);
    EXPECT_EQ(t.error, "") << "a row of the table does not read";
    return t.rows;
}

} // namespace ftpuri_test
