// The synthetic photo renderer: its pictures are read back by ReadSudoku to the exact puzzle, its
// ground-truth corners are where the reader finds the grid, and its camera path keeps the grid
// in view for the first second and swings off it later. Minimum pass counts sit at what was
// measured: raise them, never lower them.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <string>

#include "solver/Generator.h"
#include "tests/ProgramRun.h"
#include "tests/TestFiles.h"
#include "vision/drawing/Render.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku {
namespace {

Board Puzzle(std::uint64_t seed) {
    GeneratorOptions options;
    options.seed = seed;
    options.grade = false;
    return Generate(options).puzzle;
}

double MaxCornerError(const std::array<cv::Point2f, 4>& a, const std::array<cv::Point2f, 4>& b) {
    double worst = 0;
    for (int i = 0; i < 4; ++i)
        worst = std::max(worst, cv::norm(a[i] - b[i]));
    return worst;
}

// A hand-held shot: rolled, tilted, a little blurred and noisy, with a shadow.
Photo HandHeldShot(const Page& page, std::uint64_t seed, double curl) {
    CameraPose pose = DefaultPose(page, {1280, 720});
    pose.rotation = seed % 2 ? 7 : -9;
    pose.tiltX = 0.18;
    pose.tiltY = -0.1;
    PhotoOptions options;
    options.blur = 0.8;
    options.noise = 4;
    options.shadow = 0.35;
    options.curl = curl;
    options.seed = seed;
    return PhotographPage(page, pose, options);
}

TEST(Render, HandHeldPhotosReadToTheExactPuzzle) {
    constexpr int kMinExact = 4;
    int exact = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        PageOptions pageOptions;
        pageOptions.seed = seed;
        const Page page = RenderPage(Puzzle(seed), pageOptions);
        const Photo photo = HandHeldShot(page, seed, 0);
        ASSERT_EQ(photo.visibility, Visibility::Full);
        const Reading r = ReadSudoku(photo.image);
        ASSERT_TRUE(r.found()) << "seed " << seed << ": " << r.message;
        EXPECT_LT(MaxCornerError(r.corners, photo.corners), 4.0) << "seed " << seed;
        const bool same = r.status == ReadStatus::Solved && r.givens == page.puzzle;
        if (!same)
            std::cout << "seed " << seed << ": read " << r.givens.toLine() << " ("
                      << ReadStatusId(r.status) << "), printed " << page.puzzle.toLine() << "\n";
        exact += same;
    }
    EXPECT_GE(exact, kMinExact);
}

// Grids of other sizes (4x4, 6x6 with 2x3 boxes, 8x8 with 2x4, 12x12 with 3x4 and letters A-C,
// 16x16 with letters A-G), printed and photographed like the 9x9 ones in a 1280x720 camera
// frame, read with ReaderOptions.size.
struct SizeCase {
    int size;
    int minExact;  // of kShotsPerSize hand-held shots
};

constexpr int kShotsPerSize = 4;

class RenderSizes : public testing::TestWithParam<SizeCase> {};

TEST_P(RenderSizes, HandHeldPhotosReadToTheExactPuzzle) {
    const SizeCase c = GetParam();
    int exact = 0;
    for (std::uint64_t seed = 1; seed <= kShotsPerSize; ++seed) {
        GeneratorOptions generator;
        generator.size = c.size;
        generator.seed = seed;
        generator.grade = false;
        PageOptions pageOptions;
        pageOptions.seed = seed;
        const Page page = RenderPage(Generate(generator).puzzle, pageOptions);
        CameraPose pose = DefaultPose(page, {1280, 720});
        pose.rotation = seed % 2 ? 5 : -6;
        pose.tiltX = 0.12;
        pose.tiltY = -0.08;
        PhotoOptions options;
        options.size = {1280, 720};
        options.blur = 0.6;
        options.noise = 3;
        options.shadow = 0.25;
        options.seed = seed;
        const Photo photo = PhotographPage(page, pose, options);
        ReaderOptions reader;
        reader.size = c.size;
        const Reading r = ReadSudoku(photo.image, reader);
        const bool same = r.status == ReadStatus::Solved && r.givens == page.puzzle;
        if (!same)
            std::cout << c.size << "x" << c.size << " seed " << seed << ": read "
                      << (r.found() ? r.givens.toLine() : r.message) << " ("
                      << ReadStatusId(r.status) << "), printed " << page.puzzle.toLine() << "\n";
        exact += same;
    }
    std::cout << c.size << "x" << c.size << ": " << exact << "/" << kShotsPerSize << " exact\n";
    EXPECT_GE(exact, c.minExact);
}

INSTANTIATE_TEST_SUITE_P(Sizes, RenderSizes,
                         testing::Values(SizeCase{4, 4}, SizeCase{6, 4}, SizeCase{8, 4},
                                         SizeCase{12, 4}, SizeCase{16, 4}),
                         [](const testing::TestParamInfo<SizeCase>& param) {
                             return "Size" + std::to_string(param.param.size);
                         });

TEST(Render, CurledPageStillReadsAndItsCornersMove) {
    const Page page = RenderPage(Puzzle(11));
    const Photo flat = HandHeldShot(page, 11, 0);
    const Photo curled = HandHeldShot(page, 11, 0.6);
    // The bulge pushes the grid's corners off where a flat page puts them.
    EXPECT_GT(MaxCornerError(flat.corners, curled.corners), 5.0);
    const Reading r = ReadSudoku(curled.image);
    ASSERT_TRUE(r.found()) << r.message;
    EXPECT_LT(MaxCornerError(r.corners, curled.corners), 5.0);
    EXPECT_EQ(r.givens, page.puzzle);
}

TEST(Render, SameInputsGiveTheSamePixels) {
    const Page page = RenderPage(Puzzle(3));
    const Photo a = HandHeldShot(page, 3, 0.3);
    const Photo b = HandHeldShot(page, 3, 0.3);
    EXPECT_EQ(cv::norm(a.image, b.image, cv::NORM_INF), 0);
    const Photo other = HandHeldShot(page, 4, 0.3);
    EXPECT_GT(cv::norm(a.image, other.image, cv::NORM_INF), 0);
    // Small pictures blur the page first (anti-aliasing); the page itself must stay as it was.
    const cv::Mat before = page.image.clone();
    PhotoOptions small;
    small.size = {320, 180};
    const CameraPose pose = DefaultPose(page, small.size);
    const Photo first = PhotographPage(page, pose, small);
    const Photo second = PhotographPage(page, pose, small);
    EXPECT_EQ(cv::norm(first.image, second.image, cv::NORM_INF), 0);
    EXPECT_EQ(cv::norm(before, page.image, cv::NORM_INF), 0);
}

TEST(Render, VisibilityFollowsWhereTheCameraLooks) {
    const Page page = RenderPage(Puzzle(5));
    CameraPose pose = DefaultPose(page, {640, 360});
    PhotoOptions options;
    options.size = {640, 360};
    EXPECT_EQ(PhotographPage(page, pose, options).visibility, Visibility::Full);
    const double side = cv::norm(page.corners[1] - page.corners[0]);
    pose.centre.x += static_cast<float>(1.2 * side);
    EXPECT_EQ(PhotographPage(page, pose, options).visibility, Visibility::Partial);
    pose.centre.x += static_cast<float>(2 * side);
    EXPECT_EQ(PhotographPage(page, pose, options).visibility, Visibility::None);
}

TEST(Render, CameraPathShowsTheGridFirstThenLeavesAndComesBack) {
    const Page page = RenderPage(Puzzle(6));
    const cv::Size size(320, 180);
    const auto path = CameraPath(page, size, 90, 6);
    ASSERT_EQ(path.size(), 90u);
    PhotoOptions options;
    options.size = size;
    std::vector<Visibility> seen;
    for (const auto& pose : path)
        seen.push_back(PhotographPage(page, pose, options).visibility);
    for (int i = 0; i < 30; ++i)
        EXPECT_EQ(seen[i], Visibility::Full) << "frame " << i;
    EXPECT_GT(std::count(seen.begin(), seen.end(), Visibility::None), 0);
    EXPECT_EQ(seen.back(), Visibility::Full);
    const auto still = CameraPath(page, size, 90, 6, false);
    for (const auto& pose : still)
        EXPECT_NE(PhotographPage(page, pose, options).visibility, Visibility::None);
}

// Standard output of the built program run with `arguments`, and its exit code.
std::pair<std::string, int> RunSudokucam(const std::string& arguments) {
    const ProgramRun run = RunProgram(arguments, ErrorOutput::Merged);
    return {run.out, run.code};
}

// The commands as a person runs them: `render --size N` prints a generated N x N puzzle on a
// photographed page and `read --size N --json` reads it back to the printed puzzle.
TEST(RenderCommand, OtherSizesRenderAndReadThroughTheProgram) {
    const auto dir = FreshDir("render_sizes");
    for (int size : {6, 12}) {
        const auto photo = dir / ("page" + std::to_string(size) + ".jpg");
        const auto [rendered, renderCode] = RunSudokucam("render --size " + std::to_string(size) +
                                                         " --seed 3 -o " + photo.string());
        ASSERT_EQ(renderCode, 0) << rendered;
        auto truthPath = photo;
        std::ifstream truthFile(truthPath.replace_extension(".json"));
        const auto truth = nlohmann::json::parse(truthFile);
        ASSERT_EQ(truth["size"], size);
        const auto [read, readCode] =
            RunSudokucam("read --json --size " + std::to_string(size) + " " + photo.string());
        ASSERT_EQ(readCode, 0) << read;
        const auto reading = nlohmann::json::parse(read);
        EXPECT_EQ(reading["status"], "solved");
        EXPECT_EQ(reading["size"], size);
        EXPECT_EQ(reading["givens"], truth["puzzle"]);
    }
    EXPECT_NE(RunSudokucam("read --size 7 " + (dir / "page6.jpg").string()).second, 0);
    std::filesystem::remove_all(dir);
}

TEST(Render, RejectsBadArguments) {
    PageOptions tiny;
    tiny.cellPixels = 8;
    EXPECT_THROW(RenderPage(Puzzle(1), tiny), std::invalid_argument);
    const Page page = RenderPage(Puzzle(1));
    CameraPose pose = DefaultPose(page, {640, 360});
    pose.scale = 0;
    EXPECT_THROW(PhotographPage(page, pose), std::invalid_argument);
}

}  // namespace
}  // namespace sudoku
