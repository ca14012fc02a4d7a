// Pages with several Sudokus: ReadSudokus reads every grid, each with its corners, on photos
// composed of two held-out training photos side by side (as a newspaper prints an easy and a hard
// one); ReadSudoku still reads one, and the puzzle rather than a printed solution beside it.

#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "solver/FastSolver9.h"
#include "solver/Generator.h"
#include "tests/Darkened.h"
#include "tests/SpoiltPhotos.h"
#include "tests/TrainingPhotos.h"
#include "vision/classifying/ClassifierLoader.h"
#include "vision/drawing/Render.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

// Both photos at the height of the smaller, side by side, as one JPEG.
std::vector<std::uint8_t> SideBySide(const cv::Mat& left, const cv::Mat& right) {
    const int height = std::min(left.rows, right.rows);
    cv::Mat a, b, page;
    cv::resize(left, a, {left.cols * height / left.rows, height}, 0, 0, cv::INTER_AREA);
    cv::resize(right, b, {right.cols * height / right.rows, height}, 0, 0, cv::INTER_AREA);
    cv::hconcat(a, b, page);
    return Jpeg92(page);
}

bool ReadsAs(const Reading& r, const std::vector<int>& truth) {
    if (r.status != ReadStatus::Solved || truth.size() != 81) return false;
    for (int cell = 0; cell < 81; ++cell)
        if (r.givens.value(cell) != truth[cell]) return false;
    return true;
}

// Solved to an answer that is not the puzzle's.
bool SolvedWrong(const Reading& r, const std::vector<int>& truth) {
    return r.status == ReadStatus::Solved && truth.size() == 81 && !SolutionAgrees(r, truth);
}

float MeanX(const Reading& r) {
    return (r.corners[0].x + r.corners[1].x + r.corners[2].x + r.corners[3].x) / 4;
}

// The held-out printed photos k and k+1 with their truths (DatDigits), and where the left one
// ends on the page SideBySide makes of them; nothing when either photo is missing.
struct PhotoPair {
    cv::Mat left, right;
    std::vector<int> truths[2];
    float middle = 0;
};

std::optional<PhotoPair> HeldOutPair(const std::vector<std::string>& names, std::size_t k) {
    const fs::path left = kDataset / "printed" / names[k];
    const fs::path right = kDataset / "printed" / names[k + 1];
    PhotoPair pair;
    pair.left = cv::imread(left.string());
    pair.right = cv::imread(right.string());
    if (pair.left.empty() || pair.right.empty()) return std::nullopt;
    pair.truths[0] = DatDigits(fs::path(left).replace_extension(".dat"));
    pair.truths[1] = DatDigits(fs::path(right).replace_extension(".dat"));
    pair.middle = static_cast<float>(pair.left.cols * std::min(pair.left.rows, pair.right.rows) /
                                     pair.left.rows);
    return pair;
}

// Measured: 16 pairs of held-out printed photos (1st with 2nd, 3rd with 4th ...), 16 read with
// both grids exact and each on its own half; 0 pairs with a third grid reported.
constexpr int kMinPairsRead = 16;

TEST(SeveralGrids, EveryGridOfTwoPhotosSideBySideIsRead) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const std::vector<std::string> names = HeldOutNames();
    int pairs = 0, read = 0;
    for (std::size_t k = 0; k + 1 < names.size(); k += 2) {
        const auto pair = HeldOutPair(names, k);
        if (!pair) continue;
        ++pairs;
        const auto jpeg = SideBySide(pair->left, pair->right);
        const std::vector<Reading> readings = ReadSudokus(std::span<const std::uint8_t>(jpeg));
        const std::vector<int>& truthA = pair->truths[0];
        const std::vector<int>& truthB = pair->truths[1];
        const float middle = pair->middle;
        bool leftRead = false, rightRead = false;
        for (const Reading& r : readings) {
            leftRead |= ReadsAs(r, truthA) && MeanX(r) < middle;
            rightRead |= ReadsAs(r, truthB) && MeanX(r) > middle;
        }
        const bool both = leftRead && rightRead && readings.size() == 2;
        read += both;
        if (!both)
            std::cout << "  " << names[k] << " + " << names[k + 1] << ": " << readings.size()
                      << " grids, left " << leftRead << ", right " << rightRead << "\n";
        // The default reader still reads one of them.
        const Reading one = ReadSudoku(std::span<const std::uint8_t>(jpeg));
        EXPECT_TRUE(ReadsAs(one, truthA) || ReadsAs(one, truthB) ||
                    one.status != ReadStatus::Solved)
            << names[k];
    }
    std::cout << "  " << read << " of " << pairs << " pairs read with both grids\n";
    ASSERT_GT(pairs, 0);
    EXPECT_GE(read, kMinPairsRead);
}

// Solved, to the solution of the puzzle `truth`.
bool SolvedRight(const Reading& r, const std::vector<int>& truth) {
    return r.status == ReadStatus::Solved && truth.size() == 81 && SolutionAgrees(r, truth);
}

// Measured on the 16 pairs of held-out printed photos, each page made twice (the left photo under
// a deep shadow's edge, 70% of the light gone, then the right): before ReadSudokus read first
// the grid ReadSudoku reads and looked for the others in the masks after the usual one too, 7 of
// the 32 pages had both grids solved right; then 19 (20 by 2026-12-03), none solved to another
// answer; since each grid, 200 pixels across in the working copy, is looked at again from the
// page's own pixels (vision/reading/CloserLook.h), 22.
constexpr int kMinShadedPagesRead = 22;

TEST(SeveralGrids, EveryGridOfAPageIsReadWithOnePhotoUnderAShadow) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const std::vector<std::string> names = HeldOutNames();
    int pages = 0, read = 0, solvedWrong = 0;
    for (std::size_t k = 0; k + 1 < names.size(); k += 2) {
        const auto pair = HeldOutPair(names, k);
        if (!pair) continue;
        const cv::Mat &a = pair->left, &b = pair->right;
        for (const bool shadeLeft : {true, false}) {
            ++pages;
            const auto jpeg = SideBySide(shadeLeft ? WithShadowEdge(a, 0.7) : a,
                                         shadeLeft ? b : WithShadowEdge(b, 0.7));
            bool solved[2] = {false, false};
            for (const Reading& r : ReadSudokus(std::span<const std::uint8_t>(jpeg))) {
                const int side = MeanX(r) < pair->middle ? 0 : 1;
                solved[side] |= SolvedRight(r, pair->truths[side]);
                // A printed solution (image1067 shows the last one) is no puzzle of the page,
                // and is not reported as one.
                if (SolvedWrong(r, pair->truths[side])) {
                    ++solvedWrong;
                    std::cout << "  " << names[k + side] << ": solved to another answer\n";
                }
            }
            read += solved[0] && solved[1];
            if (!solved[0] || !solved[1])
                std::cout << "  " << names[k] << " + " << names[k + 1] << ", "
                          << (shadeLeft ? "left" : "right") << " shaded: left " << solved[0]
                          << ", right " << solved[1] << "\n";
        }
    }
    std::cout << "  " << read << " of " << pages << " pages read with both grids solved\n";
    ASSERT_GT(pages, 0);
    EXPECT_GE(read, kMinShadedPagesRead);
    EXPECT_EQ(solvedWrong, 0);
}

// Measured on the pairs of held-out printed photos, each with a rule drawn along its grid's
// top and right sides (WithRulesAlongTheFrame): the frames run into the rules, and the rules into
// each other where the photos meet. Before the page's grids were carried out from their boxes,
// 8 of the 15 pages (one photo has no outline) had both grids solved right (23 of 30 grids);
// now 13 (28), none solved to another answer.
constexpr int kMinRuledPagesRead = 13;

TEST(SeveralGrids, EveryGridOfAPageWhoseFramesRunIntoRulesIsRead) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const std::vector<std::string> names = HeldOutNames();
    const auto outlines = TrainingOutlines();
    int pages = 0, read = 0, sides = 0, solvedWrong = 0;
    for (std::size_t k = 0; k + 1 < names.size(); k += 2) {
        const auto pair = HeldOutPair(names, k);
        const auto left = outlines.find(names[k]), right = outlines.find(names[k + 1]);
        if (!pair || left == outlines.end() || right == outlines.end()) continue;
        ++pages;
        const auto jpeg = SideBySide(WithRulesAlongTheFrame(pair->left, left->second),
                                     WithRulesAlongTheFrame(pair->right, right->second));
        bool solved[2] = {false, false};
        for (const Reading& r : ReadSudokus(std::span<const std::uint8_t>(jpeg))) {
            const int side = MeanX(r) < pair->middle ? 0 : 1;
            solved[side] |= SolvedRight(r, pair->truths[side]);
            solvedWrong += SolvedWrong(r, pair->truths[side]);
        }
        read += solved[0] && solved[1];
        sides += solved[0] + solved[1];
        if (!solved[0] || !solved[1])
            std::cout << "  " << names[k] << " + " << names[k + 1] << ": left " << solved[0]
                      << ", right " << solved[1] << "\n";
    }
    std::cout << "  " << read << " of " << pages << " pages read with both grids solved, " << sides
              << " grids of " << 2 * pages << "\n";
    ASSERT_GT(pages, 0);
    EXPECT_GE(read, kMinRuledPagesRead);
    EXPECT_EQ(solvedWrong, 0);
}

// ReadSudokus reads first the grid ReadSudoku reads, found the same ways (in a shadow, cut by
// the frame, the puzzle rather than a solution beside it). Measured under a deep shadow's edge, on
// every other held-out printed photo (16, to keep the sanitizer runs short): before, the first
// reading differed on 13 (8 found no grid, 2 were read uncertain, 3 solved from other corners).
TEST(SeveralGrids, TheFirstGridReadIsTheOneReadSudokuReads) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const std::vector<std::string> names = HeldOutNames();
    int photos = 0, differ = 0;
    for (std::size_t k = 0; k < names.size(); k += 2) {
        const cv::Mat photo = cv::imread((kDataset / "printed" / names[k]).string());
        if (photo.empty()) continue;
        ++photos;
        const auto jpeg = Jpeg92(WithShadowEdge(photo, 0.7));
        const Reading one = ReadSudoku(std::span<const std::uint8_t>(jpeg));
        const std::vector<Reading> every = ReadSudokus(std::span<const std::uint8_t>(jpeg));
        ASSERT_FALSE(every.empty()) << names[k];
        const Reading& first = every.front();
        if (first.status == one.status && first.givens == one.givens &&
            first.solution == one.solution && first.corners == one.corners)
            continue;
        ++differ;
        std::cout << "  " << names[k] << ": " << ReadStatusId(first.status)
                  << " first of every grid, " << ReadStatusId(one.status) << " alone\n";
    }
    EXPECT_GT(photos, 0);
    EXPECT_EQ(differ, 0);
}

// The puzzle's solution, every cell printed, on a rendered page photographed straight on.
cv::Mat PrintedSolution(const std::vector<int>& truth) {
    std::string line;
    for (const int digit : truth)
        line += digit ? static_cast<char>('0' + digit) : '.';
    std::string solved(81, '.');
    if (SolveFast9(line.c_str(), 1, solved.data(), nullptr) != 1) return {};
    Board board;  // 9x9
    for (int cell = 0; cell < 81; ++cell)
        board.set(cell, solved[cell] - '0', CellOrigin::Given);
    const Page page = RenderPage(board);
    PhotoOptions options;
    options.size = {900, 900};
    options.noise = 2;
    return PhotographPage(page, DefaultPose(page, options.size), options).image;
}

// The photo at 60% of `height`, on paper `height` high.
cv::Mat ShrunkOnPaper(const cv::Mat& puzzle, int height) {
    const int shrunk = height * 6 / 10;
    cv::Mat small;
    cv::resize(puzzle, small, {puzzle.cols * shrunk / puzzle.rows, shrunk}, 0, 0, cv::INTER_AREA);
    cv::copyMakeBorder(small, small, (height - shrunk) / 2, height - shrunk - (height - shrunk) / 2,
                       0, 20, cv::BORDER_CONSTANT, cv::Scalar(225, 225, 225));
    return small;
}

// The photo at 60% of the solution's height, on paper, left of it, as one JPEG.
std::vector<std::uint8_t> PuzzleBesideSolution(const cv::Mat& puzzle, const cv::Mat& solution) {
    cv::Mat page;
    cv::hconcat(ShrunkOnPaper(puzzle, solution.rows), solution, page);
    return Jpeg92(page);
}

// How many held-out printed photos, each made by `photograph` from the photo and put beside a
// larger printed solution (of the same puzzle, so that a solution read instead is caught), are
// read as the puzzle. A puzzle solved to another answer must be one the reader solves so when
// it is alone on its paper (a misreading of the puzzle, not of the page): looking past the
// solution must add no wrong answer.
template <typename Photograph>
int PuzzlesReadBesideTheirSolution(Photograph photograph) {
    int photos = 0, read = 0, wrongOnlyBeside = 0;
    for (const std::string& name : HeldOutNames()) {
        const fs::path path = kDataset / "printed" / name;
        const cv::Mat photo = cv::imread(path.string());
        const auto truth = DatDigits(fs::path(path).replace_extension(".dat"));
        const cv::Mat solution = truth.size() == 81 ? PrintedSolution(truth) : cv::Mat();
        if (photo.empty() || solution.empty()) continue;
        ++photos;
        const cv::Mat puzzle = photograph(photo);
        const auto jpeg = PuzzleBesideSolution(puzzle, solution);
        const Reading r = ReadSudoku(std::span<const std::uint8_t>(jpeg));
        read += ReadsAs(r, truth);
        if (!ReadsAs(r, truth))
            std::cout << "  " << name << ": " << ReadStatusId(r.status) << ", "
                      << r.givens.filledCount() << " digits read\n";
        if (!SolvedWrong(r, truth)) continue;
        const auto alone = Jpeg92(ShrunkOnPaper(puzzle, solution.rows));
        const bool wrongAlone =
            SolvedWrong(ReadSudoku(std::span<const std::uint8_t>(alone)), truth);
        std::cout << "  " << name << ": solved to another answer, "
                  << (wrongAlone ? "as when alone\n" : "not when alone\n");
        wrongOnlyBeside += !wrongAlone;
    }
    std::cout << "  " << read << " of " << photos << " puzzles read beside their solution\n";
    EXPECT_GT(photos, 0);
    EXPECT_EQ(wrongOnlyBeside, 0);
    return read;
}

// A printed solution with no puzzle found beside it (a page photographed from so far that its
// puzzle is lost, the solution crisp beside it) is no puzzle: before, it was called solved, with
// itself, another day's answer, as the solution.
TEST(SeveralGrids, APrintedSolutionAloneIsNoPuzzle) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const std::string name = HeldOutNames().front();
    const auto truth = DatDigits((kDataset / "printed" / name).replace_extension(".dat"));
    const cv::Mat solution = PrintedSolution(truth);
    ASSERT_FALSE(solution.empty());
    const auto jpeg = Jpeg92(solution);
    const Reading r = ReadSudoku(std::span<const std::uint8_t>(jpeg));
    EXPECT_EQ(r.status, ReadStatus::NotFound) << ReadStatusId(r.status);
    EXPECT_NE(r.message.find("printed solution"), std::string::npos) << r.message;
    EXPECT_EQ(r.solution.filledCount(), 0);
}

// Newspapers print the last puzzle's solution beside the new one. Before the reader looked past
// a grid that is all printed digits, 0 of 32 were read as the puzzle (the solution grid, larger
// and in the middle, was read and called solved); then 30 (image74 and image1007, small and
// blurred, misread at 60%); 32 when measured again on 2026-11-26 (the changes between were not
// traced one by one).
constexpr int kMinPuzzlesPreferred = 32;

TEST(SeveralGrids, ThePuzzleIsReadRatherThanAPrintedSolutionBesideIt) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    EXPECT_GE(PuzzlesReadBesideTheirSolution([](const cv::Mat& photo) { return photo; }),
              kMinPuzzlesPreferred);
}

// The puzzle under a deep shadow's edge (70% of the light gone) beside its solution: the usual
// mask can lose a puzzle the edge cuts in two, and only the solution's grid is found. Before the
// other masks (strokes, strokes against the paper's light, faint ink) were searched for the puzzle
// too, 9 of 32 were read as the puzzle and 18 as the solution; now 16 and 9. A puzzle found only
// by them is taken when its printed digits are all as first read: with any correction allowed, 17
// were read but image116 was solved to another answer (digits lost in the shadow, two printed ones
// "corrected"), which it is not when read alone. image164 is solved to another answer alone too (a
// 9 in the shadow read as 4, at 60% size): a misreading the reader has anyway.
constexpr int kMinShadedPuzzlesPreferred = 16;

TEST(SeveralGrids, APuzzleUnderAShadowIsReadRatherThanAPrintedSolutionBesideIt) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    EXPECT_GE(PuzzlesReadBesideTheirSolution(
                  [](const cv::Mat& photo) { return WithShadowEdge(photo, 0.7); }),
              kMinShadedPuzzlesPreferred);
}

// A newspaper page with three puzzles in a row (generated, each among its columns of text),
// photographed whole by a camera turned and slanted by `seed`, a deep shadow's edge (70% of the
// light gone) across the middle puzzle.
struct ThreePuzzlePage {
    cv::Mat photo;
    std::vector<Board> puzzles;
};

// Whether one of the readings solved the puzzle with exactly its clues.
bool IsReadExactly(const std::vector<Reading>& readings, const Board& puzzle) {
    return std::any_of(readings.begin(), readings.end(), [&](const Reading& r) {
        return r.status == ReadStatus::Solved && r.givens == puzzle;
    });
}

ThreePuzzlePage PhotographThreePuzzles(std::uint64_t seed) {
    ThreePuzzlePage out;
    std::vector<cv::Mat> columns;
    for (std::uint64_t k = 0; k < 3; ++k) {
        GeneratorOptions generator;
        generator.seed = seed * 3 + k;
        generator.grade = false;
        out.puzzles.push_back(Generate(generator).puzzle);
        PageOptions pageOptions;
        pageOptions.cellPixels = 40;
        pageOptions.seed = generator.seed;
        columns.push_back(RenderPage(out.puzzles.back(), pageOptions).image);
    }
    Page page;
    cv::hconcat(columns, page.image);
    PhotoOptions options;
    options.size = {1920, 1080};
    options.blur = 0.6;
    options.noise = 2;
    options.seed = seed;
    CameraPose pose;
    pose.centre = {page.image.cols / 2.f, page.image.rows / 2.f};
    pose.scale = 0.9 * std::min(static_cast<double>(options.size.width) / page.image.cols,
                                static_cast<double>(options.size.height) / page.image.rows);
    pose.rotation = (seed % 2 ? 1.5 : -1.5) * static_cast<double>(seed % 3);
    pose.tiltX = 0.05 * static_cast<double>(seed % 3);
    pose.tiltY = 0.05 * static_cast<double>((seed + 1) % 3);
    out.photo = WithShadowEdge(PhotographPage(page, pose, options).image, 0.7);
    return out;
}

// Measured on 4 such pages: before ReadSudokus looked in the masks after the usual one, one grid
// of each was found (3 of 12 puzzles read); now every puzzle is read exactly, no other grid
// reported. Three pages here, to keep the sanitizer runs short.
TEST(SeveralGrids, EveryPuzzleOfARenderedPageOfThreeIsReadUnderAShadow) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    int puzzles = 0, read = 0, others = 0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        const ThreePuzzlePage page = PhotographThreePuzzles(seed);
        const std::vector<Reading> readings = ReadSudokus(page.photo);
        for (const Board& puzzle : page.puzzles) {
            ++puzzles;
            read += IsReadExactly(readings, puzzle);
        }
        others += std::max(0, static_cast<int>(readings.size()) - 3);
        std::cout << "  page " << seed << ": " << readings.size() << " grids\n";
    }
    std::cout << "  " << read << " of " << puzzles << " puzzles read exactly\n";
    EXPECT_EQ(read, puzzles);
    EXPECT_EQ(others, 0);
}

// Pages where a lattice fitted across two of the puzzles (and the print between them) read
// uncertain and hid the puzzles inside it: found by reading 140 such pages (seeds 1 to 140), of
// which 5 lost two puzzles this way; these two read 1 of 3 puzzles each before the puzzles inside
// such a lattice were read on their own.
TEST(SeveralGrids, ALatticeAcrossTwoPuzzlesDoesNotHideThem) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    for (std::uint64_t seed : {54, 62}) {
        const ThreePuzzlePage page = PhotographThreePuzzles(seed);
        const std::vector<Reading> readings = ReadSudokus(page.photo);
        EXPECT_EQ(readings.size(), 3u) << "page " << seed;
        for (const Board& puzzle : page.puzzles)
            EXPECT_TRUE(IsReadExactly(readings, puzzle)) << "page " << seed;
    }
}

TEST(SeveralGrids, APhotoWithoutAGridGivesOneNotFoundReading) {
    cv::Mat blank(400, 600, CV_8UC3, cv::Scalar(235, 235, 235));
    const std::vector<Reading> readings = ReadSudokus(blank);
    ASSERT_EQ(readings.size(), 1u);
    EXPECT_EQ(readings[0].status, ReadStatus::NotFound);
    const std::vector<Reading> missing = ReadSudokusFile("/nonexistent/photo.jpg");
    ASSERT_EQ(missing.size(), 1u);
    EXPECT_EQ(missing[0].status, ReadStatus::Error);
}

}  // namespace
}  // namespace sudoku
