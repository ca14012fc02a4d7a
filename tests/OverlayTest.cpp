// Blackbox tests of the overlay on real photos: the pixels it changes must lie in the cells the
// mode is about, in the photo's perspective, and never show a solution the board does not have.

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "solver/LogicalSolver.h"
#include "solver/Validation.h"
#include "tests/TestFiles.h"
#include "vision/drawing/Overlay.h"
#include "vision/reading/ImageDecode.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

const fs::path kNewspaper = fs::path(SUDOKU_SOURCE_DIR) / "samples" / "newspaper.jpg";
const fs::path kMixed = fs::path(SUDOKU_SHARED_DIR) / "datasets" / "wichtounet-train" / "mixed";

struct Sample {
    cv::Mat photo;
    Reading reading;
};

// Each photo is read once for the whole test program.
const Sample* Load(const fs::path& path) {
    static std::map<fs::path, std::optional<Sample>> cache;
    auto [it, added] = cache.try_emplace(path);
    if (added && fs::exists(path)) {
        DecodedImage image = DecodeImageFile(path);
        if (image) it->second = Sample{image.image, ReadSudokuFile(path)};
    }
    return it->second ? &*it->second : nullptr;
}

// The photo quad of one cell, filled into a mask; `grow` pixels added around it (or taken
// away when negative, to stay clear of the neighbours' highlights).
cv::Mat CellMask(const Reading& r, int cell, cv::Size size, int grow = 0) {
    const int n = r.size, row = cell / n, col = cell % n;
    const auto at = [&](int rr, int cc) { return cv::Point(r.lattice[rr * (n + 1) + cc]); };
    const cv::Point quad[4] = {at(row, col), at(row, col + 1), at(row + 1, col + 1),
                               at(row + 1, col)};
    cv::Mat mask = cv::Mat::zeros(size, CV_8U);
    cv::fillConvexPoly(mask, quad, 4, cv::Scalar(255));
    if (grow > 0) cv::dilate(mask, mask, cv::Mat(), {-1, -1}, grow);
    if (grow < 0) cv::erode(mask, mask, cv::Mat(), {-1, -1}, -grow);
    return mask;
}

// Pixels the overlay changed; a strip it added below the photo is left out.
cv::Mat Changed(const cv::Mat& before, const cv::Mat& after, int threshold = 40) {
    cv::Mat diff, channels[3];
    cv::absdiff(before, after(cv::Rect({0, 0}, before.size())), diff);
    cv::split(diff, channels);
    cv::Mat most = cv::max(channels[0], cv::max(channels[1], channels[2]));
    return most > threshold;
}

// Pixels clearly of one hue: `channel` (0 blue, 1 green, 2 red) above both others by 60.
cv::Mat Hue(const cv::Mat& image, int channel) {
    cv::Mat c[3];
    cv::split(image, c);
    const cv::Mat& a = c[(channel + 1) % 3];
    const cv::Mat& b = c[(channel + 2) % 3];
    cv::Mat ca, cb;
    cv::subtract(c[channel], a, ca);
    cv::subtract(c[channel], b, cb);
    return (ca > 60) & (cb > 60);
}

int CountIn(const cv::Mat& pixels, const cv::Mat& mask) {
    return cv::countNonZero(pixels & mask);
}

cv::Mat Draw(const Sample& s, const Reading& r, OverlayMode mode, std::string* sentence = nullptr) {
    cv::Mat out = s.photo.clone();
    OverlayOptions options;
    options.mode = mode;
    options.outline = false;
    const std::string said = DrawOverlay(out, r, options);
    if (sentence) *sentence = said;
    return out;
}

#define REQUIRE_SOLVED(sample)                                                            \
    if (!(sample)) GTEST_SKIP() << "photo absent";                                        \
    ASSERT_EQ((sample)->reading.status, ReadStatus::Solved) << (sample)->reading.message; \
    ASSERT_EQ(static_cast<int>((sample)->reading.lattice.size()), 100)

TEST(Overlay, SolutionDigitsLandInTheEmptyCellsOnly) {
    const Sample* s = Load(kNewspaper);
    REQUIRE_SOLVED(s);
    const Reading& r = s->reading;
    const cv::Mat out = Draw(*s, r, OverlayMode::Solution);
    ASSERT_EQ(out.size(), s->photo.size());
    const cv::Mat changed = Changed(s->photo, out);
    cv::Mat empties = cv::Mat::zeros(out.size(), CV_8U);
    const Board board = r.combined();
    for (int cell = 0; cell < board.cellCount(); ++cell) {
        const cv::Mat inside = CellMask(r, cell, out.size());
        const int ink = CountIn(changed, inside);
        const int area = cv::countNonZero(inside);
        if (board.isEmpty(cell)) {
            empties |= inside;
            EXPECT_GT(ink, area / 40) << "no digit in " << board.geometry().cellName(cell);
            // The glyph sits in the middle of its quad: the page's own perspective.
            const cv::Moments m = cv::moments(changed & inside, true);
            const cv::Moments q = cv::moments(inside, true);
            const cv::Point2d glyph(m.m10 / m.m00, m.m01 / m.m00),
                centre(q.m10 / q.m00, q.m01 / q.m00);
            EXPECT_LT(cv::norm(glyph - centre), 0.2 * std::sqrt(area));
        } else {
            EXPECT_EQ(ink, 0) << "drawn over the given in " << board.geometry().cellName(cell);
        }
    }
    cv::Mat outside = changed.clone();
    outside.setTo(0, empties);
    EXPECT_EQ(cv::countNonZero(outside), 0);
    // Blue ink, unlike the black print.
    EXPECT_GT(CountIn(Hue(out, 0), empties), cv::countNonZero(changed) / 4);
}

TEST(Overlay, CandidatesArePencilledInTheEmptyCells) {
    const Sample* s = Load(kNewspaper);
    REQUIRE_SOLVED(s);
    const Reading& r = s->reading;
    const cv::Mat changed = Changed(s->photo, Draw(*s, r, OverlayMode::Candidates));
    const CandidateGrid grid(r.combined());
    int more = 0, fewer = 0;
    for (int cell = 0; cell < grid.board().cellCount(); ++cell) {
        const int ink = CountIn(changed, CellMask(r, cell, changed.size()));
        if (grid.value(cell)) {
            EXPECT_EQ(ink, 0);
            continue;
        }
        EXPECT_GT(ink, 0);
        // More candidates, more ink: compare with a cell of fewer.
        for (int other = 0; other < cell; ++other)
            if (!grid.value(other) &&
                CountDigits(grid.candidates(other)) + 2 <= CountDigits(grid.candidates(cell))) {
                const int otherInk = CountIn(changed, CellMask(r, other, changed.size()));
                (ink > otherInk ? more : fewer) += 1;
                break;
            }
    }
    EXPECT_GT(more, 3 * fewer);
}

TEST(Overlay, HintShowsTheNextStepAndItsExplanation) {
    const Sample* s = Load(kNewspaper);
    REQUIRE_SOLVED(s);
    const Reading& r = s->reading;
    std::string sentence;
    const cv::Mat out = Draw(*s, r, OverlayMode::Hint, &sentence);
    const CandidateGrid grid(r.combined());
    const auto step = LogicalSolver().nextStep(grid);
    ASSERT_TRUE(step);
    EXPECT_EQ(sentence, step->explanation);
    const cv::Mat top = out(cv::Rect({0, 0}, s->photo.size()));
    const cv::Mat green = Hue(top, 1), red = Hue(top, 2);
    for (const auto& p : step->placements)
        EXPECT_GT(CountIn(green, CellMask(r, p.cell, top.size())), 10);
    for (const auto& e : step->eliminations)
        EXPECT_GT(CountIn(red, CellMask(r, e.cell, top.size())), 5);
    // Cells the step does not touch stay as they were.
    std::vector<bool> touched(grid.board().cellCount(), false);
    for (int cell : step->cells)
        touched[cell] = true;
    for (int unit : step->units)
        for (int cell : grid.geometry().unitCells(unit))
            touched[cell] = true;
    for (const auto* list : {&step->proof, &step->eliminations, &step->placements})
        for (const auto& cd : *list)
            touched[cd.cell] = true;
    const cv::Mat changed = Changed(s->photo, out);
    for (int cell = 0; cell < grid.board().cellCount(); ++cell)
        if (!touched[cell]) {
            EXPECT_EQ(CountIn(changed, CellMask(r, cell, changed.size(), -2)), 0);
        }
    // The explanation is written below the grid: ink under the bottom row.
    cv::Mat grid_ = cv::Mat::zeros(out.size(), CV_8U);
    std::vector<cv::Point> outline;
    for (const auto& p : r.corners)
        outline.emplace_back(p);
    cv::fillConvexPoly(grid_, outline, cv::Scalar(255));
    cv::dilate(grid_, grid_, cv::Mat(), {-1, -1}, 2);
    cv::Mat below = changed.clone();
    below.setTo(0, grid_(cv::Rect({0, 0}, changed.size())));
    int written = cv::countNonZero(below);
    if (out.rows > s->photo.rows) {  // no room in the photo: a strip added below it
        cv::Mat strip;
        cv::cvtColor(out(cv::Rect(0, s->photo.rows, out.cols, out.rows - s->photo.rows)), strip,
                     cv::COLOR_BGR2GRAY);
        written += cv::countNonZero(strip < 128);
    }
    EXPECT_GT(written, 200);
}

// A puzzle whose first step is no single, put on the newspaper's grid: its eliminations drawn
// in red on their cells, the candidates that prove them on blue.
TEST(Overlay, HintBeyondSinglesShowsEliminationsAndProof) {
    const Sample* s = Load(kNewspaper);
    REQUIRE_SOLVED(s);
    std::ifstream list(fs::path(SUDOKU_SHARED_DIR) / "puzzles" / "magictour_top1465.txt");
    if (!list) GTEST_SKIP() << "puzzle list absent";
    std::optional<Step> step;
    Reading r = s->reading;
    std::string line;
    for (int tried = 0; tried < 300 && std::getline(list, line) && !step;) {
        if (line.size() < 81 || line[0] == '#') continue;
        ++tried;
        Board board(r.givens.geometry());
        for (int cell = 0; cell < 81; ++cell)
            if (line[cell] >= '1' && line[cell] <= '9') board.set(cell, line[cell] - '0');
        const auto next = LogicalSolver().nextStep(CandidateGrid(board));
        if (!next || !next->placements.empty() || next->proof.empty()) continue;
        const Verdict verdict = CheckAndSolve(CandidateGrid(board));
        if (!verdict.solution) continue;
        step = next;
        r.givens = board;
        r.handwritten = Board(board.geometry());
        r.solution = *verdict.solution;
    }
    if (!step) GTEST_SKIP() << "no puzzle starting beyond singles in the list";
    std::string sentence;
    const cv::Mat out = Draw(*s, r, OverlayMode::Hint, &sentence);
    EXPECT_EQ(sentence, step->explanation);
    const cv::Mat top = out(cv::Rect({0, 0}, s->photo.size()));
    const cv::Mat red = Hue(top, 2), blue = Hue(top, 0);
    for (const auto& e : step->eliminations)
        EXPECT_GT(CountIn(red, CellMask(r, e.cell, top.size())), 5)
            << r.givens.geometry().cellName(e.cell);
    for (const auto& p : step->proof)
        EXPECT_GT(CountIn(blue, CellMask(r, p.cell, top.size())), 5)
            << r.givens.geometry().cellName(p.cell);
}

// Pixels of the amber ring the check draws around an entry too unclear to judge: red well above
// green, green well above blue (the red ring keeps green as low as blue).
cv::Mat Amber(const cv::Mat& image) {
    cv::Mat c[3];
    cv::split(image, c);
    cv::Mat redOverGreen, greenOverBlue;
    cv::subtract(c[2], c[1], redOverGreen);
    cv::subtract(c[1], c[0], greenOverBlue);
    return (redOverGreen > 40) & (redOverGreen < 130) & (greenOverBlue > 80);
}

const Sample* SolvedMixedSample() {
    for (const char* name : {"image1.jpg", "image10.jpg", "image100.jpg", "image1000.jpg"}) {
        const Sample* candidate = Load(kMixed / name);
        if (candidate && candidate->reading.status == ReadStatus::Solved &&
            candidate->reading.handwritten.filledCount() >= 3)
            return candidate;
    }
    return nullptr;
}

// A board with a wrong hand-written entry and one too unclear to check, as the reader reports
// them: the mixed photos' entries, one changed, one marked unsure.
TEST(Overlay, CheckCirclesWrongEntriesRedUnsureOnesAmberAndRightOnesGreen) {
    const Sample* s = SolvedMixedSample();
    if (!s) GTEST_SKIP() << "no solved mixed photo with hand-written digits";
    Reading r = s->reading;
    std::vector<int> entries;
    for (int cell = 0; cell < r.handwritten.cellCount(); ++cell)
        if (r.handwritten.value(cell)) entries.push_back(cell);
    const int wrong = entries[entries.size() / 2], unsure = entries[entries.size() / 2 + 1];
    r.handwritten.set(wrong, r.solution.value(wrong) % 9 + 1, CellOrigin::Entered);
    r.mistakes = {wrong};
    r.unsure = {unsure};

    std::string sentence;
    const cv::Mat out = Draw(*s, r, OverlayMode::Check, &sentence);
    const cv::Mat top = out(cv::Rect({0, 0}, s->photo.size()));
    const cv::Mat red = Hue(top, 2) & ~Amber(top), green = Hue(top, 1), amber = Amber(top);
    for (int cell : entries) {
        const cv::Mat around = CellMask(r, cell, top.size());
        const std::string name = r.givens.geometry().cellName(cell);
        if (cell == wrong) {
            EXPECT_GT(CountIn(red, around), 20) << name;
            EXPECT_EQ(CountIn(green, around), 0) << name;
        } else if (cell == unsure) {
            EXPECT_GT(CountIn(amber, around), 20) << name;
            EXPECT_EQ(CountIn(green, around), 0) << name;
        } else {
            EXPECT_GT(CountIn(green, around), 20) << name;
            EXPECT_EQ(CountIn(red, around), 0) << name;
        }
    }
    const Geometry& g = r.givens.geometry();
    EXPECT_NE(sentence.find(Cat({"is wrong: ", g.cellName(wrong)})), std::string::npos) << sentence;
    EXPECT_NE(sentence.find(Cat({"unclear to check: ", g.cellName(unsure)})), std::string::npos)
        << sentence;
}

// A board not read as a puzzle with one solution: no entry is judged, none is called wrong.
TEST(Overlay, CheckJudgesNoEntryOfABoardNotReadRight) {
    const Sample* s = SolvedMixedSample();
    if (!s) GTEST_SKIP() << "no solved mixed photo with hand-written digits";
    Reading r = s->reading;
    r.status = ReadStatus::Multiple;
    r.solution = Board(r.givens.geometry());
    r.mistakes.clear();
    r.unsure.clear();
    std::string sentence;
    const cv::Mat out = Draw(*s, r, OverlayMode::Check, &sentence);
    const cv::Mat top = out(cv::Rect({0, 0}, s->photo.size()));
    cv::Mat board = cv::Mat::zeros(top.size(), CV_8U);
    for (int cell = 0; cell < r.handwritten.cellCount(); ++cell)
        board |= CellMask(r, cell, top.size());
    EXPECT_EQ(CountIn(Hue(top, 2), board), 0);
    EXPECT_NE(sentence.find("cannot be checked"), std::string::npos) << sentence;
}

// Two equal digits in a row: no solution drawn, the clash marked.
TEST(Overlay, BrokenBoardMarksTheConflictAndDrawsNoSolution) {
    const Sample* s = Load(kNewspaper);
    REQUIRE_SOLVED(s);
    Reading r = s->reading;
    const Geometry& g = r.givens.geometry();
    int given = -1, empty = -1;
    for (int cell = 0; cell < g.cellCount() && empty < 0; ++cell) {
        if (r.givens.isEmpty(cell)) continue;
        for (int peer : g.unitCells(g.rowUnit(g.row(cell))))
            if (r.combined().isEmpty(peer)) {
                given = cell;
                empty = peer;
                break;
            }
    }
    ASSERT_GE(empty, 0);
    r.givens.set(empty, r.givens.value(given));
    r.status = ReadStatus::NoSolution;
    r.solution = Board(g);

    for (auto mode : {OverlayMode::Solution, OverlayMode::Hint}) {
        std::string sentence;
        const cv::Mat out = Draw(*s, r, mode, &sentence);
        const cv::Mat changed = Changed(s->photo, out);
        const cv::Mat red = Hue(out(cv::Rect({0, 0}, s->photo.size())), 2);
        EXPECT_GT(CountIn(red, CellMask(r, given, red.size())), 20);
        EXPECT_GT(CountIn(red, CellMask(r, empty, red.size())), 20);
        for (int cell = 0; cell < g.cellCount(); ++cell)
            if (cell != given && cell != empty) {
                EXPECT_EQ(CountIn(changed, CellMask(r, cell, changed.size(), -2)), 0)
                    << g.cellName(cell) << " in mode " << OverlayModeId(mode);
            }
        EXPECT_NE(sentence.find(g.cellName(given)), std::string::npos) << sentence;
    }
}

TEST(Overlay, SeveralSolutionsDrawNoDigits) {
    const Sample* s = Load(kNewspaper);
    REQUIRE_SOLVED(s);
    Reading r = s->reading;
    for (int cell = 0, removed = 0; cell < r.givens.cellCount() && removed < 12; ++cell)
        if (r.givens.value(cell)) {
            r.givens.clear(cell);
            ++removed;
        }
    r.status = ReadStatus::Multiple;
    r.solution = Board(r.givens.geometry());
    std::string sentence;
    const cv::Mat out = Draw(*s, r, OverlayMode::Solution, &sentence);
    const cv::Mat blue = Hue(out(cv::Rect({0, 0}, s->photo.size())), 0);
    EXPECT_EQ(cv::countNonZero(blue & ~Hue(s->photo, 0)), 0);
    EXPECT_NE(sentence.find("more than one solution"), std::string::npos) << sentence;
}

// A grid whose lines could not be fitted surely: whatever the mode, nothing drawn in its cells
// (they may sit a cell off), only the reason.
TEST(Overlay, AnUncertainLatticeGetsNoMarkInItsCells) {
    const Sample* s = Load(kNewspaper);
    REQUIRE_SOLVED(s);
    Reading r = s->reading;
    r.status = ReadStatus::Uncertain;
    r.message = "the grid's lines could not be fitted surely";
    r.solution = Board(r.givens.geometry());
    for (auto mode :
         {OverlayMode::Solution, OverlayMode::Candidates, OverlayMode::Hint, OverlayMode::Check}) {
        std::string sentence;
        const cv::Mat out = Draw(*s, r, mode, &sentence);
        const cv::Mat changed = Changed(s->photo, out);
        for (int cell = 0; cell < r.givens.cellCount(); ++cell)
            EXPECT_EQ(CountIn(changed, CellMask(r, cell, changed.size(), -2)), 0)
                << r.givens.geometry().cellName(cell) << " in mode " << OverlayModeId(mode);
        EXPECT_EQ(sentence, r.message);
    }
}

TEST(Overlay, NothingDrawnWithoutAGridAndBadImagesRejected) {
    const Sample* s = Load(kNewspaper);
    if (!s) GTEST_SKIP() << "photo absent";
    Reading none;
    none.status = ReadStatus::NotFound;
    cv::Mat out = s->photo.clone();
    EXPECT_EQ(DrawOverlay(out, none), "");
    EXPECT_EQ(cv::countNonZero(Changed(s->photo, out, 0)), 0);
    cv::Mat gray(100, 100, CV_8U, cv::Scalar(128));
    EXPECT_THROW(DrawOverlay(gray, s->reading), std::invalid_argument);
}

TEST(Overlay, ModeIdsRoundTrip) {
    for (auto mode :
         {OverlayMode::Solution, OverlayMode::Candidates, OverlayMode::Hint, OverlayMode::Check})
        EXPECT_EQ(OverlayModeFromId(OverlayModeId(mode)), mode);
    EXPECT_FALSE(OverlayModeFromId("everything"));
}

// ---- sudokucam read -o: the file read back, written whole or not at all ----------------------

int RunSudokucam(const std::string& args) {
    const std::string command = std::string(SUDOKUCAM_EXE) + " " + args + " >/dev/null 2>&1";
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

class TempFolder {
public:
    TempFolder()
        : path_(fs::temp_directory_path() / ("overlay_test_" + std::to_string(::getpid()))) {
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~TempFolder() { fs::remove_all(path_); }
    const fs::path& path() const { return path_; }
    std::vector<std::string> files() const {
        std::vector<std::string> names;
        for (const auto& entry : fs::directory_iterator(path_))
            names.push_back(entry.path().filename().string());
        return names;
    }

private:
    fs::path path_;
};

TEST(ReadOutput, WritesTheOverlaidPhotoAndNothingElse) {
    const Sample* s = Load(kNewspaper);
    REQUIRE_SOLVED(s);
    const TempFolder folder;
    const fs::path out = folder.path() / "out.jpg";
    ASSERT_EQ(
        RunSudokucam("read " + kNewspaper.string() + " -o " + out.string() + " --show solution"),
        0);
    EXPECT_EQ(folder.files(), std::vector<std::string>{"out.jpg"});
    const cv::Mat written = cv::imread(out.string());
    ASSERT_EQ(written.size(), s->photo.size());
    // What changed (beyond the JPEG noise) is the outline and the digits: inside the grid.
    const cv::Mat changed = Changed(s->photo, written, 80);
    cv::Mat grid = cv::Mat::zeros(written.size(), CV_8U);
    std::vector<cv::Point> outline;
    for (const auto& p : s->reading.corners)
        outline.emplace_back(p);
    cv::fillConvexPoly(grid, outline, cv::Scalar(255));
    cv::dilate(grid, grid, cv::Mat(), {-1, -1}, 6);
    EXPECT_GT(cv::countNonZero(changed), 1000);
    EXPECT_GT(CountIn(changed, grid), 0.99 * cv::countNonZero(changed));
}

TEST(ReadOutput, UnwritablePathIsAnErrorAndLeavesNoFile) {
    if (!fs::exists(kNewspaper)) GTEST_SKIP() << "photo absent";
    const TempFolder folder;
    EXPECT_EQ(RunSudokucam("read " + kNewspaper.string() + " -o " +
                           (folder.path() / "missing" / "out.jpg").string()),
              2);
    EXPECT_EQ(
        RunSudokucam("read " + kNewspaper.string() + " -o " + (folder.path() / "out.xyz").string()),
        2);
    EXPECT_EQ(RunSudokucam("read " + kNewspaper.string() + " -o " + folder.path().string() +
                           " --show hint"),
              2);
    EXPECT_TRUE(folder.files().empty());
}

}  // namespace
}  // namespace sudoku
