#include "app/BatchRunner.h"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include <opencv2/core/utility.hpp>

#include "app/BatchInputs.h"
#include "app/BatchProgress.h"
#include "app/OpenCvThreads.h"
#include "app/ResultsLog.h"

namespace sudokucam {
namespace {

namespace fs = std::filesystem;

// Temporary files (ending in `suffix`) of a run that was killed between writing an image and
// renaming it.
void RemoveTempFiles(const fs::path& outputDir, const std::string& suffix) {
    std::error_code ec;
    std::vector<fs::path> leftovers;
    for (fs::recursive_directory_iterator it(outputDir, ec), end; !ec && it != end;
         it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (it->is_regular_file(ec) && name.ends_with(suffix)) leftovers.push_back(it->path());
    }
    for (const auto& p : leftovers)
        fs::remove(p, ec);
}

// Results from the workers to the one writer; ends when every worker has said it is done.
class ResultChannel {
public:
    explicit ResultChannel(int workers) : workers_(workers) {}

    void push(ImageResult result) {
        {
            const std::lock_guard lock(mutex_);
            results_.push_back(std::move(result));
        }
        ready_.notify_one();
    }
    void workerDone() {
        {
            const std::lock_guard lock(mutex_);
            --workers_;
        }
        ready_.notify_one();
    }
    // The next result, or nullopt once the workers are all done and everything was taken.
    std::optional<ImageResult> pop() {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [this] { return !results_.empty() || workers_ == 0; });
        if (results_.empty()) return std::nullopt;
        ImageResult r = std::move(results_.front());
        results_.pop_front();
        return r;
    }

private:
    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<ImageResult> results_;
    int workers_;
};

void Tally(BatchSummary& s, const ImageResult& r) {
    ++s.read;
    using sudoku::ReadStatus;
    if (r.status == ReadStatus::Error || r.outputFailed)
        ++s.errors;
    else if (r.status == ReadStatus::NotFound)
        ++s.notFound;
    else if (r.status == ReadStatus::Solved)
        ++s.solved;
    else
        ++s.unsolved;
}

std::string StatusText(const ImageResult& r) {
    std::string text(sudoku::ReadStatusId(r.status));
    return r.outputFailed ? text + ", annotated copy not written" : text;
}

// This thread is the one writer: a line is logged only once its image is complete. A failing
// disk sets `halt` and is returned; the images in flight that were written are still logged.
std::string WriteResults(ResultChannel& channel, ResultsLog& log, BatchSummary& summary,
                         BatchProgress& progress, std::atomic<bool>& halt) {
    std::string fault;
    bool logBroken = false;
    while (auto result = channel.pop()) {
        if (result->diskFailed || logBroken) {
            if (fault.empty()) fault = result->diskError;
            halt = true;
            continue;
        }
        try {
            log.append(result->line);
        } catch (const std::exception& e) {
            if (fault.empty()) fault = e.what();
            logBroken = true;
            halt = true;
            continue;
        }
        Tally(summary, *result);
        progress.imageDone(result->file, StatusText(*result));
    }
    return fault;
}

// The inputs of this run, its shard's: the list's paths or the folder's images.
BatchInputs FindInputs(const BatchOptions& options) {
    const Shard shard = options.shard.value_or(Shard{});
    if (!options.filesFrom.empty()) return ListedFiles(options.filesFrom, shard);
    if (!fs::is_directory(options.inputDir))
        throw std::runtime_error(options.inputDir.string() + " is not a folder");
    return FindImages(options.inputDir, {options.outputDir}, shard);
}

// A shard clears only its own temporary files: the other shards may be writing theirs.
std::string TempSuffix(const std::optional<Shard>& shard) {
    std::string suffix;
    if (shard) suffix = "." + ShardTag(*shard);
    return suffix.append(kTempSuffix);
}

}  // namespace

BatchSummary RunBatch(const BatchOptions& options, const std::atomic<bool>& stop) {
    BatchInputs inputs = FindInputs(options);
    std::error_code ec;
    fs::create_directories(options.outputDir, ec);
    if (ec)
        throw std::runtime_error("cannot create " + options.outputDir.string() + ": " +
                                 ec.message());
    ResultsLog log(options.outputDir / ResultsFileName(options.shard));
    const ImageOutput output{options.outputDir, TempSuffix(options.shard), options.annotate};
    RemoveTempFiles(options.outputDir, output.tempSuffix);

    BatchSummary summary;
    summary.skipped = inputs.skipped;
    summary.otherShards = inputs.otherShards;
    summary.repeated = inputs.repeated;
    std::vector<std::string> pending;
    for (auto& file : inputs.files) {
        ++summary.images;
        if (log.done().count(LogKey(file)))
            ++summary.alreadyDone;
        else
            pending.push_back(std::move(file));
    }
    inputs.files = {};

    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    summary.workers = std::clamp(options.jobs > 0 ? options.jobs : cores, 1,
                                 std::max(1, static_cast<int>(pending.size())));
    // With several workers, OpenCV's own thread pool would only make them compete for the cores.
    const OpenCvThreads openCvThreads(summary.workers > 1 ? 1 : 0);
    BatchProgress progress(static_cast<int>(pending.size()), options.progressBar);
    DecodeBudget budget(options.maxQueueBytes);
    std::atomic<std::size_t> next{0};
    std::atomic<bool> halt{false};  // the writer stopped the run: the output disk failed
    const auto stopped = [&] { return stop || halt; };
    ResultChannel channel(summary.workers);
    std::vector<std::jthread> workers;
    for (int w = 0; w < summary.workers; ++w)
        workers.emplace_back([&] {
            while (!stopped()) {
                const std::size_t k = next++;
                if (k >= pending.size()) break;
                // Reserved before the photo is read, held until its line is made.
                const BatchInput input = inputs.input(pending[k]);
                const auto reservation = budget.reserve(EstimateDecodeBytes(input.path), stopped);
                if (!reservation) break;
                channel.push(ProcessImage(input, output, options.reader));
            }
            channel.workerDone();
        });
    summary.fault = WriteResults(channel, log, summary, progress, halt);
    for (auto& t : workers)
        t.join();
    progress.finish();
    if (!summary.fault.empty()) RemoveTempFiles(options.outputDir, output.tempSuffix);
    summary.interrupted = summary.fault.empty() && summary.read < static_cast<int>(pending.size());
    summary.peakQueueBytes = budget.peak();
    summary.seconds = progress.seconds();
    return summary;
}

}  // namespace sudokucam
