// SPDX-License-Identifier: Apache-2.0
// pipeline.hpp: checking the lines of big inputs on every core, in constant memory, in order.
//
// The calling thread reads a file in blocks of whole lines (block_reader) and hands them to
// worker threads, which split them into lines and check each with their own line_checker; it
// writes each block's output as soon as that block and every block before it are done, so the
// output is in input order whatever the order in which the workers finish. At most 2 x jobs
// blocks are in flight, so memory stays flat however large the input: a block holds at most
// block_reader's block of bytes and lines, and a longer line is kept up to max_length + 1
// bytes (the rest is counted, not kept).
// A file that fits in one block is checked on the calling thread, and no worker is started
// until a file needs one.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "block_reader.hpp"
#include "line_checker.hpp"
#include "progress_bar.hpp"

namespace ftpuri::cli {

// Where a file's outputs go: stdout and stderr, or for --in-place the new file and stderr.
struct output_target {
    std::FILE* out;
    std::FILE* err;
};

class pipeline {
public:
    // `jobs` worker threads at most (1: everything on the calling thread). `sarif`: outputs
    // are SARIF results, whose first one loses its leading ','.
    pipeline(check_settings const& settings, unsigned jobs, progress_bar& progress);
    ~pipeline();
    pipeline(pipeline const&) = delete;
    pipeline& operator=(pipeline const&) = delete;

    // From the next input on, check with `settings` (another configuration file's): between
    // files, when nothing is in flight. The totals and the output's state carry on.
    void reconfigure(check_settings const& settings);

    // One input, on the calling thread (the command line's URIs).
    void check_argument(input_origin const& origin, std::string_view input, output_target to);

    struct file_result {
        int read_error = 0; // errno of a failed read; 0 when the file was read whole
        // The mark of a file that begins with UTF-16's or UTF-32's byte order mark, of which no
        // line was checked (block_reader); null for UTF-8.
        byte_order_mark const* foreign_mark = nullptr;
        tally counts; // this file's
    };
    // The lines of `file`, which is named `origin_name` in the reports.
    file_result check_file(std::FILE* file, std::string_view origin_name, bool from_file, std::uint64_t size,
                           output_target to);

    [[nodiscard]] tally const& totals() const noexcept { return totals_; }
    // A write failed (a closed pipe, a full disk): the caller stops and exits with 2.
    [[nodiscard]] bool write_failed() const noexcept { return write_failed_; }
    // A worker failed (out of memory): its block's output is missing; exit with 2.
    [[nodiscard]] bool worker_failed() const noexcept { return worker_failed_; }

private:
    struct block {
        line_block lines;
        std::uint64_t first_line = 0;
        std::string_view name;
        bool from_file = false;
        line_directives carried; // the file's directives in force at the block's first line
        std::string out;
        std::string err;
        tally counts;
        bool done = false;
        bool failed = false;
    };

    // Fills `b` with the next lines; false when there are none.
    static bool fill(block& b, block_reader& reader, std::uint64_t& line_number);
    static void check_block(block& b, line_checker& checker);
    void emit(std::string_view out, std::string_view err, output_target to);
    void emit_block(block& b, output_target to, tally& file_counts);
    void start_workers();
    void stop_workers();
    void work(std::size_t worker);

    check_settings settings_;
    unsigned jobs_;
    progress_bar& progress_;
    std::size_t cap_;
    std::unique_ptr<line_checker> local_; // arguments and one-block files
    tally totals_;
    bool first_report_ = true; // SARIF and codeclimate: the first report loses its leading comma
    bool write_failed_ = false;
    bool worker_failed_ = false;

    // Shared with the workers, under mutex_: ring_[seq % ring_.size()] is block number seq.
    std::mutex mutex_;
    std::condition_variable work_ready_;
    std::condition_variable block_done_;
    std::vector<std::unique_ptr<block>> ring_;
    std::uint64_t submitted_ = 0; // blocks handed to workers
    std::uint64_t taken_ = 0;     // blocks a worker has taken
    bool stopping_ = false;
    std::vector<std::unique_ptr<line_checker>> checkers_;
    std::vector<std::thread> workers_;
};

} // namespace ftpuri::cli
