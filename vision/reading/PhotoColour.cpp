#include "vision/reading/PhotoColour.h"

#include <opencv2/imgproc.hpp>

#include "vision/reading/ImageDecode.h"

namespace sudoku {

ColourSource ColourOf(const cv::Mat& photo) {
    return [&photo] {
        cv::Mat colour;
        if (photo.channels() == 3)
            colour = photo;
        else if (photo.channels() == 4)
            cv::cvtColor(photo, colour, cv::COLOR_BGRA2BGR);
        if (colour.depth() == CV_16U) colour.convertTo(colour, CV_8U, 1.0 / 257.0);
        return colour;
    };
}

ColourSource ColourOf(std::span<const std::uint8_t> encoded, double scale,
                      const InputLimits& limits) {
    return [encoded, scale, &limits] { return DecodeColourForReading(encoded, scale, limits); };
}

WorkingColour::WorkingColour(ColourSource source, cv::Size workSize)
    : source_(std::move(source)), workSize_(workSize) {}

const cv::Mat& WorkingColour::get() const {
    if (!made_) {
        made_ = source_ ? source_() : cv::Mat();
        if (made_->depth() != CV_8U || made_->channels() != 3) made_ = cv::Mat();
    }
    return *made_;
}

double WorkingColour::scale() const {
    return static_cast<double>(get().cols) / workSize_.width;
}

CellInks::CellInks(const WarpedGrid& grid, const GridLattice& lattice, const WorkingColour& colour)
    : grid_(grid), lattice_(lattice), colour_(colour) {}

std::vector<std::optional<InkChroma>> CellInks::turned(int quarterTurns) const {
    if (!measured_)
        measured_ = colour_.get().empty()
                        ? std::vector<std::optional<InkChroma>>{}
                        : MeasureInkChroma(grid_, lattice_, colour_.get(), colour_.scale());
    std::vector<std::optional<InkChroma>> turned = *measured_;
    for (int t = 0; t < quarterTurns % 4; ++t) {
        std::vector<std::optional<InkChroma>> next(turned.size());
        for (int cell = 0; cell < static_cast<int>(turned.size()); ++cell)
            next[CellTurnedClockwise(cell, grid_.size)] = turned[cell];
        turned = std::move(next);
    }
    return turned;
}

}  // namespace sudoku
