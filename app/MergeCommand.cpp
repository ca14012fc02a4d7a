// `sudokucam merge RESULTS... [-o OUT] [--files-from LIST | --folder DIR]`: the results files of
// the shards of a batch joined into one and checked. Arguments and output only; the work is
// app/ResultsMerge.h.

#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "app/BatchInputs.h"
#include "app/Commands.h"
#include "app/ResultsLog.h"
#include "app/ResultsMerge.h"

namespace sudokucam {
namespace {

namespace fs = std::filesystem;

struct MergeArgs {
    std::vector<std::string> results;
    std::string output, filesFrom, folder;
};

// The inputs' names as batch writes them in "file", or nullopt when none were given.
std::optional<std::vector<std::string>> ExpectedInputs(const MergeArgs& args) {
    if (args.filesFrom.empty() && args.folder.empty()) return std::nullopt;
    BatchInputs inputs;
    if (!args.filesFrom.empty()) {
        inputs = ListedFiles(args.filesFrom, Shard{});
    } else {
        if (!fs::is_directory(args.folder))
            throw std::runtime_error(args.folder + " is not a folder");
        // As batch does, the output folders inside the folder are not inputs.
        std::vector<fs::path> outputs;
        for (const std::string& file : args.results)
            outputs.push_back(fs::absolute(file).parent_path());
        inputs = FindImages(args.folder, outputs, Shard{});
    }
    for (std::string& file : inputs.files)
        file = LogKey(file);
    return std::move(inputs.files);
}

void WriteAll(const fs::path& path, const std::vector<std::string>& lines) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    for (const std::string& line : lines)
        out << line << '\n';
    out.close();
    if (!out) throw std::runtime_error("cannot write " + path.string());
}

// A temporary file renamed over `path`: a reader never sees half of the merge. What is not a
// file (/dev/stdout, a pipe) is written as it is: it cannot be renamed over.
void WriteLines(const fs::path& path, const std::vector<std::string>& lines) {
    std::error_code ec;
    if (fs::exists(path, ec) && !fs::is_regular_file(path, ec)) return WriteAll(path, lines);
    fs::path temp = path;
    temp += ".sudokucam-tmp";
    try {
        WriteAll(temp, lines);
    } catch (...) {
        fs::remove(temp, ec);
        throw;
    }
    fs::rename(temp, path, ec);
    if (ec) throw std::runtime_error("cannot rename " + temp.string() + ": " + ec.message());
}

void PrintProblems(const MergeReport& r) {
    for (const auto& [label, list] :
         {std::pair<const char*, const std::vector<std::string>*>{"missing", &r.missing},
          {"done more than once", &r.duplicated},
          {"not an input", &r.unexpected},
          {"invalid", &r.invalid},
          {"shards", &r.shards},
          {"torn last line ignored (a batch killed while writing it; run it again)", &r.torn}})
        for (const std::string& item : *list)
            std::cerr << "sudokucam merge: " << label << ": " << item << "\n";
}

void PrintSummary(const MergeReport& r, std::FILE* out) {
    fmt::print(out, "results files: {}\n", r.files);
    fmt::print(out, "result lines: {}\n", r.results);
    if (r.inputs) fmt::print(out, "inputs: {}\n", *r.inputs);
    fmt::print(out, "merged: {}\n", r.lines.size());
    if (r.inputs) fmt::print(out, "missing: {}\n", r.missing.size());
    fmt::print(out, "done more than once: {}\n", r.duplicated.size());
    if (r.inputs) fmt::print(out, "not inputs: {}\n", r.unexpected.size());
}

int RunMerge(const MergeArgs& args) {
    try {
        const MergeReport report = MergeResults(
            std::vector<fs::path>(args.results.begin(), args.results.end()), ExpectedInputs(args));
        PrintProblems(report);
        if (!report.ok()) {
            PrintSummary(report, stderr);
            std::cerr << "sudokucam merge: not merged: every input must be done exactly once\n";
            return kExitFailure;
        }
        if (args.output.empty()) {
            for (const std::string& line : report.lines)
                std::cout << line << '\n';
            PrintSummary(report, stderr);
        } else {
            WriteLines(args.output, report.lines);
            PrintSummary(report, stdout);
        }
        return kExitOk;
    } catch (const std::exception& e) {
        std::cerr << "sudokucam merge: " << e.what() << "\n";
        return kExitUsage;
    }
}

}  // namespace

void RegisterMergeCommand(CLI::App& app, int& exitCode) {
    auto args = std::make_shared<MergeArgs>();
    CLI::App* cmd = app.add_subcommand(
        "merge",
        "Join the results files of a sharded batch into one, checking that every input was "
        "done exactly once");
    cmd->add_option("results", args->results,
                    "The results files (e.g. OUT/results.shard-*-of-8.jsonl)")
        ->required();
    cmd->add_option("-o,--output", args->output,
                    "Write the merged results here (default: standard output); written only "
                    "when the check passes");
    auto* list = cmd->add_option("--files-from", args->filesFrom,
                                 "The list the batch read: each of its paths must have exactly "
                                 "one result, and nothing else may");
    auto* folder = cmd->add_option("--folder", args->folder,
                                   "The folder the batch read: each image under it must have "
                                   "exactly one result, and nothing else may");
    list->excludes(folder);
    cmd->callback([args, &exitCode] { exitCode = RunMerge(*args); });
}

}  // namespace sudokucam
