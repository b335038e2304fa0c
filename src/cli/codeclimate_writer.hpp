// SPDX-License-Identifier: Apache-2.0
// codeclimate_writer.hpp: GitLab's code quality report (the Code Climate issue format that
// GitLab reads), one issue per diagnostic, in one JSON array over the whole run.
//
//     [{"type":"issue","check_name":"char.space","description":"raw space",
//       "content":{"body":"percent-encode it as %20 (--profile=lenient does this)"},
//       "categories":["Bug Risk"],"severity":"major","fingerprint":"3f0c6d0a9b1e2c47",
//       "location":{"path":"mirrors.txt","lines":{"begin":3}}}
//     ,{...}
//     ]
//
// GitLab requires description, check_name, fingerprint, severity and location.path with
// location.lines.begin; type, content.body (the hint) and categories are the Code Climate
// spec's, which GitLab ignores. The severity follows the diagnostic's, one step up for a
// security rule (rule_metadata.hpp): an error is "major" ("critical" for security), a warning
// "minor" ("major"), a note "info". GitLab's "blocker" is not used: whether a finding blocks a
// merge is the pipeline's choice (the exit status), not the report's. The categories are
// rule_metadata's: security "Security", correctness "Bug Risk", interoperability
// "Compatibility", style "Style", policy "Clarity".
//
// The fingerprint names the finding, the same from run to run and from line to line: FNV-1a
// over the path, a NUL, the id, a NUL and the input's fingerprint (fingerprint.hpp) in hex,
// written as 16 hex digits. Two findings of a report share one only when a file holds the same
// URI twice (GitLab then shows it once, and one fix removes both).
// The path is relative to the working directory when the file is in it (source_path.hpp), as
// GitLab wants it; stdin and the arguments keep their names ("<stdin>", "<arg 1>").
//
// Each issue is written with a leading ',' and a trailing newline, as SARIF's results are, so
// that the output of several workers joins in input order; the pipeline drops the first comma,
// and report_envelope.hpp writes the brackets: a run without findings is "[]".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "json_string.hpp"
#include "report_writer.hpp"

namespace ftpuri::cli {

class codeclimate_writer final : public report_writer {
public:
    codeclimate_writer() : writer_(json_) {}

    [[nodiscard]] report_needs needs() const noexcept override
    {
        return {.canonical = canonical_need::never, .password = true, .redacted = false}; // the fingerprint's mask
    }
    void write(checked_input const& input, std::string& to) override;

private:
    void name_origin(input_origin const& origin);

    std::string name_; // the origin's name as given
    bool from_file_ = false;
    bool named_ = false;
    std::string path_;            // location.path: relative, made UTF-8
    std::uint64_t path_hash_ = 0; // FNV-1a of path_ and a NUL, where each fingerprint starts
    std::string fingerprint_;
    rapidjson::StringBuffer json_;
    json_stream writer_;
};

// GitLab's severity of `d`: "info", "minor", "major" or "critical".
[[nodiscard]] std::string_view codeclimate_severity(diagnostic const& d) noexcept;

} // namespace ftpuri::cli
