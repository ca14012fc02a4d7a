// Grids whose thin lines are printed grey or hair-thin, as some newspapers print them. Real
// photos with their thin lines faded, and rendered pages of other newspapers' styles whose
// hair-thin lines fall apart into short dashes in the ink mask: the grid must still be found, and
// no solution may be given for a board not read right.

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "tests/Darkened.h"
#include "tests/TrainingPhotos.h"
#include "vision/reading/ImageDecode.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

// The photo with its thin lines (not the box lines or the frame) keeping `contrast` of their
// darkness against the paper: each pixel within a tenth of a cell of such a line moves towards
// the lightest pixel near it.
cv::Mat WithFadedThinLines(const cv::Mat& photo, const std::array<cv::Point2f, 4>& outline,
                           double contrast) {
    constexpr int kCell = 40;
    constexpr int kHalfWidth = kCell / 10;
    cv::Mat lines(9 * kCell + 1, 9 * kCell + 1, CV_32F, cv::Scalar(0));
    for (int k = 1; k < 9; ++k) {
        if (k % 3 == 0) continue;
        const int from = k * kCell - kHalfWidth, width = 2 * kHalfWidth + 1;
        lines(cv::Rect(from, 0, width, lines.rows)) = 1.0;
        lines(cv::Rect(0, from, lines.cols, width)) = 1.0;
    }
    cv::Mat mask;
    cv::cvtColor(GridMaskOnPhoto(lines, kCell, outline, photo.size()), mask, cv::COLOR_GRAY2BGR);
    cv::Mat paper, ink;
    cv::dilate(photo, paper, cv::Mat::ones(7, 7, CV_8U));
    paper.convertTo(paper, CV_32FC3);
    photo.convertTo(ink, CV_32FC3);
    const cv::Mat faded = paper - (paper - ink) * contrast;
    // Scalar::all: a plain 1.0 minus a three-channel image is 1 in the first channel only.
    cv::Mat out = ink.mul(cv::Scalar::all(1.0) - mask) + faded.mul(mask);
    out.convertTo(out, CV_8UC3);
    return out;
}

// The photo with a column of text printed `gap` cells beside the grid's right side (the side from
// the outline's second corner to its third), three cells wide and the grid's height, as a page
// sets a column of news close beside the puzzle.
cv::Mat WithTextBeside(const cv::Mat& photo, const std::array<cv::Point2f, 4>& outline,
                       double gap) {
    constexpr int kCell = 40;
    constexpr int kLineStep = kCell / 3;
    static constexpr std::array<const char*, 12> kWords{"the",    "council", "said",   "on",
                                                        "Monday", "that",    "market", "prices",
                                                        "will",   "rise",    "after",  "weather"};
    const int left = static_cast<int>((9 + gap) * kCell), right = left + 3 * kCell;
    cv::Mat text(9 * kCell, right + 1, CV_32F, cv::Scalar(0));
    std::size_t word = 0;
    for (int baseline = kLineStep - 3; baseline < text.rows; baseline += kLineStep) {
        for (int x = left;; ++word) {
            const char* w = kWords[word % kWords.size()];
            int below = 0;
            const cv::Size size = cv::getTextSize(w, cv::FONT_HERSHEY_SIMPLEX, 0.3, 1, &below);
            if (x + size.width > right) break;
            cv::putText(text, w, {x, baseline}, cv::FONT_HERSHEY_SIMPLEX, 0.3, cv::Scalar(1.0), 1,
                        cv::LINE_AA);
            x += size.width + 4;
        }
    }
    return Darkened(photo, GridMaskOnPhoto(text, kCell, outline, photo.size()), 0.8);
}

// Whether the grid read lies on `outline` (the photo's hand-made one, scaled by `scale`): its
// centre is inside it. Another grid of the page is not a misreading of this one.
bool ReadsThisGrid(const Reading& r, const std::array<cv::Point2f, 4>& outline, double scale) {
    std::vector<cv::Point2f> scaled;
    for (const cv::Point2f& p : outline)
        scaled.push_back(p * static_cast<float>(scale));
    const cv::Point2f centre = (r.corners[0] + r.corners[1] + r.corners[2] + r.corners[3]) / 4;
    return cv::pointPolygonTest(scaled, centre, false) >= 0;
}

// Reads the held-out printed photos with an outline, their thin lines faded to each of
// `contrasts` (and with a column of text `textGap` cells beside the grid, when given), each at
// full size and halved, and answers how many of those grids were read exactly (-1 without the
// dataset); a grid solved though not read right fails the test.
int FadedGridsReadExactly(std::initializer_list<double> contrasts,
                          std::optional<double> textGap = std::nullopt) {
    if (!fs::exists(kDataset / "printed")) return -1;
    const auto outlines = TrainingOutlines();
    int photos = 0, exact = 0;
    for (const std::string& name : HeldOutNames()) {
        const auto outline = outlines.find(name);
        const fs::path path = kDataset / "printed" / name;
        const cv::Mat photo = cv::imread(path.string());
        const auto truth = DatDigits(fs::path(path).replace_extension(".dat"));
        if (outline == outlines.end() || photo.empty() || truth.size() != 81) continue;
        for (const double contrast : contrasts)
            for (const double scale : {1.0, 0.5}) {
                ++photos;
                cv::Mat faded = WithFadedThinLines(photo, outline->second, contrast);
                if (textGap) faded = WithTextBeside(faded, outline->second, *textGap);
                // Halved, a hair-thin line is under a pixel wide.
                if (scale != 1.0) cv::resize(faded, faded, {}, scale, scale, cv::INTER_AREA);
                const Reading r = ReadSudoku(std::span<const std::uint8_t>(Jpeg92(faded)));
                const bool right = GivensAsTruth(r, truth);
                exact += right;
                if (!right)
                    std::cout << "  " << name << " at " << contrast << ", scale " << scale << ": "
                              << ReadStatusId(r.status) << ", misread\n";
                if (r.status == ReadStatus::Solved && ReadsThisGrid(r, outline->second, scale)) {
                    EXPECT_TRUE(right) << name << ": a solution given for a board not read right";
                }
            }
    }
    std::cout << "  " << exact << " of " << photos << " grids read exactly\n";
    EXPECT_GT(photos, 0);
    return exact;
}

// Measured on the 31 held-out printed photos with an outline, thin lines at 40% and at 25% of
// their contrast, each at full size and halved (124 readings): 119 read exactly, none solved
// wrong (image1022, whose frame has a coloured rule just above it, is lost four times; image202
// halved at 25%). 120 since a grid is also found from its box lines when no mask shows its cells'
// (2026-11-29: image1022 at 25%, full size), 121 since a grid found with cells printed solid is
// taken for a crossword and looked past (2026-12-02: image1022 at 25%, halved).
constexpr int kMinReadExactly = 121;

TEST(ThinLines, AGridWithFadedThinLinesIsRead) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    const int exact = FadedGridsReadExactly({0.4, 0.25});
    if (exact < 0) GTEST_SKIP() << "no dataset at " << kDataset;
    EXPECT_GE(exact, kMinReadExactly);
}

// The same held-out photos with their thin lines gone (a tenth of their contrast left, or none),
// at full size and halved: the grid is then its frame and box lines, which no mask shows as 9x9
// cells. Measured (2026-11-30): 75 of 124 read exactly before the usual mask's outlines were also
// asked as grids of boxes (GridDetector's OrTheGridOfItsBoxLines), 77 since (image1007 with a
// tenth left, full size and halved), none solved wrong. Of the other 47: 18 not found, 16
// uncertain, 5 without a solution, 4 with several, and image1067's 4, which also shows the day
// before's solution above the puzzle: that grid, its thin lines whole, is read instead (a grid
// read elsewhere on the page is no misreading of this one: ReadsThisGrid). 87 since another
// mask's grid is taken when the usual mask finds none (2026-12-01), 93 since an outline more than
// twice as long as it is wide is no grid's (2026-12-02), 95 since the last resort also counts
// the dots a hair-thin line breaks into (image1000 and image1040, faded, full size), 97 since a
// grid read with too few digits for a puzzle gives way to another that reads solved (image93,
// halved, both fades: read with several solutions before), none solved wrong.
constexpr int kMinReadWithoutThinLines = 97;

// Measured (2026-12-01) with the text a tenth of a cell beside the right side: 68 of 124 read
// exactly before a grid with plain box lines could replace an unconvincing one around it, 70 since
// (image1040 with a tenth of the thin lines' contrast left, full size and halved), 81 since
// another mask's grid is taken when the usual mask finds none, 82 since an outline more than twice
// as long as it is wide is no grid's, 83 since the last resort also counts dots (image1000);
// none solved wrong. Most of the grids fill the photo, so little of the text is in view.
constexpr int kMinReadWithoutThinLinesBesideText = 83;

TEST(ThinLines, AGridWithoutThinLinesIsFoundFromItsBoxes) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    const int exact = FadedGridsReadExactly({0.1, 0.0});
    if (exact < 0) GTEST_SKIP() << "no dataset at " << kDataset;
    EXPECT_GE(exact, kMinReadWithoutThinLines);
}

// The same held-out photos without their thin lines, with a column of text printed a tenth of a
// cell beside the grid's right side: the ink mask's outline of the grid takes the text in, and as
// a 9x9 grid that outline scores more than the grid's own (its box lines then sit off its thirds).
TEST(ThinLines, AGridWithoutThinLinesBesideTextIsFoundFromItsBoxes) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    const int exact = FadedGridsReadExactly({0.1, 0.0}, 0.1);
    if (exact < 0) GTEST_SKIP() << "no dataset at " << kDataset;
    EXPECT_GE(exact, kMinReadWithoutThinLinesBesideText);
}

// Reads `folder`'s page1.jpg ... page<pages>.jpg (rendered pages, each with its .dat truth) and
// answers how many were read exactly; a page solved though not read right fails the test.
int RenderedPagesReadExactly(const std::string& folder, int pages) {
    const fs::path dir = fs::path(SUDOKU_SOURCE_DIR) / "tests" / "data" / folder;
    int exact = 0;
    for (int page = 1; page <= pages; ++page) {
        const fs::path photo = dir / ("page" + std::to_string(page) + ".jpg");
        const auto truth = DatDigits(fs::path(photo).replace_extension(".dat"));
        EXPECT_EQ(truth.size(), 81u) << photo;
        std::string error;
        const std::vector<std::uint8_t> bytes = ReadFileBytes(photo, error);
        EXPECT_TRUE(error.empty()) << error;
        const Reading r = ReadSudoku(std::span<const std::uint8_t>(bytes));
        const bool right = GivensAsTruth(r, truth);
        exact += right;
        if (!right)
            std::cout << "  " << folder << "/" << photo.filename().string() << ": "
                      << ReadStatusId(r.status) << "\n";
        if (r.status == ReadStatus::Solved) {
            EXPECT_TRUE(right) << photo << ": a solution given for a board not read right";
        }
    }
    std::cout << "  " << exact << " of " << pages << " rendered pages in " << folder
              << " read exactly\n";
    return exact;
}

// Four 640x480 photos of rendered pages (bench/newspaper_probes.py: probe062 and probe443 of
// `--count 500 --seed 1`, probe048 and probe201 of `--count 500 --seed 2 --span 0.35 0.6`, with
// the fonts of models/install-training-deps.sh) whose thin lines, 1.2 to 1.8% of a cell and three
// of them grey, are dashes in the ink mask. None was found while every mask kept only pieces of
// line a third of a cell long; all four are read exactly since the usual mask is asked again with
// pieces down to a fifth when no grid is found (GridDetector).
TEST(ThinLines, RenderedPagesWithHairlinesAreRead) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    EXPECT_EQ(RenderedPagesReadExactly("hairlines", 4), 4);
}

// Three photos of pages photographed whole (bench/newspaper_probes.py `--count 500 --seed 42
// --span 0.35 0.6`: probe091, probe117 and probe348), grids 35 to 60% of the frame with hair-thin
// thin lines (1.2 to 1.4% of a cell), two of them on a grid shaded whole and one beside shaded
// boxes: no mask shows their cells (as 9x9 grids they score 0.16 to 0.23, under kMinGridness),
// but their frames and box lines score 1.0 as 3x3 grids. None was found before the usual mask's
// outlines were also asked as grids of boxes (GridDetector's OrTheGridOfItsBoxLines).
TEST(ThinLines, RenderedPagesWithFaintCellLinesAreFoundFromTheirBoxes) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    EXPECT_EQ(RenderedPagesReadExactly("boxlines", 3), 3);
}

// Four photos of pages whose grid has print close beside it (bench/newspaper_probes.py: probe065,
// probe128 and probe471 of `--count 500 --seed 44 --span 0.3 0.5`, a column of text beside grids
// whose thin lines are dashes or crosses; probe437 of `--count 500 --seed 42 --span 0.35 0.6`, a
// small crossword beside hair-thin lines). The ink mask's outline takes the print in with the
// grid; as a 9x9 grid it scored more than the grid's own outline, though less grid-like (its size
// weighs in the score) and with the grid's box lines off its thirds, and its lattice was read a
// column off (uncertain, or no solution). Read exactly since a grid inside an unconvincing outline
// that is more grid-like, or whose box lines are plain where the outline's are not, is taken.
TEST(ThinLines, RenderedPagesWithPrintBesideAreFoundFromTheirBoxes) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    EXPECT_EQ(RenderedPagesReadExactly("printbeside", 4), 4);
}

// Three photos of pages whose grid has hair-thin or grey thin lines (bench/newspaper_probes.py:
// probe395 of `--count 500 --seed 42 --span 0.35 0.6`, probe059 and probe096 of `--seed 43`, same
// span), where an oblong 2.4 to 2.9 times as long as it is wide scored more as a grid than the
// grid (the lines of a text column beside it; on probe059 the grid's own right-hand stack of
// boxes): it was read (uncertain, or no solution) and the grid never was. A grid is square on the
// page, so an outline more than twice as long one way as the other is no grid's (GridDetector's
// kMaxOutlineElongation); 0 of 3 were read exactly before.
TEST(ThinLines, RenderedPagesWhereAnOblongOfPrintScoredAsTheGridAreRead) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    EXPECT_EQ(RenderedPagesReadExactly("oblongs", 3), 3);
}

// Three photos of pages with a crossword printed beside a grid whose thin lines are dashes or hair
// thin (bench/newspaper_probes.py: probe102 of `--count 500 --seed 42 --span 0.35 0.6`, probe011
// of `--seed 45 --span 0.3 0.5`, probe121 of `--seed 46`, same span): the crossword's lattice
// scored more as a grid than the Sudoku's and was read (uncertain). A Sudoku has no cell printed
// solid, a crossword dozens: one found is painted over and the grid looked for again
// (GridDetector's HasSolidCells); 0 of 3 were read exactly before.
TEST(ThinLines, RenderedPagesWithACrosswordBesideAreRead) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    EXPECT_EQ(RenderedPagesReadExactly("crosswords", 3), 3);
}

// Three 640x480 photos of pages with grids of 17 to 22 pixels a cell whose thin lines (and on two
// of them the box lines too) the ink mask breaks into dots of 3 to 5 pixels, none a dash
// (bench/newspaper_probes.py: probe111 and probe308 of `--count 500 --seed 45 --span 0.3 0.5`,
// probe439 of `--seed 46`, same span): no step found a grid (as 9x9 grids 0.05 to 0.2, under
// kMinGridness). The last resort, when nothing else was found, also counts specks up to 0.3 of a
// cell as pieces of a line (GridDetector's kLargestDotWhenLost); 0 of 3 were read before.
TEST(ThinLines, RenderedPagesWhoseLinesBreakIntoDotsAreRead) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    EXPECT_EQ(RenderedPagesReadExactly("dotted", 3), 3);
}

// Two 1280x960 photos of one page (bench/newspaper_probes.py: probe320 of `--count 500 --seed 46
// --span 0.3 0.5`, with `--antialias` and without) whose Sudoku, shaded whole, has grey thin lines
// beside a crossword's crisp lattice: a piece of the crossword with one cell printed solid was the
// most grid-like grid, read with one digit (several solutions). A grid read with fewer digits
// than a puzzle needs (17) gives way to another of the photo that reads solved (ReadSudoku's
// TooFewDigitsForAPuzzle, as a printed solution does); 0 of 2 were read before.
TEST(ThinLines, RenderedPagesWhereAGridWithTooFewDigitsWasReadAreRead) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    EXPECT_EQ(RenderedPagesReadExactly("fewdigits", 2), 2);
}

}  // namespace
}  // namespace sudoku
