// Jigsaw and X Sudokus photographed in software and read back: a jigsaw's regions are read from
// the thick lines inside its grid and must equal the drawn ones (9x9, and 13x13 with the digits
// A-D), an X Sudoku is read with its diagonals as units; a grid whose borders make no valid
// region map is reported, never solved. Minimum pass counts sit at what was measured: raise
// them, never lower them.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <string>

#include "solver/Generator.h"
#include "tests/ProgramRun.h"
#include "tests/TestFiles.h"
#include "vision/drawing/Render.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku {
namespace {

Board VariantPuzzle(Variant variant, int size, std::uint64_t seed) {
    GeneratorOptions options;
    options.variant = variant;
    options.size = size;
    options.seed = seed;
    options.grade = false;
    return Generate(options).puzzle;
}

// A hand-held shot of a curled page: rolled, tilted, blurred, a little noisy.
Photo CurledShot(const Page& page, std::uint64_t seed) {
    CameraPose pose = DefaultPose(page, {1280, 720});
    pose.rotation = seed % 2 ? 6 : -7;
    pose.tiltX = 0.15;
    pose.tiltY = -0.08;
    PhotoOptions options;
    options.blur = 0.8;
    options.noise = 3;
    options.curl = 0.4;
    options.seed = seed;
    return PhotographPage(page, pose, options);
}

Reading ReadVariant(const cv::Mat& photo, Variant variant, int size) {
    ReaderOptions options;
    options.variant = variant;
    options.size = size;
    return ReadSudoku(photo, options);
}

struct VariantCase {
    Variant variant;
    int size;
    int minExact;  // of kShots
};

constexpr int kShots = 4;

class VariantPhotos : public testing::TestWithParam<VariantCase> {};

// Exact: solved, the digits and the regions read as printed.
TEST_P(VariantPhotos, CurledHandHeldPhotosReadToThePrintedPuzzle) {
    const VariantCase c = GetParam();
    int exact = 0;
    for (std::uint64_t seed = 1; seed <= kShots; ++seed) {
        PageOptions pageOptions;
        pageOptions.seed = seed;
        const Page page = RenderPage(VariantPuzzle(c.variant, c.size, seed), pageOptions);
        const Reading r = ReadVariant(CurledShot(page, seed).image, c.variant, c.size);
        const std::string drawn = page.puzzle.geometry().regionMap();
        const std::string read = r.found() ? r.givens.geometry().regionMap() : "";
        const bool same = r.status == ReadStatus::Solved && read == drawn &&
                          r.givens.toLine() == page.puzzle.toLine() && r.solution.isComplete();
        if (!same)
            std::cout << "seed " << seed << ": " << ReadStatusId(r.status) << " " << r.message
                      << "\n  read    " << r.givens.toLine() << " " << read << "\n  printed "
                      << page.puzzle.toLine() << " " << drawn << "\n";
        exact += same;
    }
    std::cout << VariantName(c.variant) << " " << c.size << "x" << c.size << ": " << exact << "/"
              << kShots << " exact\n";
    EXPECT_GE(exact, c.minExact);
}

INSTANTIATE_TEST_SUITE_P(Variants, VariantPhotos,
                         testing::Values(VariantCase{Variant::Jigsaw, 9, 4},
                                         VariantCase{Variant::Jigsaw, 13, 4},
                                         VariantCase{Variant::X, 9, 4}),
                         [](const testing::TestParamInfo<VariantCase>& param) {
                             return std::string(param.param.variant == Variant::X ? "X"
                                                                                  : "Jigsaw") +
                                    std::to_string(param.param.size);
                         });

// The first thick wall of a row painted over with paper and a thin line: two regions run into
// one, so the borders make 8 regions, one of them of 18 cells.
cv::Mat PageWithOneBorderErased(const Page& page) {
    const Geometry& g = page.puzzle.geometry();
    const int n = g.size();
    const double cell = cv::norm(page.corners[1] - page.corners[0]) / n;
    const cv::Point2f origin = page.corners[0];
    cv::Mat image = page.image.clone();
    const cv::Vec3b paper = image.at<cv::Vec3b>(2, 2);
    for (int c = 0; c < g.cellCount(); ++c) {
        if (c % n + 1 >= n || g.box(c) == g.box(c + 1)) continue;
        const auto x = static_cast<int>(origin.x + (c % n + 1) * cell);
        const auto top = static_cast<int>(origin.y + (c / n) * cell);
        const int half = static_cast<int>(cell / 8);
        cv::rectangle(image, {x - half, top + half},
                      {x + half, top + static_cast<int>(cell) - half}, cv::Scalar(paper),
                      cv::FILLED);
        cv::rectangle(image, {x - 1, top}, {x, top + static_cast<int>(cell)}, {28, 28, 30},
                      cv::FILLED);  // a thin line, as the renderer draws them
        return image;
    }
    return image;
}

TEST(VariantPhotos, BordersThatMakeNoValidMapAreReportedNotSolved) {
    Page page = RenderPage(VariantPuzzle(Variant::Jigsaw, 9, 5));
    page.image = PageWithOneBorderErased(page);
    CameraPose pose = DefaultPose(page, {1280, 720});
    pose.tiltX = 0.1;
    const Reading r = ReadVariant(PhotographPage(page, pose).image, Variant::Jigsaw, 9);
    ASSERT_TRUE(r.found()) << r.message;
    EXPECT_EQ(r.status, ReadStatus::NoSolution);
    EXPECT_FALSE(r.regionProblem.empty());
    EXPECT_NE(r.message.find(r.regionProblem), std::string::npos) << r.message;
    EXPECT_EQ(r.solution.filledCount(), 0);
    EXPECT_EQ(r.givens.toLine(), page.puzzle.toLine());  // the digits are still read

    // read --json says so too: no regions, the problem, no solution, exit code 1.
    const auto dir = FreshDir("variant_bad_borders");
    const auto file = dir / "bad-borders.png";
    ASSERT_TRUE(cv::imwrite(file.string(), PhotographPage(page, pose).image));
    const ProgramRun run =
        RunProgram("read --json --variant jigsaw " + file.string(), ErrorOutput::Dropped);
    EXPECT_EQ(run.code, 1);
    const auto reading = nlohmann::json::parse(run.out);
    EXPECT_EQ(reading["status"], "no-solution");
    EXPECT_EQ(reading["regions"], "");
    EXPECT_EQ(reading["region_problem"], r.regionProblem);
    EXPECT_EQ(reading["solution"], "");
    std::filesystem::remove_all(dir);
}

std::pair<nlohmann::json, int> RunJson(const std::string& arguments) {
    const ProgramRun run = RunProgram(arguments, ErrorOutput::Dropped);
    return {run.code == 0 || run.code == 1 ? nlohmann::json::parse(run.out) : nlohmann::json(),
            run.code};
}

nlohmann::json TruthOf(std::filesystem::path photo) {
    std::ifstream in(photo.replace_extension(".json"));
    return nlohmann::json::parse(in);
}

// The commands as a person runs them: `render --variant` draws the page and its truth,
// `read --variant --json` reads it back with the regions and the variant.
TEST(VariantCommands, RenderAndReadJigsawAndXThroughTheProgram) {
    const auto dir = FreshDir("variant_commands");
    for (const std::string variant : {"jigsaw", "x"}) {
        const auto photo = dir / (variant + ".jpg");
        ASSERT_EQ(RunProgram("render --variant " + variant + " --seed 2 --perspective -o " +
                                 photo.string(),
                             ErrorOutput::Dropped)
                      .code,
                  0);
        const auto truth = TruthOf(photo);
        EXPECT_EQ(truth["variant"], variant);
        ASSERT_EQ(truth["regions"].get<std::string>().size(), 81u);
        const auto [reading, code] =
            RunJson("read --json --variant " + variant + " " + photo.string());
        ASSERT_EQ(code, 0) << reading.dump();
        EXPECT_EQ(reading["status"], "solved");
        EXPECT_EQ(reading["variant"], variant);
        EXPECT_EQ(reading["regions"], truth["regions"]);
        EXPECT_EQ(reading["givens"], truth["puzzle"]);
    }
    // The text a person reads: a jigsaw's board with each row's region letters beside it.
    const ProgramRun text =
        RunProgram("read --variant jigsaw " + (dir / "jigsaw.jpg").string(), ErrorOutput::Dropped);
    EXPECT_EQ(text.code, 0);
    EXPECT_NE(
        text.out.find(
            "   " + TruthOf(dir / "jigsaw.jpg")["regions"].get<std::string>().substr(0, 9) + "\n"),
        std::string::npos)
        << text.out;
    // 13x13 has no boxes: only a jigsaw is one.
    EXPECT_EQ(RunProgram("read --size 13 " + (dir / "x.jpg").string(), ErrorOutput::Dropped).code,
              2);
    EXPECT_EQ(
        RunProgram("render --size 13 -o " + (dir / "13.jpg").string(), ErrorOutput::Dropped).code,
        2);
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace sudoku
