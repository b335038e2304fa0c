// SPDX-License-Identifier: Apache-2.0
#include "in_place.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <tuple>

namespace ftpuri::cli {
namespace {

std::string describe(std::string const& what, int error)
{
    std::string s = what;
    s += ": ";
    s += std::strerror(error);
    return s;
}

struct file_closer {
    void operator()(std::FILE* f) const noexcept { static_cast<void>(std::fclose(f)); }
};
using file_ptr = std::unique_ptr<std::FILE, file_closer>;

// The directory part of an absolute path (realpath's): "/" for a file at the root.
std::string directory_of(std::string const& path)
{
    return path.substr(0, std::max<std::size_t>(path.rfind('/'), 1));
}

int open_directory(char const* path)
{
    return ::open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
}

// Makes a file's data, and then the directory entry that the rename changed, durable.
void sync_directory(std::string const& directory, in_place_system const& system) noexcept
{
    int const fd = system.open_directory(directory.c_str());
    if (fd < 0) return;
    static_cast<void>(system.fsync(fd));
    static_cast<void>(::close(fd));
}

// What tells that another writer changed the file: its content (size, mtime), its metadata and
// links (ctime, link count) or the file the name points at (device, inode). Nanoseconds count:
// an editor that saves within the same second still changes st_mtim.tv_nsec.
bool same_file_state(struct stat const& a, struct stat const& b) noexcept
{
    auto const state = [](struct stat const& s) {
        return std::tie(s.st_dev, s.st_ino, s.st_size, s.st_nlink, s.st_mtim.tv_sec, s.st_mtim.tv_nsec,
                        s.st_ctim.tv_sec, s.st_ctim.tv_nsec);
    };
    return state(a) == state(b);
}

} // namespace

in_place_result rewrite_in_place(std::string const& path, pipeline& run, in_place_options const& options)
{
    in_place_system system = options.system != nullptr ? *options.system : in_place_system{};
    if (system.open_directory == nullptr) system.open_directory = open_directory;
    in_place_result result;
    auto fail = [&](std::string problem) {
        result.problem = path + ": " + std::move(problem) + "; not rewritten";
        return result;
    };

    // The file a symbolic link names is the one to rewrite.
    char resolved[PATH_MAX];
    if (::realpath(path.c_str(), resolved) == nullptr) return fail(describe("cannot resolve", errno));
    std::string const target = resolved;
    struct stat st {};
    if (system.stat(target.c_str(), &st) != 0) return fail(describe("cannot stat", errno));
    if (!S_ISREG(st.st_mode)) return fail("not a regular file");
    // Read-only is the owner's word, even for root, who could write it anyway.
    if ((st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0 || system.access(target.c_str(), W_OK) != 0)
        return fail("the file is read-only");

    file_ptr in(system.fopen(target.c_str(), "rb"));
    if (!in) return fail(describe("cannot open", errno));
    // The state the content is read in, from the open file itself: the rename must not
    // replace anything newer.
    struct stat read_state {};
    if (system.fstat(::fileno(in.get()), &read_state) != 0) return fail(describe("cannot stat", errno));
    if (!S_ISREG(read_state.st_mode)) return fail("not a regular file");

    std::string const directory = directory_of(target);
    std::string temporary = target;
    temporary += ".ftpuri-XXXXXX";
    int const fd = system.mkstemp(temporary.data());
    if (fd < 0) return fail(describe("cannot create a temporary file in " + directory, errno));
    file_ptr out(system.fdopen(fd, "wb"));
    if (!out) {
        int const error = errno;
        static_cast<void>(::close(fd));
        static_cast<void>(::unlink(temporary.c_str()));
        return fail(describe("cannot write a temporary file", error));
    }
    auto remove_temporary = [&] {
        out.reset();
        static_cast<void>(::unlink(temporary.c_str()));
    };
    auto discard = [&](std::string problem) { // `problem` is built, errno and all, before the removal
        remove_temporary();
        return fail(std::move(problem));
    };

    pipeline::file_result const checked =
        run.check_file(in.get(), path, true, static_cast<std::uint64_t>(read_state.st_size), {out.get(), stderr});
    result.counts = checked.counts;
    if (checked.read_error != 0) return discard(describe("could not be read whole", checked.read_error));
    if (checked.foreign_mark != nullptr) return discard(not_checked_in(*checked.foreign_mark));
    if (run.write_failed() || run.worker_failed()) return discard("could not write the new content");
    if (checked.counts.changed == 0) { // nothing to change: the file stays as it is, mtime and all
        remove_temporary();
        return result;
    }
    // The rename gives the name a new inode; the file's other names would keep the old content
    // without a word.
    if (read_state.st_nlink > 1 && !options.break_links)
        return discard("the file has " + std::to_string(read_state.st_nlink) +
                       " hard links, which rewriting it would break (--break-links rewrites it anyway)");

    // The new file gets the old one's permissions and, where allowed, its owner.
    static_cast<void>(::fchmod(fd, read_state.st_mode & 07777));
    static_cast<void>(::fchown(fd, read_state.st_uid, read_state.st_gid));
    // A write that failed where the buffer was flushed early leaves only the error flag.
    if (std::fflush(out.get()) != 0 || std::ferror(out.get()) != 0 || system.fsync(fd) != 0)
        return discard(describe("cannot write", errno));
    if (std::fclose(out.release()) != 0) return discard(describe("cannot write", errno));
    if (options.before_replace) options.before_replace();
    // Last moment before the rename: had another writer changed the file since it was read, the
    // rename would silently drop their update. What changes in the instant between this check and
    // the rename cannot be seen; nothing short of a lock both sides honour could close that.
    struct stat now {};
    if (system.stat(target.c_str(), &now) != 0 || !same_file_state(read_state, now))
        return discard("the file changed while it was being fixed");
    if (system.rename(temporary.c_str(), target.c_str()) != 0)
        return discard(describe("cannot replace the file", errno));
    sync_directory(directory, system);
    result.rewritten = true;
    return result;
}

} // namespace ftpuri::cli
