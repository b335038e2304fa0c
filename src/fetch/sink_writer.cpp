// SPDX-License-Identifier: Apache-2.0
// sink_writer.cpp: the write callback (sink_writer.hpp).
#include "fetch/sink_writer.hpp"

#include <span>

namespace ftpuri::fetch_detail {
namespace {

std::size_t on_write(char* data, std::size_t one, std::size_t count, void* writer_data)
{
    auto& writer = *static_cast<sink_writer*>(writer_data);
    std::size_t const size = one * count;
    if (writer.max_size != 0 && writer.bytes + size > writer.max_size) {
        writer.too_large = true;
        return 0; // anything but `size` stops the transfer (CURLE_WRITE_ERROR)
    }
    if (size != 0 && !(*writer.sink)(std::span<char const>(data, size))) {
        writer.sink_stopped = true;
        return 0;
    }
    writer.bytes += size;
    return size;
}

} // namespace

void sink_writer::install(CURL* curl)
{
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, &on_write);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, this);
}

} // namespace ftpuri::fetch_detail
