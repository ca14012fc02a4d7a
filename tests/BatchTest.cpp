// `sudokucam batch`: the image sniffing, the resume log and the merge of results files on their
// own, then the built program run on a temporary folder made from shared photos plus a corrupt
// JPEG and a text file named .jpg: summary counts, one results.jsonl line per image, resume, a
// run killed mid-way, shards of a folder or of a --files-from list, and `sudokucam merge`.

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>

#include "app/BatchInputs.h"
#include "app/ImageSniff.h"
#include "app/ResultsLog.h"
#include "app/ResultsMerge.h"
#include "tests/ProgramRun.h"
#include "tests/TestFiles.h"

namespace sudokucam {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using sudoku::Cat;
using sudoku::FreshDir;
using sudoku::KeyCounts;
using sudoku::Quote;
using sudoku::ReadText;
using sudoku::RunProgram;
using sudoku::WriteText;

const fs::path kPrinted = fs::path(SUDOKU_SHARED_DIR) / "datasets" / "wichtounet-train" / "printed";

std::vector<std::uint8_t> Bytes(const std::string& s) {
    return {s.begin(), s.end()};
}

// ---- sniffing ------------------------------------------------------------------------------

TEST(ImageSniff, KnowsFormatsByTheirFirstBytes) {
    using namespace std::string_literals;
    EXPECT_EQ(SniffImageFormat(Bytes("\xFF\xD8\xFF\xE0\x00\x10JFIF"s)), ImageFormat::Jpeg);
    EXPECT_EQ(SniffImageFormat(Bytes("\x89PNG\r\n\x1A\n\0\0\0\rIHDR"s)), ImageFormat::Png);
    EXPECT_EQ(SniffImageFormat(Bytes("BM\x36\x00\x0C\x00\x00\x00\x00\x00\x36\x00\x00\x00"s)),
              ImageFormat::Bmp);
    EXPECT_EQ(SniffImageFormat(Bytes("II*\0\x08\0\0\0"s)), ImageFormat::Tiff);
    EXPECT_EQ(SniffImageFormat(Bytes("MM\0*\0\0\0\x08"s)), ImageFormat::Tiff);
    EXPECT_EQ(SniffImageFormat(Bytes("RIFF\x24\0\0\0WEBPVP8 "s)), ImageFormat::WebP);
    EXPECT_EQ(SniffImageFormat(Bytes("P6\n640 480\n255\n"s)), ImageFormat::Pnm);
    EXPECT_EQ(SniffImageFormat(Bytes("P5 3 3 255 "s)), ImageFormat::Pnm);
    EXPECT_EQ(SniffImageFormat(Bytes("GIF89a\x04\0\x04\0"s)), ImageFormat::Gif);
    // HEIF: an ftyp box with a HEIF brand, major (an iPhone's heic) or compatible (mif1).
    EXPECT_EQ(SniffImageFormat(Bytes("\0\0\0\x18"
                                     "ftypheic\0\0\0\0mif1heic"s)),
              ImageFormat::Heif);
    EXPECT_EQ(SniffImageFormat(Bytes("\0\0\0\x1C"
                                     "ftypXXXX\0\0\0\0mif1miafheic"s)),
              ImageFormat::Heif);
}

// The formats imgcodecs decodes beyond those vision/reading/ImageHeader.h knows; any white space
// after a PNM magic, as OpenCV's decoder takes it; a PDF is none.
TEST(ImageSniff, KnowsTheFormatsBeyondTheImageHeader) {
    using namespace std::string_literals;
    EXPECT_EQ(SniffImageFormat(Bytes("P7\nWIDTH 4\n"s)), ImageFormat::Pnm);
    EXPECT_EQ(SniffImageFormat(Bytes("P5\f2 2\n255\n"s)), ImageFormat::Pnm);
    EXPECT_EQ(SniffImageFormat(Bytes("PF\n4 4\n-1.0\n"s)), ImageFormat::Pfm);
    EXPECT_EQ(SniffImageFormat(Bytes("\x59\xA6\x6A\x95\0\0\0\x04"s)), ImageFormat::SunRaster);
    EXPECT_EQ(SniffImageFormat(Bytes("\0\0\0\x0CjP  \r\n\x87\n"s)), ImageFormat::Jpeg2000);
    EXPECT_EQ(SniffImageFormat(Bytes("\xFF\x4F\xFF\x51\0\x2F"s)), ImageFormat::Jpeg2000);
    EXPECT_EQ(SniffImageFormat(Bytes("\x76\x2F\x31\x01\x02\0\0\0"s)), ImageFormat::Exr);
    EXPECT_EQ(SniffImageFormat(Bytes("#?RADIANCE\n"s)), ImageFormat::Hdr);
    EXPECT_EQ(SniffImageFormat(Bytes("%PDF-1.4\n"s)), ImageFormat::None);
    EXPECT_EQ(SniffImageFormat(Bytes("BM\x36\x00"s)), ImageFormat::None);  // cut short
}

TEST(ImageSniff, RejectsLookAlikes) {
    using namespace std::string_literals;
    EXPECT_EQ(SniffImageFormat(Bytes("not a photo\n"s)), ImageFormat::None);
    EXPECT_EQ(SniffImageFormat(Bytes("RIFF\x24\0\0\0WAVEfmt "s)), ImageFormat::None);  // audio
    // An MP4 video is an ftyp box too, with a video brand.
    EXPECT_EQ(SniffImageFormat(Bytes("\0\0\0\x18"
                                     "ftypisom\0\0\x02\0isomiso2"s)),
              ImageFormat::None);
    EXPECT_EQ(SniffImageFormat(Bytes("Pizza and pasta"s)), ImageFormat::None);  // P, no digit
    EXPECT_EQ(SniffImageFormat(Bytes("P9\n"s)), ImageFormat::None);
    EXPECT_EQ(SniffImageFormat(Bytes("\xFF\xD8"s)), ImageFormat::None);  // cut short
    EXPECT_EQ(SniffImageFormat({}), ImageFormat::None);
}

TEST(ImageSniff, ReadsFilesAndReportsUnreadableOnes) {
    const fs::path dir = FreshDir("sniff");
    WriteText(dir / "photo.txt", "\x89PNG\r\n\x1A\nrest");
    WriteText(dir / "fake.jpg", "hello, world");
    EXPECT_EQ(SniffImageFile(dir / "photo.txt"), ImageFormat::Png);
    EXPECT_EQ(SniffImageFile(dir / "fake.jpg"), ImageFormat::None);
    EXPECT_EQ(SniffImageFile(dir / "missing.jpg"), std::nullopt);
}

// ---- the resume log ------------------------------------------------------------------------

TEST(ResultsLog, DropsATornLastLineAndKeepsTheRest) {
    const fs::path dir = FreshDir("log");
    const fs::path path = dir / "results.jsonl";
    WriteText(path, "{\"file\":\"a.jpg\"}\n{\"file\":\"b/c.jpg\",\"status\":\"solved\"}\n{\"fi");
    {
        ResultsLog log(path);
        EXPECT_EQ(log.done(), (std::set<std::string>{"a.jpg", "b/c.jpg"}));
        EXPECT_EQ(log.truncatedBytes(), 4u);
        log.append("{\"file\":\"d.jpg\"}");
    }
    EXPECT_EQ(ReadText(path),
              "{\"file\":\"a.jpg\"}\n{\"file\":\"b/c.jpg\",\"status\":\"solved\"}\n"
              "{\"file\":\"d.jpg\"}\n");
    ResultsLog again(path);
    EXPECT_EQ(again.done().size(), 3u);
    EXPECT_EQ(again.truncatedBytes(), 0u);
}

TEST(ResultsLog, OneWriterAtATime) {
    const fs::path path = FreshDir("lock") / "results.jsonl";
    ResultsLog first(path);
    EXPECT_THROW(ResultsLog second(path), std::runtime_error);
}

TEST(ResultsLog, KeyMatchesWhatTheLogReadsBack) {
    EXPECT_EQ(LogKey("sub/photo 1.jpg"), "sub/photo 1.jpg");
    const std::string latin1 = "caf\xE9.jpg";  // not UTF-8
    const std::string key = LogKey(latin1);
    EXPECT_NE(key, latin1);
    EXPECT_EQ(LogKey(key), key);
}

// ---- the merge of results files -----------------------------------------------------------

TEST(ResultsMerge, JoinsInTheInputsOrderAndNamesEveryProblem) {
    const fs::path dir = FreshDir("merge");
    WriteText(dir / "results.shard-1-of-2.jsonl",
              "{\"file\":\"b.jpg\",\"status\":\"solved\"}\n\nnot json\n{\"file\":\"x.jpg\"}\n");
    WriteText(dir / "results.shard-2-of-2.jsonl",
              "{\"file\":\"a.jpg\"}\n{\"file\":\"b.jpg\",\"status\":\"error\"}\n{\"file\":\"c.j");
    const MergeReport r =
        MergeResults({dir / "results.shard-1-of-2.jsonl", dir / "results.shard-2-of-2.jsonl"},
                     std::vector<std::string>{"a.jpg", "b.jpg", "c.jpg", "a.jpg"});
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(r.files, 2);
    EXPECT_EQ(r.results, 4);
    EXPECT_EQ(r.inputs, 3);
    // The first result of b.jpg is kept, byte for byte, in the order of the inputs.
    EXPECT_EQ(r.lines, (std::vector<std::string>{"{\"file\":\"a.jpg\"}",
                                                 "{\"file\":\"b.jpg\",\"status\":\"solved\"}"}));
    EXPECT_EQ(r.missing, std::vector<std::string>{"c.jpg"}) << "its line was torn";
    ASSERT_EQ(r.duplicated.size(), 1u);
    EXPECT_EQ(r.duplicated[0], Cat({"b.jpg (", (dir / "results.shard-1-of-2.jsonl").string(),
                                    ":1, ", (dir / "results.shard-2-of-2.jsonl").string(), ":2)"}));
    EXPECT_EQ(r.unexpected,
              std::vector<std::string>{
                  Cat({"x.jpg (", (dir / "results.shard-1-of-2.jsonl").string(), ":4)"})});
    EXPECT_EQ(r.invalid,
              std::vector<std::string>{
                  Cat({(dir / "results.shard-1-of-2.jsonl").string(), ":3: not a result line"})});
    EXPECT_EQ(r.torn, std::vector<std::string>{(dir / "results.shard-2-of-2.jsonl").string()});
    EXPECT_TRUE(r.shards.empty());
}

TEST(ResultsMerge, ChecksThatEveryShardIsThereOnce) {
    const fs::path dir = FreshDir("merge_shards");
    for (const char* name :
         {"results.shard-1-of-3.jsonl", "results.shard-3-of-3.jsonl", "results.shard-1-of-2.jsonl"})
        WriteText(dir / name, "");
    MergeReport r =
        MergeResults({dir / "results.shard-1-of-3.jsonl", dir / "results.shard-3-of-3.jsonl"}, {});
    EXPECT_EQ(r.shards, std::vector<std::string>{"no results file of shard 2 of 3"});
    r = MergeResults({dir / "results.shard-1-of-3.jsonl", dir / "results.shard-1-of-2.jsonl"}, {});
    EXPECT_EQ(r.shards.size(), 1u);
    r = MergeResults({dir / "results.shard-1-of-3.jsonl", dir / "results.shard-1-of-3.jsonl"}, {});
    EXPECT_FALSE(r.ok()) << "shard 1 given twice";
}

TEST(ResultsMerge, RefusesALogABatchIsStillWriting) {
    const fs::path path = FreshDir("merge_lock") / "results.jsonl";
    {
        ResultsLog running(path);
        running.append("{\"file\":\"a.jpg\"}");
        EXPECT_THROW(MergeResults({path}, {}), std::runtime_error);
    }
    EXPECT_EQ(MergeResults({path}, {}).lines.size(), 1u);
}

TEST(BatchInputs, ListedPathsStayInsideTheOutputFolder) {
    EXPECT_EQ(ListedOutputName("a.jpg"), "a.jpg");
    EXPECT_EQ(ListedOutputName("./sub/a.jpg"), "sub/a.jpg");
    EXPECT_EQ(ListedOutputName("/data/photos/a.jpg"), "data/photos/a.jpg");
    EXPECT_EQ(ListedOutputName("../../x/a.jpg"), "%2E%2E/%2E%2E/x/a.jpg");
    EXPECT_EQ(ListedOutputName("sub/../a.jpg"), "a.jpg");
}

// ---- the program ---------------------------------------------------------------------------

using Outcome = sudoku::ProgramRun;

Outcome Batch(const fs::path& in, const fs::path& out, const std::string& extra = "") {
    return RunProgram(Cat({"batch ", Quote(in), " -o ", Quote(out), " ", extra}));
}

// Every line of results.jsonl parsed; a line that is not JSON fails the test.
std::vector<json> Results(const fs::path& out) {
    std::vector<json> lines;
    std::istringstream in(ReadText(out / "results.jsonl"));
    for (std::string line; std::getline(in, line);) {
        json j = json::parse(line, nullptr, false);
        EXPECT_TRUE(j.is_object()) << "not a JSON object: " << line;
        lines.push_back(std::move(j));
    }
    return lines;
}

std::multiset<std::string> FilesIn(const std::vector<json>& results) {
    std::multiset<std::string> files;
    for (const auto& j : results)
        files.insert(j.value("file", ""));
    return files;
}

std::vector<fs::path> TempFilesUnder(const fs::path& dir) {
    std::vector<fs::path> temps;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        if (e.path().string().ends_with(".sudokucam-tmp")) temps.push_back(e.path());
    return temps;
}

class BatchRun : public testing::Test {
protected:
    void SetUp() override {
        if (!fs::exists(kPrinted / "image1.jpg")) GTEST_SKIP() << "no photos at " << kPrinted;
    }

    // Shared photos under `in`, some in sub-folders and one without an extension, plus a
    // corrupt JPEG and two files that are not images; returns the images' relative names.
    static std::multiset<std::string> MakeFolder(const fs::path& in, int copies) {
        std::multiset<std::string> images;
        const char* photos[] = {"image1.jpg", "image10.jpg", "image100.jpg"};
        for (int k = 0; k < copies; ++k) {
            const std::string prefix = k ? Cat({"copy", std::to_string(k), "/"}) : "";
            const fs::path names[] = {prefix + "a.jpg", prefix + "sub/b.jpg",
                                      prefix + "sub/deeper/c"};
            for (int i = 0; i < 3; ++i) {
                fs::create_directories((in / names[i]).parent_path());
                fs::copy_file(kPrinted / photos[i], in / names[i]);
                images.insert(names[i].generic_string());
            }
        }
        WriteText(in / "corrupt.jpg", "\xFF\xD8\xFF\xE0 this is no JPEG stream at all");
        images.insert("corrupt.jpg");
        WriteText(in / "notes.jpg", "shopping list: eggs, milk\n");
        WriteText(in / "readme.txt", "photos from the newspaper\n");
        return images;
    }
};

// A folder of jigsaw photos is read as `read --variant jigsaw` reads each one; a size only a
// jigsaw has is refused before anything is read.
TEST_F(BatchRun, ReadsAFolderOfJigsawsWithItsVariant) {
    const fs::path dir = FreshDir("batch-jigsaw");
    fs::create_directories(dir / "in");
    const fs::path photo = dir / "in" / "jigsaw.jpg";
    ASSERT_EQ(RunProgram(Cat({"render --variant jigsaw --seed 3 --perspective -o ", Quote(photo)}),
                         sudoku::ErrorOutput::Dropped)
                  .code,
              0);
    const Outcome run = Batch(dir / "in", dir / "out", "--variant jigsaw");
    ASSERT_EQ(run.code, 0) << run.err;
    const auto results = Results(dir / "out");
    ASSERT_EQ(results.size(), 1u);
    const json read =
        json::parse(RunProgram(Cat({"read --json --variant jigsaw ", Quote(photo)})).out);
    EXPECT_EQ(results[0]["status"], "solved") << results[0].dump();
    EXPECT_EQ(results[0]["variant"], "jigsaw");
    EXPECT_EQ(results[0]["regions"], read["regions"]);
    EXPECT_EQ(results[0]["solution"], read["solution"]);
    const Outcome classic13 = Batch(dir / "in", dir / "out13", "--size 13");
    EXPECT_EQ(classic13.code, 2);
    EXPECT_NE(classic13.err.find("no rectangular boxes"), std::string::npos) << classic13.err;
    EXPECT_FALSE(fs::exists(dir / "out13" / "results.jsonl"));
    fs::remove_all(dir);
}

TEST_F(BatchRun, CountsEveryFileAndLogsOneLinePerImage) {
    const fs::path dir = FreshDir("counts");
    const auto images = MakeFolder(dir / "in", 1);
    const Outcome run = Batch(dir / "in", dir / "out", "--jobs 2");
    EXPECT_EQ(run.code, 1) << "an error (the corrupt file) makes the exit code 1\n" << run.err;
    auto counts = KeyCounts(run.out);
    EXPECT_EQ(counts["read"], 4) << run.out;
    EXPECT_EQ(counts["errors"], 1);
    EXPECT_EQ(counts["skipped"], 2);
    EXPECT_EQ(counts["already done"], 0);

    const auto results = Results(dir / "out");
    EXPECT_EQ(FilesIn(results), images);
    std::map<std::string, int> statuses;
    for (const auto& j : results) {
        const std::string status = j.value("status", "");
        ++statuses[status];
        if (status == "error") {
            EXPECT_EQ(j["file"], "corrupt.jpg");
            EXPECT_FALSE(j.contains("output"));
            continue;
        }
        // The annotated copy mirrors the folders and decodes; extensionless files become PNG.
        const fs::path output = dir / "out" / j.value("output", "?");
        EXPECT_EQ(j["output"],
                  j["file"].get<std::string>() + (j["file"] == "sub/deeper/c" ? ".png" : ""));
        const cv::Mat annotated = cv::imread(output.string());
        const cv::Mat original = cv::imread((dir / "in" / j.value("file", "")).string());
        ASSERT_FALSE(annotated.empty()) << output;
        // As wide as the photo; a sentence under the grid may add a strip below.
        EXPECT_EQ(annotated.cols, original.cols);
        EXPECT_GE(annotated.rows, original.rows);
        if (status == "solved") {
            EXPECT_GT(cv::norm(annotated, original, cv::NORM_L1), 0);
        }
    }
    EXPECT_EQ(counts["solved"], statuses["solved"]);
    EXPECT_EQ(counts["not found"], statuses["not-found"]);
    EXPECT_EQ(counts["unsolved"], statuses["no-solution"] + statuses["multiple"]);
    EXPECT_GE(counts["solved"], 1) << "the shared printed photos are read";
    EXPECT_TRUE(TempFilesUnder(dir / "out").empty());
    EXPECT_NE(run.err.find("corrupt.jpg"), std::string::npos) << "one progress line per image";
}

TEST_F(BatchRun, ResumeSkipsTheImagesAlreadyLogged) {
    const fs::path dir = FreshDir("resume");
    auto images = MakeFolder(dir / "in", 1);
    ASSERT_EQ(Batch(dir / "in", dir / "out").code, 1);
    const Outcome again = Batch(dir / "in", dir / "out");
    auto counts = KeyCounts(again.out);
    EXPECT_EQ(counts["read"], 0) << again.out;
    EXPECT_EQ(counts["already done"], 4);
    EXPECT_EQ(again.code, 0) << "nothing failed in this run";

    fs::copy_file(kPrinted / "image1.jpg", dir / "in" / "later.jpg");
    images.insert("later.jpg");
    counts = KeyCounts(Batch(dir / "in", dir / "out").out);
    EXPECT_EQ(counts["read"], 1);
    EXPECT_EQ(counts["already done"], 4);
    EXPECT_EQ(FilesIn(Results(dir / "out")), images);
}

TEST_F(BatchRun, TheOutputFolderInsideTheInputIsNotRead) {
    const fs::path dir = FreshDir("inside");
    fs::create_directories(dir / "in");
    fs::copy_file(kPrinted / "image1.jpg", dir / "in" / "a.jpg");
    Batch(dir / "in", dir / "in" / "out");
    const Outcome again = Batch(dir / "in", dir / "in" / "out");
    EXPECT_EQ(KeyCounts(again.out)["read"], 0) << again.out;
    EXPECT_EQ(FilesIn(Results(dir / "in" / "out")), std::multiset<std::string>{"a.jpg"});
}

TEST_F(BatchRun, ShowChoosesWhatIsDrawn) {
    const fs::path dir = FreshDir("show");
    fs::create_directories(dir / "in");
    fs::copy_file(kPrinted / "image1.jpg", dir / "in" / "a.jpg");
    std::map<std::string, cv::Mat> drawn;
    for (const std::string mode : {"solution", "candidates"}) {
        const Outcome run = Batch(dir / "in", dir / mode, Cat({"--show ", mode}));
        ASSERT_EQ(run.code, 0) << run.err;
        drawn[mode] = cv::imread((dir / mode / "a.jpg").string());
        ASSERT_FALSE(drawn[mode].empty());
    }
    const cv::Mat photo = cv::imread((dir / "in" / "a.jpg").string());
    ASSERT_EQ(drawn["solution"].size(), photo.size());
    ASSERT_EQ(drawn["candidates"].size(), photo.size());
    EXPECT_GT(cv::norm(drawn["solution"], photo, cv::NORM_L1), 0);
    EXPECT_GT(cv::norm(drawn["candidates"], drawn["solution"], cv::NORM_L1), 0);
}

TEST_F(BatchRun, BadArgumentsAreAMessageNotACrash) {
    const fs::path dir = FreshDir("bad");
    const Outcome missing = Batch(dir / "no-such-folder", dir / "out");
    EXPECT_EQ(missing.code, 2);
    EXPECT_NE(missing.err.find("no-such-folder"), std::string::npos) << missing.err;
    EXPECT_EQ(Batch(dir, dir / "out", "--jobs 0").code, 2);
    EXPECT_EQ(Batch(dir, dir / "out", "--show everything").code, 2);
}

// Starts the batch in the background, waits for its first logged line, then sends `signal`.
// `shard` ("2/3") runs one shard only.
int RunAndSignal(const fs::path& in, const fs::path& out, int signal,
                 const std::string& shard = "") {
    const pid_t child = fork();
    if (child == 0) {
        const int null = ::open("/dev/null", O_WRONLY);
        dup2(null, STDOUT_FILENO);
        dup2(null, STDERR_FILENO);
        if (shard.empty())
            execl(SUDOKUCAM_EXE, SUDOKUCAM_EXE, "batch", in.c_str(), "-o", out.c_str(), "--jobs",
                  "1", static_cast<char*>(nullptr));
        else
            execl(SUDOKUCAM_EXE, SUDOKUCAM_EXE, "batch", in.c_str(), "-o", out.c_str(), "--jobs",
                  "1", "--shard", shard.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    std::string log = "results.jsonl";
    if (!shard.empty())
        log = Cat({"results.shard-", shard.substr(0, shard.find('/')), "-of-",
                   shard.substr(shard.find('/') + 1), ".jsonl"});
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (ReadText(out / log).find('\n') == std::string::npos &&
           std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    kill(child, signal);
    int status = 0;
    waitpid(child, &status, 0);
    return status;
}

TEST_F(BatchRun, AKilledRunResumesToExactlyOneLinePerImage) {
    const fs::path dir = FreshDir("killed");
    const auto images = MakeFolder(dir / "in", 3);
    const int status = RunAndSignal(dir / "in", dir / "out", SIGKILL);
    EXPECT_TRUE(WIFSIGNALED(status));
    const auto before = Results(dir / "out");
    EXPECT_GE(before.size(), 1u);
    EXPECT_LT(before.size(), images.size()) << "killed before the end";
    // What a kill in the middle of a write or of an image's rename would leave.
    std::ofstream(dir / "out" / "results.jsonl", std::ios::app) << "{\"file\":\"sub/b.j";
    WriteText(dir / "out" / "sub" / "b.jpg.sudokucam-tmp", "half an image");

    const Outcome resumed = Batch(dir / "in", dir / "out", "--jobs 2");
    auto counts = KeyCounts(resumed.out);
    EXPECT_EQ(counts["already done"], static_cast<int>(before.size())) << resumed.out;
    EXPECT_EQ(counts["read"] + counts["already done"], static_cast<int>(images.size()));
    EXPECT_EQ(FilesIn(Results(dir / "out")), images) << "every image exactly once";
    EXPECT_TRUE(TempFilesUnder(dir / "out").empty());
}

TEST_F(BatchRun, InterruptStopsAfterTheImagesInFlight) {
    const fs::path dir = FreshDir("interrupted");
    const auto images = MakeFolder(dir / "in", 3);
    const int status = RunAndSignal(dir / "in", dir / "out", SIGINT);
    ASSERT_TRUE(WIFEXITED(status)) << "a clean exit, not a death by the signal";
    EXPECT_EQ(WEXITSTATUS(status), 130);
    const auto logged = Results(dir / "out");
    EXPECT_LT(logged.size(), images.size());
    EXPECT_TRUE(TempFilesUnder(dir / "out").empty());

    const Outcome resumed = Batch(dir / "in", dir / "out");
    EXPECT_EQ(KeyCounts(resumed.out)["already done"], static_cast<int>(logged.size()));
    EXPECT_EQ(FilesIn(Results(dir / "out")), images);
}

// ---- shards and lists ----------------------------------------------------------------------

std::vector<json> ResultsIn(const fs::path& file) {
    std::vector<json> lines;
    for (const std::string& line : sudoku::Lines(ReadText(file)))
        lines.push_back(json::parse(line));
    return lines;
}

Outcome Merge(const std::string& args) {
    return RunProgram(Cat({"merge ", args}));
}

std::string ShardFiles(const fs::path& out, int count) {
    std::string files;
    for (int k = 1; k <= count; ++k)
        files += Cat({Quote(out / Cat({"results.shard-", std::to_string(k), "-of-",
                                       std::to_string(count), ".jsonl"})),
                      " "});
    return files;
}

TEST_F(BatchRun, ShardsSplitTheFolderTheSameWayEachTimeAndMergeJoinsThem) {
    const fs::path dir = FreshDir("shards");
    const auto images = MakeFolder(dir / "in", 2);
    std::multiset<std::string> all;
    for (int k = 1; k <= 3; ++k) {
        const std::string shard = Cat({std::to_string(k), "/3"});
        const Outcome run = Batch(dir / "in", dir / "out", Cat({"--jobs 1 --shard ", shard}));
        EXPECT_LE(run.code, 1) << run.err;
        const fs::path log =
            dir / "out" / Cat({"results.shard-", std::to_string(k), "-of-3.jsonl"});
        ASSERT_TRUE(fs::exists(log)) << shard;
        for (const json& j : ResultsIn(log)) {
            const std::string file = j.value("file", "");
            all.insert(file);
            EXPECT_EQ(Fnv1a64(file) % 3, static_cast<std::uint64_t>(k - 1)) << file;
        }
        // A re-run finds the same files in its shard, all done.
        const Outcome again = Batch(dir / "in", dir / "out", Cat({"--shard ", shard}));
        EXPECT_EQ(KeyCounts(again.out)["read"], 0) << again.out;
        EXPECT_EQ(KeyCounts(again.out)["already done"], static_cast<int>(ResultsIn(log).size()));
    }
    EXPECT_EQ(all, images) << "every image in exactly one shard";
    EXPECT_FALSE(fs::exists(dir / "out" / "results.jsonl"));

    const fs::path merged = dir / "merged.jsonl";
    const Outcome merge = Merge(
        Cat({ShardFiles(dir / "out", 3), "--folder ", Quote(dir / "in"), " -o ", Quote(merged)}));
    EXPECT_EQ(merge.code, 0) << merge.err;
    EXPECT_EQ(KeyCounts(merge.out)["merged"], static_cast<int>(images.size())) << merge.out;
    EXPECT_EQ(KeyCounts(merge.out)["missing"], 0);
    // One run's results.jsonl: the same lines, so a plain batch finds every image done.
    fs::copy_file(merged, dir / "out" / "results.jsonl");
    EXPECT_EQ(FilesIn(Results(dir / "out")), images);
    EXPECT_EQ(KeyCounts(Batch(dir / "in", dir / "out").out)["already done"],
              static_cast<int>(images.size()));

    // To what is not a file, written as it is (never a temporary file renamed over a device).
    const Outcome device = Merge(Cat({ShardFiles(dir / "out", 3), "-o /dev/null"}));
    EXPECT_EQ(device.code, 0) << device.err;
    EXPECT_FALSE(fs::exists("/dev/null.sudokucam-tmp"));

    // A shard left out: its images are named, nothing is written.
    fs::remove(merged);
    const std::string two = Cat({Quote(dir / "out" / "results.shard-1-of-3.jsonl"), " ",
                                 Quote(dir / "out" / "results.shard-3-of-3.jsonl")});
    const Outcome gap = Merge(Cat({two, " --folder ", Quote(dir / "in"), " -o ", Quote(merged)}));
    EXPECT_EQ(gap.code, 1);
    EXPECT_FALSE(fs::exists(merged));
    EXPECT_NE(gap.err.find("no results file of shard 2 of 3"), std::string::npos) << gap.err;
    for (const json& j : ResultsIn(dir / "out" / "results.shard-2-of-3.jsonl"))
        EXPECT_NE(gap.err.find(Cat({"missing: ", j.value("file", "")})), std::string::npos)
            << gap.err;
    // A shard given twice: each of its images is named as done more than once.
    const Outcome twice =
        Merge(Cat({ShardFiles(dir / "out", 3), Quote(dir / "out" / "results.shard-2-of-3.jsonl")}));
    EXPECT_EQ(twice.code, 1);
    EXPECT_NE(twice.err.find("done more than once: "), std::string::npos) << twice.err;
    EXPECT_EQ(twice.out, "");
}

TEST_F(BatchRun, AKilledShardResumesAndThenMerges) {
    const fs::path dir = FreshDir("killed_shard");
    const auto images = MakeFolder(dir / "in", 3);
    for (const std::string shard : {"1/2", "2/2"})
        ASSERT_LE(Batch(dir / "in", dir / "out", Cat({"--jobs 1 --shard ", shard})).code, 1);
    // Shard 2 again from nothing, killed after its first line.
    fs::remove(dir / "out" / "results.shard-2-of-2.jsonl");
    RunAndSignal(dir / "in", dir / "out", SIGKILL, "2/2");
    const Outcome early = Merge(Cat({ShardFiles(dir / "out", 2), "--folder ", Quote(dir / "in")}));
    EXPECT_EQ(early.code, 1) << "the killed shard's images are missing\n" << early.err;
    EXPECT_NE(early.err.find("missing: "), std::string::npos) << early.err;

    EXPECT_LE(Batch(dir / "in", dir / "out", "--shard 2/2").code, 1);
    const Outcome merge = Merge(Cat({ShardFiles(dir / "out", 2), "--folder ", Quote(dir / "in")}));
    EXPECT_EQ(merge.code, 0) << merge.err;
    std::multiset<std::string> merged;
    for (const std::string& line : sudoku::Lines(merge.out))
        merged.insert(json::parse(line).value("file", ""));
    EXPECT_EQ(merged, images);
}

TEST_F(BatchRun, FilesFromReadsEachListedPathOnceAndReportsTheMissing) {
    const fs::path dir = FreshDir("list");
    MakeFolder(dir / "in", 1);
    // Relative to the current directory (the test's: `cd` first), absolute, missing, repeated.
    const std::string list =
        Cat({"in/a.jpg\nin/sub/b.jpg\n\n", (dir / "in" / "sub/deeper/c").string(),
             "\nin/missing.jpg\nin/a.jpg\nin/readme.txt\r\n../", dir.filename().string(),
             "/in/a.jpg\n"});
    WriteText(dir / "list.txt", list);
    const std::vector<std::string> listed = {
        "in/a.jpg",       "in/sub/b.jpg",  (dir / "in" / "sub/deeper/c").string(),
        "in/missing.jpg", "in/readme.txt", Cat({"../", dir.filename().string(), "/in/a.jpg"})};
    // Run in `dir`, so that the list's relative paths are relative to it.
    const std::string inDir = Cat({"cd ", Quote(dir), " && "});
    const auto runIn = [&](const std::string& args, const std::optional<std::string>& input) {
        return RunProgram(args, sudoku::ErrorOutput::Apart, input, inDir);
    };
    const Outcome run = runIn("batch --jobs 2 -o out --files-from -", list);
    EXPECT_EQ(run.code, 1) << "the missing file and the text are errors\n" << run.err;
    auto counts = KeyCounts(run.out);
    EXPECT_EQ(counts["read"], 6) << run.out;
    EXPECT_EQ(counts["errors"], 2);
    EXPECT_EQ(counts["listed twice"], 1);
    const auto results = Results(dir / "out");
    std::vector<std::string> files;
    for (const json& j : results) {
        files.push_back(j.value("file", ""));
        if (j["file"] == "in/missing.jpg") {
            EXPECT_EQ(j["status"], "error");
            EXPECT_NE(j.value("message", "").find("in/missing.jpg"), std::string::npos) << j;
        }
        if (j.value("status", "") == "solved") {
            EXPECT_TRUE(fs::exists(dir / "out" / j.value("output", "?"))) << j;
        }
    }
    EXPECT_EQ(std::multiset<std::string>(files.begin(), files.end()),
              std::multiset<std::string>(listed.begin(), listed.end()));
    // The copies stay inside the output folder: the absolute path loses its root, ".." is escaped.
    EXPECT_TRUE(
        fs::exists(dir / "out" / fs::path((dir / "in/sub/deeper/c.png").string()).relative_path()));
    EXPECT_TRUE(fs::exists(dir / "out" / "%2E%2E" / dir.filename() / "in/a.jpg"));

    // The list from a file, sharded: the same results, split.
    for (const std::string shard : {"1/2", "2/2"})
        EXPECT_LE(runIn(Cat({"batch -o out2 --files-from list.txt --shard ", shard}), {}).code, 1);
    const Outcome merge = runIn(
        "merge out2/results.shard-1-of-2.jsonl out2/results.shard-2-of-2.jsonl --files-from "
        "list.txt",
        {});
    EXPECT_EQ(merge.code, 0) << merge.err;
    std::vector<std::string> order;
    for (const std::string& line : sudoku::Lines(merge.out))
        order.push_back(json::parse(line).value("file", ""));
    EXPECT_EQ(order, listed) << "merged in the list's order";

    // A result of a file that is not listed is not an input.
    WriteText(dir / "short.txt", "in/a.jpg\n");
    const Outcome extra = Merge(
        Cat({Quote(dir / "out" / "results.jsonl"), " --files-from ", Quote(dir / "short.txt")}));
    EXPECT_EQ(extra.code, 1);
    EXPECT_NE(extra.err.find("not an input: in/sub/b.jpg"), std::string::npos) << extra.err;
}

TEST_F(BatchRun, BadShardsAndListsAreAMessage) {
    const fs::path dir = FreshDir("bad_shard");
    fs::create_directories(dir / "in");
    for (const std::string shard : {"0/3", "4/3", "3", "a/b", "1/0", "-1/2"}) {
        const Outcome run = Batch(dir / "in", dir / "out", Cat({"--shard ", Quote(shard)}));
        EXPECT_EQ(run.code, 2) << shard;
        EXPECT_NE(run.err.find("--shard"), std::string::npos) << shard << run.err;
    }
    const Outcome both = Batch(dir / "in", dir / "out", "--files-from -");
    EXPECT_EQ(both.code, 2);
    EXPECT_NE(both.err.find("not both"), std::string::npos) << both.err;
    const Outcome neither = RunProgram(Cat({"batch -o ", Quote(dir / "out")}));
    EXPECT_EQ(neither.code, 2);
    const Outcome noList = RunProgram(
        Cat({"batch -o ", Quote(dir / "out"), " --files-from ", Quote(dir / "no-such-list.txt")}));
    EXPECT_EQ(noList.code, 2);
    EXPECT_NE(noList.err.find("no-such-list.txt"), std::string::npos) << noList.err;
    const Outcome noResults = Merge(Quote(dir / "no-such-results.jsonl"));
    EXPECT_EQ(noResults.code, 2);
    EXPECT_NE(noResults.err.find("no-such-results.jsonl"), std::string::npos) << noResults.err;
    EXPECT_EQ(Merge("").code, 2) << "merge needs results files";
}

}  // namespace
}  // namespace sudokucam
