// SPDX-License-Identifier: Apache-2.0
// The layering that docs/architecture.md describes, checked on the sources' #include lines, so
// that a shortcut across layers fails here rather than in review.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;

std::string const root = FTPURI_SOURCE_DIR;

// The quoted includes ("...") of every C++ file in `dir`, as {file, included name}.
std::vector<std::pair<std::string, std::string>> quoted_includes(std::string const& dir)
{
    std::vector<std::pair<std::string, std::string>> out;
    for (auto const& entry : fs::directory_iterator(fs::path(root) / dir)) {
        std::string const ext = entry.path().extension().string();
        if (ext != ".hpp" && ext != ".cpp" && ext != ".h") continue;
        std::ifstream in(entry.path());
        for (std::string line; std::getline(in, line);) {
            if (line.rfind("#include \"", 0) != 0) continue;
            std::size_t const end = line.find('"', 10);
            out.emplace_back(dir + "/" + entry.path().filename().string(), line.substr(10, end - 10));
        }
    }
    return out;
}

// Whether the file `name` names, as an #include in `dir` spells it, exists.
bool exists_in(std::string_view dir, std::string_view name)
{
    std::string path = root;
    path.append("/").append(dir).append("/").append(name);
    return fs::exists(path);
}

bool starts_with(std::string const& s, std::string const& prefix)
{
    return s.rfind(prefix, 0) == 0;
}

TEST(Architecture, PublicHeadersIncludeOnlyPublicHeaders)
{
    auto const includes = quoted_includes("include/ftpuri");
    ASSERT_FALSE(includes.empty());
    for (auto const& [file, name] : includes)
        EXPECT_TRUE(starts_with(name, "ftpuri/")) << file << " includes " << name;
}

TEST(Architecture, RulesIncludeOnlyTheBytesLayerAndOtherRules)
{
    auto const includes = quoted_includes("src/rules");
    ASSERT_FALSE(includes.empty());
    for (auto const& [file, name] : includes) {
        bool const sibling = exists_in("src/rules", name);
        EXPECT_TRUE(starts_with(name, "ftpuri/") || name == "text.hpp" || sibling) << file << " includes " << name;
    }
}

TEST(Architecture, CliUsesOnlyThePublicApi)
{
    auto const includes = quoted_includes("src/cli");
    ASSERT_FALSE(includes.empty());
    for (auto const& [file, name] : includes) {
        bool const own = name.find('/') == std::string::npos && exists_in("src/cli", name);
        // Made at build time from docs/diagnostics.md by src/cli/rule_rationale.py.
        bool const generated = name == "rule_rationale.inc";
        EXPECT_TRUE(starts_with(name, "ftpuri/") || own || generated) << file << " includes " << name;
    }
}

// The Python module is a layer beside the CLI: the public API, its own files, and the two CLI
// files it compiles in rather than writing them again (docs/architecture.md).
TEST(Architecture, PythonModuleUsesOnlyThePublicApiAndTheCliFilesItShares)
{
    auto const includes = quoted_includes("python");
    ASSERT_FALSE(includes.empty());
    for (auto const& [file, name] : includes) {
        bool const own = name.find('/') == std::string::npos && exists_in("python", name);
        bool const shared = name == "plan_lines.hpp" || name == "policy_options.hpp";
        EXPECT_TRUE(starts_with(name, "ftpuri/") || own || shared) << file << " includes " << name;
    }
}

// The guarded fetch is a layer beside the CLI, over libcurl: the public API and its own files
// (named "fetch/..."), never the core's internals; its CLI adds the policy options it shares
// with ftpuri-check (docs/architecture.md).
TEST(Architecture, FetchUsesOnlyThePublicApi)
{
    auto const includes = quoted_includes("src/fetch");
    ASSERT_FALSE(includes.empty());
    for (auto const& [file, name] : includes) {
        bool const own = starts_with(name, "fetch/") && exists_in("src", name);
        // c_fetch.cpp defines the C API's ftpuri_fetch, and checks its arguments as c_api.cpp does.
        bool const c_api = name == "ftpuri.h" || name == "../c_arguments.hpp";
        EXPECT_TRUE(starts_with(name, "ftpuri/") || own || c_api) << file << " includes " << name;
    }
    // Those shared checks read the public API alone.
    std::ifstream shared(root + "/src/c_arguments.hpp");
    std::size_t shared_includes = 0;
    for (std::string line; std::getline(shared, line);) {
        if (line.rfind("#include \"", 0) != 0) continue;
        ++shared_includes;
        std::string const name = line.substr(10, line.find('"', 10) - 10);
        EXPECT_TRUE(name == "ftpuri.h" || starts_with(name, "ftpuri/")) << "src/c_arguments.hpp includes " << name;
    }
    EXPECT_GT(shared_includes, 0U);
    auto const cli_includes = quoted_includes("src/fetch/cli");
    ASSERT_FALSE(cli_includes.empty());
    for (auto const& [file, name] : cli_includes) {
        bool const own = name.find('/') == std::string::npos && exists_in("src/fetch/cli", name);
        EXPECT_TRUE(starts_with(name, "ftpuri/") || own || name == "policy_options.hpp")
            << file << " includes " << name;
    }
}

// The JavaScript binding is another such layer: the public API, and the CLI files it shares with
// the Python module, with well_formed_utf8.hpp (the JSON's U+FFFD for bytes that are not UTF-8).
TEST(Architecture, JavaScriptBindingUsesOnlyThePublicApiAndTheCliFilesItShares)
{
    auto const includes = quoted_includes("js");
    ASSERT_FALSE(includes.empty());
    for (auto const& [file, name] : includes) {
        bool const shared = name == "plan_lines.hpp" || name == "policy_options.hpp" || name == "well_formed_utf8.hpp";
        EXPECT_TRUE(starts_with(name, "ftpuri/") || shared) << file << " includes " << name;
    }
}

TEST(Architecture, NothingBelowTheScannerIncludesIt)
{
    for (std::string const dir : {"src/rules", "include/ftpuri"})
        for (auto const& [file, name] : quoted_includes(dir))
            EXPECT_FALSE(starts_with(name, "scan/") || starts_with(name, "../scan/")) << file << " includes " << name;
}

// The scanner's parts (src/scan/) read the rules and the byte helpers below them, and each
// other; nothing above them (the canonical form, the plan, the policy).
TEST(Architecture, ScannerPartsIncludeOnlyWhatIsBelowThem)
{
    auto const includes = quoted_includes("src/scan");
    ASSERT_FALSE(includes.empty());
    for (auto const& [file, name] : includes) {
        bool const sibling = exists_in("src/scan", name);
        bool const below =
            starts_with(name, "../rules/") || name == "../text.hpp" || name == "../utf8.hpp" || name == "../idna.hpp";
        EXPECT_TRUE(starts_with(name, "ftpuri/") || sibling || below) << file << " includes " << name;
    }
}

} // namespace
