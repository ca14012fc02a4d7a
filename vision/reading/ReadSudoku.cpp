#include "vision/reading/ReadSudoku.h"

#include <algorithm>
#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <utility>
#include <variant>

#include <opencv2/imgproc.hpp>

#include "vision/classifying/CnnClassifier.h"
#include "vision/grid/GridDetector.h"
#include "vision/reading/CloserLook.h"
#include "vision/reading/ImageDecode.h"
#include "vision/reading/PhotoColour.h"
#include "vision/reading/ReadGrid.h"
#include "vision/reading/Stopwatch.h"

namespace sudoku {
namespace {

// Grids are found and straightened on the photo halved until its longer side is below twice
// this: larger photos only cost time (a 9x9 grid needs 360 pixels). JPEG files are halved by the
// decoder itself, which is much faster than decoding everything.
constexpr int kDecodeSide = 640;

// Larger grids keep proportionally more pixels: a 16x16 grid needs 640 for the same cell size,
// and at 9x9's scale its letters blur into each other (C/G, 6/8 on a 1280x720 camera frame).
int DecodeSide(int gridSize) {
    return kDecodeSide * std::max(gridSize, 9) / 9;
}

// The photo halved as the JPEG decoder does for a file, so a photo in memory and the same photo
// read from its file are straightened at the same scale and read alike; `scale` is multiplied
// by the shrink.
cv::Mat WorkingCopy(const cv::Mat& gray, int size, double& scale) {
    cv::Mat work = gray;
    double shrink = 1;
    // A strip (64x50000) keeps its short side: halved further it would hold no grid at all.
    while (std::max(gray.cols, gray.rows) * shrink >= 2 * DecodeSide(size) &&
           std::min(gray.cols, gray.rows) * shrink >= 2 * kMinPhotoSide)
        shrink /= 2;
    if (shrink < 1) cv::resize(gray, work, {}, shrink, shrink, cv::INTER_AREA);
    scale *= shrink;
    return work;
}

Reading NotFound(double decodeMs, Stopwatch& clock) {
    Reading r = FailedReading(ReadStatus::NotFound, "no Sudoku grid found in the photo");
    r.millis = {decodeMs, clock.lap(), 0, 0};
    return r;
}

// Every cell printed: a solution (newspapers print the last one beside the puzzle), not a puzzle.
bool IsPrintedSolution(const Reading& r) {
    return r.found() && r.givens.isComplete() && r.handwritten.filledCount() == 0;
}

// Fewer digits than any puzzle with one solution holds: 2n-1 (17 of 81) at least.
bool TooFewDigitsForAPuzzle(const Reading& r, int size) {
    return r.givens.filledCount() + r.handwritten.filledCount() < 2 * size - 1;
}

// Whether two grids' corners are one grid's: the centre of either lies inside the other.
bool Overlap(const Quad& a, const Quad& b) {
    const auto centre = [](const Quad& q) { return (q[0] + q[1] + q[2] + q[3]) * 0.25f; };
    const auto inside = [](const Quad& q, cv::Point2f p) {
        return cv::pointPolygonTest(std::vector<cv::Point2f>(q.begin(), q.end()), p, false) >= 0;
    };
    return inside(a, centre(b)) || inside(b, centre(a));
}

bool Overlap(const GridCandidate& a, const GridCandidate& b) {
    return Overlap(a.corners, b.corners);
}

// The masks grids are looked for in, the usual one first.
constexpr std::array kGridMasks = {GridMask::Ink, GridMask::Strokes, GridMask::StrokesAgainstPaper,
                                   GridMask::FaintInk};

// How far a puzzle read beside a printed solution must be trusted to replace it.
enum class Trust { Solved, PrintedDigitsAsRead };

// Every printed digit of the reading is as the classifier first read it: each correction the
// repair made ends in a hand-written digit (an entry corrected, or a printed reading taken for
// hand-writing, which leaves the puzzle a clue fewer), none in a printed digit or in paper. The
// printed digits alone make the puzzle and its solution.
bool PrintedDigitsAsRead(const Reading& r) {
    return std::all_of(r.changed.begin(), r.changed.end(),
                       [&](int cell) { return r.handwritten.value(cell) != 0; });
}

// A grid's reading and the grid it read (none when no grid was found).
struct GridReading {
    Reading reading;
    std::optional<GridCandidate> grid;
};

// The first of `grids` beside the printed solution `found` that reads as a puzzle with one
// solution (with `Trust::PrintedDigitsAsRead`, every printed digit as first read).
std::optional<GridReading> PuzzleBeside(const GridCandidate& found,
                                        const std::vector<GridCandidate>& grids, Trust trust,
                                        const WorkingPhoto& work, double scale,
                                        const ReaderOptions& options, Stopwatch& clock,
                                        double decodeMs) {
    for (const GridCandidate& other : grids) {
        if (Overlap(other, found)) continue;
        Reading puzzle = ReadGrid(work, other, scale, options, clock, decodeMs);
        if (puzzle.status == ReadStatus::Solved && !IsPrintedSolution(puzzle) &&
            (trust == Trust::Solved || PrintedDigitsAsRead(puzzle)))
            return GridReading{std::move(puzzle), other};
    }
    return std::nullopt;
}

// A printed solution with no puzzle found beside it is no puzzle: called solved, it would be
// another day's answer given as the photo's (a page photographed from afar whose puzzle was not
// found, its last solution crisp beside it).
Reading OnlyAPrintedSolution(const Reading& solution) {
    Reading r = FailedReading(ReadStatus::NotFound,
                              "only a printed solution (every cell printed) was found, no puzzle: "
                              "photograph the puzzle closer");
    r.millis = solution.millis;
    return r;
}

// The grid a photo shows, read: `work` is the photo's working copy (`scale` of its pixels).
// When the grid found is a printed solution, another grid of the photo that reads as a puzzle
// with one solution is the answer instead: a shadow can leave the puzzle less grid-like than
// the solution printed beside it, or (its edge cutting the puzzle in two) lose it to the usual
// mask. The other masks' grids are searched then; one of theirs, a poorer view of the puzzle, is
// taken only with its printed digits as read (image116 under a deep shadow, at 60% beside a
// solution, was otherwise solved to another answer). So too when the grid found holds too few
// digits to be a puzzle: a crossword's crisp lattice (a piece of it with one or two cells
// printed solid, which HasSolidCells lets by) can be more grid-like than a Sudoku whose thin lines
// are grey on a shaded grid.
GridReading ReadLikeliestGrid(const WorkingPhoto& work, double scale, const ReaderOptions& options,
                              Stopwatch& clock, double decodeMs, CutGrids cut = CutGrids::Sought) {
    const auto candidate = DetectWholeOrCutGrid(work.gray, options.size, cut);
    if (!candidate) return {NotFound(decodeMs, clock), std::nullopt};
    Reading r = ReadGrid(work, *candidate, scale, options, clock, decodeMs);
    if (!IsPrintedSolution(r) && !TooFewDigitsForAPuzzle(r, options.size))
        return {std::move(r), candidate};
    for (const GridMask mask : kGridMasks) {
        const Trust trust = mask == GridMask::Ink ? Trust::Solved : Trust::PrintedDigitsAsRead;
        if (auto puzzle = PuzzleBeside(*candidate, DetectGrids(work.gray, options.size, mask),
                                       trust, work, scale, options, clock, decodeMs))
            return std::move(*puzzle);
    }
    if (IsPrintedSolution(r)) return {OnlyAPrintedSolution(r), std::nullopt};
    return {std::move(r), candidate};
}

// The photo's working copy: `gray` (the photo, or a reduced copy: `scale` of its pixels) halved
// as WorkingCopy does, its colour to be had from `colour`.
WorkingPhoto WorkingPhotoOf(const cv::Mat& gray, ColourSource colour, int size, double& scale) {
    cv::Mat work = WorkingCopy(gray, size, scale);
    const cv::Size workSize = work.size();
    return {std::move(work), WorkingColour(std::move(colour), workSize)};
}

// The photo at the scales it can be had at: its gray at a scale (or the one it has: GrayForReading
// says) for a closer look than the working copy (CloserLook.h), and its colour at a scale, the
// working copy's too.
struct FinerPhoto {
    std::function<GrayForReading(double scale)> gray;
    std::function<ColourSource(double scale)> colour;
};

// The colour of `crop` of an image `size` pixels large, from the whole image's colour at any
// scale.
ColourSource CroppedColour(ColourSource whole, cv::Rect crop, cv::Size size) {
    return [whole = std::move(whole), crop, size] {
        const cv::Mat colour = whole ? whole() : cv::Mat();
        if (colour.empty()) return colour;
        const double k = static_cast<double>(colour.cols) / size.width;
        const cv::Rect scaled(cvRound(crop.x * k), cvRound(crop.y * k), cvRound(crop.width * k),
                              cvRound(crop.height * k));
        return colour(scaled & cv::Rect({0, 0}, colour.size()));
    };
}

// `crop` of `fine` (a copy of the photo at `fine.scale` of its pixels) read as a photo of its own
// (a grid its edge cuts looked for as `cut` says), its corners and lattice moved into the photo;
// its decoding counts `decodeMs` and the time since the clock's last lap.
Reading ReadCrop(const GrayForReading& fine, cv::Rect crop, CutGrids cut, const FinerPhoto& finer,
                 const ReaderOptions& options, Stopwatch& clock, double decodeMs) {
    double scale = fine.scale;
    const WorkingPhoto work = WorkingPhotoOf(
        fine.gray(crop), CroppedColour(finer.colour(fine.scale), crop, fine.gray.size()),
        options.size, scale);
    Reading r = ReadLikeliestGrid(work, scale, options, clock, decodeMs + clock.lap(), cut).reading;
    MoveIntoPhoto(r, cv::Point2f(crop.tl()) * (1 / fine.scale));
    return r;
}

// `second` with the times of `first`, read before it, added.
Reading AfterAnother(Reading second, const Reading& first) {
    second.millis.detect += first.millis.detect;
    second.millis.read += first.millis.read;
    second.millis.solve += first.millis.solve;
    return second;
}

// `far`, a reading of a grid found small in the working copy (`workScale` of the photo's pixels),
// read again from a crop of a finer copy of the photo (CloserLook.h). The closer reading is kept
// when it finds the same grid, unless it loses a solution `far` had: one of the two misread a
// digit, and a misread that leaves one solution is rarer than one that leaves none (image74 with
// a rule along its frame, at 40% beside another photo, solved, then read without a solution from
// its own pixels). Its times count the finer decoding and both readings.
Reading LookCloser(Reading far, double workScale, const FinerPhoto& finer,
                   const ReaderOptions& options, Stopwatch& clock) {
    if (!far.found()) return far;
    const std::optional<double> closer = CloserScale(far.corners, workScale);
    if (!closer) return far;
    const GrayForReading fine = finer.gray(*closer);
    if (!fine || fine.scale <= workScale) return far;
    const cv::Rect crop = CloserCrop(far.corners, fine.scale, fine.gray.size());
    if (std::min(crop.width, crop.height) < kMinPhotoSide) return far;
    Reading near = AfterAnother(
        ReadCrop(fine, crop, CutGrids::Sought, finer, options, clock, far.millis.decode), far);
    const bool lostTheSolution =
        far.status == ReadStatus::Solved && near.status != ReadStatus::Solved;
    if (near.found() && Overlap(near.corners, far.corners) && !lostTheSolution) return near;
    far.millis = near.millis;
    return far;
}

// `first`, a reading that solved nothing, and the middle of the photo read from a copy with twice
// the working copy's pixels (CloserLook.h): the middle's reading is kept when it is solved. A page
// photographed from afar can hold a grid too small in the working copy to be found (its frame
// merged with a column rule beside it) or fitted (a lattice across both grids of the page), which
// the middle, as large as a photo of the grid alone holds it, shows apart. No grid cut by the
// middle's edge is looked for: it continues past it, and the search for one took a photo of a
// camera's size without a grid about 80 ms more.
Reading LookAtTheMiddle(Reading first, double workScale, const FinerPhoto& finer,
                        const ReaderOptions& options, Stopwatch& clock) {
    if (first.status == ReadStatus::Solved || first.status == ReadStatus::Error) return first;
    const GrayForReading fine = finer.gray(std::min(1.0, 2 * workScale));
    if (!fine || fine.scale < 2 * workScale) return first;
    const cv::Rect middle = MiddleCrop(fine.gray.size());
    if (std::min(middle.width, middle.height) < kMinPhotoSide) return first;
    Reading centred = AfterAnother(
        ReadCrop(fine, middle, CutGrids::Ignored, finer, options, clock, first.millis.decode),
        first);
    if (centred.status == ReadStatus::Solved) return centred;
    first.millis = centred.millis;
    return first;
}

// The corners of a reading's grid in the working copy (`scale` of the photo's pixels).
Quad InWorkingCopy(const Reading& r, double scale) {
    Quad corners;
    for (int i = 0; i < 4; ++i)
        corners[i] = r.corners[i] * static_cast<float>(scale);
    return corners;
}

// The likeliest grid of the working copy `work` (`scale` of the photo's pixels), read, then
// looked at closer when small and in the photo's middle when nothing is solved; the grid is the
// middle's (in the working copy) when that reading is kept.
GridReading ReadAndLookAgain(const WorkingPhoto& work, double scale, const FinerPhoto& finer,
                             const ReaderOptions& options, Stopwatch& clock, double decodeMs) {
    GridReading likeliest = ReadLikeliestGrid(work, scale, options, clock, decodeMs);
    likeliest.reading = LookCloser(std::move(likeliest.reading), scale, finer, options, clock);
    if (likeliest.reading.status == ReadStatus::Solved) return likeliest;
    likeliest.reading = LookAtTheMiddle(std::move(likeliest.reading), scale, finer, options, clock);
    if (likeliest.reading.status == ReadStatus::Solved)
        likeliest.grid = GridCandidate{InWorkingCopy(likeliest.reading, scale)};
    return likeliest;
}

// The pipeline after decoding: `gray` is the photo (or a reduced copy: `scale` of its pixels).
Reading ReadGray(const cv::Mat& gray, double scale, const FinerPhoto& finer,
                 const ReaderOptions& options, Stopwatch& clock, double decodeMs) {
    const WorkingPhoto work = WorkingPhotoOf(gray, finer.colour(scale), options.size, scale);
    return ReadAndLookAgain(work, scale, finer, options, clock, decodeMs).reading;
}

// Whether a grid other than the first is reported. A lattice with hardly a digit in it (where
// two photos or columns of print meet) is not a puzzle: fewer than 2n-1 digits (17 of 81) cannot
// make one unique; nor is a printed solution (a day's answer beside its puzzles). The masks after
// the usual one look for grids it lost (a page's second puzzle under a shadow's edge); of theirs
// only a grid read as solved is reported: on 7 of the 320 training photos they found a piece of
// print or of the grid beside the one grid, read uncertain (its lines not evenly spaced) or without
// a solution.
bool IsAnotherPuzzle(const Reading& r, GridMask mask, int size) {
    if (TooFewDigitsForAPuzzle(r, size) || IsPrintedSolution(r)) return false;
    return mask == GridMask::Ink || r.status == ReadStatus::Solved;
}

// Whether `inner` is a grid of its own inside `outer` rather than `outer` found again: under half
// its area (the same grid fitted in another mask differs by a few per cent; a lattice fitted
// across two puzzles of a page and the print between them is three to nine times a puzzle).
bool WithinLarger(const GridCandidate& inner, const GridCandidate& outer) {
    return Overlap(inner, outer) && QuadArea(inner.corners) < 0.5 * QuadArea(outer.corners);
}

bool IsSolved(const GridReading& g) {
    return g.reading.status == ReadStatus::Solved;
}

// Whether a grid already reported hides `candidate`: a solved grid hides every grid overlapping
// it, one not solved only itself found again, not a smaller grid inside it.
bool Hides(const GridReading& done, const GridCandidate& candidate) {
    return Overlap(candidate, *done.grid) &&
           (IsSolved(done) || !WithinLarger(candidate, *done.grid));
}

// The readings, without the grids after the first that were not solved and hold a solved one.
// The time such a reading took goes to the next one kept, whose times count from the one before.
std::vector<Reading> WithoutLatticesAroundPuzzles(std::vector<GridReading> reported) {
    std::vector<Reading> kept;
    StageMillis dropped;
    for (std::size_t i = 0; i < reported.size(); ++i) {
        const bool aroundAPuzzle =
            i > 0 && !IsSolved(reported[i]) &&
            std::any_of(reported.begin(), reported.end(), [&](const GridReading& other) {
                return IsSolved(other) && WithinLarger(*other.grid, *reported[i].grid);
            });
        StageMillis& millis = reported[i].reading.millis;
        millis = {millis.decode + dropped.decode, millis.detect + dropped.detect,
                  millis.read + dropped.read, millis.solve + dropped.solve};
        dropped = aroundAPuzzle ? millis : StageMillis{};
        if (!aroundAPuzzle) kept.push_back(std::move(reported[i].reading));
    }
    return kept;
}

// Every grid of the photo: first the one ReadGray reads (found in a shadow, cut by the frame, or
// the puzzle beside a printed solution), then each mask's grids that no grid read before hides.
// A lattice fitted across two puzzles of a page (and the print between them) reads uncertain or
// without a solution: the puzzles inside it are still read, and once one of them is solved the
// lattice is not reported (rendered three-puzzle pages under a shadow, seeds 1 to 140: it hid
// two of the three puzzles on 5 pages). Each reading's times count from the reading before it
// (the decoding is the first's).
std::vector<Reading> ReadEveryGrid(const cv::Mat& gray, double scale, const FinerPhoto& finer,
                                   const ReaderOptions& options, Stopwatch& clock,
                                   double decodeMs) {
    const WorkingPhoto work = WorkingPhotoOf(gray, finer.colour(scale), options.size, scale);
    GridReading likeliest = ReadAndLookAgain(work, scale, finer, options, clock, decodeMs);
    if (!likeliest.grid) return {std::move(likeliest.reading)};
    std::vector<GridReading> reported;
    reported.push_back(std::move(likeliest));
    const auto isHidden = [&](const GridCandidate& candidate) {
        return std::any_of(reported.begin(), reported.end(),
                           [&](const GridReading& done) { return Hides(done, candidate); });
    };
    for (const GridMask mask : kGridMasks)
        for (const GridCandidate& candidate : DetectGrids(work.gray, options.size, mask)) {
            if (isHidden(candidate)) continue;
            Reading r = LookCloser(ReadGrid(work, candidate, scale, options, clock, 0), scale,
                                   finer, options, clock);
            if (!IsAnotherPuzzle(r, mask, options.size)) continue;
            reported.push_back({std::move(r), candidate});
        }
    return WithoutLatticesAroundPuzzles(std::move(reported));
}

// The photo's gray pixels ready for reading (reduced while decoding a large JPEG), or the error
// reading that says why they cannot be had: limits and formats first, then a strip or a
// thumbnail, all from the header.
std::variant<GrayForReading, Reading> DecodeForReading(std::span<const std::uint8_t> encoded,
                                                       const ReaderOptions& options,
                                                       Stopwatch& clock) {
    std::string refused = CheckEncodedImage(encoded, options.limits);
    if (const ImageHeader header = ReadImageHeader(encoded);
        refused.empty() && header.sized() &&
        std::min(header.size.width, header.size.height) < kMinPhotoSide)
        refused = TooSmallMessage(header.size);
    GrayForReading decoded;
    if (refused.empty()) {
        decoded = DecodeGrayForReading(encoded, DecodeSide(options.size), options.limits);
        if (!decoded)
            refused = decoded.error;
        else if (std::min(decoded.gray.rows, decoded.gray.cols) < kMinPhotoSide * decoded.scale)
            refused = TooSmallMessage(decoded.gray.size());
    }
    if (refused.empty()) return decoded;
    Reading r = FailedReading(ReadStatus::Error, refused);
    r.millis.decode = clock.lap();
    return r;
}

// A photo in memory has no finer copy than its gray pixels (`gray`, which must outlive it).
FinerPhoto FinerOf(const cv::Mat& photo, const cv::Mat& gray) {
    return {[&gray](double) {
                return GrayForReading{gray, 1, {}};
            },
            [&photo](double) { return ColourOf(photo); }};
}

// An encoded photo (the bytes, `decoded` and `limits` must outlive it) is decoded again when a
// closer look asks for more pixels than `decoded` kept.
FinerPhoto FinerOf(std::span<const std::uint8_t> encoded, const GrayForReading& decoded,
                   const InputLimits& limits) {
    // Decoded once for all the grids of a page (ReadSudokus).
    auto finer = std::make_shared<GrayForReading>();
    return {[encoded, &decoded, &limits, finer](double scale) {
                if (scale <= decoded.scale) return decoded;
                if (finer->scale != scale || !*finer) *finer = DecodeGrayAt(encoded, scale, limits);
                return *finer;
            },
            [encoded, &limits](double scale) { return ColourOf(encoded, scale, limits); }};
}

// Options the caller chose wrong are a bug at the call site, not a property of the photo.
void CheckOptions(const ReaderOptions& options) {
    if (options.variant == Variant::Jigsaw) {
        if (options.size < 4 || options.size > kCnnPrintedClasses)
            throw std::invalid_argument("ReaderOptions::size " + std::to_string(options.size) +
                                        " is not a jigsaw size the reader knows (4 to " +
                                        std::to_string(kCnnPrintedClasses) + ")");
        return;
    }
    if (!Geometry::ForSize(options.size) || options.size < 4)
        throw std::invalid_argument("ReaderOptions::size " + std::to_string(options.size) +
                                    " is not a grid size with rectangular boxes (4 to " +
                                    std::to_string(kMaxSize) + ", not prime)");
}

}  // namespace

Board Reading::combined() const {
    return GivensAndEntries(givens, handwritten);
}

std::string_view ReadStatusId(ReadStatus status) {
    switch (status) {
        case ReadStatus::Solved:
            return "solved";
        case ReadStatus::NoSolution:
            return "no-solution";
        case ReadStatus::Multiple:
            return "multiple";
        case ReadStatus::Uncertain:
            return "uncertain";
        case ReadStatus::NotFound:
            return "not-found";
        case ReadStatus::Error:
            return "error";
    }
    return "error";
}

std::string_view EngineId(Engine engine) {
    return engine == Engine::Tesseract ? "tesseract" : "cnn";
}

Reading ReadSudoku(const cv::Mat& photo, const ReaderOptions& options) {
    CheckOptions(options);
    Stopwatch clock;
    const cv::Mat gray = ToGray(photo);
    const double convertMs = clock.lap();
    return ReadGray(gray, 1.0, FinerOf(photo, gray), options, clock, convertMs);
}

Reading ReadSudoku(std::span<const std::uint8_t> encoded, const ReaderOptions& options) {
    CheckOptions(options);
    Stopwatch clock;
    auto decoded = DecodeForReading(encoded, options, clock);
    if (auto* failed = std::get_if<Reading>(&decoded)) return std::move(*failed);
    const GrayForReading& photo = std::get<GrayForReading>(decoded);
    const double decodeMs = clock.lap();
    return ReadGray(photo.gray, photo.scale, FinerOf(encoded, photo, options.limits), options,
                    clock, decodeMs);
}

std::vector<Reading> ReadSudokus(std::span<const std::uint8_t> encoded,
                                 const ReaderOptions& options) {
    CheckOptions(options);
    Stopwatch clock;
    auto decoded = DecodeForReading(encoded, options, clock);
    if (auto* failed = std::get_if<Reading>(&decoded)) return {std::move(*failed)};
    const GrayForReading& photo = std::get<GrayForReading>(decoded);
    const double decodeMs = clock.lap();
    return ReadEveryGrid(photo.gray, photo.scale, FinerOf(encoded, photo, options.limits), options,
                         clock, decodeMs);
}

std::vector<Reading> ReadSudokus(const cv::Mat& photo, const ReaderOptions& options) {
    CheckOptions(options);
    Stopwatch clock;
    const cv::Mat gray = ToGray(photo);
    const double convertMs = clock.lap();
    return ReadEveryGrid(gray, 1.0, FinerOf(photo, gray), options, clock, convertMs);
}

namespace {

// The file's bytes after its limits are checked, or the error reading that says why not.
std::variant<std::vector<std::uint8_t>, Reading> FileForReading(const std::filesystem::path& path,
                                                                const ReaderOptions& options) {
    std::string error = CheckImageFile(path, options.limits);
    if (!error.empty()) return FailedReading(ReadStatus::Error, error);
    std::vector<std::uint8_t> bytes = ReadFileBytes(path, error);
    if (!error.empty()) return FailedReading(ReadStatus::Error, error);
    return bytes;
}

// A reading of a file: its time to read the file counted as decoding, an error naming it.
void AboutFile(Reading& r, const std::filesystem::path& path, double readFileMs) {
    r.millis.decode += readFileMs;
    if (r.status == ReadStatus::Error && r.message.find(path.string()) == std::string::npos)
        r.message = path.string() + ": " + r.message;
}

}  // namespace

Reading ReadSudokuFile(const std::filesystem::path& path, const ReaderOptions& options) {
    CheckOptions(options);
    Stopwatch clock;
    auto bytes = FileForReading(path, options);
    if (auto* failed = std::get_if<Reading>(&bytes)) return std::move(*failed);
    const double readFileMs = clock.lap();
    Reading r = ReadSudoku(std::get<std::vector<std::uint8_t>>(bytes), options);
    AboutFile(r, path, readFileMs);
    return r;
}

std::vector<Reading> ReadSudokusFile(const std::filesystem::path& path,
                                     const ReaderOptions& options) {
    CheckOptions(options);
    Stopwatch clock;
    auto bytes = FileForReading(path, options);
    if (auto* failed = std::get_if<Reading>(&bytes)) return {std::move(*failed)};
    const double readFileMs = clock.lap();
    std::vector<Reading> readings =
        ReadSudokus(std::get<std::vector<std::uint8_t>>(bytes), options);
    for (Reading& r : readings)
        AboutFile(r, path, readFileMs);
    return readings;
}

}  // namespace sudoku
