#pragma once
// Synthetic test photos: a puzzle printed on a newspaper page, then photographed in software
// (perspective, rotation, blur, noise, a shadow, a curled page), with the exact corners of the
// grid in every picture, so the reader and the live tracker can be tested against ground truth.
//
//   sudoku::Page page = sudoku::RenderPage(puzzle);
//   sudoku::Photo shot = sudoku::PhotographPage(page, sudoku::DefaultPose(page, {1280, 720}));
//
// Everything is deterministic: the same inputs (seeds included) give the same pixels.

#include <array>
#include <cstdint>
#include <vector>

#include <opencv2/core.hpp>

#include "solver/Board.h"

namespace sudoku {

class PageOptions {
public:
    // Page pixels per cell side (default: 48).
    int cellPixels = 48;
    // Seeds the filler text around the grid (default: 0).
    std::uint64_t seed = 0;
};

// A flat, straight-on newspaper page holding the puzzle's grid among columns of text.
struct Page {
    cv::Mat image;                       // 8-bit BGR
    std::array<cv::Point2f, 4> corners;  // the grid: top-left, top-right, bottom-right, bottom-left
    Board puzzle;
};

// Throws std::invalid_argument for an empty board or cellPixels under 16.
Page RenderPage(const Board& puzzle, const PageOptions& options = {});

// Where the camera looks: the page point at the centre of the picture, the zoom, the roll and
// the tilt (a perspective: 0 looks straight down, 0.3 is a strong slant).
struct CameraPose {
    cv::Point2f centre;   // page pixels
    double scale = 1;     // picture pixels per page pixel
    double rotation = 0;  // degrees, counter-clockwise
    double tiltX = 0;     // perspective along the picture's x axis, -0.4..0.4
    double tiltY = 0;     // and along its y axis
};

class PhotoOptions {
public:
    // The picture's size (default: 1280x720).
    cv::Size size{1280, 720};
    // Gaussian blur sigma in picture pixels (default: 0, sharp).
    double blur = 0;
    // Sensor noise sigma in grey levels (default: 0).
    double noise = 0;
    // Darkness of a soft shadow across one side of the picture, 0..1 (default: 0).
    double shadow = 0;
    // How far the page bulges, in cells (default: 0, flat). Lines then bend.
    double curl = 0;
    // Seeds the noise and the shadow's direction (default: 0).
    std::uint64_t seed = 0;
};

// How much of the grid a picture shows.
enum class Visibility { Full, Partial, None };

struct Photo {
    cv::Mat image;                       // 8-bit BGR, options.size
    std::array<cv::Point2f, 4> corners;  // the grid's corners in the picture, upright order
    Visibility visibility = Visibility::Full;
};

// The pose that shows the whole grid, upright, filling about 60% of the picture's height.
CameraPose DefaultPose(const Page& page, cv::Size size);

// Photographs the page. Throws std::invalid_argument for an empty page or size, or a scale <= 0.
Photo PhotographPage(const Page& page, const CameraPose& pose, const PhotoOptions& options = {});

// A hand-held camera over the page for `frames` frames at 30 per second: it drifts, rolls, zooms
// and tilts, and (when `leaveView` and there are at least 60 frames) swings off the grid for a
// while in the second half and comes back. The first second always shows the whole grid.
std::vector<CameraPose> CameraPath(const Page& page, cv::Size size, int frames, std::uint64_t seed,
                                   bool leaveView = true);

}  // namespace sudoku
