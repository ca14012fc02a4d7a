// `sudokucam read`: one photo -> the board read and its solution.
// `sudokucam eval`: a folder of photos with ground truth -> how well the reader does.
// Only argument handling and output live here; the reading is vision/reading/ReadSudoku.h.

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>

#include "app/Commands.h"
#include "app/OpenCvThreads.h"
#include "app/OptionChoices.h"
#include "app/ReaderChoice.h"
#include "app/ReaderFlags.h"
#include "app/ReadingJson.h"
#include "solver/TextFormat.h"
#include "vision/drawing/Overlay.h"
#include "vision/reading/ImageDecode.h"
#include "vision/reading/ReadSudoku.h"

namespace sudokucam {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using sudoku::Board;
using sudoku::CellOrigin;
using sudoku::Reading;
using sudoku::ReadStatus;

std::vector<std::string> CellNames(const Board& board, const std::vector<int>& cells) {
    std::vector<std::string> names;
    for (int cell : cells)
        names.push_back(board.geometry().cellName(cell));
    return names;
}

double TotalMillis(const Reading& r) {
    return r.millis.decode + r.millis.detect + r.millis.read + r.millis.solve;
}

// A board as text: a jigsaw's with its region map beside the rows (FormatGrid), or as plain rows
// when its regions could not be read.
std::string BoardText(const Reading& r, const Board& board) {
    const bool unknownRegions = r.variant == sudoku::Variant::Jigsaw && !r.regionProblem.empty();
    return sudoku::FormatGrid(board, !unknownRegions);
}

void PrintReadingText(const std::string& file, const Reading& r) {
    fmt::print("{}: {}{}\n", file, sudoku::ReadStatusId(r.status),
               r.message.empty() ? "" : " (" + r.message + ")");
    if (!r.found()) return;
    fmt::print("Board read (hand-written digits too):\n{}", BoardText(r, r.combined()));
    if (!r.changed.empty())
        fmt::print("Corrected cells: {}\n", fmt::join(CellNames(r.givens, r.changed), " "));
    if (!r.uncertain.empty())
        fmt::print("Uncertain cells: {}\n", fmt::join(CellNames(r.givens, r.uncertain), " "));
    if (!r.cutOff.empty())
        fmt::print("Cells not read (cut off or covered): {}\n",
                   fmt::join(CellNames(r.givens, r.cutOff), " "));
    if (r.status == ReadStatus::Solved) fmt::print("Solution:\n{}", sudoku::FormatGrid(r.solution));
    if (!r.mistakes.empty())
        fmt::print("Wrong hand-written digits: {}\n",
                   fmt::join(CellNames(r.givens, r.mistakes), " "));
    if (!r.unsure.empty())
        fmt::print("Hand-written digits too unclear to check: {}\n",
                   fmt::join(CellNames(r.givens, r.unsure), " "));
    fmt::print("Corners: ");
    for (const auto& p : r.corners)
        fmt::print("({:.1f}, {:.1f}) ", p.x, p.y);
    fmt::print("\nMillis: decode {:.1f}, detect {:.1f}, read {:.1f}, solve {:.1f}\n",
               r.millis.decode, r.millis.detect, r.millis.read, r.millis.solve);
}

// Encodes the image first, then writes a temporary file beside `output` and renames it, so a
// crash or a full disk never leaves half an image under the output's name.
bool WriteAtomically(const cv::Mat& image, const fs::path& output) {
    std::vector<std::uint8_t> bytes;
    try {
        if (!cv::imencode(output.extension().string(), image, bytes)) return false;
    } catch (const cv::Exception&) {
        return false;
    }
    fs::path temp = output;
    temp += ".sudokucam-tmp";
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(bytes.data()),
                  static_cast<std::streamsize>(bytes.size()));
        if (out.flush()) {
            out.close();
            std::error_code error;
            fs::rename(temp, output, error);
            if (!error) return true;
        }
    }
    std::error_code ignored;
    fs::remove(temp, ignored);
    return false;
}

// The photo as displayed with every reading drawn on it; false (and a message) when it cannot
// be written.
bool WriteAnnotated(const std::string& photoPath, const std::vector<Reading>& readings,
                    const std::string& output, const sudoku::OverlayOptions& overlay,
                    const sudoku::InputLimits& limits, bool printSentence) {
    sudoku::DecodedImage photo = sudoku::DecodeImageFile(photoPath, limits);
    if (!photo) {
        std::cerr << "sudokucam read: " << photo.error << "\n";
        return false;
    }
    for (std::size_t k = 0; k < readings.size(); ++k) {
        // The other grids of a page are drawn when solved; their problems would only clutter it.
        const Reading& r = readings[k];
        if (k > 0 && r.status != ReadStatus::Solved) continue;
        const std::string sentence = sudoku::DrawOverlay(photo.image, r, overlay);
        if (printSentence && !sentence.empty()) fmt::print("Overlay: {}\n", sentence);
    }
    const bool written = WriteAtomically(photo.image, output);
    if (!written) std::cerr << "sudokucam read: cannot write " << output << "\n";
    return written;
}

int ExitCodeOf(const Reading& r) {
    if (r.status == ReadStatus::Solved) return kExitOk;
    if (r.status == ReadStatus::Error) return kExitUsage;
    return kExitFailure;
}

// Several grids: the worst of their exit codes (every grid solved is 0).
int ExitCodeOf(const std::vector<Reading>& readings) {
    int code = kExitOk;
    for (const Reading& r : readings)
        if (ExitCodeOf(r) != kExitOk && code != kExitUsage) code = ExitCodeOf(r);
    return code;
}

// The readings as JSON (one object, or an array of them for --all) or as text.
void PrintReadings(const std::string& file, const std::vector<Reading>& readings, bool asJson,
                   bool all) {
    if (asJson) {
        nlohmann::json out = nlohmann::json::array();
        for (const Reading& r : readings)
            out.push_back(ReadingJson(file, r));
        std::cout << (all ? out : out.front())
                         .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                  << "\n";
        return;
    }
    for (std::size_t k = 0; k < readings.size(); ++k) {
        const Reading& r = readings[k];
        if (r.status == ReadStatus::Error) {
            std::cerr << "sudokucam read: " << r.message << "\n";
            continue;
        }
        if (all) fmt::print("{}Grid {} of {}:\n", k ? "\n" : "", k + 1, readings.size());
        PrintReadingText(file, r);
    }
}

// ---- eval ---------------------------------------------------------------------------------

// A .dat ground truth: two header lines, then size rows of digits, 0 = empty.
std::optional<std::vector<int>> ReadDat(const fs::path& path, int size) {
    std::ifstream in(path);
    if (!in) return std::nullopt;
    std::string line;
    std::getline(in, line);
    std::getline(in, line);
    std::vector<int> digits;
    int d = 0;
    while (in >> d)
        digits.push_back(d);
    if (static_cast<int>(digits.size()) != size * size) return std::nullopt;
    return digits;
}

// outlines.csv beside the photo folders: corners per file name, as displayed.
std::map<std::string, std::array<cv::Point2f, 4>> ReadOutlines(const fs::path& path) {
    std::map<std::string, std::array<cv::Point2f, 4>> outlines;
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();  // CRLF
        std::stringstream fields(line);
        std::string name, value;
        std::getline(fields, name, ',');
        std::array<cv::Point2f, 4> q;
        bool ok = true;
        for (int i = 0; i < 8 && ok; ++i) {
            ok = static_cast<bool>(std::getline(fields, value, ','));
            if (ok) (i % 2 ? q[i / 2].y : q[i / 2].x) = std::stof(value);
        }
        if (ok) outlines[fs::path(name).filename().string()] = q;
    }
    return outlines;
}

// Largest corner distance, the corners matched in the cyclic order that fits best: outlines
// start at the displayed top-left, readings at the board's.
double CornerError(const std::array<cv::Point2f, 4>& read,
                   const std::array<cv::Point2f, 4>& truth) {
    double best = 1e18;
    for (int shift = 0; shift < 4; ++shift) {
        double worst = 0;
        for (int k = 0; k < 4; ++k)
            worst =
                std::max(worst, static_cast<double>(cv::norm(read[(k + shift) % 4] - truth[k])));
        best = std::min(best, worst);
    }
    return best;
}

std::vector<fs::path> PhotosIn(const fs::path& dir, const std::string& listFile) {
    std::set<std::string> wanted;
    if (!listFile.empty()) {
        std::ifstream in(listFile);
        if (!in) throw std::runtime_error("cannot open the list " + listFile);
        std::string name;
        while (in >> name)
            wanted.insert(fs::path(name).stem().string());
    }
    std::vector<fs::path> photos;
    for (const auto& entry : fs::directory_iterator(dir)) {
        const fs::path p = entry.path();
        std::string ext = p.extension().string();
        std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
        // The dataset's photos are JPEG; a folder of one's own may hold a phone's HEIC too.
        constexpr std::array kPhotos = {".jpg", ".jpeg", ".png", ".heic", ".heif", ".webp", ".gif"};
        if (std::find(kPhotos.begin(), kPhotos.end(), ext) == kPhotos.end()) continue;
        if (!fs::exists(fs::path(p).replace_extension(".dat"))) continue;
        if (!wanted.empty() && !wanted.count(p.stem().string())) continue;
        photos.push_back(p);
    }
    std::sort(photos.begin(), photos.end());
    return photos;
}

struct Tally {
    int images = 0, found = 0, exact = 0, solved = 0;
    int printed = 0, printedRight = 0;
    int empty = 0, emptyKept = 0, invented = 0;
    int handwritten = 0, handwrittenRight = 0;
    int entriesCalledWrong = 0, entriesUnsure = 0;  // the check, where every entry is right
    int digitsRead = 0, kindRight = 0;
    int outlined = 0, cornersClose = 0;
    int threads = 0;  // OpenCV's threads per photo, 0 for every core
    std::vector<double> millis, cornerErrors;
    std::vector<double> decodeMs, detectMs, readMs, solveMs;
    std::vector<std::string> wrong;
    std::vector<std::string> calledWrong;  // the entries the check calls wrong, photo by photo
};

double Percentile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<std::size_t>(q * (v.size() - 1) + 0.5))];
}

// Compares one reading with its truth; `printedTruth` tells printed (non-zero) from
// hand-written cells in mixed mode.
void Score(Tally& t, const std::string& name, const Reading& r, const std::vector<int>& truth,
           const std::vector<int>& printedTruth, bool mixed) {
    const Board read = r.combined();
    std::vector<std::string> diffs;
    for (int cell = 0; cell < static_cast<int>(truth.size()); ++cell) {
        const int want = truth[cell];
        const int got = read.value(cell);
        const bool isPrinted = printedTruth[cell] != 0;
        if (want && isPrinted) {
            ++t.printed;
            t.printedRight += got == want;
        } else if (want) {
            ++t.handwritten;
            t.handwrittenRight += got == want;
        } else {
            ++t.empty;
            t.emptyKept += got == 0;
            t.invented += got != 0;
        }
        if (mixed && want && got) {
            ++t.digitsRead;
            t.kindRight += (read.origin(cell) == CellOrigin::Given) == isPrinted;
        }
        if (got != want)
            diffs.push_back(fmt::format("{} read {} expected {}", read.geometry().cellName(cell),
                                        got ? std::to_string(got) : ".",
                                        want ? std::to_string(want) : "."));
    }
    if (mixed) {
        t.entriesCalledWrong += static_cast<int>(r.mistakes.size());
        t.entriesUnsure += static_cast<int>(r.unsure.size());
        // Listed with the truth's digit, so that a misread can be told from a digit the photo
        // really holds wrong (the dataset has one: README, "What the entries called wrong show").
        std::vector<std::string> called;
        for (int cell : r.mistakes)
            called.push_back(fmt::format("{} read {} (truth {})", read.geometry().cellName(cell),
                                         r.handwritten.value(cell), truth[cell]));
        if (!called.empty())
            t.calledWrong.push_back(fmt::format("{}: {}", name, fmt::join(called, ", ")));
    }
    if (diffs.empty())
        ++t.exact;
    else
        t.wrong.push_back(fmt::format("{}: {}", name, fmt::join(diffs, ", ")));
}

json TallyJson(const Tally& t, bool mixed) {
    json j = {{"images", t.images},
              {"found", t.found},
              {"exact", t.exact},
              {"solved", t.solved},
              {"printed_digits", t.printed},
              {"printed_right", t.printedRight},
              {"empty_cells", t.empty},
              {"empty_kept", t.emptyKept},
              {"invented", t.invented},
              {"threads", t.threads},
              {"median_ms", Percentile(t.millis, 0.5)},
              {"p95_ms", Percentile(t.millis, 0.95)},
              {"median_stage_ms",
               {{"decode", Percentile(t.decodeMs, 0.5)},
                {"detect", Percentile(t.detectMs, 0.5)},
                {"read", Percentile(t.readMs, 0.5)},
                {"solve", Percentile(t.solveMs, 0.5)}}},
              {"wrong", t.wrong}};
    if (mixed) {
        j["handwritten_digits"] = t.handwritten;
        j["handwritten_right"] = t.handwrittenRight;
        j["kind_right"] = t.kindRight;
        j["entries_called_wrong"] = t.entriesCalledWrong;
        j["entries_unsure"] = t.entriesUnsure;
        j["called_wrong"] = t.calledWrong;
        j["digits_read"] = t.digitsRead;
    }
    if (t.outlined) {
        j["outlined"] = t.outlined;
        j["corners_within_3pct"] = t.cornersClose;
        j["corner_error_median_px"] = Percentile(t.cornerErrors, 0.5);
        j["corner_error_p95_px"] = Percentile(t.cornerErrors, 0.95);
    }
    return j;
}

std::string Share(int part, int whole) {
    return fmt::format("{}/{} ({:.2f}%)", part, whole, whole ? 100.0 * part / whole : 0.0);
}

void PrintTally(const Tally& t, bool mixed) {
    fmt::print("grids found: {}\n", Share(t.found, t.images));
    fmt::print("grids read exactly: {}\n", Share(t.exact, t.images));
    fmt::print("puzzles solved: {}\n", Share(t.solved, t.images));
    fmt::print("printed digits right: {}\n", Share(t.printedRight, t.printed));
    if (!mixed) {
        fmt::print("empty cells kept empty: {}\n", Share(t.emptyKept, t.empty));
        fmt::print("digits invented: {}\n", t.invented);
    } else {
        fmt::print("hand-written digits right: {}\n", Share(t.handwrittenRight, t.handwritten));
        fmt::print("printed vs hand-written told apart: {}\n", Share(t.kindRight, t.digitsRead));
        fmt::print("check of the (right) hand-written digits: {} called wrong, {} unsure\n",
                   t.entriesCalledWrong, t.entriesUnsure);
    }
    if (t.outlined)
        fmt::print(
            "corners within 3% of the outline: {} (error median {:.1f} px, 95th {:.1f} px)\n",
            Share(t.cornersClose, t.outlined), Percentile(t.cornerErrors, 0.5),
            Percentile(t.cornerErrors, 0.95));
    const std::string threads = t.threads == 0   ? "every core"
                                : t.threads == 1 ? "one thread"
                                                 : fmt::format("{} threads", t.threads);
    fmt::print("ms per image ({}): median {:.1f}, 95th percentile {:.1f}\n", threads,
               Percentile(t.millis, 0.5), Percentile(t.millis, 0.95));
    fmt::print("median ms per stage: decode {:.1f}, detect {:.1f}, read {:.1f}, solve {:.1f}\n",
               Percentile(t.decodeMs, 0.5), Percentile(t.detectMs, 0.5), Percentile(t.readMs, 0.5),
               Percentile(t.solveMs, 0.5));
    for (const auto& w : t.wrong)
        fmt::print("  wrong {}\n", w);
    for (const auto& c : t.calledWrong)
        fmt::print("  called wrong {}\n", c);
}

struct EvalArgs {
    std::string dir, list;
    bool mixed = false, json = false;
    int threads = 1;  // the times quoted are one core's
    ReaderChoice engine;
};

int RunEval(const EvalArgs& args) {
    const fs::path dir = args.dir;
    if (!fs::is_directory(dir)) {
        std::cerr << "sudokucam eval: " << args.dir << " is not a folder\n";
        return kExitUsage;
    }
    const auto photos = PhotosIn(dir, args.list);
    if (photos.empty()) {
        std::cerr << "sudokucam eval: no photo with a .dat beside it in " << args.dir << "\n";
        return kExitUsage;
    }
    const auto outlines = ReadOutlines(dir.parent_path() / "outlines.csv");
    sudoku::ReaderOptions options;
    try {
        options = args.engine.options();
    } catch (const std::invalid_argument& e) {
        std::cerr << "sudokucam eval: " << e.what() << "\n";
        return kExitUsage;
    }
    const OpenCvThreads openCvThreads(args.threads);
    Tally t;
    t.threads = args.threads;
    for (const auto& photo : photos) {
        const std::string name = photo.filename().string();
        const auto truth = ReadDat(fs::path(photo).replace_extension(".dat"), options.size);
        if (!truth) {
            std::cerr << "sudokucam eval: skipping " << name << ": unreadable .dat\n";
            continue;
        }
        auto printedTruth = *truth;
        if (args.mixed) {
            const auto printed =
                ReadDat(dir.parent_path() / "printed" / fs::path(name).replace_extension(".dat"),
                        options.size);
            if (!printed) {
                std::cerr << "sudokucam eval: skipping " << name << ": no printed/ ground truth\n";
                continue;
            }
            printedTruth = *printed;
        }
        const Reading r = sudoku::ReadSudokuFile(photo, options);
        ++t.images;
        t.millis.push_back(TotalMillis(r));
        t.decodeMs.push_back(r.millis.decode);
        t.detectMs.push_back(r.millis.detect);
        t.readMs.push_back(r.millis.read);
        t.solveMs.push_back(r.millis.solve);
        if (r.status == ReadStatus::Error) {
            std::cerr << "sudokucam eval: " << r.message << "\n";
            if (r.message.find("model") != std::string::npos) return kExitUsage;
        }
        if (!r.found()) {
            t.wrong.push_back(name + ": " + std::string(sudoku::ReadStatusId(r.status)));
            continue;
        }
        ++t.found;
        t.solved += r.status == ReadStatus::Solved;
        Score(t, name, r, *truth, printedTruth, args.mixed);
        if (auto it = outlines.find(name); it != outlines.end() && !args.mixed) {
            const double error = CornerError(r.corners, it->second);
            const double side = cv::norm(it->second[1] - it->second[0]);
            ++t.outlined;
            t.cornersClose += error <= 0.03 * side;
            t.cornerErrors.push_back(error);
        }
    }
    if (args.json)
        std::cout << TallyJson(t, args.mixed).dump(2) << "\n";
    else
        PrintTally(t, args.mixed);
    return kExitOk;
}

}  // namespace

void RegisterReadCommands(CLI::App& app, int& exitCode) {
    struct ReadArgs {
        std::string photo;
        std::string output;
        std::string show = "solution";
        bool json = false;
        bool all = false;
        ReaderChoice engine;
    };
    auto readArgs = std::make_shared<ReadArgs>();
    CLI::App* read = app.add_subcommand("read", "Read a Sudoku from a photo and solve it");
    read->add_option("photo", readArgs->photo, "The photo (JPEG, PNG, ...)")->required();
    read->add_flag("--json", readArgs->json, "Print the reading as JSON");
    read->add_flag("--all", readArgs->all,
                   "Read every grid on the photo (a page with two or three), not only the most "
                   "grid-like; --json prints an array of readings, best found first");
    read->add_option("-o,--output", readArgs->output,
                     "Write the photo with the grid outlined and the solution drawn in");
    read->add_option("--show", readArgs->show,
                     "What -o draws: solution, candidates, hint (the next step) or check (the "
                     "hand-written digits) (default: solution)")
        ->check(CLI::IsMember(kShowChoices));
    AddReaderFlags(*read, readArgs->engine);
    read->callback([readArgs, &exitCode] {
        if (!readArgs->output.empty() && !cv::haveImageWriter(readArgs->output)) {
            std::cerr << "sudokucam read: cannot write " << readArgs->output
                      << ": unknown image type (use .jpg or .png)\n";
            exitCode = kExitUsage;
            return;
        }
        sudoku::ReaderOptions options;
        try {
            options = readArgs->engine.options();
        } catch (const std::invalid_argument& e) {
            std::cerr << "sudokucam read: " << e.what() << "\n";
            exitCode = kExitUsage;
            return;
        }
        const std::vector<Reading> readings =
            readArgs->all ? sudoku::ReadSudokusFile(readArgs->photo, options)
                          : std::vector<Reading>{sudoku::ReadSudokuFile(readArgs->photo, options)};
        PrintReadings(readArgs->photo, readings, readArgs->json, readArgs->all);
        exitCode = ExitCodeOf(readings);
        const bool readable = readings.front().status != ReadStatus::Error;
        if (!readArgs->output.empty() && readable &&
            !WriteAnnotated(readArgs->photo, readings, readArgs->output,
                            {*sudoku::OverlayModeFromId(readArgs->show)}, readArgs->engine.limits,
                            !readArgs->json))
            exitCode = kExitUsage;
    });

    auto evalArgs = std::make_shared<EvalArgs>();
    CLI::App* eval = app.add_subcommand(
        "eval", "Measure the reader on a folder of photos with .dat ground truth beside them");
    eval->add_option("dir", evalArgs->dir, "The folder (laid out like wichtounet-train/printed)")
        ->required();
    eval->add_flag("--mixed", evalArgs->mixed,
                   "Photos with hand-written digits; ../printed/*.dat tells which are printed");
    eval->add_option("--list", evalArgs->list, "Only the photos named in this file (one a line)");
    eval->add_flag("--json", evalArgs->json, "Print the scores as JSON");
    eval->add_option("--threads", evalArgs->threads,
                     "Threads OpenCV may use for each photo (default: 1, so the times are one "
                     "core's; 0: every core)")
        ->check(CLI::Range(0, 256));
    AddReaderFlags(*eval, evalArgs->engine);
    eval->callback([evalArgs, &exitCode] { exitCode = RunEval(*evalArgs); });
}

}  // namespace sudokucam
