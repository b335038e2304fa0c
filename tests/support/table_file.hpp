// SPDX-License-Identifier: Apache-2.0
// tests/support/table_file.hpp: the tests' own tables, tests/data/table-*.jsonl (tests/data/README.md
// says their shapes): one JSON object per line, read strictly. A row that cannot be read (bad
// JSON, a field missing, of the wrong type or unknown, a value no enumerator names) is an error
// that names its file and line; it is never skipped, so a table cannot read short unnoticed.
// The C++ tests, pytest (python/tests/table_rows.py) and the JavaScript tests read the same files.
#pragma once

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>

#include "json.hpp"
#include "read_file.hpp"

namespace ftpuri_test {

// A field's bytes: a JSON string is its UTF-8 text; {"bytes": "..."} holds bytes that are not
// UTF-8, each code point up to U+00FF one byte (written "\u00XX"). nullopt when it is neither.
inline std::optional<std::string> table_bytes(json const& value)
{
    if (value.IsString()) return std::string(json_str(value));
    if (!value.IsObject() || value.MemberCount() != 1) return std::nullopt;
    json const* latin1 = json_member(value, "bytes");
    if (latin1 == nullptr || !latin1->IsString()) return std::nullopt;
    std::string out;
    std::string_view const utf8 = json_str(*latin1);
    for (std::size_t i = 0; i < utf8.size(); ++i) {
        auto const lead = static_cast<unsigned char>(utf8[i]);
        if (lead < 0x80) {
            out += static_cast<char>(lead);
        } else if ((lead == 0xC2 || lead == 0xC3) && i + 1 < utf8.size()) {
            auto const next = static_cast<unsigned char>(utf8[++i]);
            out += static_cast<char>(((lead & 0x03U) << 6U) | (next & 0x3FU));
        } else {
            return std::nullopt; // a code point above U+00FF is no byte
        }
    }
    return out;
}

// One row being read. Each accessor reads a field of the type it names; the first problem is
// kept (the accessors then return empty values), and finish() reports a field no one read.
class table_row {
public:
    explicit table_row(json const& object) : object_(object)
    {
        if (!object.IsObject()) fail("the row is no JSON object");
    }

    std::string text(char const* field)
    {
        json const* v = take(field);
        if (v == nullptr) return {};
        std::optional<std::string> bytes = table_bytes(*v);
        if (!bytes) fail(std::string(field) + " is neither a string nor {\"bytes\": ...} of code points up to U+00FF");
        return bytes.value_or("");
    }

    // null: nullopt.
    std::optional<std::string> optional_text(char const* field)
    {
        json const* v = take(field);
        if (v == nullptr || v->IsNull()) return std::nullopt;
        std::optional<std::string> bytes = table_bytes(*v);
        if (!bytes) fail(std::string(field) + " is neither null, a string nor {\"bytes\": ...}");
        return bytes;
    }

    std::int64_t integer(char const* field)
    {
        json const* v = take(field);
        if (v != nullptr && !v->IsInt64()) fail(std::string(field) + " is no integer");
        return v != nullptr && v->IsInt64() ? v->GetInt64() : 0;
    }

    // Absent: `absent`.
    std::int64_t optional_integer(char const* field, std::int64_t absent)
    {
        return json_member(object_, field) == nullptr ? absent : integer(field);
    }

    bool boolean(char const* field)
    {
        json const* v = take(field);
        if (v != nullptr && !v->IsBool()) fail(std::string(field) + " is no boolean");
        return v != nullptr && v->IsBool() && v->GetBool();
    }

    // A value of any type, to be read by the caller (an object, an array, or null).
    json const* value(char const* field) { return take(field); }

    // An array field; nullptr (and the row failed) when it is none.
    json const* array(char const* field)
    {
        json const* v = take(field);
        if (v != nullptr && !v->IsArray()) fail(std::string(field) + " is no array");
        return v != nullptr && v->IsArray() ? v : nullptr;
    }

    // Reads `nested` (an object of this row) through read(table_row&); its problem is this row's.
    template <class Read>
    void nested(char const* what, json const& object, Read&& read)
    {
        table_row inner(object);
        read(inner);
        if (!inner.finish()) fail(std::string(what) + ": " + inner.error());
    }

    void fail(std::string const& what)
    {
        if (error_.empty()) error_ = what;
    }

    // Whether the row read cleanly, every field of it read.
    bool finish()
    {
        if (error_.empty() && object_.IsObject() && read_.size() != object_.MemberCount()) {
            for (auto m = object_.MemberBegin(); m != object_.MemberEnd(); ++m)
                if (read_.count(std::string(json_str(m->name))) == 0) {
                    fail("unknown field " + std::string(json_str(m->name)));
                    break;
                }
        }
        return error_.empty();
    }

    [[nodiscard]] std::string const& error() const { return error_; }

private:
    json const* take(char const* field)
    {
        json const* v = json_member(object_, field);
        if (v == nullptr) {
            fail(std::string("no field ") + field);
            return nullptr;
        }
        read_.insert(field);
        return v;
    }

    json const& object_;
    std::set<std::string> read_;
    std::string error_;
};

// Rows of type Row read from one table file, with the bytes their string_views point into.
template <class Row>
struct table {
    std::deque<Row> rows;
    std::deque<std::string> bytes;
    std::string error; // "FILE:LINE: what" of the first row not read; "" when all were

    std::string_view keep(std::string s) { return bytes.emplace_back(std::move(s)); }
};

// Reads the file at `path`, a row per non-empty line, each through read_row(table_row&, table&),
// which appends the row. Stops at the first row that does not read, its error in `error`.
template <class Row, class ReadRow>
table<Row> read_table_file(std::string const& path, ReadRow&& read_row)
{
    table<Row> out;
    std::istringstream lines(read_file(path));
    std::size_t number = 0;
    for (std::string line; std::getline(lines, line);) {
        ++number;
        if (line.empty()) continue;
        std::string const where = path + ":" + std::to_string(number) + ": ";
        rapidjson::Document doc;
        doc.Parse<rapidjson::kParseValidateEncodingFlag>(line.data(), line.size());
        if (doc.HasParseError()) {
            out.error = where + rapidjson::GetParseError_En(doc.GetParseError());
            return out;
        }
        table_row row(doc);
        std::size_t const before = out.rows.size();
        read_row(row, out);
        if (!row.finish()) {
            while (out.rows.size() > before) // a row read in part is no row
                out.rows.pop_back();
            out.error = where + row.error();
            return out;
        }
    }
    if (number == 0) out.error = path + ": no rows (is the file there?)";
    return out;
}

// The path of a table of tests/data.
inline std::string table_path(std::string_view name)
{
    return std::string(FTPURI_TEST_DATA_DIR) + "/" + std::string(name);
}

} // namespace ftpuri_test
