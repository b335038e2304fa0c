// SPDX-License-Identifier: Apache-2.0
// sarif_writer.hpp: the SARIF format, one result per diagnostic, appended to the log that
// sarif_log.hpp opens and closes.
//
// A result points at its bytes with a region in Unicode code points (the log's columnKind): a
// byte that is not UTF-8 counts as one, as the U+FFFD that an editor shows for it does. Nothing
// in a result echoes the input, so it cannot show a password. A result gets a fix when the
// canonical form fixes it: the canonical form, checked again, no longer reports that id. A fix
// never carries a password either: when the canonical form keeps one, the fix replaces what is
// around it and leaves its bytes alone, and when those bytes would change too (a lenient raw
// ':' in the password becomes %3A) the finding gets no fix.
//
// A file is named relative to the working directory when it is in it (source_path.hpp), as
// GitHub's code scanning wants it, with the uriBaseId %SRCROOT% that sarif_log.hpp describes;
// any other stays a file: URI. Each result has a partialFingerprints entry that follows it from
// run to run and from line to line (fingerprint.hpp), so that GitHub keeps one alert for it:
//
//     "partialFingerprints":{"ftpuriInput/v1":"<16 hex digits>:<id>"}
//
// the hash of the normalized input (its password masked), then the id, which an input reports
// at most once. The key names the scheme and its version: a change of either is a new key, so
// that old fingerprints are never compared with new ones.
//
// Each result is a JSON value of its own, written with a leading ',' so that results from
// several workers can be joined in order; the pipeline drops the comma before the first one.
#pragma once

#include <cstdint>
#include <string>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "json_string.hpp"
#include "report_writer.hpp"

namespace ftpuri::cli {

class sarif_writer final : public report_writer {
public:
    // `parse`: the options the inputs are checked with, to check a canonical form again.
    explicit sarif_writer(parse_options const& parse) : parse_(parse), writer_(json_) {}

    [[nodiscard]] report_needs needs() const noexcept override
    {
        // The password: where the fingerprint masks it.
        return {.canonical = canonical_need::with_diagnostics, .password = true, .redacted = false};
    }
    void write(checked_input const& input, std::string& to) override;

private:
    void find_fixed(checked_input const& input);
    void write_artifact(input_origin const& origin);
    void write_location(input_origin const& origin, std::uint32_t first_column, std::uint32_t end_column);
    void write_fix(checked_input const& input);

    parse_options parse_;
    diag_set fixed_;          // which ids the canonical form fixes (it no longer reports them)
    diagnostic_list recheck_; // the canonical form's diagnostics
    // The artifact of the file named artifact_name_: its URI, and whether that is relative to
    // %SRCROOT%. Made once per file, not per result.
    std::string artifact_name_;
    std::string artifact_uri_;
    bool artifact_relative_ = false;
    bool artifact_made_ = false;
    std::string fingerprint_; // the partialFingerprints value
    rapidjson::StringBuffer json_;
    json_stream writer_;
};

} // namespace ftpuri::cli
