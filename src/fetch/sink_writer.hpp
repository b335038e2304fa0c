// SPDX-License-Identifier: Apache-2.0
// sink_writer.hpp: libcurl's write callback, which hands the bytes to the caller's sink and
// stops the transfer at the size limit, whatever the server said the size would be.
//
// CURLOPT_MAXFILESIZE_LARGE refuses a file whose size the server announces (SIZE, or the 150
// reply); a server that announces none, or lies, is stopped here by counting.
#pragma once

#include <curl/curl.h>

#include <cstddef>
#include <cstdint>

#include "ftpuri/fetch.hpp"

namespace ftpuri::fetch_detail {

struct sink_writer {
    fetch_sink const* sink = nullptr;
    std::uint64_t max_size = 0; // 0: no limit
    std::uint64_t bytes = 0;
    bool too_large = false;
    bool sink_stopped = false;

    void install(CURL* curl);
};

} // namespace ftpuri::fetch_detail
