// SPDX-License-Identifier: Apache-2.0
// source_path.cpp: file names relative to the working directory (source_path.hpp).
#include "source_path.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <memory>
#include <string>

namespace ftpuri::cli {
namespace {

struct working_directory {
    std::string real;  // getcwd(); empty if it failed (the directory was removed)
    std::string shell; // $PWD, when it names the same directory by another spelling
};

working_directory read_working_directory()
{
    working_directory dir;
    std::unique_ptr<char, decltype(&std::free)> const real(::getcwd(nullptr, 0), &std::free);
    if (real) dir.real = real.get();
    char const* const pwd = std::getenv("PWD");
    struct stat by_pwd {};
    struct stat here {};
    if (pwd != nullptr && pwd[0] == '/' && dir.real != pwd && ::stat(pwd, &by_pwd) == 0 && ::stat(".", &here) == 0 &&
        by_pwd.st_dev == here.st_dev && by_pwd.st_ino == here.st_ino)
        dir.shell = pwd;
    return dir;
}

// Read once, by whichever thread asks first: the directory does not change during a run.
working_directory const& the_working_directory()
{
    static working_directory const dir = read_working_directory();
    return dir;
}

// What follows `dir` and a '/' in `path`, or nothing when `path` is not under `dir`.
bool strip_directory(std::string_view& path, std::string_view dir) noexcept
{
    while (dir.size() > 1 && dir.back() == '/')
        dir.remove_suffix(1);
    if (dir.empty() || !path.starts_with(dir)) return false;
    std::string_view rest = path.substr(dir.size());
    if (dir != "/") {
        if (!rest.starts_with('/')) return false; // /work/main2 is not under /work/main
        rest.remove_prefix(1);
    }
    if (rest.empty()) return false; // the directory itself
    path = rest;
    return true;
}

} // namespace

source_path relative_source_path(std::string_view name)
{
    std::string_view path = name;
    if (path.starts_with('/')) {
        working_directory const& dir = the_working_directory();
        if (!strip_directory(path, dir.real) && !strip_directory(path, dir.shell)) return {name, false};
    }
    // "./a.txt" and "a.txt" are one file, and repositories know it by the second name.
    while (path.starts_with("./")) {
        path.remove_prefix(2);
        while (path.starts_with('/'))
            path.remove_prefix(1);
    }
    if (path.empty()) return {name, !name.starts_with('/')};
    return {path, true};
}

} // namespace ftpuri::cli
