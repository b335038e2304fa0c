// SPDX-License-Identifier: Apache-2.0
// in_place_test: --fix --in-place never loses an update made while it works. Between the read
// of the file and the rename of the new content over it, another writer may change the file;
// rewrite_in_place must then refuse, leave the other writer's content in place and remove its
// temporary file. The change is made deterministically through in_place_options::before_replace,
// which runs at the last moment before the rename: a longer file, the same bytes with an mtime
// one nanosecond later, another file renamed over the name with the same size and mtime, a new
// hard link. Also: a file with several hard links is refused unless break_links says otherwise.
// And every system call whose failure must leave the file as it was fails once, on cue
// (in_place_options::system): the file keeps its content, the problem names the step, and no
// temporary file is left.
#include <gtest/gtest.h>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "../support/read_file.hpp"
#include "in_place.hpp"
#include "line_checker.hpp"
#include "pipeline.hpp"
#include "progress_bar.hpp"

namespace {

using ftpuri::cli::check_settings;
using ftpuri::cli::fix_mode;
using ftpuri::cli::in_place_options;
using ftpuri::cli::in_place_result;
using ftpuri::cli::pipeline;
using ftpuri::cli::progress_bar;
using ftpuri_test::read_file;

constexpr char const* original = "FTP://h/a\nftp://h/b c\n";
constexpr char const* canonical = "ftp://h/a\nftp://h/b c\n";

void write_file(std::string const& path, std::string const& content)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << content;
}

struct stat stat_of(std::string const& path)
{
    struct stat st {};
    EXPECT_EQ(::stat(path.c_str(), &st), 0) << path;
    return st;
}

void set_mtime(std::string const& path, struct timespec mtime)
{
    struct timespec const times[2] = {{0, UTIME_OMIT}, mtime};
    ASSERT_EQ(::utimensat(AT_FDCWD, path.c_str(), times, 0), 0) << path;
}

class InPlace : public ::testing::Test {
protected:
    void SetUp() override
    {
        std::string pattern = ::testing::TempDir() + "ftpuri-in-place-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
        dir_ = pattern;
        path_ = dir_ + "/list.txt";
        write_file(path_, original);
    }

    void TearDown() override
    {
        // No temporary file is left, whatever happened.
        EXPECT_EQ(entries(), expected_entries_);
        for (std::string const& name : entries())
            static_cast<void>(::unlink((dir_ + "/" + name).c_str()));
        static_cast<void>(::rmdir(dir_.c_str()));
    }

    [[nodiscard]] std::vector<std::string> entries() const
    {
        std::vector<std::string> names;
        if (DIR* d = ::opendir(dir_.c_str())) {
            while (dirent const* e = ::readdir(d)) {
                std::string const name = e->d_name;
                if (name != "." && name != "..") names.push_back(name);
            }
            static_cast<void>(::closedir(d));
        }
        std::sort(names.begin(), names.end());
        return names;
    }

    in_place_result rewrite(std::function<void()> before_replace = {}, bool break_links = false,
                            ftpuri::cli::in_place_system const* system = nullptr)
    {
        in_place_options options;
        options.before_replace = std::move(before_replace);
        options.break_links = break_links;
        options.system = system;
        check_settings settings;
        settings.fix = fix_mode::in_place;
        settings.quiet = true; // the invalid line's report is not what is tested
        progress_bar progress(false, false, false);
        pipeline run(settings, 1, progress);
        return ftpuri::cli::rewrite_in_place(path_, run, options);
    }

    // Rewrites the file while `change` changes it at the last moment: refused, the change kept.
    void expect_refused_after(std::function<void()> const& change, std::string const& kept)
    {
        in_place_result const r = rewrite(change);
        EXPECT_FALSE(r.rewritten);
        EXPECT_EQ(r.problem, path_ + ": the file changed while it was being fixed; not rewritten");
        EXPECT_EQ(read_file(path_), kept);
    }

    std::string dir_;
    std::string path_;
    std::vector<std::string> expected_entries_{"list.txt"};
};

TEST_F(InPlace, RewritesAnUnchangedFile)
{
    bool called = false;
    in_place_result const r = rewrite([&] { called = true; });
    EXPECT_TRUE(called);
    EXPECT_TRUE(r.rewritten) << r.problem;
    EXPECT_EQ(r.problem, "");
    EXPECT_EQ(read_file(path_), canonical);
}

TEST_F(InPlace, RefusesWhenTheSizeChanged)
{
    std::string const appended = std::string(original) + "ftp://h/appended\n";
    expect_refused_after([&] { write_file(path_, appended); }, appended);
}

TEST_F(InPlace, RefusesWhenOnlyTheTimestampsChanged)
{
    // The same bytes written again by another editor: only the timestamps tell (setting the
    // mtime moves the ctime too, as every write does). The mtime is pinned to a known value
    // first, so that one nanosecond is its whole difference.
    struct timespec const pinned = {1'700'000'000, 123'456'788};
    set_mtime(path_, pinned);
    expect_refused_after([&] { set_mtime(path_, {pinned.tv_sec, pinned.tv_nsec + 1}); }, original);
    EXPECT_EQ(stat_of(path_).st_mtim.tv_nsec, pinned.tv_nsec + 1);
}

TEST_F(InPlace, RefusesWhenAnotherFileWasRenamedOverIt)
{
    // An editor's atomic save: a new inode under the name, with the same size and mtime.
    struct timespec const pinned = {1'700'000'000, 5};
    set_mtime(path_, pinned);
    std::string const replacement = "ftp://h/X\nftp://h/y z\n"; // as long as the original
    ASSERT_EQ(replacement.size(), std::string(original).size());
    expect_refused_after(
        [&] {
            std::string const saved = dir_ + "/saved.tmp";
            write_file(saved, replacement);
            set_mtime(saved, pinned);
            ASSERT_EQ(::rename(saved.c_str(), path_.c_str()), 0);
        },
        replacement);
}

TEST_F(InPlace, RefusesWhenAHardLinkWasMadeMeanwhile)
{
    expected_entries_ = {"list.txt", "other.txt"};
    expect_refused_after([&] { ASSERT_EQ(::link(path_.c_str(), (dir_ + "/other.txt").c_str()), 0); }, original);
    EXPECT_EQ(read_file(dir_ + "/other.txt"), original);
}

TEST_F(InPlace, RefusesAFileWithSeveralHardLinks)
{
    expected_entries_ = {"list.txt", "other.txt"};
    ASSERT_EQ(::link(path_.c_str(), (dir_ + "/other.txt").c_str()), 0);
    in_place_result const r = rewrite();
    EXPECT_FALSE(r.rewritten);
    EXPECT_EQ(r.problem, path_ + ": the file has 2 hard links, which rewriting it would break (--break-links "
                                 "rewrites it anyway); not rewritten");
    EXPECT_EQ(read_file(path_), original);
    EXPECT_EQ(stat_of(path_).st_nlink, 2U);
}

TEST_F(InPlace, BreakLinksRewritesOneNameOnly)
{
    expected_entries_ = {"list.txt", "other.txt"};
    ASSERT_EQ(::link(path_.c_str(), (dir_ + "/other.txt").c_str()), 0);
    in_place_result const r = rewrite({}, true);
    EXPECT_TRUE(r.rewritten) << r.problem;
    EXPECT_EQ(read_file(path_), canonical);
    EXPECT_EQ(read_file(dir_ + "/other.txt"), original);
}

// ---- the system calls failing on cue ---------------------------------------------------------

using ftpuri::cli::in_place_system;

// How many calls of the stat() below succeed before one fails (-1: none fails).
int stat_calls_before_failure = -1;

int failing_stat(char const* path, struct stat* st)
{
    if (stat_calls_before_failure-- == 0) {
        errno = EIO;
        return -1;
    }
    return ::stat(path, st);
}

template <class... Args>
int fail_with_eio(Args...)
{
    errno = EIO;
    return -1;
}

std::FILE* no_file(char const* /*unused*/, char const* /*unused*/)
{
    errno = EMFILE;
    return nullptr;
}

std::FILE* no_stream(int /*unused*/, char const* /*unused*/)
{
    errno = ENOMEM;
    return nullptr;
}

int fstat_of_a_fifo(int fd, struct stat* st)
{
    int const r = ::fstat(fd, st);
    st->st_mode = (st->st_mode & ~static_cast<mode_t>(S_IFMT)) | S_IFIFO;
    return r;
}

// The file being rewritten, for the fstat() of a stream that has no descriptor (fopencookie).
std::string stream_path;

int fstat_of_the_path(int /*unused*/, struct stat* st)
{
    return ::stat(stream_path.c_str(), st);
}

// Streams whose reads, writes or close fail (fopencookie): what a full disk or a dying device
// does to a stream. The cookie is the file descriptor, closed with the stream.
ssize_t read_fails(void* /*cookie*/, char* /*buffer*/, size_t /*size*/)
{
    errno = EIO;
    return -1;
}

ssize_t write_fails(void* /*cookie*/, char const* /*buffer*/, size_t /*size*/)
{
    errno = ENOSPC;
    return -1;
}

ssize_t write_to_fd(void* cookie, char const* buffer, size_t size)
{
    return ::write(static_cast<int>(reinterpret_cast<std::intptr_t>(cookie)), buffer, size);
}

int close_fd(void* cookie)
{
    return ::close(static_cast<int>(reinterpret_cast<std::intptr_t>(cookie)));
}

int close_fd_and_fail(void* cookie)
{
    static_cast<void>(close_fd(cookie));
    errno = EIO;
    return -1;
}

std::FILE* stream_on(int fd, char const* mode, cookie_io_functions_t io, int buffering)
{
    // The cookie is the descriptor itself, not a pointer to anything.
    // NOLINTNEXTLINE(performance-no-int-to-ptr)
    std::FILE* const f = ::fopencookie(reinterpret_cast<void*>(static_cast<std::intptr_t>(fd)), mode, io);
    if (f != nullptr) static_cast<void>(std::setvbuf(f, nullptr, buffering, 1 << 16));
    return f;
}

std::FILE* unreadable_file(char const* path, char const* mode)
{
    int const fd = ::open(path, O_RDONLY | O_CLOEXEC);
    return stream_on(fd, mode, {read_fails, nullptr, nullptr, close_fd}, _IOFBF);
}

std::FILE* unwritable_unbuffered(int fd, char const* mode)
{
    return stream_on(fd, mode, {nullptr, write_fails, nullptr, close_fd}, _IONBF);
}

std::FILE* unwritable_buffered(int fd, char const* mode)
{
    return stream_on(fd, mode, {nullptr, write_fails, nullptr, close_fd}, _IOFBF);
}

std::FILE* failing_close(int fd, char const* mode)
{
    return stream_on(fd, mode, {nullptr, write_to_fd, nullptr, close_fd_and_fail}, _IOFBF);
}

class InPlaceFailure : public InPlace {
protected:
    void TearDown() override
    {
        stat_calls_before_failure = -1;
        InPlace::TearDown();
    }

    // Rewrites the file with `system`: refused with `problem`, the file as it was.
    void expect_refused(in_place_system const& system, std::string const& problem)
    {
        in_place_result const r = rewrite({}, false, &system);
        EXPECT_FALSE(r.rewritten);
        EXPECT_EQ(r.problem, path_ + ": " + problem + "; not rewritten");
        EXPECT_EQ(read_file(path_), original);
    }
};

TEST_F(InPlaceFailure, StatOfTheTarget)
{
    in_place_system system;
    system.stat = failing_stat;
    stat_calls_before_failure = 0;
    expect_refused(system, "cannot stat: Input/output error");
}

TEST_F(InPlaceFailure, AccessSaysReadOnly)
{
    in_place_system system;
    system.access = fail_with_eio<char const*, int>;
    expect_refused(system, "the file is read-only");
}

TEST_F(InPlaceFailure, OpenForReading)
{
    in_place_system system;
    system.fopen = no_file;
    expect_refused(system, "cannot open: Too many open files");
}

TEST_F(InPlaceFailure, StatOfTheOpenFile)
{
    in_place_system system;
    system.fstat = fail_with_eio<int, struct stat*>;
    expect_refused(system, "cannot stat: Input/output error");
}

TEST_F(InPlaceFailure, TheOpenFileIsNoLongerRegular)
{
    in_place_system system;
    system.fstat = fstat_of_a_fifo;
    expect_refused(system, "not a regular file");
}

TEST_F(InPlaceFailure, TemporaryFileCreation)
{
    in_place_system system;
    system.mkstemp = fail_with_eio<char*>;
    expect_refused(system, "cannot create a temporary file in " + dir_ + ": Input/output error");
}

TEST_F(InPlaceFailure, TemporaryFileStream)
{
    in_place_system system;
    system.fdopen = no_stream;
    expect_refused(system, "cannot write a temporary file: Cannot allocate memory");
}

TEST_F(InPlaceFailure, ReadingTheFile)
{
    in_place_system system;
    system.fopen = unreadable_file;
    system.fstat = fstat_of_the_path;
    stream_path = path_;
    expect_refused(system, "could not be read whole: Input/output error");
}

TEST_F(InPlaceFailure, WritingTheNewContent)
{
    in_place_system system;
    system.fdopen = unwritable_unbuffered; // the checker's first write fails
    expect_refused(system, "could not write the new content");
}

TEST_F(InPlaceFailure, FlushingTheNewContent)
{
    in_place_system system;
    system.fdopen = unwritable_buffered; // the writes stay in the buffer until the flush
    expect_refused(system, "cannot write: No space left on device");
}

TEST_F(InPlaceFailure, SyncingTheNewContent)
{
    in_place_system system;
    system.fsync = fail_with_eio<int>;
    expect_refused(system, "cannot write: Input/output error");
}

TEST_F(InPlaceFailure, ClosingTheNewContent)
{
    in_place_system system;
    system.fdopen = failing_close;
    expect_refused(system, "cannot write: Input/output error");
}

TEST_F(InPlaceFailure, StatRightBeforeTheRename)
{
    in_place_system system;
    system.stat = failing_stat;
    stat_calls_before_failure = 1; // the target's stat, then the one before the rename
    expect_refused(system, "the file changed while it was being fixed");
}

TEST_F(InPlaceFailure, Rename)
{
    in_place_system system;
    system.rename = fail_with_eio<char const*, char const*>;
    expect_refused(system, "cannot replace the file: Input/output error");
}

TEST_F(InPlaceFailure, SyncOfTheDirectoryIsBestEffort)
{
    // The rename is done: a directory that cannot be opened to sync it changes nothing.
    in_place_system system;
    system.open_directory = fail_with_eio<char const*>;
    in_place_result const r = rewrite({}, false, &system);
    EXPECT_TRUE(r.rewritten) << r.problem;
    EXPECT_EQ(read_file(path_), canonical);
}

} // namespace
