#pragma once
// The overlay's drawing surface: the straightened board, cellPixels per cell, with an optional
// band of text below it. Everything is drawn flat with anti-aliasing into premultiplied colour
// plus coverage, then warped onto the photo cell by cell on the grid's line intersections, so
// the glyphs follow a curved page as the printed digits do.

#include <string>
#include <vector>

#include <opencv2/core.hpp>

namespace sudoku {

class OverlayCanvas {
public:
    OverlayCanvas(int size, int cellPixels);

    int size() const { return size_; }
    int cellPixels() const { return cell_; }
    cv::Rect cellRect(int row, int col) const { return {col * cell_, row * cell_, cell_, cell_}; }
    cv::Point2f cellCentre(int row, int col) const {
        return {(col + 0.5f) * cell_, (row + 0.5f) * cell_};
    }

    void fillRect(const cv::Rect& rect, const cv::Scalar& colour, double opacity);
    // Text centred on `centre`, its capital height `height` pixels.
    void text(const std::string& text, cv::Point2f centre, double height, const cv::Scalar& colour,
              int thickness);
    // thickness < 0 fills the disc.
    void circle(cv::Point2f centre, float radius, const cv::Scalar& colour, int thickness,
                double opacity = 1.0);
    void line(cv::Point2f from, cv::Point2f to, const cv::Scalar& colour, int thickness);
    // Adds a band below the board holding `text` wrapped to the board's width.
    void addBand(const std::string& text, const cv::Scalar& colour);

    // Blends the canvas onto an 8-bit BGR photo. `lattice` holds the (size+1)^2 line
    // intersections in the photo, row-major. The band follows the board's outer corners; when
    // that would leave the photo it goes into a white strip added below the photo instead.
    void composite(cv::Mat& photo, const std::vector<cv::Point2f>& lattice) const;

private:
    // Paints `colour` over `area` where `coverage` (8-bit, area-sized) is set.
    void paint(const cv::Rect& area, const cv::Mat& coverage, const cv::Scalar& colour,
               double opacity);
    void compositeCells(cv::Mat& photo, const std::vector<cv::Point2f>& lattice) const;
    void compositeBand(cv::Mat& photo, const std::vector<cv::Point2f>& lattice) const;

    int size_;
    int cell_;
    int bandTop_;
    cv::Mat ink_;       // CV_8UC3, colour premultiplied by coverage
    cv::Mat coverage_;  // CV_8U, 255 = opaque
};

}  // namespace sudoku
