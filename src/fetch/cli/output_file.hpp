// SPDX-License-Identifier: Apache-2.0
// output_file.hpp: ftpuri-fetch's -o FILE, written atomically: the bytes go to a temporary file
// beside it, which becomes FILE only once the whole fetch succeeded (rename(2)), and is removed
// otherwise, so that a refusal or a failure leaves nothing behind, not even a partial file.
#pragma once

#include <cstdio>
#include <span>
#include <string>

namespace ftpuri::fetch_cli {

class output_file {
public:
    // Opens "FILE.XXXXXX" (mkstemp) in FILE's directory; `problem` says why when it could not.
    explicit output_file(std::string path);
    output_file(output_file const&) = delete;
    output_file& operator=(output_file const&) = delete;
    ~output_file(); // removes the temporary file unless commit() succeeded

    [[nodiscard]] bool is_open() const noexcept { return file_ != nullptr; }
    [[nodiscard]] std::string const& problem() const noexcept { return problem_; }

    [[nodiscard]] bool write(std::span<char const> bytes) noexcept;
    // Flushes, syncs and renames the temporary file to FILE; false (problem() says why) when
    // any step fails, and then the temporary file is removed.
    [[nodiscard]] bool commit();

private:
    std::string path_;
    std::string temporary_;
    std::FILE* file_ = nullptr;
    std::string problem_;
    bool committed_ = false;
};

} // namespace ftpuri::fetch_cli
