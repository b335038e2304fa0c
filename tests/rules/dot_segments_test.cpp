// SPDX-License-Identifier: Apache-2.0
// RFC 3986 5.2.4 (src/rules/dot_segments.hpp) against the RFC's own algorithm, written here
// step by step as section 5.2.4 states it, over every path of a small alphabet; and the depth
// rule's forward count (kept_segment_counter) against the backward reading; the walk's bulk steps
// against its steps one at a time.
#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "rules/directory_walk.hpp"
#include "rules/dot_segments.hpp"

namespace {

using namespace ftpuri::rules;

// 5.2.4 as written: steps A to E on an input buffer and an output buffer.
std::string rfc_remove_dot_segments(std::string in)
{
    std::string out;
    while (!in.empty()) {
        if (in.starts_with("../")) {
            in.erase(0, 3); // A
        } else if (in.starts_with("./")) {
            in.erase(0, 2); // A
        } else if (in.starts_with("/./")) {
            in.replace(0, 3, "/"); // B
        } else if (in == "/.") {
            in = "/"; // B
        } else if (in.starts_with("/../") || in == "/..") {
            in.replace(0, in == "/.." ? 3 : 4, "/"); // C
            std::size_t const slash = out.rfind('/');
            out.erase(slash == std::string::npos ? 0 : slash);
        } else if (in == "." || in == "..") {
            in.clear(); // D
        } else {
            std::size_t const end = in.find('/', 1); // E
            out += in.substr(0, end);
            in.erase(0, end == std::string::npos ? in.size() : end);
        }
    }
    return out;
}

// The library's reading, as resolve() writes it.
std::string kept_path(std::string_view path)
{
    std::string out(path.size() + 1, '\0');
    out.resize(write_path_without_dot_segments(path, out.data(), 0, out.size()));
    return out;
}

// Every path of up to `length` tokens over "a", ".", "..", "/", rooted or not.
std::vector<std::string> all_paths(int length)
{
    std::vector<std::string> paths{""};
    std::vector<std::string> frontier{""};
    for (int i = 0; i < length; ++i) {
        std::vector<std::string> next;
        for (std::string const& p : frontier)
            for (char const* token : {"a", "b", ".", "..", "/"})
                next.push_back(p + token);
        paths.insert(paths.end(), next.begin(), next.end());
        frontier = std::move(next);
    }
    return paths;
}

TEST(DotSegments, AgreeWithSection524OnEveryShortPath)
{
    std::size_t checked = 0;
    for (std::string const& path : all_paths(7)) {
        ASSERT_EQ(kept_path(path), rfc_remove_dot_segments(path)) << '"' << path << '"';
        ++checked;
    }
    EXPECT_GT(checked, 90000U);
}

TEST(DotSegments, TheExamplesOfTheRfc)
{
    EXPECT_EQ(kept_path("/a/b/c/./../../g"), "/a/g");    // 5.2.4's first example
    EXPECT_EQ(kept_path("mid/content=5/../6"), "mid/6"); // and its second
    EXPECT_EQ(kept_path("a/../b"), "/b");                // 5.2.4 roots what it read as rootless here
    EXPECT_EQ(kept_path("../a"), "a");
}

TEST(DotSegments, EncodedDotsCountOnlyWhenNormalizing)
{
    EXPECT_EQ(dot_segment_length("%2E"), 1);
    EXPECT_EQ(dot_segment_length(".%2e"), 2);
    EXPECT_EQ(dot_segment_length("%2E%2E%2E"), 0);
    EXPECT_EQ(literal_dot_segment_length("%2E"), 0);
    EXPECT_EQ(literal_dot_segment_length(".."), 2);
}

// The depth rule counts forwards what the canonical form reads backwards: for every rooted
// path, the segments kept are the same number either way (less the empty name a final dot-
// segment leaves, which only the backward reading writes).
TEST(DotSegments, ForwardCountMatchesBackwardReading)
{
    for (std::string const& tail : all_paths(6)) {
        std::string const path = "/" + tail;
        std::vector<std::string_view> in_order;
        std::string_view s;
        for (auto segments = backward_segments(path); segments.previous(s);)
            in_order.insert(in_order.begin(), s);
        kept_segment_counter forward;
        for (std::string_view segment : in_order)
            forward.next(literal_dot_segment_length(segment));
        std::size_t backward = 0;
        for (auto kept = kept_segments_backward(backward_segments(path), literal_dot_segment_length); kept.previous(s);)
            ++backward;
        std::size_t const final_dot = literal_dot_segment_length(in_order.back()) > 0 ? 1 : 0;
        ASSERT_EQ(forward.kept() + final_dot, backward) << path;
    }
}

TEST(DirectoryWalk, FindsANullCwdCancelledByDotDot)
{
    // "/pub//../x": the plan walks pub, (null), .. = the start; RFC 3986 cancels the empty one.
    directory_walk walk;
    EXPECT_FALSE(walk.next(0, false, false, false).cancels_empty); // pub
    EXPECT_FALSE(walk.next(0, true, false, false).cancels_empty);  // (empty)
    directory_walk::step const up = walk.next(2, false, false, false);
    EXPECT_TRUE(up.cancels_empty);
    EXPECT_FALSE(up.above_root);
    EXPECT_TRUE(walk.next(2, false, false, false).above_root); // one more ".." leaves the start
}

TEST(DirectoryWalk, HomeDirectoryStartsAtDepthZero)
{
    directory_walk walk;
    walk.next(0, false, false, true); // "~user"
    EXPECT_TRUE(walk.next(2, false, false, false).above_root);
}

TEST(DirectoryWalk, FindsASlashedSegmentCancelled)
{
    directory_walk walk;
    walk.next(0, false, true, false); // "x%2Fy"
    EXPECT_TRUE(walk.next(2, false, false, false).cancels_slashed);
}

// empties(k) takes what k empty segments taken one at a time would: after any start of up to
// three segments, every continuation of up to four gets the same three findings at each step,
// and the walk keeps as many segments.
TEST(DirectoryWalk, EmptiesTakeWhatAsManyEmptySegmentsWould)
{
    struct segment {
        int dots;
        bool empty;
        bool slashed;
    };
    constexpr std::array<segment, 5> kinds = {{{0, false, false}, // "a"
                                               {0, true, false},  // ""
                                               {0, false, true},  // "x%2Fy"
                                               {2, false, false}, // ".."
                                               {1, false, false}}};
    // The walk fed the segments that `code` numbers in base 5, `length` of them.
    auto feed = [&](directory_walk& walk, unsigned code, unsigned length, std::vector<directory_walk::step>* steps) {
        for (unsigned i = 0; i < length; ++i, code /= kinds.size()) {
            segment const s = kinds[code % kinds.size()];
            directory_walk::step const step = walk.next(s.dots, s.empty, s.slashed, false);
            if (steps != nullptr) steps->push_back(step);
        }
    };
    std::size_t compared = 0;
    for (unsigned start_length = 0, starts = 1; start_length <= 3; ++start_length, starts *= kinds.size()) {
        for (unsigned start = 0; start < starts; ++start) {
            for (std::size_t count = 0; count <= 4; ++count) {
                directory_walk one_at_a_time;
                directory_walk at_once;
                feed(one_at_a_time, start, start_length, nullptr);
                feed(at_once, start, start_length, nullptr);
                for (std::size_t k = 0; k < count; ++k)
                    one_at_a_time.next(0, true, false, false);
                at_once.empties(count);
                ASSERT_EQ(one_at_a_time.kept(), at_once.kept());
                for (unsigned then_length = 0, thens = 1; then_length <= 4; ++then_length, thens *= kinds.size()) {
                    for (unsigned then = 0; then < thens; ++then) {
                        directory_walk a = one_at_a_time;
                        directory_walk b = at_once;
                        std::vector<directory_walk::step> steps_a;
                        std::vector<directory_walk::step> steps_b;
                        feed(a, then, then_length, &steps_a);
                        feed(b, then, then_length, &steps_b);
                        ASSERT_EQ(a.kept(), b.kept());
                        for (std::size_t i = 0; i < steps_a.size(); ++i) {
                            ASSERT_EQ(steps_a[i].above_root, steps_b[i].above_root)
                                << start << " " << count << " " << then;
                            ASSERT_EQ(steps_a[i].cancels_empty, steps_b[i].cancels_empty) << start << " " << count;
                            ASSERT_EQ(steps_a[i].cancels_slashed, steps_b[i].cancels_slashed) << start << " " << count;
                        }
                        ++compared;
                    }
                }
            }
        }
    }
    EXPECT_EQ(compared, 156U * 5U * 781U);
}

} // namespace
