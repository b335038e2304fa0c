// SPDX-License-Identifier: Apache-2.0
// output_file.cpp: the atomic -o FILE (output_file.hpp).
#include "output_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <utility>

namespace ftpuri::fetch_cli {

output_file::output_file(std::string path) : path_(std::move(path)), temporary_(path_ + ".XXXXXX")
{
    int const fd = mkstemp(temporary_.data());
    if (fd < 0) {
        problem_ = path_ + ": " + std::strerror(errno);
        temporary_.clear();
        return;
    }
    // mkstemp's 0600, widened to what the umask gives any new file, as a shell's > would.
    mode_t const mask = umask(0);
    umask(mask);
    static_cast<void>(fchmod(fd, 0666 & ~mask));
    file_ = fdopen(fd, "wb");
    if (file_ == nullptr) {
        problem_ = path_ + ": " + std::strerror(errno);
        close(fd);
        unlink(temporary_.c_str());
        temporary_.clear();
    }
}

output_file::~output_file()
{
    if (file_ != nullptr) static_cast<void>(std::fclose(file_)); // thrown away: its errors do not matter
    if (!committed_ && !temporary_.empty()) unlink(temporary_.c_str());
}

bool output_file::write(std::span<char const> bytes) noexcept
{
    if (std::fwrite(bytes.data(), 1, bytes.size(), file_) == bytes.size()) return true;
    problem_ = path_ + ": " + std::strerror(errno);
    return false;
}

bool output_file::commit()
{
    std::FILE* const file = std::exchange(file_, nullptr);
    bool ok = std::fflush(file) == 0 && fsync(fileno(file)) == 0;
    int error = ok ? 0 : errno;
    if (std::fclose(file) != 0 && ok) {
        ok = false;
        error = errno;
    }
    if (ok && std::rename(temporary_.c_str(), path_.c_str()) != 0) {
        ok = false;
        error = errno;
    }
    if (!ok) {
        problem_ = path_ + ": " + std::strerror(error);
        return false;
    }
    committed_ = true;
    return true;
}

} // namespace ftpuri::fetch_cli
