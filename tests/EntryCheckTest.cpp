// The check of a person's hand-written digits: judged from what was read in each cell, never from
// the solution, so a real mistake is found and a right entry is not called wrong. Measured on the
// filled-in training photos with real mistakes composed in: the patches of two hand-written cells
// holding different digits swapped, so both become wrong and the ground truth follows.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "tests/Blurred.h"
#include "tests/TrainingPhotos.h"
#include "vision/classifying/ClassifierLoader.h"
#include "vision/reading/EntryCheck.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

bool Lists(const std::vector<int>& cells, int cell) {
    return std::find(cells.begin(), cells.end(), cell) != cells.end();
}

TEST(EntryCheck, JudgesEachEntryFromItsOwnReading) {
    const auto judge = [](std::vector<CellGuess> guesses, int truth) {
        return JudgeEntry(CellReading{std::move(guesses)}, truth);
    };
    EXPECT_EQ(judge({{4, true, 0.97f}, {9, true, 0.02f}}, 4).verdict, EntryVerdict::Right);
    EXPECT_EQ(judge({{4, true, 0.97f}, {9, true, 0.001f}}, 9).verdict, EntryVerdict::Wrong);
    EXPECT_EQ(judge({{4, true, 0.97f}, {9, true, 0.02f}}, 9).verdict, EntryVerdict::Unsure);
    // Printed and hand-written guesses of one digit add up: the kind is not what is judged.
    EXPECT_EQ(judge({{7, true, 0.5f}, {1, true, 0.3f}, {1, false, 0.2f}}, 7).verdict,
              EntryVerdict::Unsure);
    const EntryJudgement doubtful = judge({{3, true, 0.6f}, {6, true, 0.35f}}, 6);
    EXPECT_EQ(doubtful.verdict, EntryVerdict::Unsure);
    EXPECT_EQ(doubtful.digit, 3);  // what was read, not the solution's digit
    EXPECT_EQ(judge({{3, true, 0.4f}, {5, true, 0.05f}, {0, false, 0.5f}}, 6).verdict,
              EntryVerdict::Unsure);  // not sure a digit was written at all
}

// One photo's reading and truth: the filled-in photo and which cells were printed.
struct FilledInPhoto {
    std::string name;
    cv::Mat photo;            // as displayed (EXIF applied)
    std::vector<int> digits;  // every cell's digit: the solution
    std::vector<int> printed;
};

std::optional<FilledInPhoto> LoadFilledIn(const std::string& name) {
    const fs::path path = kDataset / "mixed" / name;
    FilledInPhoto p{name, cv::imread(path.string()),
                    DatDigits(fs::path(path).replace_extension(".dat")),
                    DatDigits(kDataset / "printed" / fs::path(name).replace_extension(".dat"))};
    if (p.photo.empty() || p.digits.size() != 81 || p.printed.size() != 81) return std::nullopt;
    return p;
}

std::vector<cv::Point2f> CellQuad(const Reading& r, int cell) {
    const int n = r.size, row = cell / n, col = cell % n;
    const auto at = [&](int rr, int cc) { return r.lattice[rr * (n + 1) + cc]; };
    return {at(row, col), at(row, col + 1), at(row + 1, col + 1), at(row + 1, col)};
}

// The quad shrunk towards its centre: the patch copied keeps clear of the grid's lines.
std::vector<cv::Point> Inner(const std::vector<cv::Point2f>& quad, float keep) {
    cv::Point2f centre(0, 0);
    for (const auto& p : quad)
        centre += p * 0.25f;
    std::vector<cv::Point> inner;
    for (const auto& p : quad)
        inner.emplace_back(cv::Point(centre + (p - centre) * keep));
    return inner;
}

// Copies the inside of cell `from` onto cell `to` in `out`, through the perspective between them.
void CopyCell(const cv::Mat& source, cv::Mat& out, const Reading& r, int from, int to) {
    const cv::Mat h = cv::getPerspectiveTransform(CellQuad(r, from), CellQuad(r, to));
    cv::Mat moved;
    cv::warpPerspective(source, moved, h, source.size(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    cv::Mat mask = cv::Mat::zeros(source.size(), CV_8U);
    cv::fillConvexPoly(mask, Inner(CellQuad(r, to), 0.86f), 255, cv::LINE_AA);
    moved.copyTo(out, mask);
}

// Two hand-written cells with different digits, in different rows, columns and boxes, picked
// from the photo's name so the swapped cells vary over the board.
std::optional<std::pair<int, int>> CellsToSwap(const FilledInPhoto& p) {
    std::vector<int> entries;
    for (int cell = 0; cell < 81; ++cell)
        if (!p.printed[cell]) entries.push_back(cell);
    if (entries.size() < 2) return std::nullopt;
    std::size_t hash = 0;
    for (char ch : p.name)
        hash = hash * 31 + static_cast<unsigned char>(ch);
    const std::size_t start = hash % entries.size();
    const int a = entries[start];
    for (std::size_t k = 1; k < entries.size(); ++k) {
        const int b = entries[(start + k) % entries.size()];
        const bool apart =
            a / 9 != b / 9 && a % 9 != b % 9 && (a / 27 != b / 27 || a % 9 / 3 != b % 9 / 3);
        if (apart && p.digits[a] != p.digits[b]) return std::pair(a, b);
    }
    return std::nullopt;
}

struct SwapTally {
    int photos = 0;        // filled-in photos whose reading was right, so cells could be found
    int swapped = 0;       // photos composed with two entries swapped
    int solved = 0;        // composed photos read as solved with the right solution
    int mistakes = 0;      // swapped (wrong) entries
    int found = 0;         // ... reported as mistakes
    int unsure = 0;        // ... reported unsure
    int calledRight = 0;   // ... reported right: the failure a check must never have
    int missed = 0;        // ... read as empty paper or as print, so not judged at all
    int rightEntries = 0;  // right entries in the composed and the untouched photos
    int rightCalledWrong = 0;
    int rightUnsure = 0;
    int rightAsPrint = 0;  // right entries read as printed digits, so not judged at all
};

// Judges the reading's entries against the truth: `wrong` are the cells the truth says are
// mistakes, every other hand-written cell is right.
void TallyEntries(SwapTally& t, const Reading& r, const FilledInPhoto& p,
                  const std::vector<int>& wrong) {
    for (int cell = 0; cell < 81; ++cell) {
        if (p.printed[cell]) continue;
        const bool isMistake = Lists(wrong, cell);
        const bool calledWrong = Lists(r.mistakes, cell), unsure = Lists(r.unsure, cell);
        const bool read = r.handwritten.value(cell) != 0;
        // A mistake shows the digit read, never the solution's.
        if (calledWrong) {
            EXPECT_NE(r.handwritten.value(cell), r.solution.value(cell)) << p.name;
        }
        if (isMistake) {
            ++t.mistakes;
            t.found += calledWrong;
            t.unsure += unsure;
            t.missed += !read;
            t.calledRight += read && !calledWrong && !unsure;
            if (!calledWrong)
                std::cout << "  " << p.name << " swapped " << cell
                          << (unsure ? " unsure\n"
                              : read ? " called right\n"
                                     : " read empty\n");
        } else {
            ++t.rightEntries;
            t.rightCalledWrong += calledWrong;
            t.rightUnsure += unsure;
            t.rightAsPrint += r.givens.value(cell) != 0;
            if (calledWrong)
                std::cout << "  " << p.name << " right entry " << cell << " called wrong\n";
        }
    }
}

bool SolvedRight(const Reading& r, const FilledInPhoto& p) {
    if (r.status != ReadStatus::Solved) return false;
    for (int cell = 0; cell < 81; ++cell)
        if (r.solution.value(cell) != p.digits[cell]) return false;
    return true;
}

// A photo spoilt as a camera might spoil it (out of focus, shaken), or left as it is.
using Spoil = std::function<cv::Mat(const cv::Mat&)>;

// Each photo and its composition with two entries swapped read and tallied, both spoilt by
// `spoil` when given; the patches are placed from the sharp photo's reading.
SwapTally MeasureSwaps(const std::vector<std::string>& names, const Spoil& spoil = {}) {
    SwapTally t;
    for (const auto& name : names) {
        const auto photo = LoadFilledIn(name);
        if (!photo) continue;
        const Reading sharp = ReadSudoku(photo->photo);
        if (!SolvedRight(sharp, *photo)) continue;
        const Reading original = spoil ? ReadSudoku(spoil(photo->photo)) : sharp;
        if (SolvedRight(original, *photo)) {
            ++t.photos;
            TallyEntries(t, original, *photo, {});
        }
        const auto pair = CellsToSwap(*photo);
        if (!pair) continue;
        const auto [a, b] = *pair;
        cv::Mat composed = photo->photo.clone();
        CopyCell(photo->photo, composed, sharp, a, b);
        CopyCell(photo->photo, composed, sharp, b, a);
        std::vector<std::uint8_t> jpeg;
        cv::imencode(".jpg", spoil ? spoil(composed) : composed, jpeg,
                     {cv::IMWRITE_JPEG_QUALITY, 95});
        const Reading r = ReadSudoku(std::span<const std::uint8_t>(jpeg));
        ++t.swapped;
        if (!SolvedRight(r, *photo)) {
            std::cout << "  " << name << " swapped: " << ReadStatusId(r.status) << "\n";
            continue;
        }
        ++t.solved;
        TallyEntries(t, r, *photo, {a, b});
    }
    std::cout << "  " << t.photos << " filled-in photos read right; " << t.swapped
              << " composed with two entries swapped, " << t.solved << " solved right\n"
              << "  swapped entries: " << t.found << " of " << t.mistakes << " found wrong, "
              << t.unsure << " unsure, " << t.missed << " read empty, " << t.calledRight
              << " called right\n"
              << "  right entries: " << t.rightCalledWrong << " of " << t.rightEntries
              << " called wrong, " << t.rightUnsure << " unsure, " << t.rightAsPrint
              << " read as print (not judged)\n";
    return t;
}

// Measured on the 32 held-out photos: 32 composed photos solved right; 60 of the 64 swapped
// entries found wrong, 4 unsure, none called right; of the 3,304 right entries (in the composed
// and the untouched photos) 1 called wrong (read with confidence as another digit, the
// classifier's error, on the sharpened grid and slanted too), 149 unsure and 2 read as print, so
// not judged at all. Without the second look: 61 found, 3 called wrong, 145 unsure; with the
// sharpened grid alone as the second look: 60 found, 2 called wrong, 146 unsure
// (vision/reading/MistakeCheck.h). Before the ink's colour told pen from print
// (vision/reading/InkColour.h) 25 right entries were read as print; of the 23 now judged, 2 are
// unsure (147 before). The unsure entries leaning wrong given the same looks: 61 found (image1000's
// 8, first read at 0.44), 3 unsure.
constexpr int kMinSwappedSolved = 32, kMinMistakesFound = 61;
constexpr int kMaxRightCalledWrong = 1, kMaxRightUnsure = 149, kMaxRightAsPrint = 2;

TEST(EntryCheck, FindsSwappedEntriesInTheHeldOutPhotos) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "mixed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const SwapTally t = MeasureSwaps(HeldOutNames());
    ASSERT_GT(t.swapped, 0);
    EXPECT_GE(t.solved, kMinSwappedSolved);
    EXPECT_GE(t.found, kMinMistakesFound);
    EXPECT_EQ(t.calledRight, 0);
    EXPECT_LE(t.rightCalledWrong, kMaxRightCalledWrong);
    EXPECT_LE(t.rightUnsure, kMaxRightUnsure);
    EXPECT_LE(t.rightAsPrint, kMaxRightAsPrint);
}

// One filled-in training photo holds a real mistake: in image1036 the digit pasted in at r6c6 is
// a plain red 7 where the solution (and the dataset's truth) has 4. The check finds it, shows the
// 7 the photo holds, and calls no other entry wrong; `eval` counts it as a digit misread and a
// right entry called wrong, since it compares with the truth.
TEST(EntryCheck, FindsTheRealMistakeInATrainingPhoto) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    const auto photo = LoadFilledIn("image1036.jpg");
    if (!photo) GTEST_SKIP() << "no dataset at " << kDataset;
    const int r6c6 = 5 * 9 + 5;
    const Reading r = ReadSudoku(photo->photo);
    ASSERT_TRUE(SolvedRight(r, *photo)) << r.message;
    EXPECT_EQ(r.solution.value(r6c6), 4);
    EXPECT_EQ(r.handwritten.value(r6c6), 7);
    EXPECT_EQ(r.mistakes, std::vector<int>{r6c6});
    EXPECT_FALSE(Lists(r.unsure, r6c6));
}

// The held-out photos and their compositions out of focus (Gaussian sigma 2.5 px), where the
// network reads some right entries confidently as another digit. Measured: 28 of 32 composed
// photos solved right; 44 of the 56 swapped entries found wrong, 10 unsure, 2 read empty, none
// called right; of 2,819 right entries 5 called wrong (13 without the second look on a
// sharpened grid, vision/reading/MistakeCheck.h) and 661 unsure. Reading a grid out of focus
// sharpened (vision/reading/Focus.h): 31 solved right; 55 of 62 found wrong, 6 unsure, 1 read
// empty, none called right; of 3,192 right entries 3 called wrong, 560 unsure. Since 32 are
// solved right: 57 of 64 found with the sharpened second look alone, 55 with the slanted looks
// too (8 unsure, 1 read empty); of 3,304 right entries 3 called wrong either way, 574 unsure.
// With pen told from print by the ink's colour: 584 unsure, 20 read as print (80 before).
// 2026-12-03: 585 unsure, 449 since the unsure entries of a shallow grid (the blur makes it so)
// get a sharpened look (MistakeCheck.h, SettleUnsureEntries); the rest as before. 450 since the
// colour is decoded at half a 640x480 photo's size (ImageDecode.h), the found ones unchanged.
TEST(EntryCheck, CallsFewRightEntriesWrongInBlurredPhotos) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "mixed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const SwapTally t =
        MeasureSwaps(HeldOutNames(), [](const cv::Mat& photo) { return OutOfFocus(photo, 2.5); });
    ASSERT_GT(t.swapped, 0);
    EXPECT_GE(t.solved, 31);
    EXPECT_GE(t.found, 55);
    EXPECT_EQ(t.calledRight, 0);
    EXPECT_LE(t.rightCalledWrong, 3);
    EXPECT_LE(t.rightUnsure, 450);
}

// The held-out photos and their compositions smeared sideways by `pixels` photo pixels, as a
// hand moving during the shot: the network reads some smeared right entries surely as another
// digit, however sharpened or slanted.
SwapTally MeasureShakenSwaps(int pixels) {
    return MeasureSwaps(HeldOutNames(),
                        [pixels](const cv::Mat& photo) { return SmearedSideways(photo, pixels); });
}

// Smeared by 7 pixels (a ninth of a cell): the look across the smear
// (vision/reading/MistakeCheck.h) took the right entries called wrong from 10 of 3,251 to 5; the
// swapped entries found stayed at 48 of 62 (the 31 compositions read right are judged). Two tests,
// so that the sanitizer builds run them side by side.
TEST(EntryCheck, CallsFewRightEntriesWrongInPhotosShakenANinthOfACell) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "mixed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const SwapTally t = MeasureShakenSwaps(7);
    EXPECT_GE(t.solved, 31);
    EXPECT_GE(t.found, 48);
    EXPECT_EQ(t.calledRight, 0);
    EXPECT_LE(t.rightCalledWrong, 5);
}

// Smeared by 9 pixels (a seventh of a cell): right entries called wrong 17 of 2,591 -> 10, swapped
// entries found 32 -> 31 of 50 (25 compositions read right). 2026-12-02, since an outline more
// than twice as long as it is wide is no grid's: 26 compositions read right, swapped entries found
// 33 of 52, right entries called wrong 10 of 2,746.
TEST(EntryCheck, CallsFewRightEntriesWrongInPhotosShakenASeventhOfACell) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "mixed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const SwapTally t = MeasureShakenSwaps(9);
    EXPECT_GE(t.solved, 26);
    EXPECT_GE(t.found, 33);
    EXPECT_EQ(t.calledRight, 0);
    EXPECT_LE(t.rightCalledWrong, 10);
}

// The held-out photos and their compositions as an old phone takes them (blurred 2 pixels at
// 1600, contrast 0.7: shallower than any filled-in training photo, not flat), where the network
// leaves many right entries unsure. Measured (2026-12-03): 32 compositions solved right; 58 of the
// 64 swapped entries found wrong, 5 unsure, 1 read empty, none called right; of 3,304 right
// entries 1 called wrong and 199 unsure, 164 since the unsure entries of a grid that shallow get
// a sharpened look (MistakeCheck.h, SettleUnsureEntries). 59 found since a light entry is read
// stretched to its own ink (FaintPen.h, 2026-12-04): the one read empty.
TEST(EntryCheck, SettlesUnsureEntriesOfAnOldPhonesPhoto) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "mixed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const SwapTally t = MeasureSwaps(
        HeldOutNames(), [](const cv::Mat& photo) { return AsAnOldPhoneTakesIt(photo, 2.0, 0.7); });
    ASSERT_GT(t.swapped, 0);
    EXPECT_GE(t.solved, 32);
    EXPECT_GE(t.found, 59);
    EXPECT_EQ(t.calledRight, 0);
    EXPECT_LE(t.rightCalledWrong, 1);
    EXPECT_LE(t.rightUnsure, 164);
}

// The same over all 160 training photos, for the README's figures (about 15 s):
//   build/release/tests/entry_check_test --gtest_also_run_disabled_tests
//     --gtest_filter='*AllTrainingPhotos'
TEST(EntryCheck, DISABLED_FindsSwappedEntriesInAllTrainingPhotos) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "mixed")) GTEST_SKIP() << "no dataset at " << kDataset;
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(kDataset / "mixed"))
        if (entry.path().extension() == ".jpg") names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    const SwapTally t = MeasureSwaps(names);
    EXPECT_EQ(t.calledRight, 0);
}

}  // namespace
}  // namespace sudoku
