// `sudokucam batch DIR -o OUTDIR` (or `--files-from LIST`, and `--shard K/N`): every photo under
// a folder read, solved and annotated, with a resumable results.jsonl. Only arguments, signals and
// the summary live here; the work is app/BatchRunner.h.

#include <cstddef>
#include <exception>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include <fmt/core.h>
#include <unistd.h>

#include "app/BatchRunner.h"
#include "app/Commands.h"
#include "app/Interrupt.h"
#include "app/OptionChoices.h"
#include "app/ReaderChoice.h"
#include "app/ReaderFlags.h"
#include "vision/classifying/ClassifierLoader.h"
#include "vision/drawing/Overlay.h"

namespace sudokucam {
namespace {

struct BatchArgs {
    std::string dir, filesFrom, shard, output, show = "solution";
    int jobs = 0;
    std::size_t maxQueueMb = kDefaultMaxQueueMb;
    ReaderChoice reader;
};

void PrintSummary(const BatchSummary& s, std::size_t maxQueueMb) {
    fmt::print("read: {}\n", s.read);
    fmt::print("solved: {}\n", s.solved);
    fmt::print("unsolved: {}\n", s.unsolved);
    fmt::print("not found: {}\n", s.notFound);
    fmt::print("errors: {}\n", s.errors);
    fmt::print("skipped: {}\n", s.skipped);
    fmt::print("already done: {}\n", s.alreadyDone);
    if (s.otherShards) fmt::print("other shards: {}\n", s.otherShards);
    if (s.repeated) fmt::print("listed twice: {}\n", s.repeated);
    fmt::print("queue memory peak (MB): {} of {}\n", (s.peakQueueBytes + (1 << 20) - 1) >> 20,
               maxQueueMb);
    fmt::print("images per second: {:.2f} ({} in {:.1f} s, {} worker{})\n", s.imagesPerSecond(),
               s.read, s.seconds, s.workers, s.workers == 1 ? "" : "s");
    if (s.interrupted || !s.fault.empty())
        fmt::print("{}: {} images left for the next run\n",
                   s.interrupted ? "interrupted" : "stopped", s.images - s.alreadyDone - s.read);
}

// The error in the arguments CLI11 cannot see, or "" (checked before the classifier is loaded,
// which takes a moment).
std::string ArgumentError(const BatchArgs& args, BatchOptions& options) {
    if (args.dir.empty() == args.filesFrom.empty())
        return "give either a folder or --files-from LIST, not both";
    if (!args.dir.empty() && !std::filesystem::is_directory(args.dir))
        return args.dir + " is not a folder";
    std::string error;
    if (!args.shard.empty() && !(options.shard = ParseShard(args.shard, error)))
        return error.insert(0, "--shard ");
    try {
        options.reader = args.reader.options();
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "";
}

int RunBatchCommand(const BatchArgs& args) {
    BatchOptions options;
    if (const std::string error = ArgumentError(args, options); !error.empty()) {
        std::cerr << "sudokucam batch: " << error << "\n";
        return kExitUsage;
    }
    options.inputDir = args.dir;
    options.filesFrom = args.filesFrom;
    options.outputDir = args.output;
    options.jobs = args.jobs;
    options.progressBar = ::isatty(STDERR_FILENO) != 0;
    options.maxQueueBytes = args.maxQueueMb << 20;
    sudoku::OverlayOptions overlay;
    overlay.mode = sudoku::OverlayModeFromId(args.show).value_or(sudoku::OverlayMode::Solution);
    options.annotate = [overlay](cv::Mat& photo, const sudoku::Reading& r) {
        sudoku::DrawOverlay(photo, r, overlay);
    };
    try {
        // Ctrl-C stops the batch after the images in flight. Made first, so that every thread
        // the run starts (OpenCV's too, as the model loads) leaves the signal to it.
        const InterruptGuard interrupts;
        // Loaded once here so a missing model stops the batch before any image is read.
        options.reader.classifier =
            sudoku::LoadClassifier(options.reader.engine, args.reader.model);
        const BatchSummary summary = RunBatch(options, interrupts.stop());
        PrintSummary(summary, args.maxQueueMb);
        if (!summary.fault.empty()) {
            // A full disk will not free itself: stop, say where, and let a later run resume.
            std::cerr << "sudokucam batch: stopped, the output could not be written: "
                      << summary.fault << "\n";
            return kExitUsage;
        }
        if (summary.interrupted) return kExitInterrupted;
        return summary.errors ? kExitFailure : kExitOk;
    } catch (const std::exception& e) {
        std::cerr << "sudokucam batch: " << e.what() << "\n";
        return kExitUsage;
    }
}

}  // namespace

void RegisterBatchCommand(CLI::App& app, int& exitCode) {
    auto args = std::make_shared<BatchArgs>();
    CLI::App* cmd = app.add_subcommand(
        "batch",
        "Read every photo under a folder or in a list, or one shard of them; resumes where an "
        "earlier run stopped");
    cmd->add_option("dir", args->dir,
                    "The folder of photos (searched recursively), or none with --files-from");
    cmd->add_option("--files-from", args->filesFrom,
                    "Read the paths listed in this file, one a line ('-': standard input), "
                    "relative to the current directory, taken as written; a missing file gets "
                    "an error line");
    cmd->add_option("--shard", args->shard,
                    "Read only shard K of N (1 <= K <= N): the files whose FNV-1a hash of their "
                    "name (the path under DIR, or the line as listed) is K-1 modulo N; the "
                    "results go to results.shard-K-of-N.jsonl (see `sudokucam merge`)");
    cmd->add_option("-o,--output", args->output,
                    "Output folder: annotated photos and results.jsonl (a shard's: "
                    "results.shard-K-of-N.jsonl)")
        ->required();
    cmd->add_option("-j,--jobs", args->jobs, "Worker threads (default: one per core)")
        ->check(CLI::Range(1, 256));
    cmd->add_option("--show", args->show, "What to draw on the photos (default: solution)")
        ->check(CLI::IsMember(kShowChoices));
    AddReaderFlags(*cmd, args->reader);
    cmd->add_option("--max-queue-mb", args->maxQueueMb,
                    "Memory for the photos read at once by all workers, estimated from their "
                    "headers before decoding; a larger photo is read alone (default: 1024)")
        ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 20));
    cmd->callback([args, &exitCode] { exitCode = RunBatchCommand(*args); });
}

}  // namespace sudokucam
