// Hostile inputs: every file of the generated folder (tests/HostileInputs.h) gets its status and
// a clear message, from the library and from `sudokucam read --json` (with its exit code), and
// never a crash; odd in-memory frames are read or refused with std::invalid_argument; the input
// limits refuse from the file's size and the image's header, and their options raise them.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>
#include <opencv2/imgproc.hpp>

#include "solver/Generator.h"
#include "tests/HostileInputs.h"
#include "tests/ProgramRun.h"
#include "tests/TestFiles.h"
#include "vision/reading/ImageDecode.h"
#include "vision/reading/ImageHeader.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku::testing {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kNewspaper = fs::path(SUDOKU_SOURCE_DIR) / "samples" / "newspaper.jpg";

// The folder is generated once per test process (CTest runs each test in its own).
class HostileInputTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = TempPath("hostile");
        cases_ = WriteHostileInputs(dir_);
    }
    static void TearDownTestSuite() {
        std::error_code ignored;
        fs::remove_all(dir_, ignored);
    }
    static fs::path dir_;
    static std::vector<HostileCase> cases_;
};
fs::path HostileInputTest::dir_;
std::vector<HostileCase> HostileInputTest::cases_;

bool HasSubstring(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

bool AnyOf(const std::vector<std::string>& lines, const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

// `status` as ReadStatusId spells it, so the library and the program's JSON are checked alike.
void ExpectReading(const HostileCase& c, const std::string& status, const std::string& message,
                   const std::string& givens, bool solutionGiven) {
    EXPECT_TRUE(std::any_of(c.statuses.begin(), c.statuses.end(),
                            [&](ReadStatus s) { return ReadStatusId(s) == status; }))
        << c.file << ": " << status << ", " << message;
    EXPECT_TRUE(HasSubstring(message, c.message)) << c.file << ": '" << message << "'";
    if (status != "solved") {
        EXPECT_FALSE(solutionGiven) << c.file;
    }
    if (status == "error") {
        EXPECT_TRUE(HasSubstring(message, c.file)) << message;
    }
    if (!c.givens.empty()) {
        EXPECT_TRUE(AnyOf(c.givens, givens)) << c.file << " read " << givens;
    }
}

TEST_F(HostileInputTest, ReadSudokuFileGivesEachCaseItsStatusAndMessage) {
    for (const HostileCase& c : cases_) {
        const Reading r = ReadSudokuFile(dir_ / c.file);
        ExpectReading(c, std::string(ReadStatusId(r.status)), r.message,
                      r.found() ? r.givens.toLine() : "", r.solution.filledCount() > 0);
    }
}

// Standard error is dropped (decoders print warnings there) unless `withErrors`.
ProgramRun RunProgram(const std::string& arguments, bool withErrors = false) {
    return sudoku::RunProgram(arguments, withErrors ? ErrorOutput::Merged : ErrorOutput::Dropped);
}

int ExitCodeOf(const std::string& status) {
    return status == "solved" ? 0 : status == "error" ? 2 : 1;
}

// Runs every command, two at a time: most of each run is the process starting.
std::vector<ProgramRun> RunPrograms(const std::vector<std::string>& arguments) {
    std::vector<ProgramRun> runs(arguments.size());
    std::atomic<std::size_t> next = 0;
    auto work = [&] {
        for (std::size_t i; (i = next++) < arguments.size();)
            runs[i] = RunProgram(arguments[i]);
    };
    std::thread other(work);
    work();
    other.join();
    return runs;
}

TEST_F(HostileInputTest, ProgramGivesEachCaseItsStatusExitCodeAndMessage) {
    std::vector<std::string> arguments;
    for (const HostileCase& c : cases_)
        arguments.push_back("read --json '" + (dir_ / c.file).string() + "'");
    const std::vector<ProgramRun> runs = RunPrograms(arguments);
    for (std::size_t i = 0; i < cases_.size(); ++i) {
        const HostileCase& c = cases_[i];
        const json j = json::parse(runs[i].out, nullptr, false);
        ASSERT_FALSE(j.is_discarded()) << c.file << ": " << runs[i].out;
        EXPECT_EQ(runs[i].code, ExitCodeOf(j["status"])) << c.file;
        ExpectReading(c, j["status"], j.value("message", ""), j["givens"],
                      !j["solution"].get<std::string>().empty());
    }
}

// The same photo turned by its Exif tag: the same givens, and the corners turned with it.
TEST(HostileExif, RotationsReadTheSameGivensAtTurnedCorners) {
    const Reading upright = ReadSudokuFile(kNewspaper);
    ASSERT_EQ(upright.status, ReadStatus::Solved) << upright.message;
    const DecodedImage photo = DecodeImageFile(kNewspaper);
    ASSERT_TRUE(photo);
    const float w = static_cast<float>(photo.image.cols - 1);
    const float h = static_cast<float>(photo.image.rows - 1);
    std::string error;
    const std::vector<std::uint8_t> jpeg = ReadFileBytes(kNewspaper, error);
    ASSERT_TRUE(error.empty()) << error;
    // The grid is found again on turned pixels: 1% of its side is what that may move a corner.
    const double tolerance = 0.01 * cv::norm(upright.corners[1] - upright.corners[0]);
    for (int orientation : {3, 6, 8}) {
        const Reading r = ReadSudoku(WithExifOrientation(jpeg, orientation));
        ASSERT_EQ(r.status, ReadStatus::Solved) << orientation << ": " << r.message;
        EXPECT_EQ(r.givens, upright.givens) << orientation;
        for (int i = 0; i < 4; ++i) {
            const cv::Point2f p = upright.corners[i];
            // Where the viewer shows the stored pixel p: 3 turns it half, 6 a quarter clockwise,
            // 8 a quarter counter-clockwise.
            const cv::Point2f shown = orientation == 3   ? cv::Point2f(w - p.x, h - p.y)
                                      : orientation == 6 ? cv::Point2f(h - p.y, p.x)
                                                         : cv::Point2f(p.y, w - p.x);
            EXPECT_LT(cv::norm(r.corners[i] - shown), tolerance) << orientation << " corner " << i;
        }
    }
}

// The bomb's file holds one row of pixels: a "megapixels" message (not "damaged") shows it was
// refused from its header, before any decoding.
TEST(HostileLimits, DecompressionBombIsRefusedFromItsHeader) {
    const std::vector<std::uint8_t> bomb = PngDeclaring(60000, 60000);
    EXPECT_LT(bomb.size(), 100'000u);
    const ImageHeader header = ReadImageHeader(bomb);
    EXPECT_EQ(header.kind, ImageKind::Png);
    EXPECT_EQ(header.size, cv::Size(60000, 60000));
    const DecodedImage decoded = DecodeImage(bomb);
    EXPECT_FALSE(decoded);
    EXPECT_TRUE(HasSubstring(decoded.error, "3600 megapixels")) << decoded.error;
    // Raised, the limit lets the decoder try (and fail on the missing rows).
    ReaderOptions options;
    options.limits.maxPixels = 4'000'000'000;
    const Reading r = ReadSudoku(bomb, options);
    EXPECT_EQ(r.status, ReadStatus::Error);
    EXPECT_FALSE(HasSubstring(r.message, "megapixel limit")) << r.message;
}

TEST(HostileLimits, LimitsAreOptionsOfTheLibraryAndTheProgram) {
    ReaderOptions options;
    options.limits.maxFileBytes = 10'000;
    Reading r = ReadSudokuFile(kNewspaper, options);
    EXPECT_EQ(r.status, ReadStatus::Error);
    EXPECT_TRUE(HasSubstring(r.message, "above the 0.01 MB limit (--max-file-mb)")) << r.message;
    options = {};
    options.limits.maxPixels = 500'000;
    r = ReadSudokuFile(kNewspaper, options);
    EXPECT_TRUE(HasSubstring(r.message, "960x1280 = 1.2 megapixels, above the 0.5 megapixel limit"))
        << r.message;

    ProgramRun run = RunProgram("read --json --max-megapixels 0.5 " + kNewspaper.string());
    EXPECT_EQ(run.code, 2);
    EXPECT_TRUE(HasSubstring(run.out, "above the 0.5 megapixel limit")) << run.out;
    run = RunProgram("read --json --max-file-mb 0.01 " + kNewspaper.string());
    EXPECT_EQ(run.code, 2);
    EXPECT_TRUE(HasSubstring(run.out, "above the 0.01 MB limit")) << run.out;
    // Raised past the bomb's size, the decoder's own failure is reported instead.
    const fs::path bomb = TempPath("bomb.png");
    {
        const std::vector<std::uint8_t> bytes = PngDeclaring(60000, 60000);
        std::ofstream(bomb, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes.data()),
                   static_cast<std::streamsize>(bytes.size()));
    }
    run = RunProgram("read --json --max-megapixels 4000 '" + bomb.string() + "'");
    fs::remove(bomb);
    EXPECT_EQ(run.code, 2);
    EXPECT_FALSE(HasSubstring(run.out, "megapixel limit")) << run.out;
    EXPECT_TRUE(HasSubstring(run.out, "error")) << run.out;
    EXPECT_EQ(RunProgram("read --max-megapixels 0 " + kNewspaper.string()).code, 2);
}

// Puzzle text: a file above --max-input-mb is refused before it is read, standard input once it
// passes the limit (so an endless stream ends), and a text within it is solved.
TEST(HostileLimits, PuzzleTextAboveTheLimitIsRefused) {
    const fs::path puzzles = fs::path(SUDOKU_SHARED_DIR) / "puzzles";
    ProgramRun run = RunProgram(
        "solve --line --max-input-mb 0.1 '" + (puzzles / "magictour_top1465.txt").string() + "'",
        true);
    EXPECT_EQ(run.code, 2);
    EXPECT_TRUE(HasSubstring(run.out, "0.12 MB, above the 0.1 MB limit (--max-input-mb)"))
        << run.out;
    run = RunProgram("solve --max-input-mb 1 < /dev/zero", true);
    EXPECT_EQ(run.code, 2);
    EXPECT_TRUE(HasSubstring(run.out, "standard input: more than the 1 MB limit (--max-input-mb)"))
        << run.out;
    run = RunProgram(
        "solve --line --max-input-mb 0.01 < '" + (puzzles / "newspaper_train.txt").string() + "'",
        true);
    EXPECT_EQ(run.code, 0) << run.out;
    EXPECT_FALSE(HasSubstring(run.out, "limit")) << run.out;
}

Board Puzzle() {
    GeneratorOptions options;
    options.seed = 5;
    options.grade = false;
    return Generate(options).puzzle;
}

// Frames as a camera or an embedder may hand them over: the usual layouts read, the others are
// the caller's mistake and throw std::invalid_argument with a message saying what is wrong.
TEST(HostileFrames, OddFramesAreReadOrRefusedWithAClearError) {
    const Board puzzle = Puzzle();
    const cv::Mat photo = PhotoOf(puzzle);
    cv::Mat gray, gray16, bgra, bgr16;
    cv::cvtColor(photo, gray, cv::COLOR_BGR2GRAY);
    gray.convertTo(gray16, CV_16U, 257);
    photo.convertTo(bgr16, CV_16U, 257);
    cv::cvtColor(photo, bgra, cv::COLOR_BGR2BGRA);
    for (const cv::Mat& frame : {gray, gray16, bgra, bgr16}) {
        const Reading r = ReadSudoku(frame);
        EXPECT_EQ(r.status, ReadStatus::Solved) << frame.type() << ": " << r.message;
        EXPECT_EQ(r.givens, puzzle) << frame.type();
    }
    const auto expectRefused = [](const cv::Mat& frame, const std::string& message) {
        try {
            ReadSudoku(frame);
            ADD_FAILURE() << message << ": no exception";
        } catch (const std::invalid_argument& e) {
            EXPECT_TRUE(HasSubstring(e.what(), message)) << e.what();
        }
    };
    expectRefused(cv::Mat(), "empty");
    expectRefused(cv::Mat(1, 1, CV_8UC3, cv::Scalar::all(255)), "1x1 pixels, smaller than");
    expectRefused(cv::Mat(10, 50000, CV_8UC1, cv::Scalar(255)), "50000x10 pixels, smaller than");
    cv::Mat floating;
    photo.convertTo(floating, CV_32FC3, 1 / 255.0);
    expectRefused(floating, "8 or 16 bits per channel, not CV_32FC3");
    expectRefused(cv::Mat(100, 100, CV_8UC2, cv::Scalar::all(0)), "1, 3 or 4 channels, not 2");
    ReaderOptions badSize;
    badSize.size = 7;
    try {
        ReadSudoku(photo, badSize);
        ADD_FAILURE() << "size 7 accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_TRUE(HasSubstring(e.what(), "size 7")) << e.what();
    }
}

// A strip just wide enough is not refused, and not shrunk to nothing: no grid, no crash.
TEST(HostileFrames, ExtremeStripsFindNoGrid) {
    for (const cv::Size size : {cv::Size(50000, 64), cv::Size(64, 50000)}) {
        const Reading r = ReadSudoku(cv::Mat(size, CV_8UC1, cv::Scalar(230)));
        EXPECT_EQ(r.status, ReadStatus::NotFound) << size << ": " << r.message;
    }
}

}  // namespace
}  // namespace sudoku::testing
