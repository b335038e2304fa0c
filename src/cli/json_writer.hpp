// json_writer.hpp: the JSON Lines format, one object per input, on one line.
//
//     {"file":"mirrors.txt","input":"ftp://u:****@h/a b","line":3,"valid":false,
//      "canonical":null,"diagnostics":[{"id":"char.space","severity":"error","offset":15,
//      "length":1,"message":"raw space"}]}
//
// "input" and "canonical" have the password masked; the offsets under "diagnostics" are those
// of the input's bytes as read. Written with RapidJSON's streaming writer into a reused buffer:
// no DOM, so nothing allocates once the buffer has grown.
#pragma once

#include <cstdint>
#include <string>

#include "json_string.hpp"
#include "report_writer.hpp"

namespace ftpuri::cli {

class json_writer final : public report_writer {
public:
    json_writer() : writer_(json_) {}

    [[nodiscard]] report_needs needs() const noexcept override
    {
        return {.canonical = canonical_need::always, .password = false, .redacted = true};
    }
    void write(checked_input const& input, std::string& to) override;

private:
    std::string sanitized_; // the redacted input with invalid UTF-8 bytes replaced
    std::string name_;      // the origin's name, likewise
    rapidjson::StringBuffer json_;
    json_stream writer_;
};

// The JSON object of one diagnostic, {"id", "severity", "offset", "length", "message"}, with
// `length` as the report gives it (checked_input::reported_length): its one writer. (SARIF's
// result and --rules' rule objects are shapes of their own: ruleId/level/message.text, and
// id/severity/opt_in/message/hint/description.)
void write_json_diagnostic(json_stream& w, diagnostic const& d, std::uint32_t length);

} // namespace ftpuri::cli
