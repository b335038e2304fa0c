// SPDX-License-Identifier: Apache-2.0
#include "pipeline.hpp"

#include <algorithm>
#include <exception>

#include "directive.hpp"

namespace ftpuri::cli {

pipeline::pipeline(check_settings const& settings, unsigned jobs, progress_bar& progress)
    : settings_(settings), jobs_(std::max(jobs, 1U)), progress_(progress),
      // --in-place writes invalid lines back as they were, so it keeps them whole.
      cap_(settings.fix == fix_mode::in_place ? block_reader::no_cap : std::size_t{settings.parse.max_length} + 1),
      local_(std::make_unique<line_checker>(settings))
{
}

pipeline::~pipeline()
{
    stop_workers();
}

void pipeline::stop_workers()
{
    {
        std::lock_guard const lock(mutex_);
        stopping_ = true;
    }
    work_ready_.notify_all();
    for (std::thread& t : workers_)
        t.join();
    workers_.clear();
    checkers_.clear();
    stopping_ = false;
}

void pipeline::reconfigure(check_settings const& settings)
{
    stop_workers(); // each worker's checker has the old settings; start_workers() makes new ones
    settings_ = settings;
    cap_ = settings.fix == fix_mode::in_place ? block_reader::no_cap : std::size_t{settings.parse.max_length} + 1;
    local_ = std::make_unique<line_checker>(settings_);
}

void pipeline::check_argument(input_origin const& origin, std::string_view input, output_target to)
{
    local_->clear_counts();
    static_cast<void>(local_->check(origin, {input, input.size(), line_end::none})); // no line end was read
    totals_.add(local_->counts());
    emit(local_->output(), local_->error_output(), to);
    local_->clear_output();
}

bool pipeline::fill(block& b, block_reader& reader, std::uint64_t& line_number)
{
    if (!reader.next(b.lines)) return false;
    b.first_line = line_number + 1;
    line_number += b.lines.line_count();
    return true;
}

namespace {

// What a block's last line hides on the first line of the next block: a comment line's
// disable= (directive.hpp). Found on the reading thread, so that the next block, which another
// worker may check first, knows it.
diag_set carried_to_next(line_block const& lines, bool skip_comments)
{
    std::string_view const last = last_line(lines.text(), lines.separator());
    if (!skip_comments || !is_skipped_line(last)) return {};
    std::optional<directive> const d = find_directive(last);
    return d && !d->whole_file ? d->ids : diag_set{};
}

} // namespace

void pipeline::check_block(block& b, line_checker& checker)
{
    checker.clear_output();
    checker.clear_counts();
    checker.check_lines({b.name, b.first_line, b.from_file}, b.lines, b.carried);
    b.counts = checker.counts();
    checker.take_output(b.out, b.err);
}

void pipeline::emit(std::string_view out, std::string_view err, output_target to)
{
    if (write_failed_) return;
    // The first item of the run's JSON array (SARIF's results, the code quality report's issues)
    // has no comma before it.
    if (reports_join_with_commas(settings_.format) && first_report_ && !out.empty() && out.front() == ',') {
        out.remove_prefix(1);
        first_report_ = false;
    }
    // glibc's fwrite() counts every byte of an unbuffered stream as written even when the write
    // failed; the stream's error flag tells.
    auto write_all = [](std::string_view bytes, std::FILE* stream) {
        return bytes.empty() ||
               (std::fwrite(bytes.data(), 1, bytes.size(), stream) == bytes.size() && std::ferror(stream) == 0);
    };
    if (!out.empty() || !err.empty()) progress_.erase_before(to.out, !err.empty());
    // A closed pipe (ftpuri-check ... | head) ends the run quietly with exit code 2.
    if (!write_all(out, to.out) || !write_all(err, to.err)) write_failed_ = true;
}

void pipeline::emit_block(block& b, output_target to, tally& file_counts)
{
    if (b.failed) worker_failed_ = true;
    emit(b.out, b.err, to);
    totals_.add(b.counts);
    file_counts.add(b.counts);
}

pipeline::file_result pipeline::check_file(std::FILE* file, std::string_view origin_name, bool from_file,
                                           std::uint64_t size, output_target to)
{
    file_result result;
    block_reader reader(file, cap_);
    reader.use_separator(settings_.line_separator);
    std::uint64_t line_number = 0;
    progress_.begin(origin_name, size);

    // The first block decides: a file that ends within it is checked here, without workers.
    auto first = std::make_unique<block>();
    first->name = origin_name;
    first->from_file = from_file;
    bool const any = fill(*first, reader, line_number);
    // The file is written anew as it was: its byte order mark, which no line holds, first.
    if (reader.skipped_bom() && settings_.fix == fix_mode::in_place) emit(block_reader::utf8_bom, {}, to);
    // The file's directives: disable-file among its leading comment lines (in the first block),
    // and each block's carry to the next.
    line_directives carried;
    if (any && settings_.skip_comments) carried.file = file_directives(first->lines.text(), first->lines.separator());
    first->carried = carried;
    auto carry_from = [&](block const& previous) {
        carried.next_line = carried_to_next(previous.lines, settings_.skip_comments);
    };
    if (reader.exhausted() || jobs_ == 1) {
        block& b = *first;
        bool have = any;
        while (have && !write_failed_) {
            check_block(b, *local_);
            emit_block(b, to, result.counts);
            progress_.update(reader.bytes_read(), totals_.inputs);
            carry_from(b);
            have = fill(b, reader, line_number);
            b.carried = carried;
        }
    } else {
        start_workers();
        std::uint64_t written = submitted_;
        // Waits for the oldest block in flight, the next in input order, and writes it out.
        auto write_oldest = [&](std::unique_lock<std::mutex>& lock) {
            block& oldest = *ring_[written % ring_.size()];
            block_done_.wait(lock, [&] { return oldest.done; });
            lock.unlock();
            emit_block(oldest, to, result.counts);
            progress_.update(reader.bytes_read(), totals_.inputs);
            lock.lock();
            ++written;
        };
        bool have = true;
        std::unique_ptr<block> pending = std::move(first);
        while (!write_failed_) {
            std::unique_lock lock(mutex_);
            // The ring is full: write the oldest block out first (it is the next in order).
            while (submitted_ - written == ring_.size())
                write_oldest(lock);
            if (!have) break;
            // Hand the pending block over, and take the slot's old block to fill next.
            std::unique_ptr<block>& slot = ring_[submitted_ % ring_.size()];
            pending->done = false;
            pending->failed = false;
            std::swap(slot, pending);
            ++submitted_;
            carry_from(*slot); // a worker may read the block meanwhile, never change its lines
            lock.unlock();
            work_ready_.notify_one();
            if (!pending) pending = std::make_unique<block>();
            pending->name = origin_name;
            pending->from_file = from_file;
            have = fill(*pending, reader, line_number);
            pending->carried = carried;
        }
        // Write out the rest, in order; after a failed write only wait for the workers.
        std::unique_lock lock(mutex_);
        while (written < submitted_)
            write_oldest(lock);
    }
    progress_.update(reader.bytes_read(), totals_.inputs, true);
    if (reader.failed()) result.read_error = reader.errno_value();
    result.foreign_mark = reader.foreign_mark();
    return result;
}

void pipeline::start_workers()
{
    if (!workers_.empty()) return;
    ring_.resize(std::size_t{2} * jobs_);
    for (unsigned i = 0; i < jobs_; ++i)
        checkers_.push_back(std::make_unique<line_checker>(settings_));
    for (unsigned i = 0; i < jobs_; ++i)
        workers_.emplace_back([this, i] { work(i); });
}

void pipeline::work(std::size_t worker)
{
    line_checker& checker = *checkers_[worker];
    for (;;) {
        block* b = nullptr;
        {
            std::unique_lock lock(mutex_);
            work_ready_.wait(lock, [&] { return stopping_ || taken_ < submitted_; });
            if (taken_ == submitted_) return; // stopping, and nothing left
            b = ring_[taken_ % ring_.size()].get();
            ++taken_;
        }
        bool failed = false;
        try {
            check_block(*b, checker);
        } catch (std::exception const&) { // std::bad_alloc: the block's output is lost, the run fails
            b->out.clear();
            b->err.clear();
            failed = true;
        }
        {
            std::lock_guard const lock(mutex_);
            b->failed = failed;
            b->done = true;
        }
        block_done_.notify_all();
    }
}

} // namespace ftpuri::cli
