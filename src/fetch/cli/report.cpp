// SPDX-License-Identifier: Apache-2.0
// report.cpp: ftpuri-fetch's report (report.hpp), the JSON with RapidJSON.
#include "report.hpp"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace ftpuri::fetch_cli {
namespace {

void string_member(rapidjson::Writer<rapidjson::StringBuffer>& w, char const* key, std::string_view value)
{
    w.Key(key);
    w.String(value.data(), static_cast<rapidjson::SizeType>(value.size()));
}

} // namespace

std::string text_report(fetch_result const& r, bool verbose)
{
    std::string out;
    if (verbose) {
        for (fetch_connection const& c : r.connections)
            out +=
                "* connect " + c.address + " (" + std::string(to_string(c.cls)) + (c.refused ? "): refused\n" : ")\n");
        for (std::string const& command : r.commands)
            out += "> " + command + "\n";
        std::string codes;
        for (unsigned code : r.replies) {
            if (!codes.empty()) codes += ' ';
            codes += std::to_string(code);
        }
        out += "< " + codes + "\n";
    }
    if (!r.error) {
        if (verbose) out += "ftpuri-fetch: " + describe(r) + "\n";
        return out;
    }
    diagnostic const& d = *r.error;
    out += "ftpuri-fetch: error: " + std::string(d.info().name) + " at " + std::to_string(d.offset) + "+" +
           std::to_string(d.length) + ": " + describe(r) + "\n";
    out += "ftpuri-fetch: hint: " + std::string(d.info().hint) + "\n";
    return out;
}

std::string json_report(fetch_result const& r)
{
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
    w.StartObject();
    w.Key("ok");
    w.Bool(!r.error.has_value());
    if (r.error) {
        string_member(w, "id", r.error->info().name);
        w.Key("offset");
        w.Uint(r.error->offset);
        w.Key("length");
        w.Uint(r.error->length);
        string_member(w, "message", describe(r));
        string_member(w, "hint", r.error->info().hint);
    } else {
        w.Key("id");
        w.Null();
    }
    w.Key("bytes");
    w.Uint64(r.bytes);
    w.Key("connections");
    w.StartArray();
    for (fetch_connection const& c : r.connections) {
        w.StartObject();
        string_member(w, "address", c.address);
        string_member(w, "class", to_string(c.cls));
        w.Key("refused");
        w.Bool(c.refused);
        w.EndObject();
    }
    w.EndArray();
    w.Key("commands");
    w.StartArray();
    for (std::string const& command : r.commands)
        w.String(command.data(), static_cast<rapidjson::SizeType>(command.size()));
    w.EndArray();
    w.Key("replies");
    w.StartArray();
    for (unsigned code : r.replies)
        w.Uint(code);
    w.EndArray();
    w.Key("reply_code");
    w.Uint(r.reply_code);
    string_member(w, "stage", r.reply_code != 0 ? to_string(r.stage) : std::string_view());
    string_member(w, "action", r.reply_code != 0 ? to_string(r.action) : std::string_view());
    string_member(w, "detail", r.detail);
    w.EndObject();
    return std::string(buffer.GetString(), buffer.GetSize()) + "\n";
}

} // namespace ftpuri::fetch_cli
