#pragma once
// Held-out photos spoilt as a camera or the light spoils them (tinted, dimmed, grainy ...), or as
// a page's print runs into them (rules along the frame), read and scored against their truth, and
// the bar (SpoiltBar) each test holds such a score to.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iostream>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "tests/Blurred.h"
#include "tests/TrainingPhotos.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku {

struct SpoiltScore {
    int photos = 0, found = 0, exact = 0, invented = 0, solvedRight = 0, solvedWrong = 0;
    // Hand-written entries that hold the solution's digit, called mistakes by the check.
    int rightCalledWrong = 0;
};

// The check's mistakes whose entry, as the truth has it, is the solution's digit.
inline int RightEntriesCalledWrong(const Reading& r, const std::vector<int>& truth) {
    return static_cast<int>(std::count_if(r.mistakes.begin(), r.mistakes.end(), [&](int cell) {
        return truth[cell] == r.solution.value(cell);
    }));
}

// Digits read, printed or hand-written, in the cells the truth leaves empty.
inline int InventedDigits(const Reading& r, const std::vector<int>& truth) {
    int invented = 0;
    for (int cell = 0; cell < static_cast<int>(truth.size()); ++cell)
        invented += !truth[cell] && (r.givens.value(cell) || r.handwritten.value(cell));
    return invented;
}

// The digit read in a cell, printed or hand-written.
inline int DigitRead(const Reading& r, int cell) {
    return r.givens.value(cell) ? r.givens.value(cell) : r.handwritten.value(cell);
}

// A dark rule 3 pixels wide through `from` and `to`, run far past both (to the photo's edges).
inline void DrawRule(cv::Mat& photo, cv::Point2f from, cv::Point2f to) {
    const cv::Point2f along = (to - from) / static_cast<float>(cv::norm(to - from));
    const auto far = [](cv::Point2f p) {
        return cv::Point(static_cast<int>(p.x), static_cast<int>(p.y));
    };
    cv::line(photo, far(from - along * 3000.f), far(to + along * 3000.f), cv::Scalar::all(40), 3,
             cv::LINE_AA);
}

// The photo with rules touching the grid's frame (its hand-made outline, TrainingOutlines), as a
// column rule and a rule under a heading run into it: along its right side (a pixel out) and along
// its top (a pixel up).
inline cv::Mat WithRulesAlongTheFrame(const cv::Mat& photo,
                                      const std::array<cv::Point2f, 4>& outline) {
    cv::Mat ruled = photo.clone();
    DrawRule(ruled, outline[1] + cv::Point2f(1, 0), outline[2] + cv::Point2f(1, 0));
    DrawRule(ruled, outline[0] - cv::Point2f(0, 1), outline[1] - cv::Point2f(0, 1));
    return ruled;
}

// Reads every held-out photo of `folder` (printed or mixed) changed by `spoil`, given the photo and
// its file name (an empty result leaves the photo out), and saved as a JPEG of quality 92: found,
// exactly (every cell holds the truth's digit, printed or hand-written), digits invented, solved
// to the truth's solution or to another.
inline SpoiltScore ReadEachSpoiltHeldOut(
    const std::string& folder,
    const std::function<cv::Mat(const cv::Mat&, const std::string&)>& spoil) {
    namespace fs = std::filesystem;
    SpoiltScore score;
    for (const std::string& name : HeldOutNames()) {
        const fs::path path = kDataset / folder / name;
        const cv::Mat photo = cv::imread(path.string());
        const auto truth = DatDigits(fs::path(path).replace_extension(".dat"));
        if (photo.empty() || truth.size() != 81) continue;
        const cv::Mat spoilt = spoil(photo, name);
        if (spoilt.empty()) continue;
        ++score.photos;
        const std::vector<std::uint8_t> jpeg = Jpeg92(spoilt);
        const Reading r = ReadSudoku(std::span<const std::uint8_t>(jpeg));
        score.found += r.found();
        const int invented = r.found() ? InventedDigits(r, truth) : 0;
        score.invented += invented;
        bool exact = r.found() && r.givens.cellCount() == 81;
        for (int cell = 0; exact && cell < 81; ++cell)
            exact = DigitRead(r, cell) == truth[cell];
        score.exact += exact;
        const bool solved = r.status == ReadStatus::Solved;
        score.solvedRight += solved && SolutionAgrees(r, truth);
        score.solvedWrong += solved && !SolutionAgrees(r, truth);
        const int calledWrong = solved ? RightEntriesCalledWrong(r, truth) : 0;
        score.rightCalledWrong += calledWrong;
        if (!exact || (solved && !SolutionAgrees(r, truth)) || calledWrong)
            std::cout << "  " << folder << "/" << name << ": " << ReadStatusId(r.status) << ", "
                      << invented << " invented"
                      << (solved && !SolutionAgrees(r, truth) ? ", solved wrong" : "")
                      << (calledWrong ? ", a right entry called wrong" : "") << "\n";
    }
    std::cout << "  " << folder << ": " << score.found << " of " << score.photos << " found, "
              << score.exact << " read exactly, " << score.invented << " digits invented, "
              << score.solvedRight << " solved right, " << score.solvedWrong << " solved wrong, "
              << score.rightCalledWrong << " right entries called wrong\n";
    return score;
}

// A spoil drawn along a photo's hand-made outline (TrainingOutlines), as a spoil for
// ReadEachSpoiltHeldOut: the photos without an outline are left out.
inline std::function<cv::Mat(const cv::Mat&, const std::string&)> AlongItsOutline(
    std::function<cv::Mat(const cv::Mat&, const std::array<cv::Point2f, 4>&, const std::string&)>
        spoil) {
    return [outlines = TrainingOutlines(), spoil = std::move(spoil)](const cv::Mat& photo,
                                                                     const std::string& name) {
        const auto outline = outlines.find(name);
        return outline == outlines.end() ? cv::Mat() : spoil(photo, outline->second, name);
    };
}

// The least a spoilt set of held-out photos reads (photos, grids found, read exactly, solved right)
// and the most it gets wrong (digits invented, solved wrong, right entries called wrong): a test's
// bar, which only ever rises as the reader improves.
struct SpoiltBar {
    int photos = 1;  // fewer: models/holdout.txt or outlines.csv lists too few photos
    int found = 0;
    int exact = 0;
    int solvedRight = 0;
    int invented = 0;          // at most
    int solvedWrong = 0;       // at most
    int rightCalledWrong = 0;  // at most
};

// Reads the held-out photos of `folder` spoilt by `spoil` (ReadEachSpoiltHeldOut) and expects
// them to meet `bar`, the failures named by `what`, the spoil.
inline void ExpectSpoiltHeldOutRead(
    const std::string& folder, const std::string& what,
    const std::function<cv::Mat(const cv::Mat&, const std::string&)>& spoil, const SpoiltBar& bar) {
    std::cout << folder << ", " << what << ":\n";
    const SpoiltScore score = ReadEachSpoiltHeldOut(folder, spoil);
    ASSERT_GE(score.photos, bar.photos) << what << ": too few photos read";
    EXPECT_GE(score.found, bar.found) << what;
    EXPECT_GE(score.exact, bar.exact) << what;
    EXPECT_GE(score.solvedRight, bar.solvedRight) << what;
    EXPECT_LE(score.invented, bar.invented) << what;
    EXPECT_LE(score.solvedWrong, bar.solvedWrong) << what;
    EXPECT_LE(score.rightCalledWrong, bar.rightCalledWrong) << what;
}

// The same with a spoil that needs only the photo.
inline void ExpectSpoiltHeldOutRead(const std::string& folder, const std::string& what,
                                    const std::function<cv::Mat(const cv::Mat&)>& spoil,
                                    const SpoiltBar& bar) {
    ExpectSpoiltHeldOutRead(
        folder, what, [&](const cv::Mat& photo, const std::string&) { return spoil(photo); }, bar);
}

}  // namespace sudoku
