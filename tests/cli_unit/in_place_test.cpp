// SPDX-License-Identifier: Apache-2.0
// in_place_test: --fix --in-place never loses an update made while it works. Between the read
// of the file and the rename of the new content over it, another writer may change the file;
// rewrite_in_place must then refuse, leave the other writer's content in place and remove its
// temporary file. The change is made deterministically through in_place_options::before_replace,
// which runs at the last moment before the rename: a longer file, the same bytes with an mtime
// one nanosecond later, another file renamed over the name with the same size and mtime, a new
// hard link. Also: a file with several hard links is refused unless break_links says otherwise.
#include <gtest/gtest.h>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

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

constexpr char const* original = "FTP://h/a\nftp://h/b c\n";
constexpr char const* canonical = "ftp://h/a\nftp://h/b c\n";

std::string read_file(std::string const& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

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

    in_place_result rewrite(std::function<void()> before_replace = {}, bool break_links = false)
    {
        in_place_options options;
        options.before_replace = std::move(before_replace);
        options.break_links = break_links;
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

} // namespace
