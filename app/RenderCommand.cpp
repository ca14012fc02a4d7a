// `sudokucam render`: a puzzle printed on a newspaper page and photographed in software, as one
// picture (-o) or a hand-held video (--video), with a JSON ground truth beside it: the puzzle
// and the grid's corners in every frame. The drawing is vision/drawing/Render.h.

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>

#include "app/Commands.h"
#include "app/OptionChoices.h"
#include "app/ReaderChoice.h"
#include "app/VideoIo.h"
#include "app/Y4mWriter.h"
#include "solver/Generator.h"
#include "solver/TextFormat.h"
#include "vision/drawing/Render.h"

namespace sudokucam {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

struct RenderOptions {
    std::string puzzle;
    std::string variant = "classic";  // one of kVariantChoices
    std::string regions;              // a jigsaw's map for --puzzle, one letter a cell
    int size = 9;
    std::uint64_t seed = 1;
    std::string output;
    std::string video;
    std::string truth;
    int frames = 150;
    int width = 1280;
    int height = 720;
    bool perspective = false;
    double rotation = 0;
    double blur = 0;
    double noise = 0;
    double shadow = 0;
    double curl = 0;
};

std::string VisibilityId(sudoku::Visibility v) {
    return v == sudoku::Visibility::Full      ? "full"
           : v == sudoku::Visibility::Partial ? "partial"
                                              : "none";
}

json CornersJson(const std::array<cv::Point2f, 4>& corners) {
    json out = json::array();
    for (const auto& p : corners)
        out.push_back({p.x, p.y});
    return out;
}

// --regions: the region of each cell from its letter (A = 0); Geometry::WithRegions judges the
// partition.
std::vector<int> RegionsFromLetters(const std::string& letters) {
    std::vector<int> regions;
    for (char letter : letters) {
        if (letter < 'A' || letter > 'Z')
            throw std::runtime_error(std::string("--regions: '") + letter +
                                     "' is not a letter A-Z");
        regions.push_back(letter - 'A');
    }
    return regions;
}

sudoku::Variant VariantOf(const RenderOptions& o) {
    return *sudoku::VariantFromName(o.variant);
}

// The geometry a given puzzle is drawn on: its own, with the diagonals of an X or the regions of
// --regions for a jigsaw.
sudoku::Geometry GivenGeometry(const sudoku::Geometry& parsed, const RenderOptions& o) {
    if (!o.regions.empty()) return sudoku::Geometry::WithRegions(RegionsFromLetters(o.regions));
    if (VariantOf(o) == sudoku::Variant::Jigsaw)
        throw std::runtime_error("--variant jigsaw with --puzzle needs --regions");
    if (VariantOf(o) != sudoku::Variant::X) return parsed;
    if (!parsed.hasBoxes()) throw std::runtime_error("an X Sudoku needs rectangular boxes");
    return sudoku::Geometry(parsed.boxRows(), parsed.boxCols(), true);
}

sudoku::Board ChoosePuzzle(const RenderOptions& o) {
    if (o.puzzle.empty()) {
        sudoku::GeneratorOptions g;
        g.seed = o.seed;
        g.size = o.size;
        g.variant = VariantOf(o);
        g.grade = false;
        return sudoku::Generate(g).puzzle;
    }
    const auto parsed = sudoku::ParsePuzzle(o.puzzle);
    if (!parsed.ok()) throw std::runtime_error("--puzzle: " + parsed.error.describe());
    const sudoku::Geometry geometry = GivenGeometry(parsed.board.geometry(), o);
    if (geometry.size() != parsed.board.size())
        throw std::runtime_error("--regions: the map is not of the puzzle's size");
    sudoku::Board board(geometry);
    for (int cell = 0; cell < board.cellCount(); ++cell)
        if (parsed.board.value(cell)) board.set(cell, parsed.board.value(cell));
    return board;
}

sudoku::PhotoOptions PhotoSettings(const RenderOptions& o) {
    sudoku::PhotoOptions p;
    p.size = {o.width, o.height};
    p.blur = o.blur;
    p.noise = o.noise;
    p.shadow = o.shadow;
    p.curl = o.curl;
    p.seed = o.seed;
    return p;
}

void WriteTruth(const fs::path& path, const json& truth) {
    std::ofstream out(path);
    out << truth.dump(1) << "\n";
    if (!out) throw std::runtime_error("cannot write " + path.string());
}

fs::path TruthPath(const RenderOptions& o, const fs::path& picture) {
    if (!o.truth.empty()) return o.truth;
    fs::path p = picture;
    return p.replace_extension(".json");
}

json TruthHeader(const sudoku::Page& page, const RenderOptions& o) {
    json truth;
    truth["puzzle"] = page.puzzle.toLine();
    truth["size"] = page.puzzle.size();
    truth["variant"] = std::string(sudoku::VariantName(page.puzzle.geometry().variant()));
    truth["regions"] = page.puzzle.geometry().regionMap();
    truth["width"] = o.width;
    truth["height"] = o.height;
    return truth;
}

void RenderPicture(const sudoku::Page& page, const RenderOptions& o) {
    sudoku::CameraPose pose = sudoku::DefaultPose(page, {o.width, o.height});
    pose.rotation = o.rotation;
    if (o.perspective) pose.tiltX = 0.2, pose.tiltY = 0.12;
    const sudoku::Photo photo = sudoku::PhotographPage(page, pose, PhotoSettings(o));
    if (!cv::imwrite(o.output, photo.image)) throw std::runtime_error("cannot write " + o.output);
    json truth = TruthHeader(page, o);
    truth["corners"] = CornersJson(photo.corners);
    truth["visibility"] = VisibilityId(photo.visibility);
    WriteTruth(TruthPath(o, o.output), truth);
    std::cout << fmt::format("wrote {} ({}x{}) and {}\n", o.output, o.width, o.height,
                             TruthPath(o, o.output).string());
}

// mp4 needs an encoder Debian's OpenCV may lack; MJPG in .avi is always there.
std::unique_ptr<VideoSink> OpenWriter(fs::path& path, cv::Size size, std::string& codec) {
    std::unique_ptr<VideoSink> writer = TheVideoIo().sink();
    if (path.extension() == ".mp4") {
        codec = "mp4v";
        if (writer->open(path.string(), codec, 30, size)) return writer;
        std::cerr << "sudokucam render: no mp4 encoder; writing MJPG in .avi instead\n";
        path.replace_extension(".avi");
    }
    codec = "MJPG";
    if (!writer->open(path.string(), codec, 30, size))
        throw std::runtime_error("cannot write the video " + path.string());
    return writer;
}

// Writes frames to an OpenCV video, or to a Y4M file (for Chromium's fake camera).
class FrameSink {
public:
    FrameSink(fs::path& path, cv::Size size, std::string& codec) {
        if (path.extension() == ".y4m") {
            codec = "y4m";
            y4m_.emplace(path.string(), size, 30);
        } else {
            video_ = OpenWriter(path, size, codec);
        }
    }
    void write(const cv::Mat& frame) {
        if (y4m_)
            y4m_->write(frame);
        else
            video_->write(frame);
    }

private:
    std::optional<Y4mWriter> y4m_;
    std::unique_ptr<VideoSink> video_;
};

void RenderVideo(const sudoku::Page& page, const RenderOptions& o) {
    fs::path path = o.video;
    std::string codec;
    FrameSink writer(path, {o.width, o.height}, codec);
    const auto poses = sudoku::CameraPath(page, {o.width, o.height}, o.frames, o.seed);
    json truth = TruthHeader(page, o);
    truth["fps"] = 30;
    truth["codec"] = codec;
    json frames = json::array();
    sudoku::PhotoOptions settings = PhotoSettings(o);
    int full = 0;
    for (std::size_t i = 0; i < poses.size(); ++i) {
        settings.seed = o.seed + i;  // fresh sensor noise every frame
        const sudoku::Photo photo = sudoku::PhotographPage(page, poses[i], settings);
        writer.write(photo.image);
        frames.push_back({{"corners", CornersJson(photo.corners)},
                          {"visibility", VisibilityId(photo.visibility)}});
        full += photo.visibility == sudoku::Visibility::Full;
    }
    truth["frames"] = frames;
    const fs::path truthPath = TruthPath(o, path);
    WriteTruth(truthPath, truth);
    std::cout << fmt::format(
        "wrote {} ({} frames {}x{}, {}, 30 fps; grid fully in view in {}) and {}\n", path.string(),
        o.frames, o.width, o.height, codec, full, truthPath.string());
}

int RunRender(const RenderOptions& o) {
    if (o.output.empty() && o.video.empty()) {
        std::cerr << "sudokucam render: give -o PICTURE and/or --video FILE\n";
        return kExitUsage;
    }
    if (const std::string problem = SizeProblem(o.size, VariantOf(o)); !problem.empty()) {
        std::cerr << "sudokucam render: " << problem << "\n";
        return kExitUsage;
    }
    try {
        const sudoku::Board puzzle = ChoosePuzzle(o);
        sudoku::PageOptions pageOptions;
        pageOptions.seed = o.seed;
        const sudoku::Page page = sudoku::RenderPage(puzzle, pageOptions);
        if (!o.output.empty()) RenderPicture(page, o);
        if (!o.video.empty()) RenderVideo(page, o);
    } catch (const std::exception& e) {
        std::cerr << "sudokucam render: " << e.what() << "\n";
        return kExitUsage;
    }
    return kExitOk;
}

}  // namespace

void RegisterRenderCommand(CLI::App& app, int& exitCode) {
    auto options = std::make_shared<RenderOptions>();
    CLI::App* cmd = app.add_subcommand(
        "render",
        "Print a puzzle on a synthetic newspaper page and photograph it (picture or video)");
    cmd->add_option("--puzzle", options->puzzle, "The puzzle, one line (default: a generated one)");
    cmd->add_option("--variant", options->variant,
                    "classic, jigsaw (irregular regions drawn with thick lines) or x (the "
                    "diagonals shaded) (default: classic)")
        ->check(CLI::IsMember(kVariantChoices));
    cmd->add_option("--regions", options->regions,
                    "A jigsaw's region map for --puzzle, one letter a cell row-major (A first)")
        ->needs("--puzzle");
    cmd->add_option("--size", options->size,
                    "Cells per side of the generated puzzle: 4, 6, 8, 9, 12 or 16, and 13 for a "
                    "jigsaw (default: 9)")
        ->check(CLI::IsMember(kVariantPhotoGridSizes))
        ->excludes("--puzzle");
    cmd->add_option("--seed", options->seed,
                    "Seeds the generated puzzle, page and noise (default: 1)");
    cmd->add_option("-o,--output", options->output, "The picture to write (JPEG, PNG, ...)");
    cmd->add_option(
        "--video", options->video,
        "A hand-held video to write (.avi MJPG, .mp4, or .y4m for Chromium's fake camera)");
    cmd->add_option("--frames", options->frames, "Video frames at 30 per second (default: 150)")
        ->check(CLI::Range(1, 100000));
    cmd->add_option("--truth", options->truth,
                    "The JSON ground truth (default: beside the output)");
    cmd->add_option("--width", options->width, "Picture width (default: 1280)")
        ->check(CLI::Range(64, 8192));
    cmd->add_option("--height", options->height, "Picture height (default: 720)")
        ->check(CLI::Range(64, 8192));
    cmd->add_flag("--perspective", options->perspective, "Tilt the camera");
    cmd->add_option("--rotation", options->rotation, "Roll in degrees (default: 0)");
    cmd->add_option("--blur", options->blur, "Gaussian blur sigma, pixels (default: 0)")
        ->check(CLI::Range(0.0, 20.0));
    cmd->add_option("--noise", options->noise, "Noise sigma, grey levels (default: 0)")
        ->check(CLI::Range(0.0, 100.0));
    cmd->add_option("--shadow", options->shadow, "Shadow darkness 0..1 (default: 0)")
        ->check(CLI::Range(0.0, 1.0));
    cmd->add_option("--curl", options->curl, "Page bulge in cells (default: 0)")
        ->check(CLI::Range(0.0, 3.0));
    cmd->callback([options, &exitCode] { exitCode = RunRender(*options); });
}

}  // namespace sudokucam
