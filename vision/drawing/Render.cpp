#include "vision/drawing/Render.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>

#include <opencv2/imgproc.hpp>

namespace sudoku {
namespace {

const cv::Scalar kPaper(228, 232, 234);
const cv::Scalar kInk(28, 28, 30);
const cv::Scalar kTable(52, 78, 104);    // a wooden desk under the page
const cv::Scalar kShade(200, 204, 206);  // the grey of an X Sudoku's diagonal cells
// Cells of page around the grid on each side: enough filler text for a detector to ignore.
constexpr int kMarginCells = 4;

// Rows of random words, the look of newsprint columns around the puzzle.
void FillText(cv::Mat& page, const cv::Rect& area, int lineHeight, std::mt19937_64& rng) {
    std::uniform_int_distribution<int> wordLength(2, 9);
    std::uniform_int_distribution<int> letter('a', 'z');
    const double scale = cv::getFontScaleFromHeight(cv::FONT_HERSHEY_SIMPLEX, lineHeight * 6 / 10);
    for (int y = area.y + lineHeight; y < area.y + area.height; y += lineHeight) {
        std::string line;
        while (true) {
            std::string word(wordLength(rng), ' ');
            for (char& ch : word)
                ch = static_cast<char>(letter(rng));
            const std::string longer = line.empty() ? word : line + " " + word;
            int base = 0;
            if (cv::getTextSize(longer, cv::FONT_HERSHEY_SIMPLEX, scale, 1, &base).width >
                area.width)
                break;
            line = longer;
        }
        cv::putText(page, line, {area.x, y}, cv::FONT_HERSHEY_SIMPLEX, scale, kInk, 1, cv::LINE_AA);
    }
}

// The classic grid: every line across the whole grid, thick at the box borders.
void DrawBoxLines(cv::Mat& page, const Geometry& g, cv::Point origin, int cell, int thin,
                  int thick) {
    const int n = g.size();
    for (int i = 0; i <= n; ++i) {
        const int t = (i % g.boxCols() == 0) ? thick : thin;
        const int x = origin.x + i * cell;
        cv::rectangle(page, {x - t / 2, origin.y - thick / 2},
                      {x + (t - 1) / 2, origin.y + n * cell + thick / 2}, kInk, cv::FILLED);
        const int ty = (i % g.boxRows() == 0) ? thick : thin;
        const int y = origin.y + i * cell;
        cv::rectangle(page, {origin.x - thick / 2, y - ty / 2},
                      {origin.x + n * cell + thick / 2, y + (ty - 1) / 2}, kInk, cv::FILLED);
    }
}

// A line segment `t` pixels wide from lattice point a to lattice point b (same row or column),
// running on by half its width at both ends so that thick segments meet without notches.
void DrawWall(cv::Mat& page, cv::Point a, cv::Point b, int t) {
    const cv::Point from(std::min(a.x, b.x) - t / 2, std::min(a.y, b.y) - t / 2);
    const cv::Point to(std::max(a.x, b.x) + (t - 1) / 2, std::max(a.y, b.y) + (t - 1) / 2);
    cv::rectangle(page, from, to, kInk, cv::FILLED);
}

// Irregular regions (a jigsaw): thin lines everywhere, then thick walls between cells of two
// regions and around the grid.
void DrawRegionLines(cv::Mat& page, const Geometry& g, cv::Point origin, int cell, int thin,
                     int thick) {
    const int n = g.size();
    auto at = [&](int row, int col) { return origin + cv::Point(col * cell, row * cell); };
    for (int i = 0; i <= n; ++i) {
        DrawWall(page, at(0, i), at(n, i), thin);
        DrawWall(page, at(i, 0), at(i, n), thin);
    }
    for (int row = 0; row < n; ++row)
        for (int col = 0; col < n; ++col) {
            const int cellIndex = g.cellAt(row, col);
            if (col + 1 < n && g.box(cellIndex) != g.box(cellIndex + 1))
                DrawWall(page, at(row, col + 1), at(row + 1, col + 1), thick);
            if (row + 1 < n && g.box(cellIndex) != g.box(cellIndex + n))
                DrawWall(page, at(row + 1, col), at(row + 1, col + 1), thick);
        }
    for (const auto& [a, b] : {std::pair{at(0, 0), at(0, n)},
                               {at(0, n), at(n, n)},
                               {at(n, 0), at(n, n)},
                               {at(0, 0), at(n, 0)}})
        DrawWall(page, a, b, thick);
}

// An X Sudoku's diagonals, shaded light grey as puzzle pages print them.
void ShadeDiagonals(cv::Mat& page, int n, cv::Point origin, int cell) {
    for (int i = 0; i < n; ++i)
        for (int col : {i, n - 1 - i})
            cv::rectangle(page, {origin.x + col * cell, origin.y + i * cell},
                          {origin.x + (col + 1) * cell - 1, origin.y + (i + 1) * cell - 1}, kShade,
                          cv::FILLED);
}

void DrawDigits(cv::Mat& page, const Board& puzzle, cv::Point origin, int cell) {
    const int n = puzzle.size();
    const double scale = cv::getFontScaleFromHeight(cv::FONT_HERSHEY_COMPLEX, cell * 6 / 10, 2);
    for (int c = 0; c < puzzle.cellCount(); ++c) {
        if (!puzzle.value(c)) continue;
        const std::string text(1, Geometry::DigitChar(puzzle.value(c)));
        int base = 0;
        const cv::Size size = cv::getTextSize(text, cv::FONT_HERSHEY_COMPLEX, scale, 2, &base);
        const cv::Point centre(origin.x + (c % n) * cell + cell / 2,
                               origin.y + (c / n) * cell + cell / 2);
        cv::putText(page, text, {centre.x - size.width / 2, centre.y + size.height / 2},
                    cv::FONT_HERSHEY_COMPLEX, scale, kInk, 2, cv::LINE_AA);
    }
}

void DrawGrid(cv::Mat& page, const Board& puzzle, cv::Point origin, int cell) {
    const Geometry& g = puzzle.geometry();
    const int thin = std::max(1, cell / 24);
    const int thick = std::max(2, cell / 12);
    if (g.hasDiagonals()) ShadeDiagonals(page, g.size(), origin, cell);
    if (g.hasBoxes())
        DrawBoxLines(page, g, origin, cell, thin, thick);
    else
        DrawRegionLines(page, g, origin, cell, thin, thick);
    DrawDigits(page, puzzle, origin, cell);
}

// Page -> picture homography of a pose: about the page centre, zoom, roll, then the tilt's
// perspective around the picture's centre.
cv::Matx33d PoseHomography(const CameraPose& pose, cv::Size size) {
    const double a = pose.rotation * std::numbers::pi / 180;
    const double c = std::cos(a) * pose.scale, s = std::sin(a) * pose.scale;
    const cv::Matx33d toOrigin(1, 0, -pose.centre.x, 0, 1, -pose.centre.y, 0, 0, 1);
    const cv::Matx33d rotate(c, s, 0, -s, c, 0, 0, 0, 1);
    const cv::Matx33d tilt(1, 0, 0, 0, 1, 0, pose.tiltX / (0.5 * size.width),
                           pose.tiltY / (0.5 * size.height), 1);
    const cv::Matx33d toCentre(1, 0, size.width / 2.0, 0, 1, size.height / 2.0, 0, 0, 1);
    return toCentre * tilt * rotate * toOrigin;
}

// The curl lifts the page's middle: a point moves down by this much (page pixels), depending on
// its column only, so the inverse is exact.
double CurlShift(double x, double pageWidth, double amplitude) {
    return amplitude * std::sin(std::numbers::pi * std::clamp(x / pageWidth, 0.0, 1.0));
}

cv::Point2f Project(const cv::Matx33d& h, cv::Point2f p) {
    const cv::Vec3d v = h * cv::Vec3d(p.x, p.y, 1);
    return {static_cast<float>(v[0] / v[2]), static_cast<float>(v[1] / v[2])};
}

cv::Mat WarpCurled(const cv::Mat& page, const cv::Matx33d& h, cv::Size size, double amplitude) {
    const cv::Matx33d inv = h.inv();
    cv::Mat mapX(size, CV_32F), mapY(size, CV_32F);
    for (int y = 0; y < size.height; ++y) {
        auto* mx = mapX.ptr<float>(y);
        auto* my = mapY.ptr<float>(y);
        for (int x = 0; x < size.width; ++x) {
            const cv::Point2f q =
                Project(inv, cv::Point2f(static_cast<float>(x), static_cast<float>(y)));
            mx[x] = q.x;
            my[x] = static_cast<float>(q.y - CurlShift(q.x, page.cols, amplitude));
        }
    }
    cv::Mat out;
    cv::remap(page, out, mapX, mapY, cv::INTER_LINEAR, cv::BORDER_CONSTANT, kTable);
    return out;
}

// A soft-edged dark band over one side of the picture, as a hand or a lamp casts.
void CastShadow(cv::Mat& image, double darkness, std::mt19937_64& rng) {
    std::uniform_real_distribution<double> angle(0, 2 * std::numbers::pi);
    const double a = angle(rng);
    const double nx = std::cos(a), ny = std::sin(a);
    const double half = 0.5 * std::hypot(image.cols, image.rows);
    const double soft = 0.08 * half;
    for (int y = 0; y < image.rows; ++y) {
        auto* px = image.ptr<cv::Vec3b>(y);
        for (int x = 0; x < image.cols; ++x) {
            const double d = (x - image.cols / 2.0) * nx + (y - image.rows / 2.0) * ny - 0.2 * half;
            const double inside = std::clamp(0.5 + d / (2 * soft), 0.0, 1.0);
            const double gain = 1 - darkness * inside;
            for (int k = 0; k < 3; ++k)
                px[x][k] = cv::saturate_cast<uchar>(px[x][k] * gain);
        }
    }
}

Visibility SeenShare(const Page& page, const cv::Matx33d& h, double amplitude, cv::Size size) {
    const cv::Rect2f frame(0, 0, static_cast<float>(size.width), static_cast<float>(size.height));
    int inside = 0, total = 0;
    for (int i = 0; i <= 10; ++i)
        for (int j = 0; j <= 10; ++j) {
            const auto& c = page.corners;
            const float u = static_cast<float>(i) / 10, v = static_cast<float>(j) / 10;
            cv::Point2f p = c[0] + u * (c[1] - c[0]) + v * (c[3] - c[0]);
            p.y += static_cast<float>(CurlShift(p.x, page.image.cols, amplitude));
            inside += frame.contains(Project(h, p));
            ++total;
        }
    if (inside == total) return Visibility::Full;
    return inside ? Visibility::Partial : Visibility::None;
}

// 0 -> 1 -> 0 over [start, start + length): eased in and out, held in the middle third.
double Swing(double frame, double start, double length) {
    const double u = (frame - start) / length;
    if (u <= 0 || u >= 1) return 0;
    auto ease = [](double x) { return x * x * (3 - 2 * x); };
    if (u < 1.0 / 3) return ease(3 * u);
    if (u > 2.0 / 3) return ease(3 * (1 - u));
    return 1;
}

}  // namespace

Page RenderPage(const Board& puzzle, const PageOptions& options) {
    if (puzzle.cellCount() == 0) throw std::invalid_argument("RenderPage: the board is empty");
    if (options.cellPixels < 16)
        throw std::invalid_argument("RenderPage: cellPixels must be >= 16");
    const int cell = options.cellPixels;
    const int n = puzzle.size();
    const int side = n * cell;
    const int margin = kMarginCells * cell;
    const int title = 2 * cell;
    Page page;
    page.puzzle = puzzle;
    page.image = cv::Mat(side + 2 * margin + title, side + 2 * margin, CV_8UC3, kPaper);
    std::mt19937_64 rng(options.seed);
    const int gap = cell / 2;
    const int lineHeight = std::max(10, cell / 3);
    FillText(page.image, {gap, gap, margin - 2 * gap, page.image.rows - 2 * gap}, lineHeight, rng);
    FillText(page.image, {margin + side + gap, gap, margin - 2 * gap, page.image.rows - 2 * gap},
             lineHeight, rng);
    FillText(page.image, {margin, margin + title + side + gap, side, margin - 2 * gap}, lineHeight,
             rng);
    const double titleScale =
        cv::getFontScaleFromHeight(cv::FONT_HERSHEY_TRIPLEX, cell * 7 / 10, 2);
    cv::putText(page.image, "SUDOKU", {margin, margin + title - cell / 2}, cv::FONT_HERSHEY_TRIPLEX,
                titleScale, kInk, 2, cv::LINE_AA);
    const cv::Point origin(margin, margin + title);
    DrawGrid(page.image, puzzle, origin, cell);
    const auto x0 = static_cast<float>(origin.x), y0 = static_cast<float>(origin.y);
    const auto s = static_cast<float>(side);
    page.corners = {cv::Point2f(x0, y0), {x0 + s, y0}, {x0 + s, y0 + s}, {x0, y0 + s}};
    return page;
}

CameraPose DefaultPose(const Page& page, cv::Size size) {
    CameraPose pose;
    pose.centre = 0.5f * (page.corners[0] + page.corners[2]);
    pose.scale = 0.6 * size.height / cv::norm(page.corners[3] - page.corners[0]);
    return pose;
}

Photo PhotographPage(const Page& page, const CameraPose& pose, const PhotoOptions& options) {
    if (page.image.empty()) throw std::invalid_argument("PhotographPage: the page is empty");
    if (options.size.width <= 0 || options.size.height <= 0)
        throw std::invalid_argument("PhotographPage: the picture size must be positive");
    if (pose.scale <= 0) throw std::invalid_argument("PhotographPage: the scale must be positive");
    const cv::Matx33d h = PoseHomography(pose, options.size);
    const double cell = cv::norm(page.corners[1] - page.corners[0]) / page.puzzle.size();
    const double amplitude = options.curl * cell;

    // Shrinking aliases thin lines: blur the page first as a lens would.
    // (Into a new image: the page's pixels are shared, not ours to change.)
    cv::Mat source = page.image;
    if (pose.scale < 0.8) {
        source = cv::Mat();
        cv::GaussianBlur(page.image, source, {0, 0}, 0.45 / pose.scale);
    }

    Photo photo;
    if (amplitude == 0)
        cv::warpPerspective(source, photo.image, cv::Mat(h), options.size, cv::INTER_LINEAR,
                            cv::BORDER_CONSTANT, kTable);
    else
        photo.image = WarpCurled(source, h, options.size, amplitude);
    for (int i = 0; i < 4; ++i) {
        cv::Point2f p = page.corners[i];
        p.y += static_cast<float>(CurlShift(p.x, page.image.cols, amplitude));
        photo.corners[i] = Project(h, p);
    }
    photo.visibility = SeenShare(page, h, amplitude, options.size);

    std::mt19937_64 rng(options.seed);
    if (options.shadow > 0) CastShadow(photo.image, std::min(options.shadow, 1.0), rng);
    if (options.blur > 0) cv::GaussianBlur(photo.image, photo.image, {0, 0}, options.blur);
    if (options.noise > 0) {
        cv::Mat noise(photo.image.size(), CV_16SC3);
        cv::RNG cvRng(rng());
        cvRng.fill(noise, cv::RNG::NORMAL, 0, options.noise);
        cv::Mat sum;
        photo.image.convertTo(sum, CV_16SC3);
        sum += noise;
        sum.convertTo(photo.image, CV_8UC3);
    }
    return photo;
}

std::vector<CameraPose> CameraPath(const Page& page, cv::Size size, int frames, std::uint64_t seed,
                                   bool leaveView) {
    const CameraPose base = DefaultPose(page, size);
    const double side = cv::norm(page.corners[1] - page.corners[0]);
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> phase(0, 2 * std::numbers::pi);
    double ph[8];
    for (double& p : ph)
        p = phase(rng);
    // Off-grid swing: long enough for the tracker to lose the grid and find it again.
    const double swingStart = std::max(30.0, 0.55 * frames);
    const double swingLength = std::max(21.0, 0.2 * frames);
    const bool swing = leaveView && frames >= 60;
    const double away = 0.5 * size.width / base.scale + 1.6 * side;

    std::vector<CameraPose> path;
    for (int i = 0; i < frames; ++i) {
        const double t = i / 30.0;
        CameraPose pose = base;
        pose.centre.x += static_cast<float>(0.08 * side * std::sin(0.9 * t + ph[0]) +
                                            0.004 * side * std::sin(11 * t + ph[6]));
        pose.centre.y += static_cast<float>(0.06 * side * std::sin(1.1 * t + ph[1]) +
                                            0.004 * side * std::sin(13 * t + ph[7]));
        pose.rotation = 10 * std::sin(0.7 * t + ph[2]);
        pose.scale = base.scale * (1 + 0.1 * std::sin(0.8 * t + ph[3]));
        pose.tiltX = 0.12 * std::sin(0.9 * t + ph[4]);
        pose.tiltY = 0.1 * std::sin(0.75 * t + ph[5]);
        if (swing) pose.centre.x += static_cast<float>(away * Swing(i, swingStart, swingLength));
        path.push_back(pose);
    }
    return path;
}

}  // namespace sudoku
