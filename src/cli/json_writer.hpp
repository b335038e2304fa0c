// SPDX-License-Identifier: Apache-2.0
// json_writer.hpp: the JSON Lines format, one object per input, on one line.
//
//     {"file":"mirrors.txt","input":"ftp://u:****@h/a b","line":3,"valid":false,
//      "canonical":null,"host_class":null,"diagnostics":[{"id":"char.space",
//      "severity":"error","offset":15,"length":1,"message":"raw space",
//      "hint":"percent-encode it as %20 (--profile=lenient does this)"}]}
//
// "input" and "canonical" have the password masked; the offsets under "diagnostics" are those
// of the input's bytes as read. "host_class" is the class of the host (ftpuri::classify_host:
// "public", "private", "loopback", ...) of an input that parsed, null for one that did not (an
// input the policy or the plan refuses did parse, and has its class). The messages are
// ftpuri::message()'s: host.denied's names the class. Written with RapidJSON's streaming writer into a reused buffer:
// no DOM, so nothing allocates once the buffer has grown.
//
// With --plan, two more keys end every record:
//
//     ...,"diagnostics":[],"plan":["USER anonymous","PASS ****","CWD pub","RETR f.txt"],
//      "ask_password":false}
//
// "plan" holds each command line as sent, without its CRLF (plan_lines.hpp: PASS reads ****
// unless --show-password), "ask_password" whether the client must ask the user for the
// password (the URI has a user and no password, and the plan no PASS). An invalid record, a
// refused plan included, has "plan":null and "ask_password":null, as it has "canonical":null:
// every record has the same keys.
//
// With --components, one more key ends every record: "components", the decoded parts of a
// valid input (json_writer.cpp, write_components), or null.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "json_string.hpp"
#include "report_writer.hpp"

namespace ftpuri::cli {

class json_writer final : public report_writer {
public:
    explicit json_writer(plan_display plan = {}) : plan_(plan), writer_(json_) {}

    [[nodiscard]] report_needs needs() const noexcept override
    {
        return {.canonical = canonical_need::always, .password = false, .redacted = true, .host_class = true};
    }
    void write(checked_input const& input, std::string& to) override;

    // write() is the first of these that applies (public for tests/cli_unit/json_writer_test,
    // which holds the two to one output): a record that is printable ASCII, written without
    // RapidJSON (false and nothing written for any other); any record, through RapidJSON.
    bool write_ascii(checked_input const& input, std::string& to);
    void write_any(checked_input const& input, std::string& to);

private:
    void write_plan(checked_input const& input);
    void write_components(checked_input const& input);
    void write_decoded(std::string_view raw);
    [[nodiscard]] std::string_view line_text(std::uint64_t line) noexcept;

    plan_display plan_;
    std::string sanitized_; // the redacted input with invalid UTF-8 bytes replaced
    std::string name_;      // the origin's name, likewise
    std::string line_;      // a command line as sent (plan_lines.hpp)
    std::string shown_;     // that line (or a decoded part) with its invalid UTF-8 bytes replaced
    std::string decoded_;   // a part of "components", percent-decoded
    // write_ascii(): '{"file":NAME,"input":' for the file named record_prefix_name_, and
    // whether that name is printable ASCII (else every record of the file takes write_any()).
    std::string record_prefix_;
    std::string record_prefix_name_;
    bool name_is_ascii_ = false;
    std::string record_; // write_ascii()'s record, before it is appended
    // line_text(): the decimal digits of last_line_.
    std::array<char, 20> line_digits_{};
    std::size_t line_digits_size_ = 0;
    std::uint64_t last_line_ = 0;
    rapidjson::StringBuffer json_;
    json_stream writer_;
};

// The JSON object of one diagnostic, {"id", "severity", "offset", "length", "message", "hint"}, with
// `length` as the report gives it (checked_input::reported_length): its one writer. (SARIF's
// result and --rules' rule objects are shapes of their own: ruleId/level/message.text, and
// id/severity/opt_in/message/hint/description.)
void write_json_diagnostic(json_stream& w, diagnostic const& d, std::uint32_t length);

} // namespace ftpuri::cli
